"""A Hard Flight Plan airline on SimCord: it bids in the bank's auction and answers a trade offer by itself, as soon
as the decision is its own, through the same panel and store as a member's clicks."""

from __future__ import annotations

from typing import Any

import pytest

from engine.flight_plan.game import FlightPlan
from engine.flight_plan.mechanics import charge
from engine.flight_plan.state import FPState
from tests.bot.conftest import validate_all
from tests.bot.helpers import click_choice, make_table, open_lobby, public_events, stored_state

AI = 1


class Prepared(FlightPlan):
    """Regular play from a hand-built position: Ana (seat 1) to act with New York-London and its long-haul fleet;
    the AI (seat 2) with cash only; Cleo (seat 3) owes $100M with no cash and London-Paris, her only asset, to
    deactivate. Once she does she is bankrupt and London-Paris (two hub cities) goes under the hammer."""

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> FPState:
        st = super().new_game(players, seed, options)
        st.phase, st.step, st.turn, st.dealt = "play", "action", 0, [[] for _ in range(players)]
        for a in st.airlines:
            a.cash, a.city, a.turns_played = 300, "LON", 1
        st.airlines[0].routes, st.airlines[0].fleets = [63], ["long"]
        st.airlines[2].cash = 0
        st.airlines[2].routes = [11]
        charge(st, 2, 100, None, "a fine")
        return st


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"flight-plan": Prepared()})


async def test_a_hard_airline_bids_in_the_auction_and_answers_an_offer(simcord_env):
    table = make_table(simcord_env, ("ana", "cleo"))
    ana, cleo = table.players
    lobby = await open_lobby(table, "flight-plan")
    await ana.click(lobby, label="Add AI")  # seat 2
    await ana.select(lobby, ["2:hard"], custom_id="tla:1")
    await cleo.click(lobby, label="Join")  # seat 3
    await ana.click(lobby, label="Start")
    session = await table.bot.store.get_session(1)
    assert [(s.is_ai, s.level) for s in session.seats] == [(False, ""), (True, "hard"), (False, "")]

    await click_choice(table, 2, "deactivate:route:11")  # Cleo goes bankrupt: the AI bids at once, Ana is asked
    state = await stored_state(table)
    assert isinstance(state, FPState) and state.airlines[2].out
    assert state.auction is not None and state.auction.bidder == AI, "the AI bid for London-Paris by itself"
    high = state.auction.high
    assert 0 < high <= 300 - 30, "a bid that leaves it solvent"
    await click_choice(table, 0, "pass")
    state = await stored_state(table)
    assert isinstance(state, FPState) and state.auction is None and 11 in state.airlines[AI].routes
    assert f"Player 2 wins the route 11 London–Paris for ${high}M." in await public_events(table, last=30)

    # Ana's turn: she offers New York-London, both ends hub cities, to the AI at half its list price.
    for step in ("trade", "with:1", "asset:route:63", "price:70"):
        await click_choice(table, 0, step)
    state = await stored_state(table)
    assert isinstance(state, FPState) and state.offer is None, "the AI answered the offer by itself"
    assert 63 in state.airlines[AI].routes, "and took a good deal"
    assert state.airlines[AI].cash == 300 - high - 70
    log = await public_events(table, last=30)
    assert "Player 2 accepts: Player 2 buys the route 63 New York–London from Player 1 for $70M." in log
    validate_all(simcord_env)
