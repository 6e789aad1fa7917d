"""Planecrafters acceptance on SimCord: three members play a whole 3-player game through the real discord.py client,
from /game new to the final scores, every choice made by clicking an offered button or select option.

The clicks follow the game's own playout policy, steered so that Ana hires the Agent of the Board and Ben the Spy
and both use them. After every move the test reads every new message each member can see (channel, ephemeral
replies, DMs): no card another seat holds is ever named to them, no card id shows anywhere, and each DM'd hand
picture is exactly its owner's view.
"""

from __future__ import annotations

import re
from typing import Any

from engine import registry
from engine.core import Decision, Game, GameState
from engine.planecrafters.data import part
from renderers import for_game
from tests.bot.conftest import validate_all
from tests.bot.helpers import (
    Policy,
    SecretsWatch,
    Table,
    assert_engine_scores,
    body_version,
    click_option,
    has_board,
    heading,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    message_text,
    messages_after,
    one_game,
    public_events,
    start_with_all,
    state_version,
    stored_state,
    turn_bodies,
)
from tests.bot.replay_checks import assert_export_replays, assert_final_replay

SEED = 4
HIRES = {0: "hire:agent", 1: "hire:spy"}  # seat -> the employee its member hires at the first chance

simcord_bot, bot_seed = one_game("planecrafters", SEED)


class Steered(Policy):
    """The playout policy, except that Ana hires the Agent and Ben the Spy as soon as they can, and both use them
    whenever they may: the Agent swaps with the Depot the first time and trades hands blindly after that."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.swapped = False

    def choose(self, state: GameState, decision: Decision) -> int:
        ids = [o.id for o in decision.options]
        wanted = HIRES.get(decision.seat)
        if wanted in ids:
            return ids.index(wanted)
        if decision.kind == "abilities":
            for head in ("spy:", "agent:trade:" if self.swapped else "agent:swap"):
                found = [i for i in ids if i.startswith(head)]
                if found:
                    self.swapped = self.swapped or found[0] == "agent:swap"
                    return ids.index(found[0])
        return super().choose(state, decision)


def _labels(cards: list[str]) -> set[str]:
    return {part(c).label for c in cards}


class PlanecraftersWatch(SecretsWatch):
    """No card another seat holds is named to a reader who may not know it."""

    card_id = re.compile("part:")

    def __init__(self, table: Table) -> None:
        super().__init__(table, registry.get("planecrafters"))

    def _known(self, state: Any, seat: int | None) -> set[str]:
        """Card names this reader may see now: everything face up, their own hand now and a moment ago, and the hand
        their Spy is looking at. (Two copies of each part share a name.)"""
        known: set[str] = set()
        for st in (state, self.before or state):
            known |= _labels([c for c in st.depot if c])
            known |= _labels([c for planes in st.planes for plane in planes for c in plane.parts.values()])
            known |= _labels(st.distinction_plane)
            if seat is not None:
                known |= _labels(st.hands[seat])
                if st.step == "spy_take" and st.turn == seat and st.target is not None:
                    known |= _labels(st.hands[st.target])
        return known

    def hidden(self, state: Any, public: str, seat: int | None) -> set[str]:
        others = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
        return {name for name in _labels(others) - self._known(state, seat) if name not in public}


async def test_three_members_play_planecrafters_with_spy_and_agent(simcord_env, tmp_path):
    simcord_env.settle_timeout = 60.0  # the final click draws the whole game's replay before the bot settles
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planecrafters")

    game = registry.get("planecrafters")
    policy = Steered(game, SEED)
    watch = PlanecraftersWatch(table)
    await watch.check()
    moves = 0
    while items(panel := latest_panel(table.channel)):
        state = await stored_state(table)
        (decision,) = game.pending(state)
        actor = mentioned_actor(table, panel)
        session = await table.bot.store.get_session(1)
        assert session.seats[decision.seat].user_id == actor.id, "the panel calls on the member who must choose"
        await click_option(actor, panel, policy.choose(state, decision))
        moves += 1
        assert await state_version(table) == moves, "each click applies exactly one choice"
        await watch.check()
        assert moves < 1500, "the game should have ended"

    _final, state = await assert_engine_scores(table, game)
    # Its replay GIF is on the final message, and its exported record replays to the same end.
    await assert_final_replay(table, game)
    await assert_export_replays(table, tmp_path)

    # Both employees were hired and used, as the public log tells it (never which card changed hands).
    assert "emp:agent-1" in state.staff[0] and "emp:spy" in state.staff[1]  # type: ignore[attr-defined]
    log = await public_events(table, last=5000)
    assert any(t.startswith("Player 2's Spy took a card from") for t in log)
    assert any(t.startswith("Player 1's Agent traded hands with") for t in log)
    assert any(t.startswith("Player 1's Agent swapped") for t in log)
    # What the Spy saw and what a blind trade delivered went to those players' DMs, and nowhere else.
    dm_text = {p.name: " ".join(message_text(m) for m in messages_after(p.user.dm_channel, 0)) for p in table.players}
    channel_text = " ".join(message_text(m) for m in messages_after(table.channel, 0))
    assert "Your Spy saw" in dm_text["ben"] and "The trade gave you" in dm_text["ana"]
    for secret in ("Your Spy saw", "Your Spy took", "The trade gave you"):
        assert secret not in channel_text and secret not in dm_text["cleo"]
    # Posted when the turn passes, edited in place while a member goes on with their turn: a board after every move.
    shown = turn_bodies(simcord_env, table.channel)
    assert [body_version(body) for _method, body in shown] == [*range(moves), None], "a board follows every move"
    assert all(heading(body["components"]).startswith(f"### {game.info.title} — Turn ") for _method, body in shown)
    if for_game("planecrafters") is not None:
        assert all(has_board(body) for _method, body in shown)
    assert watch.hands_sent >= 3, "every player got a hand by DM"
    validate_all(simcord_env)
