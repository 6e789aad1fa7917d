"""After the game in the bot: the final message carries the race chart, the turning points follow it from a worker
(never for a game in progress), /coach hint answers only where the lobby turned Hints on, such a game is never
rated, and its log says hints were on. Parts on a store with a recording presenter, as test_final_message_due."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.session import Parts, Refusal, TurnUpdate
from bot.session.coach import Chart
from bot.store import Seat, SqliteStore, Store
from engine import registry
from engine.analysis.chances import Budget
from engine.core import apply, dump_state, new_game
from engine.core.ai.selfplay import playout
from engine.core.play import is_over

GAME = registry.get("planes")
SEED = 5
NAMES = ("Zoë", "李明")


class Channel:
    """What the bot posted in the game's channel, in order."""

    def __init__(self) -> None:
        self.posted: list[Any] = []

    async def show_turn(self, update: TurnUpdate) -> None:
        self.posted.append(update)

    async def show_analysis(self, session: Any, chart: Chart) -> None:
        self.posted.append(chart)

    async def send_private(self, update: Any) -> bool:
        return True


async def played(store: Store, moves: int | None = None) -> int:
    """A two-member game of Planes played by its policy through the store alone (to its end, or `moves` choices)."""
    seats = [Seat(seat=s, user_id=11 + s, name=NAMES[s]) for s in range(2)]
    row = await store.create_session(guild_id=5, channel_id=7, game=GAME.name, host_id=11, options={}, seats=seats)
    state = new_game(GAME, 2, SEED, {})
    await store.start_session(row.id, seed=SEED, seats=seats, state_json=dump_state(state),
                              state_version=state.version, expected_version=row.version)
    actions = playout(GAME, 2, SEED, state.options).actions
    for action in actions[:moves] if moves is not None else actions:
        after, events = apply(GAME, state, action.seat, action.choice)
        await store.record_move(row.id, expected_version=state.version, seat=action.seat, choice=action.choice,
                                events=[e.model_dump() for e in events], state_json=dump_state(after),
                                new_version=after.version, finished=is_over(GAME, after))
        state = after
    return row.id


async def test_the_final_message_has_the_race_and_the_turning_points_follow(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.sqlite3")
    await store.open()
    try:
        sid = await played(store)
        channel = Channel()
        parts = Parts(store, channel, games={GAME.name: GAME})
        parts.coach.budget = Budget(rollouts=3, choices=6_000, minimum=2)
        await parts.resume()  # the final message was due: posted now
        final = channel.posted[0]
        assert isinstance(final, TurnUpdate) and final.result is not None
        assert final.race is not None and Image.open(io.BytesIO(final.race)).size == (1200, 900)
        assert all(name in final.race_words for name in NAMES) and "Final order: 1." in final.race_words
        await asyncio.wait_for(asyncio.gather(*parts.coach.running.values()), 60)
        chart = channel.posted[-1]
        assert isinstance(chart, Chart), "the turning points follow the final message"
        assert len(channel.posted) == 2 and 1 <= len(chart.lines) <= 3
        assert chart.png.startswith(b"\x89PNG") and "Turning points" in chart.words
        session = await store.get_session(sid)
        assert session is not None
        race = await parts.coach.race(session)
        assert race is not None and race.words == final.race_words
    finally:
        await store.close()


async def test_no_chart_and_no_analysis_while_the_game_runs(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.sqlite3")
    await store.open()
    try:
        sid = await played(store, moves=60)
        channel = Channel()
        parts = Parts(store, channel, games={GAME.name: GAME})
        session = await store.get_session(sid)
        assert session is not None and session.status == "active"
        with pytest.raises(Refusal, match="once the game is over"):
            await parts.coach.analysis(session)
        with pytest.raises(Refusal, match="once the game is over"):
            await parts.coach.race(session)
        assert await parts.coach.final_race(session) is None, "the log does not end the game: no race"
        parts.coach.analyse_later(sid)
        await asyncio.gather(*parts.coach.running.values())
        assert channel.posted == [], "nothing is worked out for a game in progress"
    finally:
        await store.close()


async def test_hints_only_where_the_lobby_turned_them_on_and_never_rated(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.sqlite3")
    await store.open()
    try:
        sid = await played(store, moves=40)
        parts = Parts(store, Channel(), games={GAME.name: GAME})
        session = await store.get_session(sid)
        assert session is not None
        state = await parts.sessions.state(session)
        seat = GAME.pending(state)[0].seat
        member, other = 11 + seat, 12 - seat
        with pytest.raises(Refusal, match="Hints are off"):
            await parts.coach.hint(session, member)
        meta = await parts.meta.get(session)
        meta.hints = True
        await parts.meta.save(sid, meta)
        said = await parts.coach.hint(session, member)
        assert said.startswith("Normal would choose ") and said.count(". ") == 0, "one sentence"
        assert await parts.coach.hint(session, member) == said, "the same answer when asked again"
        with pytest.raises(Refusal, match="nothing to choose"):
            await parts.coach.hint(session, other)
        with pytest.raises(Refusal, match="not in the game"):
            await parts.coach.hint(session, 99)
        # Two members in a server: "Rated" would count it, but a game with hints goes on the record unrated.
        assert parts.ratings.counts(session, option="on", seed_chosen=False)
        state = playout(GAME, 2, SEED).state  # the same game, played on to its end
        meta.rated = "on"
        await parts.meta.save(sid, meta)
        await parts._finished(session, state)
        (result,) = await store.results(guild_id=5)
        assert result.rated is False
    finally:
        await store.close()


async def test_hints_and_rated_exclude_each_other_in_the_lobby(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.sqlite3")
    await store.open()
    try:
        parts = Parts(store, Channel(), games={GAME.name: GAME})
        session = await parts.lobby.open_lobby(guild_id=5, channel_id=8, game=GAME.name, host_id=11, host_name="Zoë")
        values = await parts.lobby.values(session)
        assert values["hints"] == "off", "off by default"
        await parts.lobby.set_option(session.id, 11, "Hints", "on", manager=False)
        assert (await parts.lobby.values(session))["hints"] == "on"
        with pytest.raises(Refusal, match="never rated"):
            await parts.lobby.set_option(session.id, 11, "Rated", "on", manager=False)
        await parts.lobby.set_option(session.id, 11, "Hints", "off", manager=False)
        await parts.lobby.set_option(session.id, 11, "Rated", "on", manager=False)
        with pytest.raises(Refusal, match="never has hints"):
            await parts.lobby.set_option(session.id, 11, "Hints", "on", manager=False)
    finally:
        await store.close()
