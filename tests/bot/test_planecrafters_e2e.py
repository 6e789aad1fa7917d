"""Planecrafters acceptance on SimCord: three members play a whole 3-player game through the real discord.py client,
from /game new to the final scores, every choice made by clicking an offered button or select option.

The clicks follow the game's own playout policy, steered so that Ana hires the Agent of the Board and Ben the Spy
and both use them. After every move the test reads every new message each member can see (channel, ephemeral
replies, DMs): no card another seat holds is ever named to them, no card id shows anywhere, and each DM'd hand
picture is exactly its owner's view.
"""

from __future__ import annotations

from typing import Any

import pytest
from simcord import MemberActor

from engine import registry
from engine.core import Decision, Game, GameState
from engine.planecrafters.data import part
from renderers import for_game
from tests.bot.conftest import validate_all
from tests.bot.helpers import (
    Policy,
    Table,
    click_option,
    latest_panel,
    make_table,
    mentioned_actor,
    message_text,
    messages_after,
    panels,
    state_version,
    stored_state,
)

pytestmark = pytest.mark.skipif("planecrafters" not in registry.names(), reason="Planecrafters is not present")

SEED = 4
HIRES = {0: "hire:agent", 1: "hire:spy"}  # seat -> the employee its member hires at the first chance


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot({"planecrafters": registry.get("planecrafters")})


@pytest.fixture(autouse=True)
def _seeded_start(monkeypatch: pytest.MonkeyPatch) -> None:
    # The service draws a fresh seed for every game; a fixed one makes this game, and its length, the same each run.
    monkeypatch.setattr("bot.service._secrets.randbits", lambda _bits: SEED)


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


class SecretsWatch:
    """After every move, checks each new message against what its reader may know."""

    def __init__(self, table: Table, game: Game) -> None:
        self.table, self.game = table, game
        self.seen: dict[Any, int] = {}
        self.before: GameState | None = None
        self.hands_sent = 0

    def _new(self, channel: Any, viewer: int | None) -> list[Any]:
        key = channel.id if viewer is None else (channel.id, viewer)
        found = messages_after(channel, self.seen.get(key, 0), viewer=viewer)
        if found:
            self.seen[key] = found[-1].id
        return found

    def _known(self, state: Any, seat: int | None) -> set[str]:
        """Card names this reader may see now: everything face up, this move's public events, their own hand now
        and a moment ago, and the hand their Spy is looking at. (Two copies of each part share a name.)"""
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

    async def check(self) -> None:
        state: Any = await stored_state(self.table)
        rows = await self.table.bot.store.actions(1, last=1)
        public = " ".join(e["text"] for row in rows for e in row.events if e.get("private_to") is None)
        session = await self.table.bot.store.get_session(1)
        seat_of = {s.user_id: s.seat for s in session.seats}

        def hidden_from(seat: int | None) -> set[str]:
            others = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
            return {name for name in _labels(others) - self._known(state, seat) if name not in public}

        for message in self._new(self.table.channel, None):
            text = message_text(message)
            assert "part:" not in text, text
            assert not any(name in text for name in hidden_from(None)), f"a hand shows in the channel: {text}"
        for member in self.table.players:
            seat = seat_of[member.id]
            for message in self._new(self.table.channel, member.id):  # ephemeral replies only this member sees
                text = message_text(message)
                assert "part:" not in text and not any(name in text for name in hidden_from(seat)), text
            await self._check_dms(member, seat, state, hidden_from(seat))
        self.before = state

    async def _check_dms(self, member: MemberActor, seat: int, state: Any, hidden: set[str]) -> None:
        renderer = for_game("planecrafters")
        for message in self._new(member.user.dm_channel, None):
            text = message_text(message)
            assert message.embeds[0].title == "Planecrafters in #games — your hand", "a DM names its game's channel"
            assert "part:" not in text and not any(name in text for name in hidden), f"another seat's card: {text}"
            if renderer is not None:
                # The picture is that seat's own view, byte for byte: its cards and no one else's.
                sent = self.table.env.backend.cdn.get(message.attachments[0].url)
                assert sent == renderer.render_hand(self.game.view(state, seat))
            self.hands_sent += 1


async def test_three_members_play_planecrafters_with_spy_and_agent(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    ana, ben, cleo = table.players
    opened = await ana.slash(table.channel, "game new", game="planecrafters")
    lobby = opened.response.message
    await ben.click(lobby, label="Join")
    await cleo.click(lobby, label="Join")
    await ana.click(lobby, label="Start")

    game = registry.get("planecrafters")
    policy = Steered(game, SEED)
    watch = SecretsWatch(table, game)
    await watch.check()
    moves = 0
    while (panel := latest_panel(table.channel)).components:
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

    final = latest_panel(table.channel)
    assert final.content.startswith("Game over.")
    session = await table.bot.store.get_session(1)
    assert session.status == "finished"
    state: Any = await stored_state(table)
    result = game.result(state)
    assert result is not None
    scores = next(f.value for f in final.embeds[0].fields if f.name == "Final scores")
    for standing in result.standings:
        member = table.by_id(session.seats[standing.seat].user_id)
        assert f"{member.mention}: {standing.score}" in scores, "the final scores are the engine's"

    # Both employees were hired and used, as the public log tells it (never which card changed hands).
    assert "emp:agent-1" in state.staff[0] and "emp:spy" in state.staff[1]
    log = [e["text"] for row in await table.bot.store.actions(1, last=5000) for e in row.events
           if e.get("private_to") is None]
    assert any(t.startswith("Player 2's Spy took a card from") for t in log)
    assert any(t.startswith("Player 1's Agent of the Board traded hands with") for t in log)
    assert any(t.startswith("Player 1's Agent swapped") for t in log)
    # What the Spy saw and what a blind trade delivered went to those players' DMs, and nowhere else.
    dm_text = {p.name: " ".join(message_text(m) for m in messages_after(p.user.dm_channel, 0)) for p in table.players}
    channel_text = " ".join(message_text(m) for m in messages_after(table.channel, 0))
    assert "Your Spy saw" in dm_text["ben"] and "The trade gave you" in dm_text["ana"]
    for secret in ("Your Spy saw", "Your Spy took", "The trade gave you"):
        assert secret not in channel_text and secret not in dm_text["cleo"]
    assert len(panels(table.channel)) == moves + 1, "a board follows every move"
    assert watch.hands_sent >= 3, "every player got a hand by DM"
    validate_all(simcord_env)
