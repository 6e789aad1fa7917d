"""Trades between airlines at any price the two agree on: quick picks or a typed price, counter-offers in turn (as
many as the two like, as the book has it; a limit only as the table's house rule, and an AI airline's own limit),
several assets in one deal, deactivated assets and hubs."""

from __future__ import annotations

import json

import pytest

from engine.core.ai.hooks import ai_for
from engine.core.contract import TIMEOUT, IllegalAction, offer_of
from engine.core.play import dump_state, load_state
from engine.core.rng import Rng
from engine.core.table import table_for
from engine.flight_plan import ai_planner
from engine.flight_plan.game import GAME
from engine.flight_plan.state import FPState
from engine.flight_plan.trade import AI_OFFERS, OFFER_LIMIT
from tests.flight_plan.helpers import QUIET, give, ids, play, play_state, stack, texts


def trade_to(st: FPState, partner: int, asset: str, price: int) -> FPState:
    st, _ = play(st, 0, "trade", f"with:{partner}", f"asset:{asset}", f"price:{price}")
    return st


def refusal(st: FPState, seat: int, *choices: str) -> str:
    with pytest.raises(IllegalAction) as exc:
        play(st, seat, *choices)
    return exc.value.sentence


def test_trade_offer_accepted() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 45)
    decisions = {d.seat: d for d in GAME.pending(st)}
    assert decisions[1].kind == "offer" and set(decisions) == {0, 1}
    assert {"accept", "decline"} <= {o.id for o in decisions[1].options}
    st, events = play(st, 1, "accept")
    assert 11 in st.airlines[0].routes and 11 not in st.airlines[1].routes
    assert st.airlines[0].cash == 455 and st.airlines[1].cash == 545
    assert st.turn == 0 and st.step == "action", "a trade is not the turn's action"
    assert st.tally["trades"] == 1


def test_trade_offer_to_sell_declined() -> None:
    st = play_state()
    give(st, 0, fleets=("long",))
    st = trade_to(st, 2, "fleet:long", 225)
    st, events = play(st, 2, "decline")
    assert st.airlines[0].fleets == ["long"] and st.offer is None
    assert "declines" in texts(events)


def test_trade_offer_expires_at_the_end_of_the_turn() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 45)
    stack(st, QUIET)
    st, events = play(st, 0, "pass")
    assert st.offer is None and "expires" in texts(events)
    with pytest.raises(IllegalAction):
        play(st, 1, "accept")


def test_the_price_step_lists_quick_picks_and_takes_a_typed_price() -> None:
    st = play_state()
    give(st, 1, routes=(11,))  # London-Paris, list price $45M
    st, _ = play(st, 0, "trade", "with:1", "asset:route:11")
    decision = GAME.pending(st)[0]
    assert {i for i in ids(st, 0) if i.startswith("price:")} == {
        "price:25", "price:35", "price:45", "price:60", "price:70", "price:90"}
    assert decision.typed is not None and decision.typed.prefix == "price:"
    assert decision.typed.label == "Type a price…" and "$500M" in decision.typed.hint
    st, events = play(st, 0, "price:135")
    assert st.offer is not None and st.offer.price == 135 and "for $135M" in texts(events)
    st, _ = play(st, 1, "accept")
    assert st.airlines[0].cash == 365 and st.airlines[1].cash == 635


def test_a_price_of_nothing_is_a_price_too() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 0)
    st, _ = play(st, 1, "accept")
    assert 11 in st.airlines[0].routes and st.airlines[0].cash == 500


def test_a_typed_price_is_refused_with_its_real_reason() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st, _ = play(st, 0, "trade", "with:1", "asset:route:11")
    assert "steps of $5M" in refusal(st, 0, "price:137") and "$135M or $140M" in refusal(st, 0, "price:137")
    assert "only $500M" in refusal(st, 0, "price:505")
    assert "whole number" in refusal(st, 0, "price:a lot")
    st, _ = play(st, 0, "price:$140M")
    assert st.offer is not None and st.offer.price == 140, "the usual ways of writing an amount are read"


def test_a_seller_may_not_ask_more_than_the_buyer_has() -> None:
    st = play_state()
    give(st, 0, fleets=("long",))
    st.airlines[2].cash = 120
    st, _ = play(st, 0, "trade", "with:2", "asset:fleet:long")
    assert max(int(i[6:]) for i in ids(st, 0) if i.startswith("price:")) <= 120
    assert "Player 3 has only $120M" in refusal(st, 0, "price:150")


