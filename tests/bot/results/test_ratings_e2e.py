"""Ratings on Discord, on SimCord: a 3-member game of each kind finishes (its members miss one deadline
each and the AI keeps their seats and plays on to the end, at Easy) and writes its result; `/game stats` and
`/game leaderboard` show ratings equal to openskill's Plackett-Luce called directly; an unrated game changes no
rating; a cancelled game is in no table; two seasons give two boards."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from openskill.models import PlackettLuce

from bot.discord import TarmacBot
from bot.discord.ratings_texts import figure
from bot.ratings import scale
from bot.ratings.reference import reference
from bot.store import ResultRow
from engine import registry
from engine.core.ai import levels
from tests.bot.helpers import Table, items, latest_panel, make_table, mentioned_actor, open_lobby, prompt_of, refusal
from tests.support.toy_game import ToyGame

HOUR = 3600.0
DAY = 24 * HOUR
KINDS = [name for name in registry.names()
         if registry.get(name).info.min_players <= 3 <= registry.get(name).info.max_players]
"""Every game three members can play together (these tests seat three)."""
ROUND_TRIP = {"scenario": "business_as_usual"}
"""Planes with its Round Trip expansion: the fifth kind, a game of Planes with a scenario."""
PL = PlackettLuce()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., TarmacBot]) -> TarmacBot:
    return make_bot({"toy": ToyGame(), **{name: registry.get(name) for name in KINDS}})


@pytest.fixture(autouse=True)
def _easy_stand_ins(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI keeping a member's seat plays at Easy (the policy): a whole game of searches takes minutes."""
    def easy(game, state, seat, level, rng, budget=None, stats=None, history=(), asked=None):  # noqa: ANN001, ANN202
        return levels.plan(game, state, seat, levels.EASY, rng)

    monkeypatch.setattr("bot.session.turns.levels", SimpleNamespace(plan=easy, EASY=levels.EASY))


@pytest.fixture
def bot_seed() -> int:
    return 5


def reply_text(result: Any) -> str:
    messages = [m for m in [result.response, *result.followups] if m is not None]
    return "\n".join(str(m.content) for m in messages)


async def lobby_of_three(table: Table, channel: Any, game: str) -> Any:
    result = await table.players[0].slash(channel, "game new", game=game)
    lobby = result.response.message
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    return lobby


async def finish_by_deadlines(table: Table, channel: Any, game: str, options: dict[str, str] | None = None) -> int:
    """A 3-member game whose members each miss one deadline: the AI keeps each seat and ends the game."""
    lobby = await lobby_of_three(table, channel, game)
    for name, value in (options or {}).items():
        await table.players[0].slash(channel, "game host option", name=name, value=value)
    await table.players[0].slash(channel, "game host deadline", hours=12, missed=1)
    await table.players[0].click(lobby, label="Start")
    session = await table.bot.store.session_in_channel(channel.id)
    for _ in range(12):
        if (await table.bot.store.get_session(session.id)).status != "active":
            break
        await table.env.advance_time(13 * HOUR)
    return session.id


async def toy_game(table: Table, *, rated: str | None = None, order: tuple[int, ...] = (0, 1, 2)) -> int:
    """A 3-member toy game in the table's channel, everyone passing until it ends (a three-way tie unless `order`
    plays cards first). Returns its session id."""
    players = [table.players[i] for i in order]
    lobby = await open_lobby(table, "toy")
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    if rated is not None:
        await table.players[0].slash(table.channel, "game host option", name="Rated", value=rated)
    await table.players[0].click(lobby, label="Start")
    session = await table.bot.store.session_in_channel(table.channel.id)
    plays = {p.id: 1 for p in players[:1]}  # the first in `order` plays one card; everyone else passes
    while True:
        panel = latest_panel(table.channel)
        if prompt_of(panel).startswith("Game over"):
            return session.id
        actor = mentioned_actor(table, panel)
        if plays.get(actor.id):
            plays[actor.id] -= 1
            chooser = (await actor.click(panel, label="Show my choices")).response.message  # cards are private
            card = next(c for c in items(chooser) if c.label.startswith("Play"))
            await actor.click(chooser, custom_id=card.custom_id)
        else:
            await actor.click(panel, label="Pass")


