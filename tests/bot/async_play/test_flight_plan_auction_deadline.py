"""Flight Plan's bank auction in a slow game: when the turn deadline passes, the members who have not answered get
the game's own answer (a pass) all at once, said in the channel, and the auction closes; nobody's turn is played by
the AI for it and nobody's seat counts a missed deadline. On SimCord's virtual clock."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.games.test_flight_plan_auction import Prepared
from tests.bot.helpers import (
    Table,
    latest_panel,
    make_table,
    open_lobby,
    prompt_of,
    public_events,
    stored_state,
)
from tests.bot.helpers import click_choice as click

HOUR = 3600.0
PASS = "\u201cPass (final for this lot)\u201d"
PASS_FOR_YOU = f"the game answers {PASS} for you"


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"flight-plan": Prepared()})


def said(table: Table, words: str) -> list[Any]:
    return [m for m in table.channel.history() if words in prompt_of(m)]


async def start_with_deadline(table: Table, hours: int) -> None:
    lobby = await open_lobby(table, "flight-plan")
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    await table.players[0].slash(table.channel, "game host deadline", hours=hours)
    await table.players[0].click(lobby, label="Start")


async def test_the_deadline_closes_the_auction_with_a_pass_for_whoever_is_silent(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    ana = table.players[0]
    await start_with_deadline(table, 12)
    await click(table, 2, "deactivate:route:11")  # cleo goes bankrupt: the bank auctions route 11
    await click(table, 1, "bid:5")
    state = await stored_state(table)
    assert state.auction is not None and state.auction.bidder == 1  # type: ignore[attr-defined]

    await simcord_env.advance_time(9.5 * HOUR)  # a quarter of the deadline before its end: ana is warned
    [warning] = said(table, "the deadline ends")
    assert prompt_of(warning).startswith(ana.mention) and PASS_FOR_YOU in prompt_of(warning)
    assert not said(table, "deadline ended")

    await simcord_env.advance_time(3 * HOUR)
    [told] = said(table, "deadline ended")
    assert prompt_of(told) == f"The deadline ended with no answer, so the game answers for ana: {PASS}."
    assert told.flags.suppress_notifications, "it calls on nobody, so it buzzes nobody"
    assert not warning.flags.suppress_notifications, "the warning calls on ana out loud"
    state = await stored_state(table)
    assert state.auction is None and 11 in state.airlines[1].routes  # type: ignore[attr-defined]
    assert "Player 2 wins the route 11 London–Paris for $5M." in await public_events(table, last=20)
    session = await table.bot.store.get_session(1)
    assert not any(s.is_ai for s in session.seats), "an unanswered bid is no missed turn"
    assert not said(table, "deadline ended, so the AI plays"), "the AI played nobody's turn"
    assert prompt_of(latest_panel(table.channel)).startswith(ana.mention), "play goes on with ana's own turn"


async def test_when_nobody_bids_the_deadline_answers_for_both_in_one_message(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_deadline(table, 24)
    await click(table, 2, "deactivate:route:11")
    await simcord_env.advance_time(23 * HOUR)
    assert not said(table, "deadline ended")
    await simcord_env.advance_time(2 * HOUR)
    [told] = said(table, "deadline ended")
    assert f"ana: {PASS}; ben: {PASS}" in prompt_of(told)
    state = await stored_state(table)
    assert state.auction is None and 11 not in state.airlines[1].routes  # type: ignore[attr-defined]
    assert any("goes back to the bank" in t for t in await public_events(table, last=20))


class Offering(Prepared):
    """As Prepared, but nobody is in debt and Ben owns route 11, so Ana may offer to buy it."""

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> Any:
        st = super().new_game(players, seed, options)
        st.debts = []
        st.airlines[2].cash, st.airlines[2].routes, st.airlines[1].routes = 300, [], [11]
        return st


async def test_an_unanswered_offer_is_declined_at_the_deadline_and_the_proposer_plays_on(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    table.bot.parts.games["flight-plan"] = Offering()  # the same mapping the sessions read: before the start
    ana = table.players[0]
    await start_with_deadline(table, 12)
    for choice in ("trade", "with:1", "asset:route:11", "price:45"):
        await click(table, 0, choice)
    state = await stored_state(table)
    assert state.offer is not None  # type: ignore[attr-defined]
    await simcord_env.advance_time(12.5 * HOUR)
    [told] = said(table, "deadline ended")
    assert prompt_of(told) == "The deadline ended with no answer, so the game answers for ben: \u201cDecline\u201d."
    state = await stored_state(table)
    assert state.offer is None and state.airlines[1].routes == [11] and state.turn == 0  # type: ignore[attr-defined]
    assert not said(table, "deadline ended, so the AI plays"), "ana's own turn is hers to finish, on a new clock"
    assert prompt_of(latest_panel(table.channel)).startswith(ana.mention)
