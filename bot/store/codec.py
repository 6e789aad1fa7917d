"""How full states are kept: the latest state of every game, and a checkpoint at the start and every
CHECKPOINT_EVERY moves. Both are caches of the action log; a backend stores (codec, bytes) and never looks inside.

zlib, not a newer compressor: it is in the standard library, and a 5 kB game state shrinks about fivefold, which is
what takes a move's write well under 1 kB (the figure is printed by `python -m bench storage`).
"""

from __future__ import annotations

import zlib

CHECKPOINT_EVERY = 50
"""A full state is kept every this many versions: the most a replay from a checkpoint has to apply is 49 moves, and
a 300-move game keeps 7 compressed states instead of 300 plain ones."""

Codec = str  # 'json' (plain UTF-8 text, as older versions wrote it) or 'zlib'


def encode(state_json: str) -> tuple[Codec, bytes]:
    return "zlib", zlib.compress(state_json.encode("utf-8"), 6)


def decode(codec: Codec, data: bytes | str) -> str:
    if codec == "zlib":
        return zlib.decompress(data if isinstance(data, bytes) else data.encode("latin-1")).decode("utf-8")
    if codec == "json":
        return data if isinstance(data, str) else bytes(data).decode("utf-8")
    raise ValueError(f"unknown state codec {codec!r}")


def is_checkpoint(version: int) -> bool:
    return version % CHECKPOINT_EVERY == 0