def expected(results: list[ResultRow], season: str | None = None) -> dict[int, Any]:
    """Every member's rating after `results` (only those of `season` when given), from openskill directly."""
    ratings: dict[int, Any] = {}
    for result in results:
        if not result.rated or (season and f"{result.finished_at.year}-Q{(result.finished_at.month - 1) // 3 + 1}"
                                != season):
            continue
        seats = sorted(result.seats, key=lambda s: s.seat)
        if result.team:
            day = PL.rating(*reference(result.game, f"game:{len(seats)}"))  # a constant: it never moves
            won = seats[0].place == 1
            [_day, team] = PL.rate([[day], [ratings.get(s.user_id, PL.rating()) for s in seats]],
                                   ranks=[2, 1] if won else [1, 2])
            ratings.update({s.user_id: r for s, r in zip(seats, team, strict=True)})
            continue
        new = PL.rate([[ratings.get(s.user_id, PL.rating())] for s in seats], ranks=[s.place for s in seats])
        ratings.update({s.user_id: r[0] for s, r in zip(seats, new, strict=True)})
    return ratings


def shown(rating: Any) -> str:
    """How a board or /game stats shows a rating: on the 1500 scale, "?" while provisional."""
    return f"**{scale.shown(rating.mu, rating.sigma):,}"


def details(rating: Any) -> str:
    return f"μ {figure(rating.mu)}, σ {figure(rating.sigma)}"