def test_counter_offers_go_back_and_forth_until_accepted() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 45)
    answer = next(d for d in GAME.pending(st) if d.seat == 1)
    assert answer.typed is not None and answer.typed.prefix == "counter:"
    assert {i for i in ids(st, 1) if i.startswith("counter:")} == {"counter:60", "counter:70"}, "above the offer"
    st, events = play(st, 1, "counter:85")
    assert "counters: $85M" in texts(events)
    # The current player answers the counter before the turn goes on: it is their only open decision.
    decisions = GAME.pending(st)
    assert [(d.seat, d.kind) for d in decisions] == [(0, "offer")]
    assert "Accept, decline, or counter" in decisions[0].prompt
    assert {i for i in ids(st, 0) if i.startswith("counter:")} == {"counter:60", "counter:70"}, "below the ask"
    assert "counter-offer" in refusal(st, 0, "pass") or "Answer" in refusal(st, 0, "pass")
    st, _ = play(st, 0, "counter:65")
    st, events = play(st, 1, "accept")
    assert 11 in st.airlines[0].routes and st.airlines[0].cash == 435 and st.airlines[1].cash == 565
    assert st.turn == 0 and st.step == "action" and [d.seat for d in GAME.pending(st)] == [0]


def haggle(st: FPState, seat: int, times: int) -> tuple[FPState, int]:
    """`times` counter-offers in turn from `seat`, alternating prices so each changes the one on the table; the
    state and the seat to answer next."""
    for i in range(times):
        st, _ = play(st, seat, f"counter:{50 + 5 * (i % 2)}")
        seat = 1 - seat
    return st, seat


def test_the_book_sets_no_limit_on_offers_and_counters() -> None:
    """The seventh offer of a turn, and the twentieth, stand, and a new offer can follow a declined one."""
    st = play_state()
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 45)
    st, seat = haggle(st, 1, 19)  # 20 offers and counters in all
    answer = next(d for d in GAME.pending(st) if d.seat == seat)
    assert any(o.id.startswith("counter:") for o in answer.options) and answer.typed is not None
    assert "more offer" not in answer.prompt and "house rule" not in answer.prompt
    st, _ = play(st, seat, "decline")
    assert "trade" in ids(st, 0)
    st = trade_to(st, 1, "route:11", 60)
    assert st.offer is not None and st.offers_made == 21


def test_a_limit_is_the_tables_house_rule() -> None:
    st = play_state()
    st.options[OFFER_LIMIT] = "6"
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 45)
    assert "5 more offers this turn, by the table's house rule" in next(
        d for d in GAME.pending(st) if d.seat == 1).prompt
    st, seat = haggle(st, 1, 5)
    answer = next(d for d in GAME.pending(st) if d.seat == seat)
    assert {o.id for o in answer.options} == {"accept", "decline"} and answer.typed is None
    assert "no more counter-offers" in answer.prompt and "house rule" in answer.prompt
    assert "house rule allows 6 offers" in refusal(st, seat, "counter:100")
    st, _ = play(st, seat, "decline")
    assert "trade" not in ids(st, 0) and "house rule allows" in refusal(st, 0, "trade")


def test_the_limit_is_a_lobby_option_off_by_default() -> None:
    spec = next(s for s in GAME.option_specs if s.key == OFFER_LIMIT)
    assert spec.default == "off" and "house rule" in spec.label.lower() and "house rule" in spec.help.lower()
    assert GAME.check_options(3, {})[OFFER_LIMIT] == "off"
    assert GAME.check_options(3, {OFFER_LIMIT: "10"})[OFFER_LIMIT] == "10"


def test_an_ai_airline_makes_no_offer_or_counter_past_its_own_limit() -> None:
    """Every level (the policy of Easy and of the search's rollouts, the planners of Normal and Hard) answers with
    accept or decline once AI_OFFERS have been made in the turn, and opens no new trade: AI tables still end."""
    st = play_state()
    give(st, 1, routes=(11,))
    give(st, 0, routes=(12, 13, 14))  # short routes around Western Europe: the policy wants to buy 11 for a sweep
    st = trade_to(st, 1, "route:11", 5)
    st, seat = haggle(st, 1, AI_OFFERS - 1)
    decision = next(d for d in GAME.pending(st) if d.seat == seat)
    assert any(o.id.startswith("counter:") for o in decision.options), "a member could still counter"
    for level in range(20):
        rng = Rng.seeded(level)
        assert ai_for(GAME).playout_plan(st, offer_of(decision), rng)[0] in ("accept", "decline")
        for hard in (False, True):
            assert ai_planner.plan(GAME, st, seat, hard, Rng.seeded(level))[0] in ("accept", "decline")
    st, _ = play(st, seat, "decline")
    turn_decision = GAME.pending(st)[0]
    assert "trade" in {o.id for o in turn_decision.options}, "a member could still offer"
    for level in range(20):
        assert "trade" not in ai_for(GAME).playout_plan(st, offer_of(turn_decision), Rng.seeded(level))
        for hard in (False, True):
            assert "trade" not in ai_planner.plan(GAME, st, 0, hard, Rng.seeded(level))


