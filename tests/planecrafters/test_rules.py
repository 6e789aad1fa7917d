"""One test per rule of the turn, plane values, the end and the awards."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.table import table_for
from engine.planecrafters.game import GAME
from engine.planecrafters.mechanics import plane_value
from tests.planecrafters.helpers import at, build, do, find, finish_turn, give, hand, ids, plane_of, start


@pytest.mark.parametrize(("players", "deals", "deck"), [(2, [3, 4], 70), (3, [3, 4, 5], 91), (4, [3, 4, 4, 5], 112)])
def test_setup_deals_and_player_count_cards(players: int, deals: list[int], deck: int) -> None:
    s = start(players)
    assert [len(h) for h in s.hands] == deals
    assert len(s.depot) == 4 and all(s.depot)
    assert len(s.stack) + sum(deals) + 4 == deck
    assert s.crowns == [5] * players
    assert len(s.pool) == 20 and s.turn == 0


def test_book_example_two_and_two_is_six() -> None:
    cards = [find("Sky Whale", "nose"), find("Sky Whale", "lwing"), find("Red Sparrow", "rwing"),
             find("Red Sparrow", "tail")]
    assert plane_value(cards) == 6


@pytest.mark.parametrize(("n", "value"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15)])
def test_value_table_and_spare(n: int, value: int) -> None:
    cards = list(plane_of("Sky Whale", star=True).values())[:n]
    assert plane_value(cards) == value
    assert plane_value([*cards, find(slot="spare")]) == value + 1


def test_hire_pays_the_bank_once_per_turn() -> None:
    s = start()
    s, _ = do(s, 0, "hire:technician")
    assert s.crowns[0] == 2 and "emp:technician-1" in s.staff[0]
    assert not any(o.startswith("hire:") for o in ids(s))
    with pytest.raises(IllegalAction):
        do(s, 0, "hire:logistician")


def test_cannot_hire_without_the_crowns() -> None:
    s = start()
    assert "hire:bossesboss" not in ids(s)


def test_acquire_two_cards_and_refill_the_depot_at_once() -> None:
    s = start()
    top = s.stack[0]
    first = s.depot[1]
    s, _ = do(s, 0, "acquire", "take:1")
    assert s.depot[1] == top and first in s.hands[0]
    s, _ = do(s, 0, "take:stack")
    # No Acquire ability to use: the turn goes straight on to the Flyer step.
    assert len(s.hands[0]) == 5 and s.step == "flyer"


def test_flyer_two_plays_then_only_spares() -> None:
    s = at(start(), "flyer")
    spare = find(slot="spare")
    hand(s, 0, [find("Cloud Mule", "nose"), find("Cloud Mule", "tail"), find("Cloud Mule", "lwing"), spare])
    nose, tail = find("Cloud Mule", "nose"), find("Cloud Mule", "tail")
    # A hand card and the slot it goes to are one click; a Spare Part fits every slot, so it has one per slot.
    s, _ = do(s, 0, f"play:{nose}:0:nose", f"play:{tail}:0:tail")
    assert ids(s) == ["cleanup", *(f"play:{spare}:0:{slot}" for slot in ("nose", "lwing", "rwing", "tail", "fuselage"))]
    s, _ = do(s, 0, f"play:{spare}:0:lwing")
    assert s.planes[0][0].parts["lwing"] == spare


def test_replacing_a_part_sends_it_to_the_bottom_of_the_stack() -> None:
    s = at(start(), "flyer")
    old, new = find("Cloud Mule", "nose"), find("Red Sparrow", "nose")
    build(s, 0, {"nose": old})
    hand(s, 0, [new])
    s, _ = do(s, 0, f"play:{new}:0:nose")
    assert s.planes[0][0].parts["nose"] == new and s.stack[-1] == old


def test_spare_part_may_be_moved_but_normal_parts_may_not() -> None:
    s = at(start(), "flyer")
    spare, nose = find(slot="spare"), find("Cloud Mule", "nose")
    build(s, 0, {"tail": spare, "nose": nose})
    s, _ = do(s, 0, "moves")
    assert ids(s) == ["move:0:tail", "back"]
    s, _ = do(s, 0, "move:0:tail", "to:0:rwing")
    assert s.planes[0][0].parts == {"nose": nose, "rwing": spare}


def test_one_plane_at_a_time_without_a_factory_manager() -> None:
    s = at(start(), "flyer")
    nose = find("Red Sparrow", "nose")
    build(s, 0, {"nose": find("Cloud Mule", "nose")})
    hand(s, 0, [nose])
    # The only place for a second nose is the one plane's nose slot, replacing the old part.
    assert [o.label for o in GAME.pending(s)[0].options] == [
        "Nothing to sell: clean up and end the turn",
        "Build Red Sparrow nose into plane 1 (replaces Cloud Mule)"]
    s, _ = do(s, 0, f"play:{nose}:0:nose")
    assert len(s.planes[0]) == 1 and s.planes[0][0].parts == {"nose": nose}


def test_only_complete_planes_sell_and_fuselage_is_optional() -> None:
    s = at(start(), "buyer")
    parts = plane_of("Tin Dragonfly")
    build(s, 0, {k: v for k, v in parts.items() if k != "tail"})
    assert ids(s) == ["cleanup"]
    build(s, 0, parts)
    s, _ = do(s, 0, "sell:0")
    assert s.crowns[0] == 15 and s.planes[0][0].parts == {}


def test_hand_limit_five_discards_to_bottom() -> None:
    s = at(start(), "buyer")
    extra = [c for c in s.stack[:3]]
    hand(s, 0, s.hands[0][:3] + extra)
    assert len(s.hands[0]) == 6
    s, _ = do(s, 0, "cleanup")
    assert s.step == "discard"
    victim = s.hands[0][0]
    s, _ = do(s, 0, f"discard:{victim}")
    assert s.stack[-1] == victim and s.turn == 1


def test_emptying_the_stack_finishes_the_round() -> None:
    s = start(3)
    s.stack = s.stack[:1]
    s, _ = do(s, 0, "acquire", "take:stack")
    assert s.ending and not s.over
    s, _ = do(s, 0, "take:0")
    s = finish_turn(s)
    while not s.over:
        s, _ = do(s, s.turn, "acquire")
        while s.step == "acquire":
            s, _ = do(s, s.turn, ids(s)[0])
        s = finish_turn(s)
    assert s.over and s.turns_taken == 3


def test_last_seat_emptying_the_stack_ends_at_once() -> None:
    s = start(2)
    s.turn, s.stack = 1, s.stack[:1]
    s, _ = do(s, 1, "acquire", "take:stack", "take:0")
    s = finish_turn(s)
    assert s.over and GAME.result(s) is not None


def test_industry_and_enterprise_ties_split_rounded_down() -> None:
    s = start(3)
    s.sold = [["a"] * 4, ["b"] * 4, ["c"] * 1]
    s.staff = [["emp:spy"], ["emp:thief"], ["emp:technician-1"]]
    s.over = True
    result = GAME.result(s)
    assert result is not None
    # Industry split 4/4; Enterprise split 4/4 between the two 5-cost employees.
    assert [r.score for r in result.standings] == [5 + 4 + 4, 5 + 4 + 4, 5]
    assert result.winners == [1]


def test_enterprise_counts_printed_cost_not_discount() -> None:
    s = start(2)
    # Seat 0 paid 3 + (9 - 3) = 9 thanks to its Recruiter, but the printed 3 + 9 = 12 beats seat 1's 7 + 4 = 11.
    s.staff = [["emp:recruiter-1", "emp:bossesboss"], ["emp:guard", "emp:agent-1"]]
    s.over = True
    result = GAME.result(s)
    assert result is not None and result.standings[0].score == 5 + 8


def test_distinction_passes_only_to_a_strictly_better_plane() -> None:
    s = at(start(2), "buyer")
    first = plane_of("Sky Whale")
    build(s, 0, first)
    s, _ = do(s, 0, "sell:0")
    assert s.distinction == 0 and s.distinction_value == 10 and s.sold[0] == []
    s = at(s, "buyer")
    s.turn = 1
    build(s, 1, plane_of("Copper Heron"))
    s, _ = do(s, 1, "sell:0")
    assert s.distinction == 0 and len(s.sold[1]) == 4
    s = at(s, "buyer")
    s.turn = 1  # the sale left nothing to sell: the Buyer step cleaned up by itself and the turn passed
    build(s, 1, plane_of("Thunder Barrel", star=True))
    s, _ = do(s, 1, "sell:0")
    assert s.distinction == 1 and s.distinction_value == 15
    assert sorted(s.sold[0]) == sorted(first.values())


def test_tied_winners_go_to_the_later_seat() -> None:
    s = start(3)
    s.crowns = [9, 9, 3]
    s.over = True
    result = GAME.result(s)
    assert result is not None and result.winners == [1]


def test_illegal_choice_is_refused_with_a_sentence() -> None:
    s = start()
    with pytest.raises(IllegalAction, match="not one of your choices"):
        do(s, 0, "take:0")


def test_a_sale_shows_what_it_earns_and_its_parts_under_the_button() -> None:
    s = at(start(3), "buyer")
    build(s, 0, plane_of("Thunder Barrel", star=True))
    give(s, 1, "bossesboss")
    sale = GAME.pending(s)[0].options[0]
    # 15 crowns printed, minus the first 2 taken by another player's Boss's Boss: the seller keeps 13.
    assert sale.label == "Sell plane 1: 13 crowns"
    assert sale.detail == "5 Thunder Barrel"
    assert "buyer" in table_for(GAME).explained_kinds  # so the bot prints the parts under the button


def test_a_table_that_discards_what_it_draws_keeps_the_stack_as_it_was() -> None:
    # Why the book's game can last for ever: two draws from the stack, two discards under it, every turn.
    s = start(2)
    for seat in (0, 1):
        hand(s, seat, s.stack[:5])
    before = len(s.stack)
    for _ in range(3):
        for seat in (0, 1):
            s, _ = do(s, seat, "acquire", "take:stack", "take:stack")
            s = finish_turn(s)
            assert len(s.stack) == before and not s.ending
    assert not s.over and s.turns_taken == 6


def test_no_round_limit_by_default() -> None:
    # The book ends a game only when the stack runs out; the 40-round cap is a lobby option now.
    s = at(start(2), "buyer")
    s.turn, s.turns_taken = 1, 40 * 2 - 1
    s, _ = do(s, 1, "cleanup")
    assert not s.over and s.turn == 0 and s.turns_taken == 80


def test_the_round_limit_option_ends_the_game_after_round_40() -> None:
    s = at(start(2, round_limit="on"), "buyer")
    s.turn, s.turns_taken = 0, 40 * 2 - 2
    s, _ = do(s, 0, "cleanup")
    assert not s.over
    s = at(s, "buyer")
    s, texts = do(s, 1, "cleanup")
    assert s.over and GAME.result(s) is not None
    assert texts == ["Round 40 is complete: the lobby's round limit ends the game here."]


def test_the_round_limit_is_a_lobby_option_off_by_default() -> None:
    assert GAME.check_options(2, {}) == {"objectives": "off", "round_limit": "off"}
    assert GAME.check_options(2, {"round_limit": "on"})["round_limit"] == "on"
