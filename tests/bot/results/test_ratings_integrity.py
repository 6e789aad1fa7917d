"""Ratings that cannot be dodged, on SimCord, on SQLite and on PostgreSQL: each way a member could keep a loss off
their rating is played through the bot and checked in the results and ratings tables.

- The last member at a table resigns (against the AI, or after another member resigned): the AI plays the game out
  and its result stands, the resigned members last, the latest resigner above the earlier one (docs/ratings.md).
- The host cancels a rated game that has started: that is their resignation, the game goes on for the others.
- A member's seat the AI played for more than a quarter of its moves is in the result but moves no rating; the other
  members are rated among themselves, and the count comes from the stored log, so a restart does not lose it.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.discord import TarmacBot, create_bot
from bot.ratings.outcome import places
from bot.session import Refusal
from bot.session.turns import Turns
from bot.store import ResultRow, SqliteStore, Store
from engine import registry
from engine.core.ai import levels
from tests.bot.helpers import (
    Table,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    open_lobby,
    prompt_of,
    refusal,
    resign,
)
from tests.support.databases import new_database
from tests.support.toy_game import ToyGame

HOUR = 3600.0
GAMES = {"toy": ToyGame(), **{name: registry.get(name) for name in registry.names()}}


@pytest.fixture(params=["sqlite", "postgres"])
async def make_bot(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Callable[..., TarmacBot]]:
    """Bots on one fresh database of each backend (a restart is `env.restart_bot(make_bot())`)."""
    if request.param == "sqlite":
        def new_store() -> Store:
            return SqliteStore(db_path)
    else:
        from bot.store.postgres import PostgresStore

        url = await new_database(request.getfixturevalue("postgres_server"), f"integrity_{uuid.uuid4().hex[:8]}_")

        def new_store() -> Store:
            return PostgresStore(url, pool_size=4)
    built: list[TarmacBot] = []

    def build(games: dict[str, Any] | None = None) -> TarmacBot:
        bot = create_bot(new_store(), games=games or GAMES, ai_delay=0.0)
        built.append(bot)
        return bot

    yield build
    for bot in built:
        await bot.store.close()


@pytest.fixture(autouse=True)
def _easy_stand_ins(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI standing in for a member plays at Easy (the policy), so the games here stay short to play."""
    def easy(game, state, seat, level, rng, budget=None, stats=None, history=(), asked=None):  # noqa: ANN001, ANN202
        return levels.plan(game, state, seat, levels.EASY, rng)

    monkeypatch.setattr("bot.session.turns.levels", SimpleNamespace(plan=easy, EASY=levels.EASY))


@pytest.fixture
def bot_seed() -> int:
    return 5


async def lobby_with(table: Table, *, ai: int = 0, rated: str | None = None,
                     deadline: tuple[int, int] | None = None, game: str = "toy") -> discord.Message:
    """Every member of the table in one lobby, `ai` AI seats after them, the options set; not started."""
    host = table.players[0]
    lobby = await open_lobby(table, game)
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    for _ in range(ai):
        await host.click(lobby, label="Add AI")
    if rated is not None:
        await host.slash(table.channel, "game host option", name="Rated", value=rated)
    if deadline is not None:
        await host.slash(table.channel, "game host deadline", hours=deadline[0], missed=deadline[1])
    return lobby


async def the_result(table: Table, session_id: int) -> ResultRow:
    found = [r for r in await table.bot.store.results() if r.session_id == session_id]
    assert found, "the game has a result"
    return found[0]


async def rating(table: Table, user_id: int, game: str = "toy") -> Any:
    rows = await table.bot.store.get_ratings([(table.guild.id, game, "", f"member:{user_id}")])
    return rows[0] if rows else None


def place_of(result: ResultRow, user_id: int) -> int:
    return next(s.place for s in result.seats if s.user_id == user_id)


async def pass_to_the_end(table: Table) -> None:
    """The members left at the table pass until the game is over (the AI plays the other seats)."""
    for _ in range(100):
        panel = latest_panel(table.channel)
        if prompt_of(panel).startswith("Game over"):
            return
        await mentioned_actor(table, panel).click(panel, label="Pass")
    raise AssertionError("the game did not end")