def test_ai_airlines_haggling_together_finish_the_turn() -> None:
    """Two airlines of the playout policy that never meet: the seller holds out for half again the list price, the
    buyer pays the list price at most, so each counters the other's price for ever. Their own limit ends it."""
    st = play_state(players=2)
    give(st, 1, routes=(11,))  # $45M
    give(st, 0, fleets=("short",))
    st = trade_to(st, 1, "route:11", 45)
    rng = Rng.seeded(3)
    answers = []
    for _ in range(200):
        if st.offer is None:
            break
        decision = next(d for d in GAME.pending(st) if d.seat == st.offer.to)
        answers.append(ai_for(GAME).playout_plan(st, offer_of(decision), rng)[0])
        st, _ = play(st, decision.seat, answers[-1])
    assert answers == ["counter:70", "counter:45"] * 2 + ["counter:70", "decline"]
    assert st.offer is None and st.offers_made == AI_OFFERS


def test_a_counter_must_change_the_price_and_fit_the_buyers_cash() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 45)
    assert "price on the table" in refusal(st, 1, "counter:45")
    assert "Player 1 has only $500M" in refusal(st, 1, "counter:600")
    assert "steps of $5M" in refusal(st, 1, "counter:61")


def test_an_unanswered_counter_to_the_current_player_is_declined_by_the_clock() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 45)
    st, _ = play(st, 1, "counter:90")
    assert table_for(GAME).timeout(st, 0) == "decline"
    st, _ = play(st, 0, TIMEOUT)
    assert st.offer is None and st.step == "action" and st.turn == 0


def test_several_assets_in_one_deal_for_one_price() -> None:
    st = play_state()
    give(st, 1, routes=(11, 43), fleets=("short", "medium"))
    st, _ = play(st, 0, "trade", "with:1", "asset:route:11")
    assert "more" in ids(st, 0)
    st, _ = play(st, 0, "more")
    assert "asset:route:43" in ids(st, 0) and "asset:route:11" not in ids(st, 0)
    st, _ = play(st, 0, "asset:route:43", "more", "asset:fleet:short")
    prompt = GAME.pending(st)[0].prompt
    assert "list price $180M" in prompt and "route 11" in prompt and "short-haul fleet" in prompt
    st, events = play(st, 0, "price:150")
    assert "route 43" in texts(events)
    st, events = play(st, 1, "accept")
    a, b = st.airlines[0], st.airlines[1]
    assert sorted(a.routes) == [11, 43] and a.fleets == ["short"] and a.cash == 350
    assert b.routes == [] and b.fleets == ["medium"] and b.cash == 650


def test_a_deal_is_one_way_all_assets_from_one_seller() -> None:
    st = play_state()
    give(st, 0, routes=(12,))
    give(st, 1, routes=(11, 13))
    st, _ = play(st, 0, "trade", "with:1", "asset:route:11", "more")
    assert "asset:route:13" in ids(st, 0)
    assert "asset:route:12" not in ids(st, 0), "your own route cannot join a deal buying theirs"


def test_a_deactivated_asset_changes_hands_with_its_countdown() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st.airlines[1].off["route:11"] = st.airlines[1].turns_played + 3  # back at the start of its third turn from now
    st, _ = play(st, 0, "trade", "with:1")
    assert "asset:route:11" in ids(st, 0)
    st, _ = play(st, 0, "asset:route:11", "price:20")
    st, _ = play(st, 1, "accept")
    a = st.airlines[0]
    assert a.off["route:11"] == a.turns_played + 3 and "route:11" not in st.airlines[1].off


def test_a_hub_may_go_to_an_airline_without_a_route_there() -> None:
    st = play_state()
    give(st, 0, routes=(11,))  # Europe only
    give(st, 1, routes=(12,), hubs=("FRA",))
    st, _ = play(st, 0, "trade", "with:1")
    assert "asset:hub:FRA" in ids(st, 0)
    st, _ = play(st, 0, "asset:hub:FRA", "price:250")
    st, _ = play(st, 1, "accept")
    assert st.airlines[0].hubs == ["FRA"]


def test_the_two_region_limit_covers_traded_routes_and_hubs() -> None:
    st = play_state()
    give(st, 0, routes=(63,))  # North America and Europe
    give(st, 1, routes=(17,), hubs=("JNB",), fleets=("cargo",))  # Africa
    st, _ = play(st, 0, "trade", "with:1")
    assert "asset:fleet:cargo" in ids(st, 0)
    assert "asset:hub:JNB" not in ids(st, 0) and "asset:route:17" not in ids(st, 0)
    assert "two regions" in refusal(st, 0, "asset:hub:JNB")


def test_a_deal_that_no_longer_works_can_only_be_declined() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 300)
    st.airlines[0].cash = 100
    assert ids(st, 1) == {"decline"}
    assert "only $100M" in refusal(st, 1, "accept")


def test_an_offer_saved_by_the_older_engine_still_loads() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 45)
    data = json.loads(dump_state(st))
    offer = data["offer"]
    data["offer"] = {"seller": offer["seller"], "buyer": offer["buyer"], "asset": "route:11", "price": 45,
                     "to": offer["to"]}
    del data["tally"]
    old = load_state(GAME, json.dumps(data))
    assert isinstance(old, FPState) and old.offer is not None and old.offer.assets == ["route:11"]
    st, _ = play(old, 1, "accept")
    assert 11 in st.airlines[0].routes
