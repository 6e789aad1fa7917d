"""Planecrafters as an engine Game: setup, dispatch of choices to the steps, view, result and secrets."""

from __future__ import annotations

from typing import Any

from engine.core.contract import (
    Decision,
    Event,
    GameInfo,
    GameOptionSpec,
    GameState,
    IllegalAction,
    ListedGame,
    Offer,
    Option,
    OptionChoice,
    Result,
    SeatResult,
    decision,
)
from engine.core.rng import Rng
from engine.core.text import counted
from engine.planecrafters import choices, steps
from engine.planecrafters.data import catalog, employee_name
from engine.planecrafters.mechanics import award_shares, event, final_scores, winner
from engine.planecrafters.objectives import FACE_UP
from engine.planecrafters.state import PCState, Plane
from engine.planecrafters.view import public_view, seat_view

DEALS = {2: [3, 4], 3: [3, 4, 5], 4: [3, 4, 4, 5]}
START_CROWNS = 5


def _s(state: GameState) -> PCState:
    assert isinstance(state, PCState)
    return state


def _decision(st: PCState, options: list[Option]) -> Decision:
    """The one open decision of a game not over, given its step's options."""
    prompt = steps.PROMPTS[st.step]
    if st.step == "hire" and any(o.id.startswith("collect:") for o in options):
        prompt = steps.HIRE_OR_COLLECT  # said only when a button collects (the staff it depends on is public)
    return decision(seat=st.turn, prompt=prompt, options=options, kind=st.step, private=choices.private(st))


