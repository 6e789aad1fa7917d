"""The channel's panel teaches: the board's key under the picture, what each button does under a row of buttons of
a kind the game explains (an employee's ability where it is hired), and a choice two identical cards offer shown
once. Built from a real game's state, with no Discord at all."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord

from bot.discord.panel import button_details, decision_view, turn_message
from bot.session.types import TurnUpdate
from bot.store import Seat, SessionRow
from engine import registry
from engine.core.panel import public_panel
from engine.core.play import new_game
from engine.core.table import table_for
from renderers.words import board_key, for_game
from tests.planecrafters.helpers import at, find, hand, start

WHEN = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def _row(game: str) -> SessionRow:
    seats = [Seat(seat=0, user_id=11, name="Zoë"), Seat(seat=1, user_id=12, name="李明")]
    return SessionRow(id=7, guild_id=5, channel_id=9, game=game, host_id=11, status="active", options={}, seed=1,
                      seats=seats, version=3, created_at=WHEN, updated_at=WHEN)


def _texts(item: Any) -> list[str]:
    found = [item.content] if isinstance(item, discord.ui.TextDisplay) else []
    for child in getattr(item, "children", []):
        found += _texts(child)
    return found


def _panel(game: str, state: Any) -> list[str]:
    engine = registry.get(game)
    view = engine.view(state, None)
    update = TurnUpdate(session=_row(game), title=engine.info.title, version=state.version, events=[],
                        board_png=b"png", board_text="", decisions=engine.pending(state), result=None,
                        board_key=board_key(for_game(game), view), public=public_panel(engine, state),
                        explained=table_for(engine).explained_kinds)
    return _texts(turn_message(update)["view"])


def test_the_panel_prints_the_board_key_and_what_each_employee_does_where_it_is_hired() -> None:
    state = at(start(), "hire")
    texts = "\n".join(_panel("planecrafters", state))
    assert "-# Slots N LW F RW T: nose, left wing" in texts
    spy = next(o for o in registry.get("planecrafters").pending(state)[0].options if o.id.startswith("hire:"))
    assert f"-# {spy.label}: {spy.detail}" in texts, texts


def test_details_stay_off_kinds_the_game_does_not_explain_and_off_a_select() -> None:
    planes = registry.get("planes")
    state = new_game(planes, 2, 1, {})
    for decision in planes.pending(state):
        if decision.kind not in table_for(planes).explained_kinds:
            assert button_details(table_for(planes).explained_kinds, decision) == ""


def test_two_identical_cards_give_one_button() -> None:
    game = registry.get("planecrafters")
    state = at(start(), "flyer")
    hand(state, 0, [find(slot="spare"), find(slot="spare", skip=1)])
    decision = game.pending(state)[0]
    view = decision_view(7, 3, decision)
    labels = [getattr(c, "label", None) or getattr(getattr(c, "item", None), "label", "") for c in view.children]
    assert len(labels) == len(set(labels)) and len(labels) < len(decision.options), labels
