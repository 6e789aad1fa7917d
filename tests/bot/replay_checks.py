"""Checks shared by the end-to-end tests of whole games: the final message carries the replay GIF of the whole game
(a frame per turn plus the start, within the size limit), and /game export gives a record that `python -m engine
replay` plays again to the same final state."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from PIL import Image

from engine.__main__ import main as engine_main
from engine.core import Game, apply, new_game
from engine.core.record import digest
from engine.core.table import table_for
from renderers.replay import LIMIT
from tests.bot.helpers import Table, latest_panel, stored_state


async def turns_played(table: Table, game: Game, session_id: int = 1) -> int:
    """The turns of the game, counted from its log on their own: a run of one seat's choices, or in a game that
    numbers its turns (Now Boarding's rounds), each number once."""
    session = await table.bot.store.get_session(session_id)
    assert session is not None and session.seed is not None
    rows = await table.bot.store.actions(session_id)
    assert not any(r.choice.startswith("bot:") for r in rows), "a game with no undo"
    state = new_game(game, len(session.seats), session.seed, session.options)
    marks: list[object] = []
    for row in rows:
        own = table_for(game).turn_number(state)
        marks.append(row.seat if own is None else own)
        state, _ = apply(game, state, row.seat, row.choice)
    return sum(1 for i, mark in enumerate(marks) if i == 0 or mark != marks[i - 1])


async def assert_final_replay(table: Table, game: Game) -> Image.Image:
    """The final message has the whole game's GIF: turns + 1 frames, looping, the last held longest, under LIMIT."""
    final = latest_panel(table.channel)
    gifs = [a for a in final.attachments if a.filename.endswith("-replay.gif")]
    assert len(gifs) == 1, "the final message carries the replay"
    data = table.env.backend.cdn.get(gifs[0].url)
    assert 0 < len(data) <= LIMIT
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.info.get("loop") == 0
    assert image.n_frames == await turns_played(table, game) + 1, "one frame per turn, and the start"
    durations = []
    for index in range(image.n_frames):
        image.seek(index)
        durations.append(image.info["duration"])
    assert durations[-1] > max(durations[:-1]), "the last frame is held longer"
    return image


async def assert_export_replays(table: Table, tmp_path: Path) -> None:
    """/game export gives a JSON record that `python -m engine replay` plays to the stored final state."""
    result = await table.players[0].slash(table.channel, "game export")
    shown = [m for m in [result.response, *result.followups] if m is not None and m.attachments]
    assert shown and shown[0].ephemeral
    record = table.env.backend.cdn.get(shown[0].attachments[0].url)
    path = tmp_path / "record.json"
    path.write_bytes(record)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = engine_main(["replay", str(path)])
    printed = out.getvalue()
    assert code == 0, printed
    assert f"final state digest: {digest(await stored_state(table))}" in printed
    assert "matches the recorded end" in printed
