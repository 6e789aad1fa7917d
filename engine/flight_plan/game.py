"""Flight Plan as an engine Game: setup, who decides what, dispatch, the automatic parts of a turn, the end."""

from __future__ import annotations

from typing import Any

from engine.core.contract import (
    TIMEOUT,
    Decision,
    Event,
    Game,
    GameInfo,
    GameOptionSpec,
    GameState,
    IllegalAction,
    Offer,
    OptionChoice,
    Result,
    SeatResult,
)
from engine.core.rng import Rng
from engine.core.text import counted
from engine.flight_plan import market, trade, turn
from engine.flight_plan.briefing import new_deck
from engine.flight_plan.data import catalog
from engine.flight_plan.mechanics import ROUND_CAP, net_worth, round_cap, who, win_reason
from engine.flight_plan.state import Airline, FPState
from engine.flight_plan.view import named_cities, public_view, seat_view

ENDINGS = ["six regions", "three hub regions", "short-haul sweep", "last airline", "round cap"]
FIRST = "first"
CAP_CHOICES = (40, 60, 80, 100)


def first_seat(st: FPState) -> int:
    """The seat that took the first move, and starts every round."""
    return int(st.options.get(FIRST, "1")) - 1


def _s(state: GameState) -> FPState:
    assert isinstance(state, FPState)
    return state


def deal_routes(rng: Rng, players: int, mode: str) -> list[list[int]]:
    """Dice: two ten-sided dice make a route number (0 and 00 is 100), re-rolled when it repeats; Quick Play: the
    book's 18 routes. Either way the pulled cards are shuffled and dealt three to each player."""
    if mode == "quick":
        pulled = list(catalog().economy.quick_play)
    else:
        pulled = []
        while len(pulled) < 3 * players:
            roll = rng.below(10) * 10 + rng.below(10)
            number = roll or 100
            if number not in pulled:
                pulled.append(number)
    rng.shuffle(pulled)
    return [sorted(pulled[3 * s:3 * s + 3]) for s in range(players)]


def timeout_choice(st: FPState, seat: int) -> str | None:
    """What a clock running out stands for: a pass in an auction, a declined offer; None for anything else."""
    if st.auction is not None and seat in market.bidders(st):
        return "pass"
    if st.offer is not None and seat == st.offer.to and not st.debts:
        return "decline"
    return None


