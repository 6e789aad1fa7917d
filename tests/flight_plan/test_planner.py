"""The Normal and Hard AI of Flight Plan (engine/flight_plan/ai_planner.py) on small hand-built positions: it wins
when it can, answers offers and bids by what they do to its race, stays solvent, and never reads the deck."""

from __future__ import annotations

import pytest

from engine.core.ai import levels
from engine.core.ai.hooks import ai_for
from engine.core.checks.conformance import check_blindness
from engine.core.contract import GameState
from engine.core.play import apply, new_game
from engine.core.rng import Rng
from engine.flight_plan import ai_planner
from engine.flight_plan.ai import FlightPlanAI
from engine.flight_plan.ai_planner import NODES, best_turn, plan, turn_lines
from engine.flight_plan.ai_value import LOW_CASH, RIVAL_HORIZON, rivals_value, turns_to_win
from engine.flight_plan.game import GAME
from engine.flight_plan.mechanics import charge
from engine.flight_plan.state import Auction, FPState, Offer
from tests.flight_plan.helpers import give, play_state


def hard(st: FPState, seat: int) -> list[str]:
    return plan(GAME, st, seat, True, Rng.seeded(7))


def two_hub_regions(cash: int = 600) -> FPState:
    """Seat 0 at London with hubs in North America and Europe, the two-region limit lifted, a long-haul fleet."""
    st = play_state(players=2, cash=cash)
    give(st, 0, routes=(63,), fleets=("long",), hubs=("NYC", "LON"))
    st.airlines[0].unrestricted = True
    return st


def test_it_develops_the_hub_that_wins() -> None:
    st = two_hub_regions()
    give(st, 0, routes=(75,))  # London-Dubai: Dubai is a hub city of a third region
    assert hard(st, 0)[0] == "hub:DXB"
    assert levels.plan(GAME, st, 0, levels.NORMAL, Rng.seeded(1))[0] == "hub:DXB", "Normal sees it too"


def test_it_buys_the_route_to_a_third_hub_region_and_keeps_the_cash_for_the_hub() -> None:
    st = two_hub_regions(cash=420)
    line = hard(st, 0)
    assert line[0] == "buy:75", f"London-Dubai opens a hub in a third region: {line}"
    assert "fly:75" not in line or line.index("fly:75") > 0


def test_it_accepts_a_clearly_good_trade() -> None:
    st = two_hub_regions()
    give(st, 1, routes=(75,))
    st.turn = 1
    st.offer = Offer(seller=1, buyer=0, assets=["route:75"], price=140, to=0)  # at its list price
    assert hard(st, 0) == ["accept"]


def test_it_declines_a_ruinous_offer() -> None:
    st = two_hub_regions(cash=420)
    give(st, 1, routes=(3,))  # Seattle-Vancouver: nothing it needs
    st.turn = 1
    st.offer = Offer(seller=1, buyer=0, assets=["route:3"], price=400, to=0)
    answer = hard(st, 0)[0]
    assert answer != "accept"
    assert answer == "decline" or int(answer.partition(":")[2]) <= 40, answer


def test_it_will_not_sell_what_its_rival_needs_to_win() -> None:
    st = play_state(players=2, cash=600)
    give(st, 1, routes=(63,), fleets=("long",), hubs=("NYC", "LON"))
    st.airlines[1].unrestricted = True
    give(st, 0, routes=(75,), fleets=("long",))  # London-Dubai would give seat 1 its third hub region
    st.offer = Offer(seller=0, buyer=1, assets=["route:75"], price=280, to=0)  # twice its list price
    st.turn = 1
    assert hard(st, 0) == ["decline"]


def test_it_sells_what_it_has_no_use_for_at_a_good_price() -> None:
    st = two_hub_regions()
    give(st, 0, routes=(3,))  # Seattle-Vancouver: short haul, no fleet for it, no hub city
    give(st, 1, routes=(13,), fleets=("short",))
    st.turn = 1
    st.offer = Offer(seller=0, buyer=1, assets=["route:3"], price=80, to=0)  # twice its list price
    assert hard(st, 0) == ["accept"]


