"""Flight Plan on SimCord: three members play a whole game through the real discord.py client by clicks, with trade
offers accepted and one declined, a bankruptcy and the bank's auction of the bankrupt airline's assets, bid for by
both others, to a win. Answers to an offer and bids are decisions of seats that are not the current player: they
come as each member's own row of buttons on the same panel.

The bankruptcy is brought about by Cleo's own clicks, not a hand-built position: she buys her rivals' assets at
twice their price (they accept), turns everything she owns into cash by deactivating it and spends that too, until a
daily briefing's fine finds her with no cash and nothing left to deactivate (seed 23: the fine comes on move 80 or
so, the auction sells six lots, Player 2 then wins with hubs in three regions)."""

from __future__ import annotations

from engine import registry
from engine.core import Decision, GameState
from engine.flight_plan.mechanics import can_deactivate
from engine.flight_plan.state import FPState
from engine.flight_plan.trade import quick_prices, tradeable
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
from tests.bot.replay_checks import assert_export_replays, assert_final_replay

SEED = 23
CLEO = 2

simcord_bot, bot_seed = one_game("flight-plan", SEED)


class Steered(Policy):
    """The playout policy, except for the trades and Cleo's ruin: Player 1 offers to buy one of Player 2's routes
    (accepted), Player 2 one of Player 1's (declined); Cleo (Player 3), on each of her turns, deactivates every asset
    she may, offers the most she can for a rival's asset (always accepted), and otherwise passes."""

    def __init__(self) -> None:
        super().__init__(registry.get("flight-plan"), SEED)
        self.offers: list[tuple[int, int]] = [(0, 1), (1, 0)]  # (proposer, partner) still to make
        self.answers = {1: "accept", 0: "decline"}
        self.planned: list[str] = []

    def choose(self, state: GameState, decision: Decision) -> int:
        assert isinstance(state, FPState)
        ids = [o.id for o in decision.options]
        return ids.index(self._choice(state, decision, ids))

    def _choice(self, state: FPState, decision: Decision, ids: list[str]) -> str:
        offer = state.offer
        if decision.kind == "offer" and offer is not None:
            if offer.buyer == CLEO:
                return "accept"
            return self.answers.pop(decision.seat)
        if self.planned and self.planned[0] in ids:
            return self.planned.pop(0)
        self.planned = []
        if decision.seat == CLEO and decision.kind in ("action", "after_buy", "after_fly"):
            return self._ruin(state, ids)
        if self.offers and decision.kind == "action" and "trade" in ids:
            proposer, partner = self.offers[0]
            if decision.seat == proposer:
                wanted = [x for x in tradeable(state, partner, proposer) if x.startswith("route:")
                          and quick_prices(state, proposer, [x])]
                if wanted:
                    self.offers.pop(0)
                    price = quick_prices(state, proposer, [wanted[0]])[0]
                    self.planned = [f"with:{partner}", f"asset:{wanted[0]}", f"price:{price}"]
                    return "trade"
        return decision.options[super().choose(state, decision)].id

    def _ruin(self, state: FPState, ids: list[str]) -> str:
        if "cash" in ids and can_deactivate(state, CLEO):
            self.planned = [f"deactivate:{can_deactivate(state, CLEO)[0]}"]
            return "cash"
        if "trade" in ids:
            bids = [(quick_prices(state, CLEO, [x])[-1], partner, x) for partner in (0, 1)
                    for x in tradeable(state, partner, CLEO) if quick_prices(state, CLEO, [x])]
            if bids and max(bids)[0] >= 10:
                price, partner, asset = max(bids, key=lambda b: b[0])
                self.planned = [f"with:{partner}", f"asset:{asset}", f"price:{price}"]
                return "trade"
        return next(quiet for quiet in ("pass", "stay", "end") if quiet in ids)


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


async def test_three_members_play_flight_plan_with_trades(simcord_env, tmp_path):
    simcord_env.settle_timeout = 60.0  # the final click draws the whole game's replay before the bot settles
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "flight-plan")
    game = registry.get("flight-plan")
    policy = Steered()
    moves = 0
    while items(latest_panel(table.channel)):
        state = await stored_state(table)
        decisions = game.pending(state)
        # An open offer is answered first, by its own member's buttons.
        decision = next((d for d in decisions if d.kind == "offer"), decisions[0])
        await click_seat_option(table, decision.seat, policy.choose(state, decision))
        moves += 1
        assert await state_version(table) == moves, "each click applies exactly one choice"
        assert moves < 600, "the game should have ended"
    await assert_engine_scores(table, game)
    # Its replay GIF is on the final message, and its exported record replays to the same end.
    await assert_final_replay(table, game)
    await assert_export_replays(table, tmp_path)
    log = await public_events(table, last=5000)
    assert any(t.startswith("Player 2 accepts: Player 1 buys") for t in log), "Ana's offer was accepted by button"
    assert any(t.startswith("Player 1 declines") for t in log), "Ben's offer was declined by button"
    assert any(t.startswith("Player 3 cannot pay and has nothing left to deactivate") for t in log)
    bidders = {t.split(" bids $")[0] for t in log if " bids $" in t}
    assert bidders == {"Player 1", "Player 2"}, "both solvent airlines bid by button"
    assert any(" wins the " in t for t in log) and any("goes back to the bank" in t for t in log)
    state = await stored_state(table)
    assert state.airlines[CLEO].out and state.auction is None  # type: ignore[attr-defined]
    validate_all(simcord_env)