class FlightPlan(Game):
    name = "flight-plan"
    # Only the deck's order is hidden: every airline's cash, routes and hubs are on the board, so no private view.
    info = GameInfo(title="Flight Plan", min_players=2, max_players=6, hidden=True, private_view="",
                    tagline="run an airline: routes, fleets and hubs, trades and auctions")
    state_model = FPState
    option_specs = [
        GameOptionSpec(
            key="routes", label="Starting routes", default="dice",
            choices=[OptionChoice(value="dice", label="Rolled with the dice (three per player)"),
                     OptionChoice(value="quick", label="Quick Play: the book's 18 routes")],
            help="How the route cards dealt at the start are chosen.",
        ),
        GameOptionSpec(
            key=FIRST, label="First move: who flew most recently", default="1",
            choices=[OptionChoice(value=str(n), label=f"Seat {n}") for n in range(1, 7)],
            help="The book starts with whoever flew most recently (travelling together: the last one off the plane). "
                 "The bot cannot know, so the table names that seat here; play then goes on in seat order.",
        ),
        GameOptionSpec(
            key=ROUND_CAP, label="Round cap (house rule)", default="off",
            choices=[OptionChoice(value="off", label="Off: play until an airline wins, as the book does"),
                     *(OptionChoice(value=str(n), label=f"{n} rounds, then the richest airline wins")
                       for n in CAP_CHOICES)],
            help="A house rule, not the book's: after that many rounds with no winner, the airline worth the most "
                 "(cash plus the list price of all it owns) wins.",
        ),
        GameOptionSpec(
            key=trade.OFFER_LIMIT, label="Offers a turn (house rule)", default="off",
            choices=[OptionChoice(value="off", label="No limit, as the book says"),
                     *(OptionChoice(value=str(n), label=f"{n} offers and counter-offers a turn")
                       for n in trade.OFFER_LIMIT_CHOICES)],
            help="A house rule, not the book's: at most that many trade offers and counter-offers in one turn, all "
                 "deals together. Without it, haggling goes on as long as two airlines like; an AI airline makes no "
                 f"new offer or counter once {trade.AI_OFFERS} have been made in a turn, so AI tables move on.",
        ),
    ]
    def new_game(self, players: int, seed: int, options: dict[str, str]) -> FPState:
        rng = Rng.seeded(seed)
        eco = catalog().economy
        funds = eco.start_funds_two if players == 2 else eco.start_funds_more
        first = int(options.get(FIRST, "1")) - 1
        if not 0 <= first < players:
            raise IllegalAction(f"Seat {first + 1} is to take the first move, but {players} airlines play: pick a seat "
                                f"from 1 to {players}.")
        dealt = deal_routes(rng, players, options.get("routes", "dice"))
        deck = new_deck(rng)
        return FPState(game=self.name, players=players, seed=seed, options=options, rng=rng, turn=first,
                       airlines=[Airline(cash=funds) for _ in range(players)], deck=deck, dealt=dealt)

    # ---- decisions -------------------------------------------------------------------------------------------------

    def pending(self, state: GameState) -> list[Decision]:
        st = _s(state)
        if st.phase == "over":
            return []
        if st.debts:
            return [Decision(seat=st.debts[0].debtor, prompt=market.debt_prompt(st),
                             options=market.debt_options(st), kind="debt")]
        if st.auction is not None:
            prompt = market.bid_prompt(st)
            return [Decision(seat=s, prompt=prompt, options=market.bid_options(st, s), kind="bid",
                             typed=market.bid_typed(st, s)) for s in market.bidders(st)]
        answer = None
        if st.offer is not None:
            answer = Decision(seat=st.offer.to, prompt=trade.answer_prompt(st), options=trade.answer_options(st),
                              kind="offer", typed=trade.answer_typed(st))
            if st.offer.to == st.turn:
                return [answer]  # a counter-offer to the current player: answered before the turn goes on
        out = [Decision(seat=st.turn, prompt=turn.prompt(st), options=turn.options(st), kind=st.step,
                        typed=turn.typed(st))]
        return out if answer is None else [*out, answer]

    def apply(self, state: GameState, seat: int, choice: str) -> list[Event]:
        return self.apply_fast(state, seat, choice, None, None)

    def apply_fast(self, state: GameState, seat: int, choice: str, legal: list[Offer] | None,
                   after: list[Offer] | None) -> list[Event]:
        st = _s(state)
        if legal is not None and (choice != TIMEOUT and not st.debts and st.auction is None and seat == st.turn
                                  and not (st.offer is not None and seat == st.offer.to)):
            # A turn step the caller just listed: no need to list the turn's options again to check the choice.
            listed = next((o for o in legal if o.seat == seat and o.kind == st.step), None)
            if listed is not None and choice in listed.ids:
                return turn.do(st, choice) + self.settle(st)
        if choice == TIMEOUT:
            stands_for = timeout_choice(st, seat)
            if stands_for is None:
                raise IllegalAction("There is no clock running on your choice.")
            choice = stands_for
        if st.debts:
            if seat != st.debts[0].debtor:
                raise IllegalAction(f"Waiting for {who(st.debts[0].debtor)} to raise cash for a debt.")
            events = market.raise_cash(st, seat, choice)
        elif st.auction is not None:
            events = market.bid(st, seat, choice)
        elif st.offer is not None and seat == st.offer.to:
            events = trade.answer(st, seat, choice)
        elif seat == st.turn:
            turn.check(st, choice)
            events = turn.do(st, choice)
        else:
            raise IllegalAction("It is not your turn.")
        return events + self.settle(st)

    # ---- what happens by itself ------------------------------------------------------------------------------------

    def settle(self, st: FPState) -> list[Event]:
        events: list[Event] = []
        while st.phase != "over":
            if st.phase == "first":
                if st.step == "fm_done":
                    events += self._next_first_move(st)
                    continue
                ids = [o.id for o in turn.options(st)]
                if len(ids) == 1 and st.step in ("fm_fleets", "fm_city", "fm_hubs"):
                    # A step with a single possible answer decides nothing: take it and go on.
                    events += turn.do(st, ids[0])
                    continue
                break
            paid, changed = market.settle_debts(st)
            events += paid
            if changed:
                continue
            if st.debts:
                break
            if st.auction is not None:
                events += market.close_lots(st)
                if st.auction is not None:
                    break
                continue
            if self._check_end(st, events):
                break
            if st.step == "end" or st.airlines[st.turn].out:
                events += self._end_turn(st)
                continue
            break
        return events

    def _next_first_move(self, st: FPState) -> list[Event]:
        st.dealt[st.turn] = []
        nxt = (st.turn + 1) % st.players
        if nxt != first_seat(st):
            st.turn = nxt
            st.step = "fm_routes"
            return [Event(text=f"{who(st.turn)}'s first move.")]
        st.phase, st.turn, st.fresh = "play", nxt, []
        return turn.begin_turn(st)

    def _check_end(self, st: FPState, events: list[Event]) -> bool:
        flying = [s for s, a in enumerate(st.airlines) if not a.out]
        if len(flying) == 1:
            self._finish(st, flying, "last airline")
            events.append(Event(text=f"{who(flying[0])} is the last airline flying and wins."))
            return True
        order = [(st.turn + i) % st.players for i in range(st.players)]
        for s in order:
            reason = win_reason(st.airlines[s])
            if reason:
                self._finish(st, [s], reason)
                events.append(Event(text=f"{who(s)} wins: {ENDING_TEXT[reason]}"))
                return True
        return False

    def _finish(self, st: FPState, winners: list[int], ending: str) -> None:
        st.phase, st.winners, st.ending, st.offer, st.draft = "over", winners, ending, None, None

    def _end_turn(self, st: FPState) -> list[Event]:
        events = trade.expire_offer(st)
        st.fresh, st.draft, st.leg, st.stranded = [], None, None, False
        nxt = st.turn
        while True:
            nxt = (nxt + 1) % st.players
            if nxt == first_seat(st):
                st.round += 1  # a round starts with the first player, bankrupt or not
            if not st.airlines[nxt].out:
                break
        st.turn = nxt
        cap = round_cap(st)
        if cap is not None and st.round > cap:
            worth = [net_worth(a) if not a.out else -1 for a in st.airlines]
            best = max(worth)
            winners = [s for s, w in enumerate(worth) if w == best]
            self._finish(st, winners, "round cap")
            names = " and ".join(who(s) for s in winners)
            return [*events, Event(text=f"After {cap} rounds nobody has met a winning condition: {names}, worth "
                                        f"${best}M, takes the game (the round cap, a house rule).")]
        return events + turn.begin_turn(st)

    # ---- the rest of the contract ----------------------------------------------------------------------------------

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        st = _s(state)
        out = public_view(st) if seat is None else seat_view(st, seat)
        # The cities the open choices name ("Buy 21 Tokyo-Seoul", "Develop a hub in Lima"): the map labels them.
        out["named_cities"] = named_cities(d.options for d in self.pending(state))
        return out

    def result(self, state: GameState) -> Result | None:
        st = _s(state)
        if st.phase != "over":
            return None
        standings = []
        for s, a in enumerate(st.airlines):
            detail = "bankrupt" if a.out else (f"${a.cash}M cash, {counted(len(a.routes), 'route')}, "
                                               f"{counted(len(a.fleets), 'fleet')}, {counted(len(a.hubs), 'hub')}")
            standings.append(SeatResult(seat=s, score=0 if a.out else net_worth(a), detail=detail))
        names = " and ".join(who(s) for s in st.winners)
        verb = "win" if len(st.winners) > 1 else "wins"
        return Result(standings=standings, winners=list(st.winners),
                      summary=f"{names} {verb}: {ENDING_TEXT[st.ending]}")

    def secrets(self, state: GameState) -> dict[int | None, set[str]]:
        st = _s(state)
        out: dict[int | None, set[str]] = {s: set() for s in range(st.players)}
        out[None] = set(st.deck)
        return out

    def redeal_hidden(self, state: GameState, seat: int | None, rng: Rng) -> GameState:
        """Only the deck's order is hidden (from everyone): shuffle it and reseed the game's RNG."""
        st = _s(state).model_copy(deep=True)
        st.deck.sort()  # the new order must not depend on the old one (a search AI would read it)
        rng.shuffle(st.deck)
        st.rng = Rng.seeded(rng.next64())
        return st

ENDING_TEXT = {
    "six regions": "a connected network of routes reaches all six regions.",
    "three hub regions": "hubs in three regions.",
    "short-haul sweep": "every short-haul route of two regions.",
    "last airline": "every other airline went bankrupt.",
    "round cap": "the richest airline when the round cap was reached (a house rule chosen in the lobby).",
}

GAME = FlightPlan()