def auction(st: FPState, lot: str, high: int = 0, bidder: int | None = None) -> FPState:
    st.auction = Auction(lots=[lot], high=high, bidder=bidder)
    return st


def test_it_bids_for_a_lot_that_brings_its_win_nearer() -> None:
    st = auction(two_hub_regions(), "route:75")
    assert hard(st, 0) == ["bid:5"], "the lowest bid first"


def test_it_does_not_bid_beyond_what_keeps_it_solvent() -> None:
    st = auction(two_hub_regions(cash=60), "route:75", high=5, bidder=1)
    bids = [o.id for d in GAME.pending(st) if d.seat == 0 for o in d.options]
    assert "bid:30" in bids, "the bid is on offer"
    assert hard(st, 0) == ["bid:10"], "the lowest bid, leaving $50M"
    assert LOW_CASH < 50
    st.auction = Auction(lots=["route:75"], high=35, bidder=1)
    assert hard(st, 0) == ["pass"], "a bid of $40M would leave it $20M: a fine away from ruin"


def test_it_passes_on_a_lot_it_has_no_use_for() -> None:
    st = auction(two_hub_regions(), "route:3")
    assert hard(st, 0) == ["pass"]


def test_a_debt_is_paid_with_what_costs_its_race_least() -> None:
    st = play_state(players=2, cash=0)
    give(st, 0, routes=(63,), fleets=("long", "ultra"))  # no ultra-long route to fly: that fleet earns nothing
    charge(st, 0, 50, None, "a fine")
    assert hard(st, 0) == ["deactivate:fleet:ultra"]


def test_hard_takes_the_hub_city_its_rival_needs_and_normal_does_not_look() -> None:
    st = play_state(players=2, cash=300)
    give(st, 0, routes=(11,), fleets=("short",), hubs=("LON",))  # London-Paris: a hub in Paris adds no region
    give(st, 1, routes=(44,), fleets=("medium",), hubs=("ATL", "SAO"))  # Paris-Rome: Paris would be its third
    st.airlines[1].unrestricted = True
    assert turns_to_win(st, 1) < 1, "seat 1 would win on its next turn"
    assert best_turn(GAME, st, 0, hard=True)[0] == "hub:PAR"
    assert best_turn(GAME, st, 0, hard=False)[0] != "hub:PAR", "Normal plays its own race only"
    after, _ = apply(GAME, st, 0, "hub:PAR")
    assert isinstance(after, FPState) and turns_to_win(after, 1) > 1


def test_against_several_rivals_only_one_that_might_finish_first_is_worth_holding_up() -> None:
    assert rivals_value(3.0, [5.0]) - rivals_value(3.0, [4.0]) == 1.0, "one rival: every turn it loses counts"
    assert rivals_value(3.0, [RIVAL_HORIZON, 9.0]) - rivals_value(3.0, [RIVAL_HORIZON, 8.0]) < 0.05, "well behind"
    gained = rivals_value(5.0, [RIVAL_HORIZON, 3.0]) - rivals_value(5.0, [RIVAL_HORIZON, 2.0])
    assert 0.8 < gained <= 1.0, "a rival well ahead: about a turn for each turn it loses"
    own = rivals_value(2.0, [3.0, 4.0]) - rivals_value(3.0, [3.0, 4.0])
    held = rivals_value(3.0, [4.0, 4.0]) - rivals_value(3.0, [3.0, 4.0])
    assert own > held > 0, "a turn of its own counts against both rivals, a turn taken from one against that one"


