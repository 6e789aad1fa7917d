"""Pictures decoded once per sandbox, not once per member and picture.

SimCord's page checks every picture it shows in a child process, one at a time, and it does so again for each page:
switching "Viewing as" opens a new page, so a channel of 50 boards took half a minute per switch (a child process
per picture, in a row). A picture's check depends only on its bytes, so the sandbox keeps each result by the bytes'
digest and hands it to every page, of any member or channel; SimCord still asks, for each member, whether the member
may see the picture at all (that is done apart from the decoding). A picture not seen yet is checked by one of
several of SimCord's workers, so a channel's pictures are checked side by side (one per core), not one after another.
"""

from __future__ import annotations

import hashlib
import os
from collections import OrderedDict

from simcord.preview._media import MediaInfo, MediaWorker

MEMORY_BYTES = 64 * 1024 * 1024  # a few hundred boards; the oldest checked are forgotten first
WORKERS = max(2, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 2))

Key = tuple[str, float | None]  # (digest of the picture's bytes, the moment of a video it shows)


class MediaMemory:
    """The decoded pictures, by their bytes' digest, up to MEMORY_BYTES (least recently used dropped first)."""

    def __init__(self, limit: int = MEMORY_BYTES) -> None:
        self.limit = limit
        self._kept: OrderedDict[Key, MediaInfo] = OrderedDict()
        self._bytes = 0

    def get(self, key: Key) -> MediaInfo | None:
        info = self._kept.get(key)
        if info is not None:
            self._kept.move_to_end(key)
        return info

    def put(self, key: Key, info: MediaInfo) -> None:
        size = _size(info)
        if key in self._kept or size > self.limit:
            return
        self._kept[key] = info
        self._bytes += size
        while self._bytes > self.limit:
            _old, dropped = self._kept.popitem(last=False)
            self._bytes -= _size(dropped)

    def __len__(self) -> int:
        return len(self._kept)


class RememberingMediaWorker(MediaWorker):
    """SimCord's media worker, asked only about bytes no page of this sandbox has shown yet, and those handed to the
    least busy of `workers` of SimCord's own (each checks one picture at a time)."""

    def __init__(self, memory: MediaMemory, workers: int = WORKERS) -> None:
        super().__init__()
        self.memory = memory
        self._pool = [MediaWorker() for _ in range(workers)]
        self._busy = [0] * workers

    async def validate(self, key: str, blob: bytes, *, media_time: float | None = None) -> MediaInfo:
        # SimCord's key is the digest when it has one, else a page's own asset id: the sandbox hashes the bytes.
        known: Key = (hashlib.sha256(blob).hexdigest(), media_time)
        info = self.memory.get(known)
        if info is None:
            n = self._busy.index(min(self._busy))
            self._busy[n] += 1
            try:
                info = await self._pool[n].validate(key, blob, media_time=media_time)
            finally:
                self._busy[n] -= 1
            self.memory.put(known, info)
        return info

    def release(self, key: str) -> None:
        for worker in self._pool:
            worker.release(key)

    async def close(self) -> None:
        for worker in self._pool:
            await worker.close()
        await super().close()


def _size(info: MediaInfo) -> int:
    return len(info.normalized) + len(info.capture or b"") + len(info.poster or b"")
