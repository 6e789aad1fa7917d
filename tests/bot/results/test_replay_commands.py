"""/game replay and /game export on SimCord: a stretch of the running game and the turns since a member's own last
move (to them alone) as GIFs with a frame per turn; a past game of the channel by its /game history number; the
record of a game once it is over (never while it runs: its seed tells every hidden card)."""

from __future__ import annotations

import io
import json
import re
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import simcord.interactions as simcord_interactions
from PIL import Image

from bot.session import Refusal
from bot.session.replays import Replays
from bot.store import ActionRow, Seat, SessionRow
from engine import registry
from engine.__main__ import main
from renderers import for_game
from renderers.replay import Fitted, fitted
from tests.bot.helpers import (
    Policy,
    Table,
    click_option,
    latest_panel,
    make_table,
    mentioned_actor,
    messages_after,
    newest_id,
    one_game,
    refusal,
    start_with_all,
    stored_state,
)
from tests.bot.replay_checks import turns_played

SEED = 4
GAME = registry.get("planecrafters")

simcord_bot, bot_seed = one_game("planecrafters", SEED)


async def play_turns(table: Table, turns: int) -> None:
    """Click the playout policy's choices until the game has had `turns` turns and the next one has begun."""
    policy = Policy(GAME, SEED)
    while await turns_played(table, GAME) <= turns:
        panel = latest_panel(table.channel)
        state = await stored_state(table)
        (decision,) = GAME.pending(state)
        await click_option(mentioned_actor(table, panel), panel, policy.choose(state, decision))


async def turn_seats(table: Table) -> list[int]:
    """The seat of each turn so far (a run of one seat's choices), the one under way last."""
    seats = [row.seat for row in await table.bot.store.actions(1)]
    return [seat for i, seat in enumerate(seats) if i == 0 or seat != seats[i - 1]]


def replay_of(table: Table, result: Any) -> tuple[Image.Image, Any]:
    """The GIF a command answered with, and the message it came in."""
    shown = [m for m in [result.response, *result.followups] if m is not None and m.attachments]
    assert shown, f"no file in the reply: {result!r}"
    attachment = shown[-1].attachments[0]
    assert attachment.filename.endswith("-replay.gif")
    return Image.open(io.BytesIO(table.env.backend.cdn.get(attachment.url))), shown[-1]


