"""A headless Chromium driven over the DevTools protocol, just enough to look at a page.

The DevTools protocol is a websocket of JSON messages; aiohttp (the display's own
server library) is the client, so the browser tests need no other dependency: no
driver binary, no Selenium. Chromium itself is a system package (``.ci/run`` installs
it); without it the tests skip with the reason, except under ``CI=true`` where a
missing browser is a failure.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--window-size=1920,1080",
    "--remote-debugging-port=0",
)

ROOT = Path(__file__).resolve().parents[2]


def chromium() -> str:
    """The Chromium binary; skips the test when there is none (fails under ``CI=true``)."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    reason = "no chromium on PATH: `apt-get install chromium` (.ci/run does)"
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def artifact(name: str) -> Path:
    """Where a failing test keeps its screenshot: ``test-artifacts/`` or
    ``$OMAHA_TUI_ARTIFACTS``."""
    folder = Path(os.environ.get("OMAHA_TUI_ARTIFACTS", ROOT / "test-artifacts"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


class Browser:
    """One headless Chromium with a fresh profile in ``profile``; use ``async with``."""

    def __init__(self, profile: Path) -> None:
        self.profile = profile
        self.proc: subprocess.Popen[bytes] | None = None
        self._http: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._id = 0

    async def __aenter__(self) -> Browser:
        binary = chromium()
        self.profile.mkdir(parents=True, exist_ok=True)
        (self.profile / "DevToolsActivePort").unlink(missing_ok=True)  # a profile used before
        self.proc = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
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

    async def size(self, width: int, height: int, mobile: bool = False) -> None:
        """Lay the page out at ``width`` x ``height`` CSS pixels (a TV, a phone)."""
        await self.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        r = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise AssertionError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    async def wait_for(self, expression: str, what: str, timeout: float = 20) -> Any:
        """Wait until ``expression`` is truthy in the page; its value."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                value = await self.evaluate(expression)
            except AssertionError:  # the page is still loading: no body yet
                value = None
            if value:
                return value
            await asyncio.sleep(0.05)
        raise AssertionError(f"the page did not show {what} within {timeout:.0f} s")

    async def screenshot(self, path: Path) -> None:
        """Save what the page shows as a PNG (kept when a test fails)."""
        shot = await self.send("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))


def stop_group(proc: subprocess.Popen[Any]) -> None:
    """End a process started with ``start_new_session=True`` and everything it started,
    within 10 s."""
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            os.killpg(proc.pid, signal.SIGKILL)  # helpers left behind
        except subprocess.TimeoutExpired:
            continue
        except ProcessLookupError:
            pass
        return
