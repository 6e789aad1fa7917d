"""Choices name players as the members they are: "Spy on ben's hand", never "Spy on Player 2's hand".
Typed moves take the same names, refusals use them, and the engine keeps its own seat words."""

from __future__ import annotations

from typing import Any

import pytest

from bot.naming import name_decision, typed_line
from engine.core import Decision, IllegalAction, Option
from engine.core.panel import PanelOption, PublicDecision
from engine.core.typed import commands_for
from engine.planecrafters.game import Planecrafters
from engine.planecrafters.state import PCState
from tests.bot.conftest import validate_all
from tests.bot.helpers import items, latest_panel, make_table, refusal, start_with_all, stored_state
from tests.planecrafters.helpers import give


class SpyReady(Planecrafters):
    """Planecrafters from a hand-built position: ana (seat 1) is at the abilities step with her Spy unused."""

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> PCState:
        st = super().new_game(players, seed, options)
        st.turn, st.step = 0, "abilities"
        give(st, 0, "spy")
        st.uses = {"spy": 1}
        return st


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"planecrafters": SpyReady()})


def labels(message: Any) -> list[str]:
    found: list[str] = []
    for item in items(message):
        found += [o.label for o in getattr(item, "options", [])] or [getattr(item, "label", None) or ""]
    return found


async def test_the_spy_choice_names_the_member_it_spies_on(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planecrafters")
    state = await stored_state(table)
    engine_labels = [o.label for o in table.bot.parts.sessions.game("planecrafters").pending(state)[0].options]
    assert "Spy on Player 2's hand" in engine_labels, "the engine keeps its own seat words"
    shown = labels(latest_panel(table.channel))
    assert "Spy on ben's hand" in shown and "Spy on cleo's hand" in shown
    assert not any("Player " in label for label in shown)
    validate_all(simcord_env)


async def test_a_typed_move_takes_the_member_name(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planecrafters")
    ana = table.players[0]
    suggested = [c["value"] for c in await ana.autocomplete(table.channel, "game play", "text", "spy ben")]
    assert suggested == ["Spy on ben's hand"]
    unknown = refusal(await ana.slash(table.channel, "game play", text="spy on dora"))
    assert "Player" not in unknown and "ben's hand" in unknown, "a refusal lists the choices by name too"
    await ana.slash(table.channel, "game play", text="spy on BEN")
    state = await stored_state(table)
    assert [o.id for o in table.bot.parts.sessions.game("planecrafters").pending(state)[0].options][0] == "steal:0"
    validate_all(simcord_env)


def test_naming_a_decision_changes_words_only() -> None:
    names = {0: "ana", 1: "__ben__"}
    d = Decision(seat=0, prompt="Whose hand, Player 1?", kind="action",
                 options=[Option(id="spy:1", label="Spy on Player 2's hand", detail="Player 2 holds 4 cards")])
    named = name_decision(d, names)
    assert named.prompt == "Whose hand, ana?"
    assert named.options[0] == Option(id="spy:1", label="Spy on __ben__'s hand", detail="__ben__ holds 4 cards")
    assert (named.seat, named.kind) == (d.seat, d.kind) and d.options[0].label == "Spy on Player 2's hand"
    p = PublicDecision(seat=0, kind="x", prompt="Player 2?", private=False,
                       options=[PanelOption(index=3, label="Seat 2")])
    assert name_decision(p, names).options == [PanelOption(index=3, label="__ben__")]


def test_typed_names_are_read_where_the_labels_name_seats() -> None:
    game = SpyReady()
    state = game.new_game(3, 1, {})
    names = {0: "ana", 1: "anabel", 2: "Bob Smith"}
    assert commands_for(game).parse_command(state, 0, typed_line("spy on ANABEL"), names).ids == ["spy:1"]
    assert commands_for(game).parse_command(state, 0, typed_line("spy on bob smith"), names).ids == ["spy:2"]
    assert "Spy on anabel's hand" in commands_for(game).command_suggestions(state, 0, "spy", names)
    with pytest.raises(IllegalAction, match="not on offer"):
        commands_for(game).parse_command(state, 0, "spy on banana", names)  # a name only counts as its own words