def three_airlines_racing() -> FPState:
    """Seat 0 two turns from winning (buy London-Dubai, then a hub in Dubai); seat 1 three turns away, one of them a
    hub in Paris, where seat 0 could take the hub first; seat 2 far behind."""
    st = play_state(players=3, cash=700)
    give(st, 0, routes=(63, 11), fleets=("long", "short"), hubs=("NYC", "LON"))  # London-Paris: seat 0 may hub Paris
    st.airlines[0].unrestricted = True
    give(st, 1, routes=(44,), fleets=("medium",), hubs=("ATL",))  # Paris-Rome
    st.airlines[1].unrestricted = True
    st.airlines[2].cash = 100
    return st


def test_at_three_players_hard_runs_its_race_instead_of_holding_up_a_rival_behind_it() -> None:
    st = three_airlines_racing()
    mine, rival = turns_to_win(st, 0), turns_to_win(st, 1)
    assert mine < 2 < rival < 3, (mine, rival)
    blocked, _ = apply(GAME, st, 0, "hub:PAR")
    assert isinstance(blocked, FPState) and turns_to_win(blocked, 1) > rival + 1, "a hub in Paris holds seat 1 up"
    line = best_turn(GAME, st, 0, hard=True)
    assert line[0] == "buy:75", f"the route to Dubai leaves it one turn from winning, before seat 1 can: {line}"


def test_at_three_players_hard_still_stops_a_rival_who_would_win_before_it() -> None:
    st = three_airlines_racing()
    st.airlines[1].hubs.append("SAO")  # a hub in Paris now wins seat 1 the game on its next turn
    assert turns_to_win(st, 1) < 1
    assert best_turn(GAME, st, 0, hard=True)[0] == "hub:PAR"


def test_hard_offers_to_buy_the_route_to_its_third_hub_region() -> None:
    st = two_hub_regions()
    give(st, 1, routes=(75,), fleets=("long",))
    line = hard(st, 0)
    assert line[:3] == ["trade", "with:1", "asset:route:75"], line
    assert 0 < int(line[3].partition(":")[2]) <= 210, "at most half again its list price"
    assert levels.plan(GAME, st, 0, levels.NORMAL, Rng.seeded(1))[0] != "trade", "Normal makes no offers"


def test_the_plan_never_depends_on_the_deck() -> None:
    """The same answer for the true deck and for another order of it (the only hidden thing in Flight Plan)."""
    st = new_game(GAME, 3, 5, {})
    rng = Rng.seeded(5)
    seen = 0
    while GAME.pending(st) and seen < 40:
        d = GAME.pending(st)[0]
        shuffled = GAME.redeal_hidden(st, d.seat, Rng.seeded(seen))
        assert isinstance(st, FPState) and isinstance(shuffled, FPState)
        assert shuffled.deck != st.deck or len(st.deck) < 2
        for level in (levels.NORMAL, levels.HARD):
            assert ai_for(GAME).level_plan(st, d.seat, level, Rng.seeded(3)) == ai_for(GAME).level_plan(
                shuffled, d.seat, level, Rng.seeded(3))
        st, _ = apply(GAME, st, d.seat, levels.plan(GAME, st, d.seat, levels.HARD, rng)[0])
        seen += 1
    assert seen == 40


class Peeking(FlightPlanAI):
    """A planner that reads the deck's true order: the conformance check must catch it."""

    def level_plan(self, state: GameState, seat: int, level: str, rng: Rng,
                   seconds: float | None = None) -> list[str] | None:
        assert isinstance(state, FPState)
        return [state.deck[0]]


def test_the_blindness_check_asks_the_planner_too() -> None:
    assert check_blindness(GAME, 2, 1, searches=2) > 0
    with pytest.raises(AssertionError, match="planner for seat"):
        check_blindness(GAME, 2, 1, searches=2, ai=Peeking(GAME))


