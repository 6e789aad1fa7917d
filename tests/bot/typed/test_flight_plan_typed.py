"""Flight Plan's typed amounts on SimCord: a "Type a price…" button opens a form, the typed price goes to the engine,
the other airline counters by its own form, a refusal names its reason and changes nothing; in the bank's auction a
bidder types a bid that is not one of the quick picks. The same by /game play."""

from __future__ import annotations

from typing import Any

import pytest

from engine.flight_plan.game import FlightPlan
from engine.flight_plan.mechanics import charge
from engine.flight_plan.state import FPState
from tests.bot.conftest import validate_all
from tests.bot.helpers import click_choice as click
from tests.bot.helpers import items, latest_panel, make_table, refusal, start_with_all, stored_state


class Trading(FlightPlan):
    """Regular play at Ana's action; Ben owns route 11 London-Paris (list price $45M); everyone has $300M."""

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> FPState:
        st = super().new_game(players, seed, options)
        st.phase, st.step, st.turn, st.dealt = "play", "action", 0, [[] for _ in range(players)]
        for a in st.airlines:
            a.cash, a.city, a.turns_played = 300, "LON", 1
        st.airlines[1].routes = [11]
        return st


class Bankrupting(Trading):
    """As Trading, and Cleo owes $100M with $0 and route 12 to deactivate: her last step is a bankruptcy."""

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> FPState:
        st = super().new_game(players, seed, options)
        st.airlines[1].routes = []
        st.airlines[2].cash, st.airlines[2].routes = 0, [12]
        charge(st, 2, 100, None, "a fine")
        return st


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"flight-plan": Trading(), "flight-plan-auction": Bankrupting()})


def typed_button(panel: Any, seat: int) -> Any:
    return next(i for i in items(panel) if (i.custom_id or "").startswith("tv:") and
                (i.custom_id or "").split(":")[3] == str(seat))


async def type_in(table: Any, seat: int, text: str) -> Any:
    """As `seat`'s member: press the seat's "Type a …" button on the newest panel and send `text` in its form."""
    member = table.players[seat]
    shown = await member.click(latest_panel(table.channel), custom_id=typed_button(latest_panel(table.channel),
                                                                                   seat).custom_id)
    assert shown.modal is not None, refusal(shown)
    return await member.submit_modal(shown, {"value": text})


async def test_a_typed_price_a_typed_counter_and_a_refusal(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "flight-plan")
    for choice in ("trade", "with:1", "asset:route:11"):
        await click(table, 0, choice)
    assert typed_button(latest_panel(table.channel), 0).label == "Type a price…"

    before = await stored_state(table)
    refused = await type_in(table, 0, "137")
    assert "steps of $5M" in refusal(refused) and "$135M or $140M" in refusal(refused)
    assert (await stored_state(table)).version == before.version, "a refused price changes nothing"

    await type_in(table, 0, "$65M")  # not one of the quick picks
    state = await stored_state(table)
    assert state.offer is not None and state.offer.price == 65  # type: ignore[attr-defined]
    # Ben answers on the same panel: his row holds Accept, Decline, two quick counters and his own form.
    ben_row = [i for i in items(latest_panel(table.channel)) if (i.custom_id or "").split(":")[3:4] == ["1"]]
    assert len(ben_row) == 5 and ben_row[-1].label == "ben: Type a counter-price…"
    await type_in(table, 1, "85")
    state = await stored_state(table)
    assert state.offer is not None and state.offer.price == 85 and state.offer.to == 0  # type: ignore[attr-defined]
    await click(table, 0, "accept")
    state = await stored_state(table)
    assert 11 in state.airlines[0].routes and state.airlines[0].cash == 215  # type: ignore[attr-defined]
    validate_all(simcord_env)


async def test_a_typed_trade_by_game_play(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "flight-plan")
    ana = table.players[0]
    await ana.slash(table.channel, "game play", text="trade ben route 11 120")
    state = await stored_state(table)
    assert state.offer is not None and state.offer.price == 120  # type: ignore[attr-defined]
    answer = await table.players[1].slash(table.channel, "game play", text="counter 33")
    assert "steps of $5M" in refusal(answer)


async def test_a_typed_bid_in_the_bank_auction(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo", "dan"))
    await start_with_all(table, "flight-plan-auction")
    await click(table, 2, "deactivate:route:12")
    state = await stored_state(table)
    assert state.auction is not None  # type: ignore[attr-defined]
    panel = latest_panel(table.channel)
    labels = {i.label for i in items(panel) if (i.custom_id or "").startswith("tv:")}
    assert labels == {"Type a bid…", "ben: Type a bid…", "dan: Type a bid…"}, "each bidder has a form of their own"
    await type_in(table, 1, "35")
    state = await stored_state(table)
    assert state.auction is not None and state.auction.high == 35  # type: ignore[attr-defined]
    refused = await type_in(table, 0, "35")
    assert "more than the highest bid of $35M" in refusal(refused)
    await click(table, 3, "pass")
    typed = await table.players[3].slash(table.channel, "game play", text="bid 100")
    assert "pass is final" in refusal(typed), "a typed bid after a pass is told why, not only whose turn it is"
    await type_in(table, 0, "60")
    await click(table, 1, "pass")
    state = await stored_state(table)
    assert 12 in state.airlines[0].routes and state.airlines[0].cash == 240  # type: ignore[attr-defined]
    validate_all(simcord_env)
