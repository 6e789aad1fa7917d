"""Switching "Viewing as" in a channel full of pictures, in a real browser: the page shows the other member at once,
because the sandbox decodes a picture once, not once per member and picture.

The sandbox runs in-process here (its page in Debian's Chromium through Playwright) so the test can post 50 boards
as the bot and count SimCord's media decodes, the slow part: each is a child process, and they run one at a time.
The switch's wall and CPU time are printed (run with -s to see them), never asserted on.
"""

from __future__ import annotations

import io
import os
import random
import time
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image, ImageDraw
from simcord.preview import _media

from bot.sandbox.runner import Sandbox, SandboxOptions
from tests.sandbox.page import CHROMIUM, open_browser

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's Chromium: apt-get install chromium")

PICTURES = 50
IMAGES = "#channel-message-list article.channel-message img"
ALL_SHOWN = (f"() => {{ const imgs = [...document.querySelectorAll('{IMAGES}')];"
             f" return imgs.length >= {PICTURES} && imgs.every(i => i.complete && i.naturalWidth > 0); }}")


def board(number: int) -> bytes:
    """A picture about the size and weight of a board (900 × 600, some tens of kB), each one different."""
    rng = random.Random(number)
    image = Image.new("RGB", (900, 600), (240, 240, 235))
    draw = ImageDraw.Draw(image)
    for _ in range(120):
        x, y = rng.randrange(880), rng.randrange(580)
        draw.rectangle((x, y, x + rng.randrange(8, 60), y + rng.randrange(8, 40)),
                       fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256)), outline=(0, 0, 0))
    draw.text((20, 20), f"board {number}", fill=(0, 0, 0))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


class Decodes:
    """Counts SimCord's media decodes (each one a child process)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        decode = _media.MediaWorker._decode

        async def counted(worker: Any, key: str, blob: bytes, media_time: float | None) -> Any:
            self.count += 1
            return await decode(worker, key, blob, media_time)

        monkeypatch.setattr(_media.MediaWorker, "_decode", counted)


async def test_switching_member_in_a_channel_of_50_pictures_decodes_none_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from playwright.async_api import async_playwright

    decodes = Decodes(monkeypatch)
    sandbox = Sandbox(SandboxOptions(db_path=tmp_path / "sandbox.sqlite3", out=lambda _line: None))
    await sandbox.bot.store.open()
    await sandbox.env.start()
    try:
        with sandbox.env.time_context():
            channel = sandbox.bot.get_channel(sandbox.world.channels["games"].id)
            assert isinstance(channel, discord.TextChannel)
            for number in range(PICTURES):
                await channel.send(f"Board {number}", file=discord.File(io.BytesIO(board(number)), "board.png"))
            await sandbox.env.settle()
            url = await sandbox.open_page("games")
            async with async_playwright() as pw:
                browser, page = await open_browser(pw, tmp_path)
                assets: list[str] = []
                page.page.on("request", lambda r: assets.append(r.url) if "/api/assets/" in r.url else None)
                try:
                    wall = time.perf_counter()
                    await page.open(url)
                    await page.page.wait_for_function(ALL_SHOWN, polling=100)
                    first = decodes.count
                    opened = f"first view (Ada): {time.perf_counter() - wall:.2f} s wall, {first} decodes"
                    assert first >= PICTURES, "every picture is decoded once, for the first member"
                    figures: list[str] = []
                    counts: list[tuple[int, int]] = []
                    for name in ("Bruno", "Ada", "Chen"):
                        assets.clear()
                        decodes.count = 0
                        wall, cpu, load = time.perf_counter(), time.process_time(), os.getloadavg()[0]
                        await page.view_as(name)
                        await page.page.wait_for_function(ALL_SHOWN, polling=50)
                        figures.append(f"{name}: {time.perf_counter() - wall:.2f} s wall, "
                                       f"{time.process_time() - cpu:.2f} s CPU (load {load:.1f}), "
                                       f"{decodes.count} decodes, {len(assets)} picture requests")
                        counts.append((decodes.count, len(assets)))
                    print(f"switching member with {PICTURES} pictures in the channel:", opened, *figures, sep="\n  ")
                    assert all(again == 0 for again, _asked in counts), "a picture decoded once is not decoded again"
                    assert all(asked <= PICTURES for _again, asked in counts), "each picture asked for at most once"
                finally:
                    await browser.close()
    finally:
        await sandbox.stop()
