"""Flight Plan's bank auction on SimCord, by clicks: a member who cannot pay a debt deactivates their last asset,
goes bankrupt, and the two others bid and pass by buttons on the same panel (both are deciding at once)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.flight_plan.game import FlightPlan
from engine.flight_plan.mechanics import charge
from engine.flight_plan.state import FPState
from tests.bot.conftest import validate_all
from tests.bot.helpers import items, latest_panel, make_table, public_events, start_with_all, stored_state


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


async def click(table: Any, seat: int, choice: str) -> None:
    """As `seat`'s member, click the button of `choice` on the newest panel (found through the engine's options)."""
    state = await stored_state(table)
    decision = next(d for d in table.bot.parts.sessions.game("flight-plan").pending(state) if d.seat == seat)
    index = [o.id for o in decision.options].index(choice)
    session = await table.bot.store.get_session(1)
    member = table.by_id(session.seats[seat].user_id)
    panel = latest_panel(table.channel)
    custom = next(i.custom_id for i in items(panel) if (i.custom_id or "").split(":")[3:5] == [str(seat), str(index)])
    await member.click(panel, custom_id=custom)


async def test_bankruptcy_auction_by_buttons(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "flight-plan")
    await click(table, 2, "deactivate:route:11")
    state = await stored_state(table)
    assert state.airlines[2].out and state.auction is not None  # type: ignore[attr-defined]
    panel = latest_panel(table.channel)
    seats = {int((i.custom_id or "").split(":")[3]) for i in items(panel) if (i.custom_id or "").startswith("tc:")}
    assert seats == {0, 1}, "both bidders have their buttons on the one panel"
    await click(table, 1, "bid:5")
    await click(table, 0, "bid:30")
    await click(table, 1, "bid:55")
    await click(table, 0, "pass")
    state = await stored_state(table)
    assert state.auction is None and 11 in state.airlines[1].routes  # type: ignore[attr-defined]
    assert state.airlines[1].cash == 245  # type: ignore[attr-defined]
    log = await public_events(table, last=50)
    assert "Player 2 wins the route 11 London–Paris for $55M." in log
    validate_all(simcord_env)
