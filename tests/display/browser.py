"""A headless Chromium driven over the DevTools protocol, just enough to look at a page.

The served display draws into a terminal emulator (xterm.js on a canvas), so its text is
not in the DOM. Before the page loads, a small script wraps ``WebSocket`` and keeps
every byte the display's server sends; :meth:`Browser.screen_text` returns them decoded,
with the terminal escape sequences removed: the words the page has drawn.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,800",
    "--remote-debugging-port=0",
)

KEEP_BYTES = """
(() => {
  const Original = window.WebSocket;
  window.__received = [];
  class Kept extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (e.data instanceof ArrayBuffer) window.__received.push(new Uint8Array(e.data));
        else if (typeof e.data === "string")
          window.__received.push(new TextEncoder().encode(e.data));
      });
    }
  }
  window.WebSocket = Kept;
})();
"""

READ_BYTES = """
(() => {
  const all = window.__received || [];
  let size = 0; for (const a of all) size += a.length;
  const out = new Uint8Array(size); let at = 0;
  for (const a of all) { out.set(a, at); at += a.length; }
  let s = ""; for (let i = 0; i < out.length; i += 8192)
    s += String.fromCharCode.apply(null, out.subarray(i, i + 8192));
  return btoa(s);
})()
"""

ESCAPES = re.compile(
    r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]"
)


def chromium() -> str:
    """The Chromium binary (Debian's ``chromium``; ``.ci/run`` installs it)."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise AssertionError("no chromium on PATH: `apt-get install chromium` (.ci/run does)")


class Browser:
    """One headless Chromium with a fresh profile in ``profile``; use ``async with``."""

    def __init__(self, profile: Path) -> None:
        self.profile = profile
        self.proc: subprocess.Popen[bytes] | None = None
        self._http: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._id = 0

    async def __aenter__(self) -> Browser:
        self.proc = subprocess.Popen(
            [chromium(), *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its renderer and helper processes end with it
        )
        port_file = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise AssertionError("chromium did not start its DevTools port within 30 s")
            await asyncio.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        self._http = aiohttp.ClientSession()
        async with self._http.get(f"http://127.0.0.1:{port}/json/list") as r:
            targets = await r.json()
        page = next(t for t in targets if t.get("type") == "page")
        self._ws = await self._http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        await self.send("Page.enable")
        await self.send("Page.addScriptToEvaluateOnNewDocument", source=KEEP_BYTES)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._http is not None:
            await self._http.close()
        if self.proc is not None:
            stop_group(self.proc)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one DevTools command and wait (at most 30 s) for its answer."""
        assert self._ws is not None
        self._id += 1
        await self._ws.send_str(json.dumps({"id": self._id, "method": method, "params": params}))
        async with asyncio.timeout(30):
            while True:
                msg = json.loads((await self._ws.receive()).data)
                if msg.get("id") == self._id:
                    if "error" in msg:
                        raise AssertionError(f"{method}: {msg['error']}")
                    result: dict[str, Any] = msg.get("result", {})
                    return result

    async def open(self, url: str) -> None:
        await self.send("Page.navigate", url=url)

    async def screen_text(self) -> str:
        """Everything the page's terminal was sent so far, as plain text."""
        result = await self.send("Runtime.evaluate", expression=READ_BYTES, returnByValue=True)
        raw = base64.b64decode(result["result"]["value"])
        return ESCAPES.sub("", raw.decode("utf-8", "replace"))

    async def screenshot(self, path: Path) -> None:
        """Save what the page shows as a PNG (kept when a test fails)."""
        shot = await self.send("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))


def stop_group(proc: subprocess.Popen[Any]) -> None:
    """End a process started with ``start_new_session=True`` and everything it started
    (the display's server runs one app process per browser), within 10 s."""
    import os
    import signal

    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            os.killpg(proc.pid, signal.SIGKILL)  # children the server left behind
        except subprocess.TimeoutExpired:
            continue
        except ProcessLookupError:
            pass
        return