class Planecrafters(ListedGame):
    name = "planecrafters"
    info = GameInfo(title="Planecrafters", min_players=2, max_players=4, hidden=True,
                    tagline="build planes from part cards, hire staff, sell planes for crowns")
    state_model = PCState
    option_specs = [
        GameOptionSpec(
            key="objectives", label="Objectives (our own variant)", default="off",
            choices=[OptionChoice(value="off", label="Off (the rulebook game)"),
                     OptionChoice(value="on", label="On: three objectives pay crowns")],
            help="Our own optional module: the first player to meet a face-up objective takes its crowns.",
        ),
        GameOptionSpec(
            key="round_limit", label="Round limit (a house rule)", default="off",
            choices=[OptionChoice(value="off", label="Off (the rulebook: play until the stack runs out)"),
                     OptionChoice(value="on", label=f"On: the game also ends after round {steps.ROUND_LIMIT}")],
            help="The book has no round limit. Tables that keep discarding what they draw can make a game last for "
                 "ever; this ends it anyway.",
        ),
    ]

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> PCState:
        rng = Rng.seeded(seed)
        cat = catalog()
        stack = [c.id for c in cat.parts.values() if c.players <= players]
        rng.shuffle(stack)
        hands = []
        for n in DEALS[players]:
            hands.append(stack[:n])
            del stack[:n]
        depot: list[str | None] = list(stack[:4])
        del stack[:4]
        pool = [f"emp:{e.kind}" if e.copies == 1 else f"emp:{e.kind}-{i}"
                for e in cat.employees.values() for i in range(1, e.copies + 1)]
        objectives: list[str] = []
        if options.get("objectives") == "on":
            objectives = [o.id for o in cat.objectives]
            rng.shuffle(objectives)
            objectives = sorted(objectives[:FACE_UP])
        return PCState(
            game=self.name, players=players, seed=seed, options=options, rng=rng, stack=stack, depot=depot,
            hands=hands, planes=[[Plane()] for _ in range(players)], staff=[[] for _ in range(players)], pool=pool,
            crowns=[START_CROWNS] * players, sold=[[] for _ in range(players)], planes_sold=[0] * players,
            objectives=objectives,
        )

    def legal(self, state: GameState) -> list[Offer]:
        st = _s(state)
        return [] if st.over else [Offer(st.turn, st.step, choices.option_ids(st))]

    def label(self, state: GameState, offer: Offer) -> Decision:
        st = _s(state)
        return _decision(st, choices.options(st, offer.ids))

    def is_over(self, state: GameState) -> bool:
        return _s(state).over

    def apply(self, state: GameState, seat: int, choice: str) -> list[Event]:
        return self.apply_fast(state, seat, choice, None, None)

    def apply_fast(self, state: GameState, seat: int, choice: str, legal: list[Offer] | None,
                   after: list[Offer] | None) -> list[Event]:
        st = _s(state)
        # legal() lists one decision, for the seat whose turn it is, with exactly choices.option_ids.
        if not (legal is not None and len(legal) == 1 and seat == legal[0].seat == st.turn and choice in legal[0].ids):
            if seat != st.turn:
                raise IllegalAction("It is not your turn.")
            if choice not in choices.option_ids(st):
                raise IllegalAction("That is not one of your choices right now.")
        events, listed = self._apply_listing(st, choice)
        if listed is not None and after is not None:
            after.append(Offer(st.turn, st.step, listed))
        return events

    def _apply_listing(self, st: PCState, choice: str) -> tuple[list[Event], list[str] | None]:
        """Apply a choice already checked against the options on offer. Also returns the option ids open afterwards
        when listing them was part of the work, else None."""
        events = self._dispatch(st, choice)
        # A step whose one choice decides nothing (a Hire step with nothing to hire or collect, a Buyer step left
        # with only "clean up") is taken at once, the next player's too when this choice ended a turn. Only when
        # that choice is public and the step offers no hand card: skipping a step because the hand has nothing to
        # offer would tell the table so.
        while not st.over and not choices.private(st):  # a private step is never taken at once: no need to list it
            only = choices.option_ids(st)
            if len(only) != 1 or choices.names_hidden_card(st, only[0]):
                return events, only
            events += self._dispatch(st, only[0])
        return events, None

    def _dispatch(self, st: PCState, choice: str) -> list[Event]:
        head, _, rest = choice.partition(":")
        # Most frequent first (a playout: take, play, acquire, cleanup, ...); the heads exclude one another.
        if head == "take":
            return steps.take(st, rest)
        if head == "play":
            return steps.play(st, rest)
        if head == "acquire":
            return steps.start_acquire(st)
        if head == "cleanup":
            return steps.cleanup(st)
        if head == "buyer":
            st.step = "buyer"
            return []
        if head == "sell":
            return steps.do_sell(st, int(rest))
        if head == "hire":
            return steps.hire(st, rest)
        if head == "steal":
            if st.step == "spy_take":
                return steps.spy_take(st, int(rest))
            p, slot = rest.split(":")
            return steps.thief_take(st, int(p), slot)
        if head == "collect":
            return steps.collect(st, rest)
        if head == "agent" and rest == "swap":
            st.uses["agent"] -= 1
            st.swaps_left, st.step = catalog().agent_swap_cards, "swap_give"
            return []
        if head == "agent":
            return steps.agent_trade(st, int(rest.split(":")[1]))
        if head in ("spy", "thief"):
            st.uses[head] -= 1
            st.target, st.step = int(rest), f"{head}_take"
            if head == "spy":
                seen = ", ".join(steps.part_label(c) for c in st.hands[st.target])
                return [event(text=f"{steps.who(st.turn)}'s Spy looked at {steps.who(st.target)}'s hand."),
                        event(text=f"Your Spy saw: {seen}.", private_to=st.turn)]
            return []
        if head == "put":
            p, slot = rest.split(":")
            return steps.thief_put(st, int(p), slot)
        if head == "aim":
            st.onto, st.step = int(rest), "thief_place"
            return []
        if head == "logistician":
            st.step = "draw"
            return []
        if head == "build":
            st.onto, st.step = int(rest), "build"
            return []
        if head == "flyer":
            steps.start_flyer(st)
            return []
        if head == "give":
            st.holding, st.step = rest, "swap_slot"
            return []
        if head == "slot":
            card, st.holding = st.holding, None
            assert card is not None
            return steps.swap(st, card, int(rest))
        if head == "jack":
            st.jack, st.step = rest, "hire"
            return [event(text=f"The Jack of all Trades works as a {employee_name(rest)} this turn.")]
        if head == "stop":
            steps.back_to_abilities(st)
            return []
        if head == "moves":
            st.step = "pick_move"
            return []
        if head == "move":
            steps.hold(st, choice)
            return []
        if head == "onto":
            st.onto, st.step = int(rest), "place"
            return []
        if head == "to":
            p, slot = rest.split(":")
            return steps.place(st, int(p), slot)
        if head == "back":
            st.holding, st.onto, st.step = None, None, "flyer"
            return []
        assert head == "discard"
        return steps.discard(st, rest)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        st = _s(state)
        return public_view(st) if seat is None else seat_view(st, seat)

    def result(self, state: GameState) -> Result | None:
        st = _s(state)
        if not st.over:
            return None
        scores = final_scores(st)
        best = winner(scores)
        shares = award_shares(st)
        standings = []
        for s, v in enumerate(scores):
            got = [f"{k} +{c[s]}" for k, c in shares.items() if s in c]
            standings.append(SeatResult(seat=s, score=v, detail=f"{counted(st.crowns[s], 'crown')}; "
                                                                 + (", ".join(got) or "no awards")))
        # The stack running out starts the last round (state.ending); else the lobby's round limit ended it.
        why = ("The stack ran out, and the last round was played out." if st.ending else
               f"Round {steps.ROUND_LIMIT} was complete, the round limit this table chose.")
        return Result(standings=standings, winners=[best], ending=why,
                      summary=f"Player {best + 1} wins with {counted(scores[best], 'crown')}.")

    def secrets(self, state: GameState) -> dict[int | None, set[str]]:
        st = _s(state)
        out: dict[int | None, set[str]] = {s: set(h) for s, h in enumerate(st.hands)}
        out[None] = set(st.stack)
        if not st.over:
            # Choices that name a hidden card are the chooser's secrets too, so the bot shows them to the chooser
            # alone (a Discord panel is public): see choices.secret_options.
            out[st.turn] |= choices.secret_options(st)
        return out

    def in_sight(self, state: GameState, seat: int) -> set[str]:
        """The hand a Spy is looking at, while its owner chooses which card to take."""
        st = _s(state)
        if st.step == "spy_take" and st.target is not None and seat == st.turn and not st.over:
            return set(st.hands[st.target])
        return set()

    def redeal_hidden(self, state: GameState, seat: int | None, rng: Rng) -> PCState:
        """Hands the viewer cannot see and the stack are dealt again from their pooled cards, each keeping its size;
        a hand card picked up (an Agent's swap in progress) follows its place in the hand. The hand the viewer's Spy
        is looking at is seen, card by card in its order (the options take it by position), and stays."""
        st = _s(state).model_copy(deep=True)
        spied = st.target if seat is not None and self.in_sight(st, seat) else None
        unseen = [s for s in range(st.players) if s not in (seat, spied)]
        held = st.hands[st.turn].index(st.holding) if st.holding in st.hands[st.turn] else None
        # Sorted first: the deal must not depend on where each hidden card was (a search AI would read it).
        pool = sorted([c for s in unseen for c in st.hands[s]] + st.stack)
        rng.shuffle(pool)
        for s in unseen:
            st.hands[s], pool = pool[:len(st.hands[s])], pool[len(st.hands[s]):]
        st.stack = pool
        if held is not None:
            st.holding = st.hands[st.turn][held]
        st.rng = Rng.seeded(rng.next64())
        return st

GAME = Planecrafters()