async def test_a_stretch_and_the_turns_since_my_last_move(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    simcord_env.settle_timeout = 60.0
    drawn_on: list[bool] = []

    def watched(*args: Any, **kwargs: Any) -> Fitted:
        drawn_on.append(threading.current_thread() is threading.main_thread())
        return fitted(*args, **kwargs)

    monkeypatch.setattr("bot.session.replays.fitted", watched)
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planecrafters")
    await play_turns(table, 4)  # turns 1-4 over, turn 5 begun

    before = newest_id(table.channel)
    asked = await table.players[1].slash(table.channel, "game replay", **{"from": 2, "to": 3})
    assert "posted in the channel" in refusal(asked)
    (posted,) = messages_after(table.channel, before)
    assert "turns 2 to 3" in posted.content and table.players[1].mention in posted.content
    image = Image.open(io.BytesIO(table.env.backend.cdn.get(posted.attachments[0].url)))
    assert image.n_frames == 3, "the board before turn 2, then turns 2 and 3"

    # Each member's own missed turns: those after the last turn they played (the turn under way included).
    runs = await turn_seats(table)
    session = await table.bot.store.get_session(1)
    for seat in {runs[-2], runs[-3]}:
        member = next(p for p in table.players if p.id == session.seats[seat].user_id)
        image, message = replay_of(table, await member.slash(table.channel, "game replay", since="mine"))
        assert message.ephemeral, "what a member missed is shown to them alone"
        last = max(i for i, s in enumerate(runs) if s == seat)
        assert image.n_frames == 1 + len(runs) - (last + 1), "the board after their turn, then each turn since"
    playing = next(p for p in table.players if p.id == session.seats[runs[-1]].user_id)
    assert "Nobody has moved since" in refusal(await playing.slash(table.channel, "game replay", since="mine"))
    ben = table.players[1]
    assert drawn_on and not any(drawn_on), "drawn in a worker thread, never on the event loop"
    assert "comes after" in refusal(await ben.slash(table.channel, "game replay", **{"from": 3, "to": 2}))
    assert "has turns 1 to" in refusal(await ben.slash(table.channel, "game replay", **{"from": 40}))
    assert "No game #7 has ended" in refusal(await ben.slash(table.channel, "game replay", game=7))
    assert "once it is over" in refusal(await ben.slash(table.channel, "game export"))


async def test_a_past_game_by_its_number_and_its_record(simcord_env: Any, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    simcord_env.settle_timeout = 60.0
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planecrafters", options={"Rated": "off"})  # a rated game would not cancel
    await play_turns(table, 2)
    state = await stored_state(table)
    host = table.players[0]
    asked = await host.slash(table.channel, "game host cancel")
    await host.click(asked.response.message, label="Yes, cancel the game")

    before = newest_id(table.channel)
    await table.players[2].slash(table.channel, "game replay", game=1)
    (posted,) = messages_after(table.channel, before)
    image = Image.open(io.BytesIO(table.env.backend.cdn.get(posted.attachments[0].url)))
    assert image.n_frames == await turns_played(table, GAME) + 1
    assert "game #1" in posted.content

    result = await table.players[2].slash(table.channel, "game export", game=1)
    shown = [m for m in [result.response, *result.followups] if m is not None and m.attachments]
    record = json.loads(table.env.backend.cdn.get(shown[-1].attachments[0].url))
    assert shown[-1].ephemeral
    assert (record["game"], record["seed"], len(record["choices"])) == ("planecrafters", SEED, state.version)
    assert [s["name"] for s in record["seats"]] == [s.name for s in (await table.bot.store.get_session(1)).seats]
    first = record["choices"][0]
    assert set(first) == {"seat", "who", "choice", "at"} and first["at"]
    assert record["end"]["result"] is None, "a cancelled game has no result"
    assert [s["member"] for s in record["seats"]] == [p.id for p in table.players]

    # The file as a member keeps it proves its game; with two seats' names swapped, it no longer does.
    path = tmp_path / "record.json"
    path.write_bytes(table.env.backend.cdn.get(shown[-1].attachments[0].url))
    assert main(["replay", str(path)]) == 0
    assert "every choice are as exported" in capsys.readouterr().out
    seats = record["seats"]
    seats[0]["name"], seats[1]["name"] = seats[1]["name"], seats[0]["name"]
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    assert "CHANGED since export" in capsys.readouterr().out


def test_a_log_these_rules_no_longer_follow_is_refused_with_a_sentence() -> None:
    """A game saved under older rules whose moves these rules refuse: replay and export answer with a sentence, not
    an apology for an error of ours."""
    now = datetime.now(UTC)
    seats = [Seat(seat=s, user_id=10 + s, name=n) for s, n in enumerate(("ana", "ben", "cleo"))]
    session = SessionRow(id=1, guild_id=5, channel_id=6, game="planecrafters", host_id=10, status="finished",
                         options={}, seed=SEED, seats=seats, version=1, created_at=now, updated_at=now)
    rows = [ActionRow(session_id=1, version=1, seat=0, choice="a move of older rules", events=[], created_at=now)]
    renderer = for_game("planecrafters")
    assert renderer is not None
    with pytest.raises(Refusal, match="older rules"):
        Replays._draw(GAME, renderer, session, rows, None, None, [])


def upload_limit(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """Interactions from now on tell `limit` as their attachment_size_limit (SimCord tells Discord's 25 MiB)."""
    made = simcord_interactions.base_payload

    def told(*args: Any, **kwargs: Any) -> Any:
        record, payload = made(*args, **kwargs)
        payload["attachment_size_limit"] = limit
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", told)


async def test_a_replay_is_made_to_fit_the_channels_upload_limit(simcord_env: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Within the interaction's own upload limit: smaller frames where they do it, every turn kept; where even the
    smallest are too big, a sentence says so and which turns would fit, and those turns then post."""
    simcord_env.settle_timeout = 60.0
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planecrafters")
    await play_turns(table, 5)
    ben = table.players[1]

    def posted_after(mark: int) -> bytes:
        (posted,) = messages_after(table.channel, mark)
        data: bytes = table.env.backend.cdn.get(posted.attachments[0].url)
        return data

    mark = newest_id(table.channel)
    await ben.slash(table.channel, "game replay")
    whole = posted_after(mark)
    frames = Image.open(io.BytesIO(whole)).n_frames

    upload_limit(monkeypatch, len(whole) - 1)
    mark = newest_id(table.channel)
    await ben.slash(table.channel, "game replay")
    smaller = posted_after(mark)
    assert len(smaller) < len(whole), "within the limit"
    shrunk = Image.open(io.BytesIO(smaller))
    assert shrunk.n_frames == frames and shrunk.width < Image.open(io.BytesIO(whole)).width, "smaller frames, all kept"

    tight = len(whole) // 4
    upload_limit(monkeypatch, tight)
    mark = newest_id(table.channel)
    said = refusal(await ben.slash(table.channel, "game replay"))
    assert not messages_after(table.channel, mark), "nothing is posted that Discord would refuse"
    assert said.startswith("A replay of turns 1 to ") and f"more than the {tight // 1024} KB a file may take" in said
    asked = re.search(r"/game replay from:(\d+) to:(\d+), then go on from:(\d+)\.$", said)
    assert asked, said
    low, high, rest = map(int, asked.groups())
    assert low == 1 and rest == high + 1
    await ben.slash(table.channel, "game replay", **{"from": low, "to": high})
    part = posted_after(mark)
    assert len(part) <= tight and Image.open(io.BytesIO(part)).n_frames == high - low + 2