def test_a_turn_plan_stops_looking_at_its_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    st = new_game(GAME, 2, 8, {})  # seat 0's first move: dozens of lines
    assert isinstance(st, FPState)
    assert len(turn_lines(GAME, st, 0, True, NODES[True])) > 10
    readings = iter(range(0, 10**6, 10))  # every reading of the clock 10 s after the one before
    looked = []
    real = ai_planner.apply_in_place

    def counted(*args: object, **kwargs: object) -> object:
        looked.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ai_planner, "now", lambda: next(readings))
    monkeypatch.setattr(ai_planner, "apply_in_place", counted)
    line = plan(GAME, st, 0, True, Rng.seeded(1), seconds=1.0)
    assert line[0] in {o.id for o in GAME.pending(st)[0].options}
    assert len(looked) <= 1, "past its time the plan takes the best line found so far"


class Timed(FlightPlanAI):
    """Flight Plan's AI whose planner notes the time it was given."""

    given: list[float | None] = []

    def level_plan(self, state: GameState, seat: int, level: str, rng: Rng,
                   seconds: float | None = None) -> list[str] | None:
        self.given.append(seconds)
        return super().level_plan(state, seat, level, rng, seconds)


def test_the_planner_gets_what_is_left_of_the_levels_time() -> None:
    timed = Timed(GAME)
    st = two_hub_regions()
    give(st, 0, routes=(75,))
    levels.plan(GAME, st, 0, levels.HARD, Rng.seeded(1), clock=lambda: 10.0, asked=9.6, ai=timed)
    levels.plan(GAME, st, 0, levels.NORMAL, Rng.seeded(1), clock=lambda: 10.0, asked=9.0, ai=timed)
    assert timed.given == [pytest.approx(0.6), 0.0], "Hard's second less 0.4 s gone; Normal's 0.3 s all gone"



def test_hard_does_not_ask_again_for_what_a_rival_just_refused_to_sell() -> None:
    """A member who declines an AI's offer is not offered the same deal on its next turn: the refusal is kept for
    this round and the next, in the state (so it survives a restart), then forgotten."""
    from engine.core.ai.selfplay import playout
    from engine.flight_plan.ai_planner import propose

    kept: list[GameState] = []
    playout(GAME, 3, 1, on_step=lambda _b, _a, after: kept.append(after))
    st = kept[19]  # seat 0 to act, with a deal Hard would put to seat 1 (found by a seeded scan)
    deal = propose(GAME, st, 0)
    assert deal is not None and deal[1] == "with:1", deal
    asset = deal[2].partition(":")[2]
    for step in deal:
        st, _ = apply(GAME, st, 0, step)
    st, _ = apply(GAME, st, 1, "decline")
    assert isinstance(st, FPState) and len(st.declined) == 1 and st.declined[0].endswith(f":{asset}")
    again = propose(GAME, st, 0)
    assert again is None or not ("with:1" in again and f"asset:{asset}" in again)
    later = st.model_copy(update={"round": st.round + 2})  # two rounds on, it may ask again
    assert propose(GAME, later, 0) == deal


# ---- deals Hard proposes at three players: ones the other airline takes, that help Hard more than it ----------------

def normal_answer(st: FPState, seat: int) -> list[str]:
    return plan(GAME, st, seat, False, Rng.seeded(3))


def proposed(st: FPState, deal: list[str], to: int) -> FPState:
    for step in deal:
        st, _ = apply(GAME, st, 0, step)  # type: ignore[assignment]
    assert isinstance(st, FPState) and st.offer is not None and st.offer.to == to
    return st


