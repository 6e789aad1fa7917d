"""A Swiss league on SimCord: seven members sign up on the panel, tables of three with AI fill-ins, three rounds of
Planecrafters, a restart in the middle of round 2 and one member dropping out then. The final standings the bot
posts equal the ones this test computes by hand from the games' own results.

The members' moves are made through the session side's choose (as a click does, without drawing every click's
panel), with the game's seeded playout policy: nine whole games by clicks would take many minutes."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import discord
import pytest
from simcord import Env

from bot.discord import TarmacBot
from engine import registry
from engine.core.ai import levels
from tests.bot.helpers import Policy, make_table, refusal, texts

GAMES = {"planecrafters": registry.get("planecrafters")}
NAMES = ("ana", "bo", "cy", "di", "ed", "flo", "gus")


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot(GAMES)


@pytest.fixture(autouse=True)
def _quick_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    # The AI fill-ins play the game's policy (Easy): the test is about the league, not the search.
    monkeypatch.setattr("bot.session.leagues.levels.default_for", lambda _game: levels.EASY)


async def play_out(bot: TarmacBot, session_id: int, policy: Policy) -> None:
    """The members of the game choose by the policy until it ends."""
    for _ in range(5000):
        session = await bot.store.get_session(session_id)
        assert session is not None
        if session.status != "active":
            return
        state = await bot.parts.sessions.state(session)
        engine = bot.parts.sessions.game(session.game)
        mine = [d for d in engine.pending(state) if not session.seats[d.seat].is_ai]
        if not mine:
            await bot.parts.turns.run_ai(session_id)
            continue
        decision = mine[0]
        await bot.parts.turns.choose(session_id, session.seats[decision.seat].user_id or 0, version=state.version,
                                     seat=decision.seat, index=policy.choose(state, decision))
    raise AssertionError(f"session {session_id} did not end")


async def round_games(bot: TarmacBot, league_id: int, round_no: int) -> list[Any]:
    return [g for g in await bot.store.league_games(league_id) if g.round == round_no]


def by_hand(results: list[list[tuple[int | None, int, int, bool]]]) -> dict[int, tuple[Fraction, int]]:
    """Points and total score per member from each game's (member, place, score, left) seats: places as the game
    gave them, those who left last; 3 for first, 1 for second, tied places sharing their points."""
    table: dict[int, tuple[Fraction, int]] = {}
    for seats in results:
        ranks = [(1, 0) if left else (0, place) for _m, place, _s, left in seats]
        for (member, _place, score, _left), rank in zip(seats, ranks, strict=True):
            ahead = sum(1 for r in ranks if r < rank)
            tied = ranks.count(rank)
            share = Fraction(sum((3, 1, 0, 0, 0)[ahead:ahead + tied]), tied)
            if member is not None:
                old = table.get(member, (Fraction(0), 0))
                table[member] = (old[0] + share, old[1] + score)
    return table


async def test_a_swiss_league_of_seven_runs_itself_through_a_restart_and_a_drop(
        simcord_env: Env, make_bot: Any) -> None:
    simcord_env.settle_timeout = 120.0  # a round opens three games, and each final message draws its replay
    table = make_table(simcord_env, NAMES)
    members = table.players
    mods = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    boss = table.guild.add_member(simcord_env.create_user("boss"), roles=[mods])
    assert "manage the server" in refusal(await members[0].slash(table.channel, "league new", game="planecrafters",
                                                                  name="Winter"))
    made = await boss.slash(table.channel, "league new", game="planecrafters", name="Winter", format="swiss",
                            table=3, rounds=3, deadline=24, fill="ai")
    panel = made.response.message
    for member in members:
        await member.click(panel, label="Join the league")
    assert "already signed up" in refusal(await members[0].click(panel, label="Join the league"))
    [league] = await table.bot.store.leagues_of(table.guild.id)
    await boss.slash(table.channel, "league start")
    policy = Policy(GAMES["planecrafters"], 7)

    first = await round_games(table.bot, league.id, 1)
    assert sorted(len(g.members) for g in first) == [2, 2, 3] and sorted(g.ai_seats for g in first) == [0, 1, 1]
    assert len(table.channel.threads) == 3
    for game in first:
        await play_out(table.bot, game.session_id, policy)
    await simcord_env.advance_time(61)
    assert any("standings after round 1" in " ".join(texts(m)) for m in table.channel.history())

    second = await round_games(table.bot, league.id, 2)
    assert len(second) == 3 and all(g.session_id for g in second)
    await play_out(table.bot, second[0].session_id, policy)
    await simcord_env.restart_bot(make_bot(GAMES))
    quitter = table.by_id(second[1].members[0])
    dropped = await quitter.slash(table.channel, "league drop")
    assert "You left Winter" in dropped.response.content
    for game in second[1:]:
        await play_out(table.bot, game.session_id, policy)
    await simcord_env.advance_time(61)

    third = await round_games(table.bot, league.id, 3)
    assert all(quitter.id not in g.members for g in third), "a member who dropped plays no further rounds"
    assert sorted(len(g.members) for g in third) == [3, 3]
    for game in third:
        await play_out(table.bot, game.session_id, policy)
    await simcord_env.advance_time(61)

    done = await table.bot.store.league_get(league.id)
    assert done is not None and done.status == "finished"
    # By hand: each game's seats from its session and its final state.
    results = []
    for game in await table.bot.store.league_games(league.id):
        session = await table.bot.store.get_session(game.session_id)
        state = await table.bot.parts.sessions.state(session)
        outcome = GAMES["planecrafters"].result(state)
        scores = {s.seat: s.score for s in outcome.standings}
        seats = []
        for seat in session.seats:
            member = seat.user_id if seat.user_id is not None else seat.resigned_by
            left = seat.resigned_by is not None
            winners = set(outcome.winners)
            # The winners first, then the others by score (equal scores share a place).
            place = 1 if seat.seat in winners else 1 + len(winners) + sum(
                1 for other in scores if other not in winners and scores[other] > scores[seat.seat])
            seats.append((member, place, scores[seat.seat], left))
        results.append(seats)
    expected = by_hand(results)
    ranked = sorted(expected, key=lambda m: (-expected[m][0], -expected[m][1]))
    posted = [m for m in table.channel.history() if "final standings after 3 rounds" in " ".join(texts(m))]
    assert posted, "the final standings are posted"
    words = " ".join(texts(posted[-1]))
    assert [a.filename for a in posted[-1].attachments] == ["standings.png"], "the standings as a picture too"
    lines = await table.bot.parts.leagues.standings(done)
    assert [(ln.member, ln.points, ln.score) for ln in lines] == [(m, *expected[m]) for m in ranked]
    for place, member in enumerate(ranked, 1):
        assert f"{place}. <@{member}>" in words
    assert any(f"<@{ranked[0]}> wins Winter" in (m.content or "") for m in table.channel.history())
    assert next(ln for ln in lines if ln.member == quitter.id).dropped
