"""Flight Plan on SimCord: three members play a whole game through the real discord.py client by clicks, with one
trade offer accepted and one declined. The answer to an offer is a decision of a seat that is not the current
player: it comes as that member's own row of buttons on the same panel."""

from __future__ import annotations

from engine import registry
from engine.core import Decision, GameState
from engine.flight_plan.state import FPState
from engine.flight_plan.turn import price_points, tradeable
from tests.bot.conftest import validate_all
from tests.bot.helpers import (
    Policy,
    Table,
    assert_engine_scores,
    items,
    latest_panel,
    make_table,
    one_game,
    public_events,
    start_with_all,
    state_version,
    stored_state,
)

SEED = 3

simcord_bot, _seeded_start = one_game("flight-plan", SEED)


class Steered(Policy):
    """The playout policy, except for two offers: Player 1 offers to buy one of Player 2's routes (accepted), then
    Player 2 offers to buy one of Player 3's (declined)."""

    def __init__(self) -> None:
        super().__init__(registry.get("flight-plan"), SEED)
        self.offers: list[tuple[int, int]] = [(0, 1), (1, 2)]  # (proposer, partner) still to make
        self.answers = {1: "accept", 2: "decline"}
        self.planned: list[str] = []

    def choose(self, state: GameState, decision: Decision) -> int:
        assert isinstance(state, FPState)
        ids = [o.id for o in decision.options]
        if decision.kind == "offer" and decision.seat in self.answers and "accept" in ids:
            return ids.index(self.answers.pop(decision.seat))
        if self.planned and self.planned[0] in ids:
            return ids.index(self.planned.pop(0))
        if self.offers and decision.kind == "action" and "trade" in ids:
            proposer, partner = self.offers[0]
            if decision.seat == proposer:
                wanted = [x for x in tradeable(state, partner, proposer) if x.startswith("route:")
                          and price_points(state, proposer, x)]
                if wanted:
                    self.offers.pop(0)
                    price = price_points(state, proposer, wanted[0])[0]
                    self.planned = [f"with:{partner}", f"asset:{wanted[0]}", f"price:{price}"]
                    return ids.index("trade")
        return super().choose(state, decision)


async def click_seat_option(table: Table, seat: int, index: int) -> None:
    """Click option `index` of `seat`'s decision on the newest panel, as that seat's member."""
    panel = latest_panel(table.channel)
    session = await table.bot.store.get_session(1)
    member = table.by_id(session.seats[seat].user_id)
    for item in items(panel):
        parts = (item.custom_id or "").split(":")
        if parts[0] == "tc" and int(parts[3]) == seat and int(parts[4]) == index:
            await member.click(panel, custom_id=item.custom_id)
            return
        if parts[0] == "ts" and int(parts[3]) == seat and any(o.value == str(index) for o in item.options):
            await member.select(panel, [str(index)], custom_id=item.custom_id)
            return
    pagers = [i.custom_id for i in items(panel) if (i.custom_id or "").startswith(f"tp:1:{parts[2]}:{seat}:")]
    assert pagers, f"option {index} of seat {seat} is not on the panel"
    reply = await member.click(panel, custom_id=min(pagers, key=lambda c: abs(int(c.split(":")[4]) - index // 25)))
    assert reply.response is not None
    message = reply.response.message
    for item in items(message):
        if (item.custom_id or "").startswith("ts:") and any(o.value == str(index) for o in item.options):
            await member.select(message, [str(index)], custom_id=item.custom_id)
            return
    raise AssertionError(f"could not reach option {index} of seat {seat}")


async def test_three_members_play_flight_plan_with_trades(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "flight-plan")
    game = registry.get("flight-plan")
    policy = Steered()
    moves = 0
    while latest_panel(table.channel).components:
        state = await stored_state(table)
        decisions = game.pending(state)
        # An open offer is answered first, by its own member's buttons.
        decision = next((d for d in decisions if d.kind == "offer"), decisions[0])
        await click_seat_option(table, decision.seat, policy.choose(state, decision))
        moves += 1
        assert await state_version(table) == moves, "each click applies exactly one choice"
        assert moves < 600, "the game should have ended"
    await assert_engine_scores(table, game)
    log = await public_events(table, last=5000)
    assert any("Player 2 accepts" in t for t in log), "the first offer was accepted by button"
    assert any(t.startswith("Player 3 declines") for t in log), "the second offer was declined by button"
    validate_all(simcord_env)