def test_hard_sells_what_a_rival_behind_will_pay_for_to_develop_its_winning_hub_now() -> None:
    """Seat 0 needs only a hub in Dubai ($250M) and has $200M. Seat 2, far behind, would pay half again the list price
    and more for its long-haul fleet or its New York-London route, so a sale pays for the hub this turn: the game
    won (blind purchases only, before, left it waiting a turn)."""
    st = play_state(players=3, cash=400)
    give(st, 0, routes=(63, 75), fleets=("long",), hubs=("NYC", "LON"))
    st.airlines[0].unrestricted, st.airlines[0].cash = True, 200
    give(st, 1, routes=(44,), fleets=("medium",), hubs=("ATL",))
    give(st, 2, routes=(13,), fleets=("short",), hubs=("MAD",))
    deal = hard(st, 0)
    assert deal[:2] == ["trade", "with:2"] and deal[2] in ("asset:fleet:long", "asset:route:63"), deal
    st = proposed(st, deal, to=2)
    assert normal_answer(st, 2) == ["accept"], "seat 2 takes the deal as proposed"
    st, _ = apply(GAME, st, 2, "accept")  # type: ignore[assignment]
    assert isinstance(st, FPState) and hard(st, 0)[0] == "hub:DXB"
    st, _ = apply(GAME, st, 0, "hub:DXB")  # type: ignore[assignment]
    assert isinstance(st, FPState) and st.winners == [0]


def test_hard_buys_at_the_lowest_quick_pick_its_owner_takes() -> None:
    """Seat 1 earns $30M a turn from London-Dubai but is far from winning, so cash speeds it more: it sells at three
    quarters of the list price, and Hard offers that, not the half again it offered blind before."""
    st = play_state(players=3, cash=600)
    give(st, 0, routes=(63,), fleets=("long",), hubs=("NYC", "LON"))
    st.airlines[0].unrestricted = True
    give(st, 1, routes=(75, 44), fleets=("medium", "long"), hubs=("ATL",))
    st.airlines[1].cash = 300
    give(st, 2, routes=(11,), fleets=("short",), hubs=("PAR",))
    deal = hard(st, 0)
    assert deal == ["trade", "with:1", "asset:route:75", "price:105"], deal
    assert not ai_planner.accepts(st, 1, 1, 0, ["route:75"], 70), "the quick pick below it is refused"
    st = proposed(st, deal, to=1)
    assert normal_answer(st, 1) == ["accept"]


def leader_one_route_short() -> FPState:
    """Seat 1 has hubs in two regions and would win with a hub in Paris, which seat 0's Paris-Rome route opens to
    it; seat 0, four turns from winning for want of cash, owns that route without a fleet to fly it. Seat 2, far
    behind in South America and Asia-Pacific, may hold none of seat 0's routes."""
    st = play_state(players=3, cash=400)
    give(st, 0, routes=(63, 75, 44), fleets=("long",), hubs=("NYC", "LON"))
    st.airlines[0].unrestricted, st.airlines[0].cash = True, 50
    give(st, 1, routes=(2,), fleets=("medium", "short"), hubs=("ATL", "SAO"))
    st.airlines[1].unrestricted = True
    give(st, 2, routes=(6, 21), fleets=("short",))  # Sao Paulo-Rio, Tokyo-Seoul
    return st


def test_hard_does_not_sell_a_rival_ahead_the_route_it_needs_even_when_the_cash_would_help() -> None:
    st = leader_one_route_short()
    taken = [q for q in (80, 120, 160) if ai_planner.accepts(st, 1, 0, 1, ["route:44"], q)]
    assert taken == [80, 120, 160], "seat 1 would pay up to twice the list price"
    after = ai_planner._bought(st, 0, 1, ["route:44"], 160)
    assert turns_to_win(after, 0) < turns_to_win(st, 0) - 2, "the cash alone would bring seat 0's win nearer"
    assert turns_to_win(after, 1) < 1, "but seat 1 would win on its next turn, before seat 0's"
    assert ai_planner.propose(GAME, st, 0) is None, "no deal: one valuing its own race only would sell (tried)"
    assert hard(st, 0)[0] != "trade"


def test_hard_declines_an_offer_that_helps_the_proposer_more_where_normal_accepts() -> None:
    st = leader_one_route_short()
    st.turn = 1
    st.offer = Offer(seller=0, buyer=1, assets=["route:44"], price=160, to=0)  # twice the list price
    assert hard(st, 0) == ["decline"]
    assert normal_answer(st, 0) == ["accept"], "an airline weighing its own race only takes the cash"
