"""How a game's latest state is kept: a cache of the action log, which a backend stores as (codec, bytes) and never
looks inside. Earlier states are not kept: undo and the log rebuild them by replaying the log from the seed
(bot/session/undo.py), which costs tens of milliseconds on a game of 400 moves (`python -m bench undo`).

zlib, not a newer compressor: it is in the standard library, and a 5 kB game state shrinks about fivefold, which is
what takes a move's write well under 1 kB (the figure is printed by `python -m bench storage`).
"""

from __future__ import annotations

import zlib

Codec = str  # 'json' (plain UTF-8 text, as older versions wrote it) or 'zlib'


def encode(state_json: str) -> tuple[Codec, bytes]:
    return "zlib", zlib.compress(state_json.encode("utf-8"), 6)


def decode(codec: Codec, data: bytes | str) -> str:
    if codec == "zlib":
        return zlib.decompress(data if isinstance(data, bytes) else data.encode("latin-1")).decode("utf-8")
    if codec == "json":
        return data if isinstance(data, str) else bytes(data).decode("utf-8")
    raise ValueError(f"unknown state codec {codec!r}")

