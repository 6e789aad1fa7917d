"""Planes (base game) as an engine Game: turn flow, decisions and their validation.

A turn: action phase (a card or 'skip', then any follow-up the card asks for) -> move (start space, steps,
'confirm'; twice with Double Time) -> goal phase (a scorable card or 'skip') -> draw 1 if the hand is empty.

Decision kinds and their option ids (one open decision at a time, always for the seat whose turn it is):
  action      'card:R07' (play it as an action) | 'skip'
  discard     'card:..' (after drawing 2 or 3)          target / source   'space:S4'
  option      'option:ignore' | 'option:goal'          extra_goal        'card:..'
  move_start  'from:S3'
  move        'drop:S4:red' | 'stop:S4' | 'skip:S4' | 'board:G2' | 'redo' | 'confirm'
  goal        'card:..' | 'skip'
Card ids in options belong to the deciding seat's hand: show those decisions to that seat only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.contract import (
    Decision,
    Event,
    GameInfo,
    GameState,
    IllegalAction,
    ListedGame,
    Offer,
    Option,
    Result,
    decision,
    event,
    option,
)
from engine.core.rng import Rng
from engine.planes import actions, actions_rt, moves
from engine.planes.action_card import ask
from engine.planes.cards import card
from engine.planes.scenarios import scenario
from engine.planes.scoring import result
from engine.planes.setup import apply_scenario, new_state, option_specs
from engine.planes.state import PARTY_COLOURS, PlanesState
from engine.planes.terrain import CUSTOM, custom_layout, load
from engine.planes.view import public_view, seat_view


def _s(state: GameState) -> PlanesState:
    assert isinstance(state, PlanesState)
    return state


def draw(state: PlanesState, seat: int, n: int) -> list[Event]:
    """Draw up to n cards for seat, reshuffling the discards into an empty deck."""
    pile = state.pile(seat)
    got: list[str] = []
    events: list[Event] = []
    for _ in range(n):
        if not state.decks[pile] and state.discards[pile]:
            state.decks[pile] = state.discards[pile]
            state.discards[pile] = []
            state.rng.shuffle(state.decks[pile])
            events.append(event(text="The discard pile is shuffled into a new deck."))
        if not state.decks[pile]:
            break
        got.append(state.decks[pile].pop())
    state.hands[seat].extend(got)
    if got:
        events.append(event(text=f"Seat {seat + 1} draws {len(got)} card{'s' if len(got) > 1 else ''}."))
        events.append(event(text="You drew " + ", ".join(card(c).title for c in got) + ".", private_to=seat))
    else:
        events.append(event(text=f"Seat {seat + 1} could not draw: no cards are left."))
    return events


def shorten(text: str, limit: int = 100) -> str:
    """`text` cut at a word to fit `limit` characters (Discord's limit under an option), marked with an ellipsis."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"


def deciding_seat(state: PlanesState) -> int:
    """Who must choose now: the seat whose turn it is, or the seat picking from cards passed round (Pass It On)."""
    return state.draft_seat if state.draft_seat is not None else state.turn


def offer_ids(state: PlanesState) -> tuple[str, list[str]]:
    """(kind, option ids) of the decision open for the seat whose turn it is: `options_for` without the prompt and
    the labels, which playouts never read (`play.legal`)."""
    seat = state.turn
    phase = state.phase
    if phase == "move":
        if state.move is None:
            return "move_start", moves.start_ids(state, seat)
        return "move", moves.step_ids(state)
    if phase == "action":
        # "No action" first: a button's index is public, and the number of playable cards before it is not.
        return "action", ["skip", *(c for c in state.hands[seat] if actions.why_not_playable(state, seat, c) is None)]
    if phase == "goal":
        return "goal", ["skip", *actions.scorable_goals(state, seat)]
    if phase == "follow":
        return state.follow or "follow", [o.id for o in actions.follow_options(state, deciding_seat(state))]
    return "over", []


def options_for(state: PlanesState, offer: Offer) -> tuple[str, str, list[Option]]:
    """(kind, prompt, options) of the decision open for the seat whose turn it is: `offer_ids` (as `offer`)
    labelled."""
    seat = state.turn
    if state.phase == "follow":
        chooser = deciding_seat(state)
        return state.follow or "follow", actions.follow_prompt(state), actions.follow_options(state, chooser)
    kind, ids = offer.kind, offer.ids
    if kind == "action":
        opts = [option(id="skip", label="No action", detail="go straight to your move")]
        opts += [option(id=c, label=f"Action: {card(c).title.split(' / ')[0]}", detail=shorten(card(c).action))
                 for c in ids[1:]]
        return "action", "Play a card as an action, or go straight to your move", opts
    if kind == "move_start":
        return "move_start", start_prompt(state, seat), moves.start_options(state, seat)
    if kind == "move":
        return "move", _step_prompt(state), [moves.step_option(state, choice) for choice in ids]
    if kind == "goal":
        opts = [option(id="skip", label="No goal", detail="end your turn")]
        opts += [option(id=c, label=f"Goal: {card(c).title.split(' / ')[-1]}", detail=f"{card(c).vp} VP")
                 for c in ids[1:]]
        return "goal", "Score a goal card, or end your turn", opts
    return "over", "", []


def start_prompt(state: PlanesState, seat: int) -> str:
    """The move's prompt, which also teaches what a newcomer needs for it: how a cube boards, and that a colour
    nobody plays is neutral (the board draws it like any player's). What the letters on the spaces stand for is in
    the board's key under the picture (renderers/planes/describe.py)."""
    colour = state.colour_of(seat)
    spare = [c for c in PARTY_COLOURS if state.is_neutral(c)]
    nobody = ""
    if spare:
        colours = " and ".join(spare)
        nobody = f" Nobody plays {colours}, so those cubes are neutral, like grey ones."
    return (f"Choose a space with your {colour} cubes to start your move. To board, a group's last cube steps "
            f"into a gate whose plane takes its colour and has a free seat.{nobody}")


def _step_prompt(state: PlanesState) -> str:
    """Says what the group carries and what a step does, so the buttons read as a plan rather than a puzzle."""
    move = state.move
    assert move is not None
    if move.finished:
        where = f"boards at {move.boarded}" if move.boarded else f"ends at {move.at}"
        return f"Your move {where}: confirm it, or redo it"
    if len(move.active) == 1:
        return f"Your last cube ({move.active[0]}) is at {move.at}: choose the space where it stops"
    counts = ", ".join(f"{move.active.count(c)} {c}" for c in sorted(set(move.active)))
    leave = "one cube"
    if len(move.doubles) < state.double_drops and len(move.active) >= 3:
        # Heavy Luggage / Spread the Bags (the card in play is public): a space may take two cubes.
        spaces = state.double_drops - len(move.doubles)
        where = "one space" if spaces == 1 else f"up to {spaces} spaces"
        leave = f"one cube (or two, at {where} this move)"
    return (f"Your group is at {move.at} with {counts}: leave {leave} in the next space and go on, "
            "or stop there with all of them")


def _advance(state: PlanesState, events: list[Event], quiet: int = -1) -> list[str] | None:
    """Run the steps that need no choice: an empty action phase, a move with no legal start, an empty goal phase,
    and the end of the turn. Returns the start ids when it stops at a move's start (it listed them to see whether
    there is one; a playout then need not list them again), else None.

    `quiet`, at the start of a turn: how many turns in a row before this one went by without anyone choosing or
    drawing anything (-1 mid-turn). After a whole round of those nothing can ever change again: no seat can move or
    draw. The books have no ending for that because their airports cannot get there (every space leads on to a
    space, so a seat with a cube in the airport always has a move, and a seat without one has all five aboard,
    which already ends the game; see the rulings); only a hand-built test board can, and there the game ends
    ("frozen") rather than turning in an endless loop."""
    seat = state.turn
    while True:
        if state.phase == "action" and not state.hands[seat]:
            state.phase = "move"
        elif state.phase == "move" and state.move is None and state.moves_left <= 0:
            state.phase = "goal"
        elif state.phase == "move" and state.move is None:
            starts = moves.start_ids(state, seat)
            if starts:
                return starts
            events.append(event(text=f"Seat {seat + 1} has no legal move, so this move is lost."))
            state.moves_left = 0
            state.phase = "goal"
        elif state.phase == "goal" and not state.hands[seat]:
            # Only an empty hand skips the goal step: skipping it when no goal is scorable would tell the table so.
            if quiet + 1 >= state.players and not state.end_reason and not state.decks[state.pile(seat)] \
                    and not state.discards[state.pile(seat)]:
                state.end_reason = "frozen"
                events.append(event(text="Nobody can move or draw a card any more: the game ends when this round "
                                         "is complete."))
            return _end_turn(state, events, quiet + 1 if quiet >= 0 else -1)
        else:
            return None


def settle(state: PlanesState) -> list[Event]:
    """Run the automatic steps from a freshly built state (used by setup and by hand-built test states)."""
    events: list[Event] = []
    _advance(state, events, 0)
    return events


def _check_end(state: PlanesState, events: list[Event]) -> None:
    if state.end_reason:
        return
    if state.track >= state.track_end:
        state.end_reason = "track"
    elif state.round_trip and moves.all_aboard(state):
        state.end_reason = "all aboard"
    elif not state.round_trip and moves.full_colour(state):
        state.end_reason = "full colour"
    if state.end_reason:
        why = {
            "track": f"The boarding track has reached {state.track_end} cubes",
            "full colour": "Every plane of one colour is full",
            "all aboard": "A player has boarded all five of their cubes",
        }[state.end_reason]
        # Said plainly, with what it means for the table: the game does not stop mid-round.
        events.append(event(text=f"{why}: the game ends when this round is complete, so everyone gets the same "
                                 "number of turns."))


def _end_turn(state: PlanesState, events: list[Event], quiet: int = -1) -> list[str] | None:
    """End the turn and run the next one's automatic steps; returns what `_advance` returns. `quiet`: as for
    `_advance`, counting this turn (-1: someone chose something in it)."""
    seat = state.turn
    if state.action_card:
        state.discards[state.pile(seat)].append(state.action_card)
        state.action_card = None
    state.put({"backwards": False, "only_own": False, "ignore_neutral": False, "ignore_blockages": False,
               "skip_pending": False, "only_neutral": False, "double_drops": 0, "skips_left": 0, "discards_due": 0,
               "moves_left": 1, "follow": None, "picks": []})
    if not state.hands[seat]:
        events.extend(draw(state, seat, 1))
        if state.hands[seat]:
            quiet = -1  # a card came: this seat will have a choice on its next turn
    _check_end(state, events)
    state.turns += 1
    state.turn = (seat + 1) % state.players
    if not state.end_reason and state.round_limit and state.turns >= state.round_limit * state.players:
        # The house rule the host chose (off by default: the books end a game only by boarding; see the rulings).
        state.end_reason = "round limit"
        events.append(event(text=f"{state.round_limit} rounds have been played, the cap this table chose: the game "
                                 "ends here."))
    if state.end_reason and state.turn == state.start_seat:
        state.phase = "over"
        events.append(event(text=result(state).summary))
        return None
    state.phase = "action"
    events.append(event(text=f"Seat {state.turn + 1}'s turn."))
    return _advance(state, events, max(quiet, 0))


def _lost_and_found(state: PlanesState, seat: int, space: str) -> list[Event]:
    """Lost and Found: a move ending on a point of interest picks up the mover's card of that kind, if it is still
    waiting; with two kinds there, the mover chooses one."""
    found = actions_rt.lost_found_pois(state, seat, space)
    if len(found) == 1:
        return actions_rt.take_lost_found(state, seat, found[0])
    if found:
        ask(state, "lost_found")
    return []


def _refuse(state: PlanesState, seat: int, choice: str) -> str:
    if state.phase == "action":
        if choice in state.hands[seat]:
            reason = actions.why_not_playable(state, seat, choice)
            return reason or "That card cannot be played now."
        return "Play a card from your hand as an action, or choose 'No action' to go straight to your move."
    if state.phase == "goal":
        if choice in state.hands[seat]:
            return f"The goal of {card(choice).title.split(' / ')[-1]} is not on the board right now."
        return "Score a goal card from your hand, or choose 'No goal' to end your turn."
    if state.phase == "follow":
        return actions.explain_follow(state, seat, choice)
    if state.phase == "move":
        return moves.explain_illegal(state, seat, choice)
    return "That is not possible now."


class PlanesGame(ListedGame):
    name = "planes"
    info = GameInfo(title="Planes", min_players=2, max_players=4, hidden=True, seat_word="Seat",
                    tagline="move passenger cubes along the arrows and board them onto planes")
    state_model = PlanesState
    option_specs = option_specs()

    def check_options(self, players: int, options: dict[str, str]) -> dict[str, str]:
        """As for every game, plus the optional rule's free layout of points of interest ("custom:..."), which no
        fixed list of choices can hold: it is checked against the chosen airport instead. A Round Trip scenario
        then fills the options it decides (its airport, the plane sides it needs), so the lobby shows them. A
        scenario also lays out its own points of interest from the printed ones, so any other layout with it is
        refused with a sentence: "few" or a custom layout would take away tokens the scenario keeps."""
        layout = options.get("pois", "")
        merged = apply_scenario(super().check_options(
            players, {**options, "pois": "printed"} if layout.startswith(CUSTOM) else options))
        sc = scenario(merged.get("scenario", "none"))
        if sc is not None and layout not in ("", "printed"):
            # Said before the layout is read: a custom one might not even fit the scenario's airport.
            raise IllegalAction(f"The {sc.title} scenario sets out its own points of interest on the printed "
                                "board, so Points of interest stays at Printed with it; set the scenario to None "
                                "to lay them out yourself.")
        if layout.startswith(CUSTOM):
            custom_layout(load(merged["airport"]), layout)
            merged["pois"] = layout
        return merged

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> PlanesState:
        state = new_state(players, seed, options, self.name)
        _advance(state, [], 0)
        return state

    def legal(self, state: GameState) -> list[Offer]:
        s = _s(state)
        if s.phase == "over":
            return []
        kind, ids = offer_ids(s)
        return [Offer(deciding_seat(s), kind, ids)]

    def label(self, state: GameState, offer: Offer) -> Decision:
        s = _s(state)
        kind, prompt, opts = options_for(s, offer)
        # The hand's cards may be on offer whenever it holds any, playable now or not: "Show my choices" is public.
        # A draft pick offers the cards passed to that seat: private too.
        private = ((s.phase in ("action", "goal") or s.follow == "extra_goal") and bool(s.hands[s.turn])) or (
            s.follow == "draft")
        return decision(seat=deciding_seat(s), prompt=prompt, options=opts, kind=kind, private=private)

    def apply(self, state: GameState, seat: int, choice: str) -> list[Event]:
        return self.apply_fast(state, seat, choice, None, None)

    def apply_fast(self, state: GameState, seat: int, choice: str, legal: list[Offer] | None,
                   after: list[Offer] | None) -> list[Event]:
        s = _s(state)
        # legal() lists one decision, for the deciding seat, with exactly offer_ids' options.
        if not (legal is not None and len(legal) == 1 and seat == legal[0].seat == deciding_seat(s)
                and choice in legal[0].ids):
            if seat != deciding_seat(s):
                if s.draft_seat is not None:
                    raise IllegalAction(f"Seat {s.draft_seat + 1} is choosing a card from the ones passed round; "
                                        "wait for your turn to pick.")
                raise IllegalAction("It is not your turn.")
            _, ids = offer_ids(s)
            if choice not in ids:
                raise IllegalAction(_refuse(s, seat, choice))
        events: list[Event] = []
        starts = self._play(s, seat, choice, events)
        if starts is not None and after is not None:
            # _advance listed the start spaces to see whether the move can be made: they are the next options.
            after.append(Offer(deciding_seat(s), "move_start", starts))
        return events

    def _play(self, s: PlanesState, seat: int, choice: str, events: list[Event]) -> list[str] | None:
        """Apply a choice already checked against the options on offer, adding the events to `events`; returns the
        start ids on offer afterwards when `_advance` listed them on the way, else None."""
        drawer: Callable[[int, int], list[Event]] = lambda who, n: draw(s, who, n)  # noqa: E731
        if s.phase == "action":
            if choice == "skip":
                s.phase = "move"
            else:
                events += actions.play(s, seat, choice, drawer)
        elif s.phase == "follow":
            events += actions.follow_apply(s, seat, choice, drawer)
        elif s.phase == "move":
            if choice.startswith("from:"):
                events += moves.start(s, seat, choice[5:])
            elif choice == "redo":
                events += moves.redo(s, seat)
            elif choice == "confirm":
                assert s.move is not None
                ended = None if s.move.boarded else s.move.at
                done, earned = moves.confirm(s, seat)
                events += done
                if earned:
                    events += draw(s, seat, earned)
                _check_end(s, events)
                s.moves_left -= 1
                if s.special == "lost_and_found" and ended:
                    events += _lost_and_found(s, seat, ended)
            else:
                events += moves.step(s, choice)
        elif s.phase == "goal":
            if choice == "skip":
                return _end_turn(s, events)
            s.hands[seat].remove(choice)
            s.goals[seat].append(choice)
            events.append(event(text=f"Seat {seat + 1} scores {card(choice).title.split(' / ')[-1]} "
                                     f"({card(choice).vp} VP)."))
            return _end_turn(s, events)
        return _advance(s, events)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        s = _s(state)
        return public_view(s) if seat is None else seat_view(s, seat)

    def result(self, state: GameState) -> Result | None:
        s = _s(state)
        return result(s) if s.phase == "over" else None

    def secrets(self, state: GameState) -> dict[int | None, set[str]]:
        s = _s(state)
        out: dict[int | None, set[str]] = {seat: set(hand) for seat, hand in enumerate(s.hands)}
        out[None] = {c for deck in s.decks for c in deck}
        if s.draft_seat is not None:
            out[s.draft_seat] = out[s.draft_seat] | set(s.draft)
        return out

    def redeal_hidden(self, state: GameState, seat: int | None, rng: Rng) -> PlanesState:
        """Hands the viewer cannot see and the deck order are dealt again, each from the cards of its own pile (one
        shared deck, or one per seat with player decks), each hand keeping its size."""
        s = _s(state).model_copy(deep=True)
        unseen = [t for t in range(s.players) if t != seat]
        for pile in range(len(s.decks)):
            holders = [t for t in unseen if s.pile(t) == pile]
            # Pass It On's travelling cards are hidden from everyone but the seat picking from them.
            draft = s.draft if s.draft_seat is not None and s.draft_seat != seat and pile == s.pile(s.turn) else []
            # Sorted first: the deal must not depend on where each hidden card was (a search AI would read it).
            cards = sorted([c for t in holders for c in s.hands[t]] + s.decks[pile] + draft)
            rng.shuffle(cards)
            for t in holders:
                s.hands[t], cards = cards[:len(s.hands[t])], cards[len(s.hands[t]):]
            if draft:
                s.draft, cards = cards[:len(draft)], cards[len(draft):]
            s.decks[pile] = cards
        s.rng = Rng.seeded(rng.next64())
        return s

GAME = PlanesGame()