async def test_the_last_member_resigning_against_the_ai_takes_the_loss(simcord_env) -> None:
    table = make_table(simcord_env, ("ana",))
    [ana] = table.players
    lobby = await lobby_with(table, ai=2, rated="on")
    await ana.click(lobby, label="Start")
    session = await table.bot.store.session_in_channel(table.channel.id)
    said = await resign(ana, table.channel)
    assert "AI plays the game out" in said.followups[0].content
    assert (await table.bot.store.get_session(session.id)).status == "finished", "a finished game, not abandoned"
    result = await the_result(table, session.id)
    assert result.rated
    assert place_of(result, ana.id) == 3 and [s.resigned for s in result.seats] == [True, False, False]
    state_json, _version = await table.bot.store.load_snapshot(session.id)
    engine = ToyGame()
    final = engine.result(engine.state_model.model_validate_json(state_json))
    assert final is not None, "the AI played the game to its end"
    # The engine's places, with ana's seat (whatever the AI scored with it) out of them, last.
    assert {s.seat: s.place for s in result.seats} == places({s.seat: s.score for s in final.standings},
                                                            final.winners, {0}), "the AI seats by the engine's result"
    ours = await rating(table, ana.id)
    assert ours is not None and ours.games == 1 and ours.mu < 25, "the loss counts"
    assert [s.session_id for s in await table.bot.store.rating_steps(table.guild.id, "toy", f"member:{ana.id}",
                                                                      last=5)] == [session.id]
    # The whole game is in the log, every move after the resignation chosen by the AI.
    actions = await table.bot.store.actions(session.id)
    assert actions and all(a.by_ai for a in actions)
    assert "Game over" in prompt_of(latest_panel(table.channel)), "the channel sees how it ended"


async def test_two_members_resigning_in_turn_both_count_the_latest_above(simcord_env) -> None:
    table = make_table(simcord_env, ("ana", "ben"))
    ana, ben = table.players
    lobby = await lobby_with(table, ai=1)  # Rated "auto": two members play
    await ana.click(lobby, label="Start")
    session = await table.bot.store.session_in_channel(table.channel.id)
    first = await resign(ana, table.channel)
    assert "AI plays their seat" in first.followups[0].content
    assert (await table.bot.store.get_session(session.id)).status == "active", "the game goes on for ben"
    await resign(ben, table.channel)
    assert (await table.bot.store.get_session(session.id)).status == "finished"
    result = await the_result(table, session.id)
    assert result.rated
    assert [(s.user_id, s.place, s.resigned) for s in sorted(result.seats, key=lambda s: s.seat)] == [
        (ana.id, 3, True), (ben.id, 2, True), (None, 1, False)], "ana's resignation is kept, below ben's"
    a, b = await rating(table, ana.id), await rating(table, ben.id)
    assert a is not None and b is not None and a.games == b.games == 1
    assert a.mu < b.mu, "the earlier resigner came last"


async def test_a_resignation_saved_before_a_stop_is_played_out_at_the_next_start(
        simcord_env, make_bot, monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table(simcord_env, ("ana",))
    [ana] = table.players
    lobby = await lobby_with(table, ai=1, rated="on")
    await ana.click(lobby, label="Start")
    session = await table.bot.store.session_in_channel(table.channel.id)

    async def stopped(self: Turns, session_id: int) -> None:  # the process stops right after the resignation
        return None

    with monkeypatch.context() as patch:
        patch.setattr(Turns, "play_out", stopped)
        await resign(ana, table.channel)
        assert (await table.bot.store.get_session(session.id)).status == "active"
        assert await table.bot.store.results() == []
    await simcord_env.restart_bot(make_bot())
    assert (await table.bot.store.get_session(session.id)).status == "finished"
    result = await the_result(table, session.id)
    assert result.rated and place_of(result, ana.id) == 2
    assert (await rating(table, ana.id)).mu < 25


async def test_the_host_cancelling_a_started_rated_game_resigns(simcord_env) -> None:
    table = make_table(simcord_env, ("ana", "ben"))
    ana, ben = table.players
    mods = table.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[mods])

    # In the lobby, cancelling stays free: no result, nobody rated.
    lobby = await lobby_with(table)
    asked = await ana.slash(table.channel, "game host cancel")
    assert "cancelled" in asked.response.content
    assert await table.bot.store.results() == []

    lobby = await lobby_with(table)
    await ana.click(lobby, label="Start")
    session = await table.bot.store.session_in_channel(table.channel.id)
    # A manager who does not play cannot end a rated game either.
    assert "rated and has started" in refusal(await mod.slash(table.channel, "game host cancel"))
    with pytest.raises(Refusal, match="rated and has started"):  # nor any path around the question
        await table.bot.parts.lobby.cancel(session.id, ana.id, manager=True)
    asked = await ana.slash(table.channel, "game host cancel")
    assert asked.response.ephemeral and "counts as your resignation" in asked.response.content
    assert [i.label for i in items(asked.response.message)] == ["Yes, resign"]
    assert (await table.bot.store.get_session(session.id)).status == "active", "nothing before the answer"
    await ana.click(asked.response.message, label="Yes, resign")
    assert (await table.bot.store.get_session(session.id)).status == "active", "the game goes on for ben"
    await pass_to_the_end(table)
    result = await the_result(table, session.id)
    assert result.rated and place_of(result, ana.id) == 2 and place_of(result, ben.id) == 1
    a, b = await rating(table, ana.id), await rating(table, ben.id)
    assert a.games == b.games == 1 and a.mu < 25 < b.mu

    # An unrated game is cancelled as before.
    lobby = await lobby_with(table, rated="off")
    await ana.click(lobby, label="Start")
    unrated = await table.bot.store.session_in_channel(table.channel.id)
    asked = await ana.slash(table.channel, "game host cancel")
    await ana.click(asked.response.message, label="Yes, cancel the game")
    assert (await table.bot.store.get_session(unrated.id)).status == "cancelled"
    assert [r.session_id for r in await table.bot.store.results()] == [session.id]


