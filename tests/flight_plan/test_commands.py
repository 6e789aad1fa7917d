"""Typed commands and the rules pages."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.rules_pages import rules
from engine.core.typed import commands_for
from engine.flight_plan.game import GAME
from tests.flight_plan.helpers import give, play, play_state

TYPED = commands_for(GAME)
"""The game's typed moves."""


def test_buy_by_number_then_stay() -> None:
    st = play_state()
    assert TYPED.parse_command(st, 0, "buy 11; stay").ids == ["buy:11", "stay"]


def test_fly_fleet_hub_and_pass() -> None:
    st = play_state()
    give(st, 0, routes=(11,), fleets=("short",))
    assert TYPED.parse_command(st, 0, "fly 11; end").ids == ["fly:11", "end"]
    assert TYPED.parse_command(st, 0, "fleet long").ids == ["fleet:long"]
    assert TYPED.parse_command(st, 0, "hub london").ids == ["hub:LON"]
    assert TYPED.parse_command(st, 0, "pass").ids == ["pass"]


def test_deactivate_opens_the_menu_itself() -> None:
    st = play_state()
    give(st, 0, routes=(11,))
    assert TYPED.parse_command(st, 0, "deactivate route 11").ids == ["cash", "deactivate:route:11"]


def test_trade_in_one_line_and_the_answer() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    ids = TYPED.parse_command(st, 0, "trade 2 route 11 45").ids
    assert ids == ["trade", "with:1", "asset:route:11", "price:45"]
    st, _ = play(st, 0, *ids)
    assert TYPED.parse_command(st, 1, "accept").ids == ["accept"]


def test_a_typed_trade_names_any_price_and_several_assets() -> None:
    st = play_state()
    give(st, 1, routes=(11, 43), fleets=("short",))
    assert TYPED.parse_command(st, 0, "trade 2 route 11 135").ids == ["trade", "with:1", "asset:route:11", "price:135"]
    assert TYPED.parse_command(st, 0, "trade with Player 2 route 11 135").ids[:2] == ["trade", "with:1"]
    ids = TYPED.parse_command(st, 0, "trade 2 route 11 route 43 fleet short 185").ids
    assert ids == ["trade", "with:1", "asset:route:11", "more", "asset:route:43", "more", "asset:fleet:short",
                   "price:185"]
    with pytest.raises(IllegalAction, match="steps of \\$5M"):
        TYPED.parse_command(st, 0, "trade 2 route 11 137")


def test_typed_counters_back_and_forth() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st, _ = play(st, 0, *TYPED.parse_command(st, 0, "trade 2 route 11 45").ids)
    assert TYPED.parse_command(st, 1, "counter 95").ids == ["counter:95"]
    st, _ = play(st, 1, "counter:95")
    assert TYPED.parse_command(st, 0, "counter 80").ids == ["counter:80"]
    assert "counter 90" in TYPED.command_suggestions(st, 0, "counter")


def test_a_typed_step_refused_gets_the_engines_reason() -> None:
    st = play_state()
    give(st, 0, routes=(63,))
    with pytest.raises(IllegalAction, match="third region"):
        TYPED.parse_command(st, 0, "buy 80")


def test_refusals_are_sentences() -> None:
    st = play_state()
    with pytest.raises(IllegalAction, match="not possible now"):
        TYPED.parse_command(st, 0, "buy 1")
    with pytest.raises(IllegalAction, match="not a Flight Plan command"):
        TYPED.parse_command(st, 0, "loop the loop")
    with pytest.raises(IllegalAction, match="not a city"):
        TYPED.parse_command(st, 0, "hub atlantis")
    with pytest.raises(IllegalAction, match="nothing to choose"):
        TYPED.parse_command(st, 1, "pass")


def test_suggestions_are_legal_now() -> None:
    st = play_state()
    suggestions = TYPED.command_suggestions(st, 0, "buy")
    assert "buy 11" in suggestions and all(s.startswith("buy ") for s in suggestions)
    for s in suggestions:
        TYPED.parse_command(st, 0, s)


def test_rules_pages() -> None:
    pages = rules(GAME)
    assert list(pages)[0] == "overview"
    assert {"first move", "turn", "two regions", "cash", "trades", "auctions", "winning", "commands"} <= set(pages)
    assert all(text for text in pages.values())


@pytest.mark.parametrize("line", ["buy 9", "fly 9", "bid 9", "trade 2 route 11 9", "trade 9 route 11 60"])
def test_an_absurdly_long_number_is_refused_with_a_sentence(line: str) -> None:
    st = play_state()
    with pytest.raises(IllegalAction):
        TYPED.parse_command(st, 0, line.replace("9", "9" * 5000))


def test_a_partner_is_named_as_the_buttons_name_them_and_a_name_is_no_other_word() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    give(st, 0, routes=(43,))
    # Members named after the words of moves: "buy", "route", "fleet".
    names = {0: "fleet", 1: "Buy", 2: "route"}
    assert TYPED.parse_command(st, 0, "trade with buy route 11 45", names).ids == [
        "trade", "with:1", "asset:route:11", "price:45"]
    assert TYPED.parse_command(st, 0, "trade buy route 11 45", names).ids[:2] == ["trade", "with:1"]
    assert TYPED.parse_command(st, 0, "buy 46; stay", names).ids == ["buy:46", "stay"]
    assert TYPED.parse_command(st, 0, "fleet long", names).ids == ["fleet:long"]
    assert TYPED.command_suggestions(st, 0, "buy 4", names) == ["buy 46"]
