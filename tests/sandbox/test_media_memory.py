"""The sandbox's memory of decoded pictures: one decode per picture's bytes for every page, within a bound."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest
from PIL import Image
from simcord.preview import _media

from bot.sandbox.media import MediaMemory, RememberingMediaWorker


def png(colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), colour).save(out, "PNG")
    return out.getvalue()


def info(size: int) -> _media.MediaInfo:
    return _media.MediaInfo(format="PNG", width=1, height=1, frames=1, decoded_bytes=size, normalized=b"x" * size,
                            content_type="image/png")


async def test_two_pages_asking_for_the_same_bytes_decode_them_once(monkeypatch: pytest.MonkeyPatch) -> None:
    decoded: list[str] = []
    decode = _media.MediaWorker._decode

    async def counted(worker: Any, key: str, blob: bytes, media_time: float | None) -> Any:
        decoded.append(key)
        return await decode(worker, key, blob, media_time)

    monkeypatch.setattr(_media.MediaWorker, "_decode", counted)
    memory = MediaMemory()
    red, blue = png((200, 0, 0)), png((0, 0, 200))
    first, second = RememberingMediaWorker(memory), RememberingMediaWorker(memory)  # a page each
    try:
        shown = await first.validate("page-1-asset", red)
        again = await second.validate("page-2-asset", red)
        await second.validate("page-2-other", blue)
    finally:
        await first.close()
        await second.close()
    assert again is shown and (shown.width, shown.height) == (40, 30)
    assert len(decoded) == 2, "red once for both pages, blue once"


async def test_pictures_not_seen_yet_are_decoded_side_by_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two pictures asked for at once both have their child process started before either is done. SimCord starts
    it while holding its worker's lock: with one worker the second would wait for the first, which waits here for
    the second, and the test would fail on the wait."""
    started = 0
    both = asyncio.Event()
    spawn = asyncio.create_subprocess_exec

    async def side_by_side(*args: Any, **kwargs: Any) -> Any:
        nonlocal started
        started += 1
        if started == 2:
            both.set()
        await asyncio.wait_for(both.wait(), 60)
        return await spawn(*args, **kwargs)

    monkeypatch.setattr(_media.asyncio, "create_subprocess_exec", side_by_side)
    worker = RememberingMediaWorker(MediaMemory(), workers=2)
    try:
        red, blue = await asyncio.gather(worker.validate("red", png((200, 0, 0))),
                                         worker.validate("blue", png((0, 0, 200))))
    finally:
        await worker.close()
    assert red.width == blue.width == 40


def test_the_memory_forgets_the_least_recently_shown_first_and_keeps_within_its_bound() -> None:
    memory = MediaMemory(limit=100)
    memory.put(("a", None), info(40))
    memory.put(("b", None), info(40))
    assert memory.get(("a", None)) is not None  # shown again: now the most recent
    memory.put(("c", None), info(40))
    assert memory.get(("b", None)) is None and memory.get(("a", None)) is not None and len(memory) == 2
    memory.put(("huge", None), info(101))
    assert memory.get(("huge", None)) is None, "a picture larger than the whole memory is not kept"