async def test_a_seat_the_ai_played_for_its_member_moves_no_rating(simcord_env, make_bot) -> None:
    table = make_table(simcord_env, ("ana", "ben", "cy"))
    ana, ben, cy = table.players
    lobby = await lobby_with(table, deadline=(12, 1))  # one missed deadline and the AI keeps the seat
    await ana.click(lobby, label="Start")
    session = await table.bot.store.session_in_channel(table.channel.id)
    restarted = played = False
    for _ in range(100):
        panel = latest_panel(table.channel)
        if prompt_of(panel).startswith("Game over"):
            break
        actor = mentioned_actor(table, panel)
        if actor.id == cy.id:
            await table.env.advance_time(13 * HOUR)  # cy never plays: the AI keeps the seat from the first miss
        elif actor.id == ana.id and not played:  # ana plays a card once, so she finishes above ben
            chooser = (await actor.click(panel, label="Show my choices")).response.message
            card = next(c for c in items(chooser) if c.label.startswith("Play"))
            await actor.click(chooser, custom_id=card.custom_id)
            played = True
        else:
            await actor.click(panel, label="Pass")
        kept = (await table.bot.store.get_session(session.id)).seats[2]
        if kept.is_ai and not restarted:  # the count is the stored log's: a restart changes nothing
            await simcord_env.restart_bot(make_bot())
            restarted = True
    assert restarted and (await table.bot.store.get_session(session.id)).status == "finished"
    result = await the_result(table, session.id)
    seats = sorted(result.seats, key=lambda s: s.seat)
    assert [s.user_id for s in seats] == [ana.id, ben.id, cy.id], "the result still records cy's seat"
    assert [s.ai_kept for s in seats] == [False, False, True] and result.rated
    assert await rating(table, cy.id) is None, "the AI's play moved no rating of cy's"
    a, b = await rating(table, ana.id), await rating(table, ben.id)
    assert a.games == b.games == 1
    assert place_of(result, ana.id) < place_of(result, ben.id)
    assert a.mu > 25 > b.mu, "ana and ben rated between themselves: one win, one loss, whatever cy's seat did"
    assert [s.session_id for s in await table.bot.store.rating_steps(table.guild.id, "toy", f"member:{cy.id}",
                                                                      last=5)] == []


@pytest.mark.parametrize("kind", registry.names())
async def test_every_game_is_played_out_to_its_result_when_its_last_member_resigns(simcord_env, kind: str) -> None:
    simcord_env.settle_timeout = 60.0  # a whole game played and its replay drawn in one settle
    table = make_table(simcord_env, ("ana",))
    [ana] = table.players
    lobby = await lobby_with(table, ai=1, rated="on", game=kind)
    await ana.click(lobby, label="Start")
    session = await table.bot.store.session_in_channel(table.channel.id)
    await resign(ana, table.channel)
    assert (await table.bot.store.get_session(session.id)).status == "finished", kind
    result = await the_result(table, session.id)
    assert result.rated and [(s.user_id, s.resigned) for s in result.seats] == [(ana.id, True), (None, False)]
    assert place_of(result, ana.id) == (3 if result.team else 2), "the resigned member is last"
    assert (await rating(table, ana.id, kind)).mu < 25
