"""Flight Plan's bank auction on SimCord, by clicks: a member who cannot pay a debt deactivates their last asset,
goes bankrupt, and the two others bid and pass by buttons on the same panel (both are deciding at once)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.flight_plan.game import FlightPlan
from engine.flight_plan.mechanics import charge
from engine.flight_plan.state import FPState
from tests.bot.conftest import validate_all
from tests.bot.helpers import click_choice, items, latest_panel, make_table, public_events, start_with_all, stored_state


class Prepared(FlightPlan):
    """Flight Plan starting from a hand-built position: regular play, Cleo (seat 3) owes $100M with $0 and a single
    route to deactivate; Ana and Ben have cash to bid."""

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> FPState:
        st = super().new_game(players, seed, options)
        st.phase, st.step, st.turn, st.dealt = "play", "action", 0, [[] for _ in range(players)]
        for a in st.airlines:
            a.cash, a.city, a.turns_played = 300, "LON", 1
        st.airlines[2].cash = 0
        st.airlines[2].routes = [11]
        charge(st, 2, 100, None, "a fine")
        return st


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"flight-plan": Prepared()})


async def test_bankruptcy_auction_by_buttons(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "flight-plan")
    await click_choice(table, 2, "deactivate:route:11")
    state = await stored_state(table)
    assert state.airlines[2].out and state.auction is not None  # type: ignore[attr-defined]
    panel = latest_panel(table.channel)
    seats = {int((i.custom_id or "").split(":")[3]) for i in items(panel) if (i.custom_id or "").startswith("tc:")}
    assert seats == {0, 1}, "both bidders have their buttons on the one panel"
    await click_choice(table, 1, "bid:5")
    await click_choice(table, 0, "bid:30")
    await click_choice(table, 1, "bid:55")
    await click_choice(table, 0, "pass")
    state = await stored_state(table)
    assert state.auction is None and 11 in state.airlines[1].routes  # type: ignore[attr-defined]
    assert state.airlines[1].cash == 245  # type: ignore[attr-defined]
    log = await public_events(table, last=50)
    assert "Player 2 wins the route 11 London–Paris for $55M." in log
    validate_all(simcord_env)
