"""Engine texts name seats ("Seat 2", "Player 2"); whatever of them reaches a member names the member instead: the
answer a turn deadline's warning quotes and the one the game gives at the deadline, a typed value's button and hint,
the per-seat names a board is drawn with (Flight Plan's airlines too), the final scores' details and a refusal to
start the game."""

from __future__ import annotations

from typing import Any

import pytest

from bot.naming import name_decision, name_view
from engine import registry
from engine.core import Decision, GameState, IllegalAction, Option, Result, SeatResult, TypedValue, new_game
from engine.core.contract import default_options
from tests.bot.helpers import Table, field_of, items, latest_panel, make_table, open_lobby, prompt_of, refusal
from tests.support.toy_game import ToyGame, ToyState, ToyTable

HOUR = 3600.0


class Leading(ToyGame):
    """The toy game whose pass says who leads next and is the game's own answer when a turn's clock runs out; its
    scores' details name another seat, and it refuses to start with one-card hands, naming the seat it blames."""

    def pending(self, state: GameState) -> list[Decision]:
        assert isinstance(state, ToyState)
        decisions = super().pending(state)
        for decision in decisions:
            following = (state.turn + 1) % state.players + 1
            decision.options = [o.model_copy(update={"label": f"Pass (the lead goes to Seat {following})"})
                                if o.id == "pass" else o for o in decision.options]
        return decisions

    def result(self, state: GameState) -> Result | None:
        found = super().result(state)
        if found is None:
            return None
        standings = [SeatResult(seat=r.seat, score=r.score, detail=f"played after Seat {(r.seat - 1) % 2 + 1}")
                     for r in found.standings]
        return found.model_copy(update={"standings": standings})

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> ToyState:
        if options["hand"] == "1":
            raise IllegalAction(f"Seat {players} would hold a single card, which makes no game.")
        return super().new_game(players, seed, options)


class LeadingTable(ToyTable):
    """A clock running out passes (found beside `Leading` as this module's `TABLE`)."""

    def timeout(self, state: GameState, seat: int) -> str | None:
        return "pass" if any(d.seat == seat for d in self.game.pending(state)) else None


TABLE = LeadingTable


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"toy": Leading()})


def said(table: Table, words: str) -> list[str]:
    return [prompt_of(m) for m in table.channel.history() if words in prompt_of(m)]


async def start(table: Table, *, deadline: int = 0) -> None:
    alice, bob = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Join")
    if deadline:
        await alice.slash(table.channel, "game host deadline", hours=deadline)
    await alice.click(lobby, label="Start")


async def test_the_deadline_warning_and_answer_name_the_member_the_label_names(simcord_env):
    table = make_table(simcord_env)
    alice = table.players[0]
    await start(table, deadline=12)
    await simcord_env.advance_time(9.5 * HOUR)
    [warning] = said(table, "the deadline ends")
    assert warning.startswith(alice.mention)
    assert "the game answers \u201cPass (the lead goes to bob)\u201d for you" in warning, warning
    await simcord_env.advance_time(3 * HOUR)
    [told] = said(table, "deadline ended")
    assert told == "The deadline ended with no answer, so the game answers for alice: \u201cPass (the lead goes to " \
                   "bob)\u201d."


async def test_a_refused_start_names_the_member(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Join")
    await alice.select(lobby, ["1"], custom_id="to:1:hand")
    assert refusal(await alice.click(lobby, label="Start")) == "bob would hold a single card, which makes no game."


async def test_the_final_scores_details_name_the_members(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start(table)
    for _turn in range(4):  # four passes in a row end the toy game
        panel = latest_panel(table.channel)
        actor = alice if prompt_of(panel).startswith(alice.mention) else bob
        await actor.click(panel, label=next(c.label for c in items(panel)
                                            if (c.label or "").startswith("Pass")))
    scores = field_of(latest_panel(table.channel), "Final scores")
    assert "(played after bob)" in scores and "(played after alice)" in scores, scores


def test_a_typed_values_button_and_hint_name_the_members() -> None:
    decision = Decision(seat=0, prompt="Outbid Player 2.", options=[Option(id="pass", label="Pass")],
                        typed=TypedValue(prefix="bid:", label="Outbid Player 2…", hint="More than Player 2's $5M"))
    named = name_decision(decision, {0: "ana", 1: "__ben__"})
    assert named.typed is not None
    assert (named.typed.label, named.typed.hint) == ("Outbid __ben__…", "More than __ben__'s $5M")
    assert decision.typed is not None and decision.typed.label == "Outbid Player 2…", "the engine's is left alone"


@pytest.mark.skipif("flight-plan" not in registry.names(), reason="no Flight Plan engine")
def test_flight_plans_board_names_the_airlines_by_their_members() -> None:
    game = registry.get("flight-plan")
    view = game.view(new_game(game, 3, 5, default_options(game)), None)
    assert [a["name"] for a in view["airlines"]] == ["Player 1", "Player 2", "Player 3"]
    named = name_view(view, {0: "ana", 1: "ben", 2: "cleo"})
    assert [a["name"] for a in named["airlines"]] == ["ana", "ben", "cleo"]
    assert [a["name"] for a in view["airlines"]][0] == "Player 1", "the engine's own view is left as it was"
    keeps = name_view({"planes": [{"seat": 0, "name": "Red Baron"}]}, {0: "ana"})
    assert keeps == {"planes": [{"seat": 0, "name": "Red Baron"}]}, "a name that is not the seat's is the game's"
