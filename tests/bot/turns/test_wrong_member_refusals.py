"""A click on a control meant for another member is refused with who may use it: during a Flight Plan offer, the
offering player's click on the other airline's Accept names that airline's member and what the button is for, said
to the clicker alone, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from engine.flight_plan.game import FlightPlan
from engine.flight_plan.state import FPState, Offer
from tests.bot.helpers import (
    items,
    latest_panel,
    make_table,
    messages_after,
    newest_id,
    refusal,
    start_with_all,
    stored_state,
)


class Offering(FlightPlan):
    """Regular play with an offer on the table: Ada (seat 1, on turn) offers to buy Bruno's route 11 for $40M."""

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> FPState:
        st = super().new_game(players, seed, options)
        st.phase, st.step, st.turn, st.dealt = "play", "action", 0, [[] for _ in range(players)]
        for a in st.airlines:
            a.cash, a.city, a.turns_played = 300, "LON", 1
        st.airlines[1].routes = [11]
        st.offer = Offer(seller=1, buyer=0, assets=["route:11"], price=40, to=1)
        return st


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"flight-plan": Offering()})


async def test_the_offering_player_clicking_the_other_airlines_accept_is_told_who_answers(simcord_env):
    table = make_table(simcord_env, ("Ada", "Bruno"))
    ada, bruno = table.players
    await start_with_all(table, "flight-plan")
    before = await stored_state(table)
    panel = latest_panel(table.channel)
    accept = next(i for i in items(panel) if (i.label or "").startswith("Bruno: Accept"))

    mark = newest_id(table.channel)
    result = await ada.click(panel, custom_id=accept.custom_id)
    assert refusal(result) == "Only Bruno can answer this offer."
    assert not messages_after(table.channel, mark), "said to Ada alone"
    assert (await stored_state(table)).version == before.version, "and nothing changed"


async def test_a_click_on_the_turn_players_buttons_by_the_one_answering_names_the_turns_player(simcord_env):
    table = make_table(simcord_env, ("Ada", "Bruno"))
    ada, bruno = table.players
    await start_with_all(table, "flight-plan")
    panel = latest_panel(table.channel)
    turn_button = next(i for i in items(panel) if (i.custom_id or "").startswith("tc:1:0:0:"))
    assert refusal(await bruno.click(panel, custom_id=turn_button.custom_id)) == (
        "It is not your turn: only Ada can use these buttons.")
