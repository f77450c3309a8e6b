"""Child process of ``bench/display.py``: many browsers' worth of event streams.

Usage: ``python bench/display_viewers.py URL N``. Opens ``N`` server-sent-event streams
on the display at ``URL``, as a browser's ``EventSource`` does, reads every update and
throws it away; prints ``ready`` once each stream has had its first view, and runs until
it is ended.
"""

from __future__ import annotations

import asyncio
import sys

import aiohttp


async def viewer(http: aiohttp.ClientSession, url: str, first: asyncio.Event) -> None:
    async with http.get(url + "/events", headers={"Accept": "text/event-stream"}) as r:
        assert r.status == 200, r.status
        async for line in r.content:
            if line.startswith(b"data: "):
                first.set()


async def main(url: str, n: int) -> None:
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(timeout=timeout, connector=connector) as http:
        firsts = [asyncio.Event() for _ in range(n)]
        tasks = [asyncio.create_task(viewer(http, url, f)) for f in firsts]
        await asyncio.wait_for(asyncio.gather(*(f.wait() for f in firsts)), 60)
        print("ready", flush=True)
        await asyncio.gather(*tasks)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