async def test_a_game_of_each_kind_finishes_with_its_result_and_the_ratings_openskill_gives(
        simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:
    simcord_env.settle_timeout = 600.0  # the AI plays whole games in one settle
    # The AI plays nearly every move of these games (that is how they end quickly), so the rule that such a seat moves
    # no rating (test_ratings_integrity.py) would leave nothing to compare: lifted here, to check each kind's figures.
    monkeypatch.setattr("bot.ratings.outcome.AI_SHARE", 1.0)
    table = make_table(simcord_env, ("ana", "ben", "cy"))
    channels = {kind: table.guild.create_text_channel(kind) for kind in KINDS}
    for kind in KINDS:
        sid = await finish_by_deadlines(table, channels[kind], kind)
        assert (await table.bot.store.get_session(sid)).status == "finished", kind
    sid = await finish_by_deadlines(table, table.guild.create_text_channel("round-trip"), "planes", ROUND_TRIP)
    assert (await table.bot.store.get_session(sid)).options["scenario"] == ROUND_TRIP["scenario"]
    results = await table.bot.store.results()
    assert [r.game for r in results] == [*KINDS, "planes"] and results[-1].session_id == sid
    for result in results:
        assert result.rated and {s.user_id for s in result.seats} == {p.id for p in table.players}, result.game
        assert [s.ai_level for s in result.seats] == ["", "", ""], "the seats stay their members' while away"
    ana = table.players[0].id
    for kind in KINDS:
        games = [r for r in results if r.game == kind]  # Planes twice: with and without Round Trip
        want = shown(expected(games)[ana])
        text = reply_text(await table.players[1].slash(table.channel, "game stats", member=table.players[0],
                                                       game=kind))
        counted = "Days played" if registry.get(kind).info.cooperative else "Games"  # a team plays days, with no places
        assert f"{counted}: {len(games)};" in text and want in text, text
        assert f"Details: {details(expected(games)[ana])};" in text
        scores = [next(s.score for s in r.seats if s.user_id == ana) for r in games]
        average = "Your part, on average" if registry.get(kind).info.cooperative else "Average score"
        assert f"{average}: {sum(scores) / len(scores):.1f}" in text
        board = reply_text(await table.players[0].slash(channels[kind], "game leaderboard"))
        assert f"on the board after {5 - len(games)} more rated games" in board and want in board
    day = next(r for r in results if r.team)
    assert day.game == "now-boarding"
    assert await table.bot.store.get_ratings([(0, "now-boarding", "", "game:3")]) == [], \
        "Now Boarding's team played against the game itself, whose rating is a constant"


async def test_boards_unrated_and_cancelled_games_and_two_seasons(simcord_env) -> None:
    table = make_table(simcord_env, ("ana", "ben", "cy"))
    ana, ben, cy = table.players
    store = table.bot.store
    for round_ in range(5):  # season one (2026 Q1 on SimCord's clock): each plays first in turn
        await toy_game(table, order=(round_ % 3, (round_ + 1) % 3, (round_ + 2) % 3))
    first = await store.results()
    assert len(first) == 5 and all(r.rated for r in first)
    want = expected(first)
    board = reply_text(await ben.slash(table.channel, "game leaderboard"))
    for player in table.players:
        assert shown(want[player.id]) in board
    assert "1. " in board and board.count("5 rated games") == 3

    before = await store.get_ratings([(table.guild.id, "toy", "", f"member:{p.id}") for p in table.players])
    await toy_game(table, rated="off")
    assert [r.rated for r in await store.results()][-1] is False, "the unrated game has its result..."
    assert await store.get_ratings([(table.guild.id, "toy", "", f"member:{p.id}") for p in table.players]) == before
    assert reply_text(await ben.slash(table.channel, "game leaderboard")) == board, "...and moves no rating"

    lobby = await open_lobby(table, "toy")
    for player in (ben, cy):
        await player.click(lobby, label="Join")
    await ana.slash(table.channel, "game host option", name="Rated", value="off")  # a rated one would not cancel
    await ana.click(lobby, label="Start")
    cancelled = (await store.session_in_channel(table.channel.id)).id
    asked = await ana.slash(table.channel, "game host cancel")
    await ana.click(asked.response.message, label="Yes, cancel the game")
    assert (await store.get_session(cancelled)).status == "cancelled"
    assert cancelled not in [r.session_id for r in await store.results()], "a cancelled game is in no table"
    for player in table.players:
        steps = await store.rating_steps(table.guild.id, "toy", f"member:{player.id}", last=99)
        assert len(steps) == 5 and cancelled not in [s.session_id for s in steps]

    for _week in range(13):  # into 2026 Q2, a week at a time (the bot wakes every few hours to check its timers)
        await table.env.advance_time(7 * DAY)
    for round_ in range(5):
        await toy_game(table, order=((round_ + 1) % 3, round_ % 3, (round_ + 2) % 3))
    every = await store.results()
    q1 = reply_text(await ana.slash(table.channel, "game leaderboard", season="2026-Q1"))
    q2 = reply_text(await ana.slash(table.channel, "game leaderboard", season="now"))
    all_time = reply_text(await ana.slash(table.channel, "game leaderboard"))
    assert "2026 Q1" in q1 and "2026 Q2" in q2 and "all time" in all_time
    for player in table.players:
        assert shown(expected(every, "2026-Q1")[player.id]) in q1
        assert shown(expected(every, "2026-Q2")[player.id]) in q2, "a season's board counts only its own games"
        assert shown(expected(every)[player.id]) in all_time
    assert q1 != q2
    stats = reply_text(await cy.slash(table.channel, "game stats"))
    assert "Games: 11;" in stats and "Trend over the last 10 rated games" in stats
    offered = await ana.autocomplete(table.channel, "game leaderboard", "season", "")
    assert [c["value"] for c in offered] == ["all", "2026-Q2", "2026-Q1", "2025-Q4", "2025-Q3"]
    assert offered[1]["name"] == "2026 Q2 (now)"
    assert "A season is a calendar quarter" in refusal(await ana.slash(table.channel, "game leaderboard",
                                                                       season="spring"))


async def test_a_game_started_from_a_chosen_seed_is_not_rated(simcord_env) -> None:
    table = make_table(simcord_env, ("ana", "ben"))
    ana, ben = table.players
    assert refusal(await ana.slash(table.channel, "game stats")) == "You have not finished a game on this server yet."
    lobby = await open_lobby(table, "toy")
    await ben.click(lobby, label="Join")
    session = await table.bot.store.session_in_channel(table.channel.id)
    await table.bot.parts.lobby.start(session.id, ana.id, manager=False, seed=5)  # the seed every test here uses
    while not prompt_of(panel := latest_panel(table.channel)).startswith("Game over"):
        await mentioned_actor(table, panel).click(panel, label="Pass")
    assert [r.rated for r in await table.bot.store.results()] == [False]
    assert await table.bot.store.get_ratings([(table.guild.id, "toy", "", f"member:{ana.id}")]) == []
