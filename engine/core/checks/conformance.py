"""Checks every game must pass (run by tests/engine/test_conformance.py over the registry).

For a seeded random playout: the JSON round trip is exact at every step, replaying the log rebuilds the same state,
illegal choices leave the state unchanged, the options a playout lists (`play.legal`) are those `pending` shows,
and no view holds another seat's secrets. `check_secrecy` adds that what the channel shows never depends on the
hidden cards, `check_blindness` that a search AI's answer never depends on what its seat may not see, and
`check_scores` that `score_now` and a co-operative game's results are what the search reads them as, and
`check_words` that a board put into words never depends on hidden cards either.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from engine.core.ai import levels
from engine.core.ai import search as ismcts
from engine.core.ai.hooks import GameAI, ai_for
from engine.core.ai.search import Budget
from engine.core.ai.selfplay import playout
from engine.core.contract import Game, GameState, IllegalAction
from engine.core.json_values import strings_in
from engine.core.panel import chooser_only, public_panel
from engine.core.play import LoggedAction, apply, dump_state, legal, load_state, new_game, replay
from engine.core.rng import Rng
from engine.core.typed import commands_for, words


def leaks(game: Game, state: GameState) -> list[str]:
    """Sentences describing every secret that a view shows to someone who may not see it."""
    problems: list[str] = []
    secrets = game.secrets(state)
    viewers: list[int | None] = [None, *range(state.players)]
    for viewer in viewers:
        shown = strings_in(json.loads(json.dumps(game.view(state, viewer))))
        for owner, ids in secrets.items():
            if owner == viewer and owner is not None:
                continue
            for secret in ids & shown:
                problems.append(f"view for {viewer!r} shows {secret!r}, a secret of {owner!r}")
    return problems


def legal_problems(game: Game, state: GameState) -> list[str]:
    """Sentences for every way `legal(game, state)` (what playouts list) differs from `game.pending(state)` (what
    people are shown): each open decision's seat, kind and option ids, in order."""
    listed = [(d.seat, d.kind, [o.id for o in d.options]) for d in game.pending(state)]
    offered = [(o.seat, o.kind, list(o.ids)) for o in legal(game, state)]
    if listed == offered:
        return []
    return [f"legal options {offered} differ from the pending decisions {listed}"]


def info_problems(game: Game, state: GameState) -> list[str]:
    """Sentences for every way `state` contradicts what `game.info` declares: a game that hides nothing
    (`GameInfo.hidden` False) names no secrets, and its re-deal for the channel is the state itself."""
    if game.info.hidden:
        return []
    problems: list[str] = []
    named = set().union(*game.secrets(state).values())
    if named:
        problems.append(f"{game.name} declares nothing hidden (GameInfo.hidden is False), yet secrets names "
                        f"{sorted(named)[:5]}")
    if dump_state(game.redeal_hidden(state, None, Rng.seeded(state.version))) != dump_state(state):
        problems.append(f"{game.name} declares nothing hidden (GameInfo.hidden is False), yet redeal_hidden changes "
                        "the state")
    return problems


def illegal_probes(game: Game, state: GameState, rng: Rng) -> list[tuple[int, str]]:
    """A few choices that must be refused: bogus ids, and real options offered to the wrong seat."""
    probes: list[tuple[int, str]] = [(0, "no-such-option"), (state.players - 1, "")]
    pending = game.pending(state)
    waiting = {d.seat for d in pending}
    idle = [s for s in range(state.players) if s not in waiting]
    if idle and pending:
        probes.append((rng.choice(idle), rng.choice(pending[0].options).id))
    return probes


def check_playout(
    game: Game, players: int, seed: int, options: dict[str, str] | None = None, uniform: bool = False
) -> int:
    """Run every check over one random game; raise AssertionError on the first failure. Returns its length.

    Choices follow the game's playout policy, or are uniformly random with `uniform` (which also walks the
    choices a policy leaves out, such as taking a move back)."""
    rng = Rng.seeded(seed * 7 + 1)

    def on_step(before: GameState, action: LoggedAction, after: GameState) -> None:
        text = dump_state(after)
        assert dump_state(load_state(game, text)) == text, "JSON round trip changed the state"
        assert after.version == before.version + 1
        differ = legal_problems(game, after)
        assert not differ, differ[0]
        leaked = leaks(game, after)
        assert not leaked, "; ".join(leaked[:5])
        declared = info_problems(game, after)
        assert not declared, declared[0]
        for seat, choice in illegal_probes(game, after, rng):
            snapshot = dump_state(after)
            try:
                apply(game, after, seat, choice)
            except IllegalAction as exc:
                assert str(exc).strip(), "an IllegalAction needs a sentence"
            else:
                raise AssertionError(f"seat {seat} choice {choice!r} was accepted but is not legal")
            assert dump_state(after) == snapshot, "an illegal choice changed the state"

    run = playout(game, players, seed, options, on_step=on_step, uniform=uniform)
    assert game.result(run.state) is not None, "finished game has no result"
    rebuilt = replay(game, players, seed, run.state.options, run.actions)
    assert dump_state(rebuilt) == dump_state(run.state), "replaying the action log gave a different state"
    return len(run.actions)


SECRECY_STATES = 40
"""States of a playout whose re-deals `check_secrecy` compares: enough to meet every kind of step a game has in a
few playouts, few enough to keep the suite fast (each state costs a click on every option, twice)."""
PUBLIC_CHOICES = 8
"""Public options per state whose next panel is compared (a random sample when there are more)."""


def _public(game: Game, state: GameState) -> str:
    """What the channel shows of a state, as one comparable text: the panel, then the board (public view)."""
    panel = [d.model_dump() for d in public_panel(game, state)]
    return json.dumps(panel, sort_keys=True) + "\n" + json.dumps(game.view(state, None), sort_keys=True, default=str)


def _hidden_ids(game: Game, state: GameState) -> set[str]:
    return set().union(*game.secrets(state).values())


def _outcome(game: Game, state: GameState, seat: int, choice: str) -> str | None:
    """What the channel shows after `choice`: its public events, the panel and the board. None when the choice
    brings a hidden card into the open (a part built, a card played face up: still in the state, no longer among
    the secrets), since the table may then learn it and what follows from it."""
    after, events = apply(game, state, seat, choice)
    opened = _hidden_ids(game, state) - _hidden_ids(game, after)
    if opened & strings_in(json.loads(dump_state(after))):
        return None
    return json.dumps([e.text for e in events if e.private_to is None]) + "\n" + _public(game, after)


def _hidden_outcomes(game: Game, state: GameState) -> set[str]:
    """The outcomes of every chooser-only option that keeps its card hidden (pick a card up, discard it face down).
    The table sees one of them happen without seeing which: the set must not depend on the hidden cards either."""
    found: set[str] = set()
    for decision in game.pending(state):
        for i in sorted(chooser_only(game, state, decision)):
            outcome = _outcome(game, state, decision.seat, decision.options[i].id)
            if outcome is not None:
                found.add(outcome)
    return found


def describe(shown: str) -> str:
    """A channel as text a person reads: events, then each panel's prompt, kind, buttons (with the index their
    custom_id carries) and whether it has "Show my choices". The board is left out (its difference is quoted)."""
    lines = shown.split("\n")
    events = json.loads(lines[0]) if len(lines) == 3 else None
    parts = [] if events is None else [f"events {events}"]
    for d in json.loads(lines[-2]):
        buttons = ", ".join(f"{o['index']}: {o['label']!r}" for o in d["options"])
        parts.append(f"seat {d['seat']} {d['kind']!r} panel {d['prompt']!r} with buttons [{buttons}]"
                     + (" + 'Show my choices'" if d["private"] else ""))
    return "; ".join(parts)


def _difference(a: str, b: str) -> str:
    """Both channels described, plus the first place where their boards differ, if they do."""
    text = f"\n    true cards: {describe(a)}\n    re-dealt:   {describe(b)}"
    board_a, board_b = a.split("\n")[-1], b.split("\n")[-1]
    if board_a != board_b:
        at = next((i for i, (x, y) in enumerate(zip(board_a, board_b, strict=False)) if x != y), 0)
        text += (f"\n    boards differ: …{board_a[max(0, at - 60):at + 60]}…"
                 f"\n          versus …{board_b[max(0, at - 60):at + 60]}…")
    return text


def secrecy_problems(game: Game, state: GameState, rng: Rng, redeals: int = 2) -> list[str]:
    """Sentences for every way what the channel shows of `state` depends on hidden cards: the board and panel, the
    panel after each public option, and the set of results of the chooser-only options that reveal nothing, compared
    between `state` and `redeals` re-deals of its hidden cards (`Game.redeal_hidden` for the public)."""
    problems: list[str] = []
    shown = _public(game, state)
    hidden = _hidden_outcomes(game, state)
    for _ in range(redeals):
        other = game.redeal_hidden(state, None, rng)
        if _public(game, other) != shown:
            problems.append("the channel depends on the hidden cards:" + _difference(shown, _public(game, other)))
            continue
        public = [(d.seat, d.options[i].id) for d in game.pending(state)
                  for i in sorted(set(range(len(d.options))) - chooser_only(game, state, d))]
        # A sample keeps the cost per state bounded where many seats choose among many options at once.
        while len(public) > PUBLIC_CHOICES:
            public.pop(rng.below(len(public)))
        for seat, choice in public:
            mine, theirs = _outcome(game, state, seat, choice), _outcome(game, other, seat, choice)
            # Only the panel: a public choice may draw a card, and what the draw shows (in the events, on the
            # board) is chance, not a leak. The next step must not depend on a hidden card, though.
            if mine is not None and theirs is not None and mine.split("\n")[1] != theirs.split("\n")[1]:
                problems.append(f"after the public choice {choice!r} of seat {seat}, the channel "
                                "depends on the hidden cards:" + _difference(mine, theirs))
        hidden_there = _hidden_outcomes(game, other)
        if hidden_there != hidden:
            problems.append("a hidden choice that reveals no card leaves a channel that depends on the hidden cards:"
                            f"\n    possible with the true cards only: "
                            f"{[describe(o) for o in sorted(hidden - hidden_there)]}"
                            f"\n    possible after a re-deal only: "
                            f"{[describe(o) for o in sorted(hidden_there - hidden)]}")
        for seat in range(state.players):
            if game.view(game.redeal_hidden(state, seat, rng), seat) != game.view(state, seat):
                problems.append(f"redeal_hidden for seat {seat} changed what that seat sees")
    return problems


def check_secrecy(game: Game, players: int, seed: int, options: dict[str, str] | None = None,
                  states: int = SECRECY_STATES, uniform: bool = False) -> int:
    """Play one random game and, on `states` of its states picked at random, check that what the channel shows never
    depends on the hidden cards (`secrecy_problems`). Raise AssertionError naming the state. Returns the number of
    states whose re-deal changed something: more than none for a game that hides something (`GameInfo.hidden`:
    it must name its secrets and re-deal them), none for a game that hides nothing (nothing to re-deal)."""
    run = playout(game, players, seed, options, uniform=uniform)
    rng = Rng.seeded(seed * 31 + 7)
    picked = sorted({rng.below(len(run.actions)) for _ in range(states)})
    state = new_game(game, players, seed, run.state.options)
    changed = 0
    had_secrets = False
    for n, action in enumerate(run.actions):
        if n in picked:
            problems = secrecy_problems(game, state, rng)
            assert not problems, (f"{game.name}, {players} players, seed {seed}, move {state.version} "
                                  f"(after {n} choices of the playout): " + "\n".join(problems[:3]))
            had_secrets = had_secrets or any(game.secrets(state).values())
            changed += dump_state(game.redeal_hidden(state, None, rng)) != dump_state(state)
        state, _ = apply(game, state, action.seat, action.choice)
    if game.info.hidden:
        assert had_secrets, f"{game.name} declares something hidden (GameInfo.hidden) but secrets never names any"
        assert changed, f"{game.name} has hidden cards but redeal_hidden never changes a state"
    return changed


BLIND_STATES = 12
"""States of a playout whose re-deals `check_blindness` compares for every seat with an open decision."""
BLIND_SEARCHES = 2
"""Of those, states on which a whole (small) search runs on both versions of the state: the search is the costly part,
and it only ever reads the state through the re-deal checked on every state."""
BLIND_BUDGET = Budget(iterations=12, horizon=4)


def blindness_problems(game: Game, state: GameState, rng: Rng, search: bool, ai: GameAI | None = None) -> list[str]:
    """Sentences for every way a search AI's answer at `state` could depend on what its seat may not see: for each
    seat with an open decision, `state` and a re-deal of what that seat cannot see (the same view, other hidden
    cards) must give byte-identical re-deals from the same seed, and (with `search`) the same plan, the search's and
    the game's own planner's (its AI hooks `ai`, default: its manifest's)."""
    ai = ai_for(game) if ai is None else ai
    problems: list[str] = []
    for seat in sorted({d.seat for d in game.pending(state)}):
        other = game.redeal_hidden(state, seat, rng)
        seed = rng.next64()
        mine = dump_state(game.redeal_hidden(state, seat, Rng.seeded(seed)))
        theirs = dump_state(game.redeal_hidden(other, seat, Rng.seeded(seed)))
        if mine != theirs:
            at = next((i for i, (x, y) in enumerate(zip(mine, theirs, strict=False)) if x != y), 0)
            problems.append(f"redeal_hidden for seat {seat} depends on the hidden cards it replaces (same seed, "
                            f"same view): …{mine[max(0, at - 60):at + 60]}… versus …{theirs[max(0, at - 60):at + 60]}…")
            continue
        if search:
            a = ismcts.plan(game, state, seat, Rng.seeded(seed), BLIND_BUDGET, ai=ai)
            b = ismcts.plan(game, other, seat, Rng.seeded(seed), BLIND_BUDGET, ai=ai)
            if a != b:
                problems.append(f"the search for seat {seat} answered {a} with the true cards and {b} after a re-deal "
                                "of what the seat cannot see")
            for level in (levels.NORMAL, levels.HARD):  # a game's own planner for a level, if it has one
                a_own = ai.level_plan(state, seat, level, Rng.seeded(seed))
                b_own = ai.level_plan(other, seat, level, Rng.seeded(seed))
                if a_own != b_own:
                    problems.append(f"the {level} planner for seat {seat} answered {a_own} with the true cards and "
                                    f"{b_own} after a re-deal of what the seat cannot see")
    return problems


def check_blindness(game: Game, players: int, seed: int, options: dict[str, str] | None = None,
                    states: int = BLIND_STATES, searches: int = BLIND_SEARCHES, ai: GameAI | None = None) -> int:
    """Play one game by the playout policy and, on `states` of its states picked at random, check that a search AI
    cannot tell the true hidden cards from a re-deal of them (`blindness_problems`). Raise AssertionError naming the
    state. Returns the number of checks (seat and state) made."""
    run = playout(game, players, seed, options, ai=ai)
    rng = Rng.seeded(seed * 37 + 11)
    picked = sorted({rng.below(len(run.actions)) for _ in range(states)})
    searched = set(picked[:: max(1, len(picked) // max(searches, 1))][:searches])
    state = new_game(game, players, seed, run.state.options)
    checks = 0
    for n, action in enumerate(run.actions):
        if n in picked:
            problems = blindness_problems(game, state, rng, n in searched, ai)
            assert not problems, (f"{game.name}, {players} players, seed {seed}, move {state.version} "
                                  f"(after {n} choices of the playout): " + "\n".join(problems[:3]))
            checks += len({d.seat for d in game.pending(state)})
        state, _ = apply(game, state, action.seat, action.choice)
    return checks


SCORED_STATES = 20
"""States of a playout whose `score_now` figures `check_scores` looks at."""


def check_scores(game: Game, players: int, seed: int, options: dict[str, str] | None = None,
                 ai: GameAI | None = None) -> int:
    """Play one game by the playout policy and check what the search AI reads from it: the AI hooks' (`ai`,
    default: the game's manifest's) `score_now` gives None or one
    finite figure per seat; in a `cooperative` game, the same figure for every seat, in [0, 1], and a result whose
    winners are every seat or none. Raise AssertionError naming the state. Returns the number of states scored."""
    ai = ai_for(game) if ai is None else ai
    states: list[GameState] = []
    run = playout(game, players, seed, options, on_step=lambda before, _action, _after: states.append(before), ai=ai)
    step = max(1, len(states) // SCORED_STATES)
    scored = 0
    for n, state in enumerate(states[::step] + [run.state]):
        scores = ai.score_now(state)
        if scores is None:
            continue
        where = f"{game.name}, {players} players, seed {seed}, state {n * step}"
        assert len(scores) == players and all(math.isfinite(v) for v in scores), f"{where}: score_now gave {scores}"
        if game.info.cooperative:
            assert len(set(scores)) == 1 and 0.0 <= scores[0] <= 1.0, (
                f"{where}: a co-operative game's score_now must give every seat the same figure in [0, 1], "
                f"not {scores}")
        scored += 1
    result = game.result(run.state)
    assert result is not None
    if game.info.cooperative:
        assert sorted(result.winners) in ([], list(range(players))), (
            f"{game.name}: a co-operative game is won by every seat or none, not {result.winners}")
    return scored


TYPED_STATES = 15
"""States of a playout on which `check_typed` types random lines for every seat with an open decision."""
TYPED_LINES = 8
"""Random lines typed per seat and state (each also checked at every step on the way)."""
TYPED_SEATS = 2
"""Seats with an open decision whose lines are checked on one state, at most (a random pick of them)."""


def _typed_answer(game: Game, state: GameState, seat: int, text: str) -> str:
    """What the player is told of a typed line: the ids it stands for and the part left unread, or the refusal."""
    try:
        typed = commands_for(game).parse_command(state, seat, text)
    except IllegalAction as exc:
        return f"refused: {exc.sentence}"
    return f"ids {typed.ids}, rest {typed.rest!r}"


def random_line(game: Game, state: GameState, seat: int, rng: Rng) -> list[str]:
    """A line a player might type, and each stage of typing it: up to four steps taken from the game's own
    suggestions, then a last one that is whole, cut short, misspelt or a word that matches nothing."""
    sep = commands_for(game).separator
    stages = [""]
    line = ""
    for _ in range(1 + rng.below(4)):
        found = commands_for(game).command_suggestions(state, seat, line)
        if not found:
            break
        line = rng.choice(found)
        stages.append(line)
        line += f"{sep} "
        stages.append(line)
    found = commands_for(game).command_suggestions(state, seat, line)
    last = rng.below(4)
    if last == 0 and found:
        whole = rng.choice(found)
        stages.append(whole[: len(line) + 1 + rng.below(max(1, len(whole) - len(line)))])
    elif last == 1:
        stages.append(line + "xyzzy")
    elif last == 2:
        stages.append(line + "take 9")
    return stages  # last == 3: the line ends on a separator, where the next step's suggestions are asked for


def typed_problems(game: Game, state: GameState, rng: Rng, lines: int = TYPED_LINES) -> list[str]:
    """Sentences for every way a typed line's suggestions or answer (its ids, or its refusal) depend on what the
    typing seat cannot see: the same lines are typed on `state` and on a re-deal of what the seat cannot see."""
    problems: list[str] = []
    seats = sorted({d.seat for d in game.pending(state)})
    while len(seats) > TYPED_SEATS:  # where everyone chooses at once: a sample keeps a state's cost bounded
        seats.pop(rng.below(len(seats)))
    for seat in seats:
        other = game.redeal_hidden(state, seat, rng)
        for _ in range(lines):
            for text in random_line(game, state, seat, rng):
                suggested = commands_for(game).command_suggestions
                mine, theirs = suggested(state, seat, text), suggested(other, seat, text)
                if mine != theirs:
                    problems.append(f"seat {seat} typing {text!r} is offered {mine} with the true cards and {theirs} "
                                    "after a re-deal of what it cannot see")
                mine_answer, their_answer = (_typed_answer(game, state, seat, text),
                                             _typed_answer(game, other, seat, text))
                if mine_answer != their_answer:
                    problems.append(f"seat {seat} submitting {text!r} is told {mine_answer!r} with the true cards and "
                                    f"{their_answer!r} after a re-deal of what it cannot see")
                if problems:
                    return problems
    return problems


def check_typed(game: Game, players: int, seed: int, options: dict[str, str] | None = None,
                states: int = TYPED_STATES) -> int:
    """Play one game by the playout policy and, on `states` of its states picked at random, check that what typing
    a line tells its seat never depends on what that seat cannot see (`typed_problems`). Raise AssertionError naming
    the state. Returns the number of lines whose answer was compared."""
    run = playout(game, players, seed, options)
    rng = Rng.seeded(seed * 41 + 13)
    picked = sorted({rng.below(len(run.actions)) for _ in range(states)})
    state = new_game(game, players, seed, run.state.options)
    checked = 0
    for n, action in enumerate(run.actions):
        if n in picked:
            problems = typed_problems(game, state, rng)
            assert not problems, (f"{game.name}, {players} players, seed {seed}, move {state.version} "
                                  f"(after {n} choices of the playout): " + "\n".join(problems[:3]))
            checked += min(TYPED_SEATS, len({d.seat for d in game.pending(state)}))
        state, _ = apply(game, state, action.seat, action.choice)
    return checked


WORDS_STATES = 12
"""States of a playout whose boards in words `check_words` compares with a re-deal of their hidden cards."""

Words = Callable[[dict[str, Any]], str]
"""A view put into words (renderers/words.py): the board from the public view, or a hand from a seat's view."""


def words_problems(game: Game, state: GameState, rng: Rng, board: Words, hand: Words) -> list[str]:
    """Sentences for every way a board in words depends on what its reader may not see: the channel's description
    of `state` and of a re-deal of its hidden cards (`Game.redeal_hidden` for the public) must be the same text, and
    each seat's hand in words the same after a re-deal of what that seat cannot see."""
    problems: list[str] = []
    shown = board(game.view(state, None))
    other = board(game.view(game.redeal_hidden(state, None, rng), None))
    if other != shown:
        problems.append(f"the board in words depends on the hidden cards:\n    true cards: {shown!r}\n"
                        f"    re-dealt:   {other!r}")
    for seat in range(state.players):
        mine = hand(game.view(state, seat))
        theirs = hand(game.view(game.redeal_hidden(state, seat, rng), seat))
        if mine != theirs:
            problems.append(f"seat {seat}'s hand in words depends on what it cannot see:\n    true cards: {mine!r}\n"
                            f"    re-dealt:   {theirs!r}")
    return problems


def check_words(game: Game, players: int, seed: int, board: Words, hand: Words,
                options: dict[str, str] | None = None, states: int = WORDS_STATES) -> int:
    """Play one game by the playout policy and, on `states` of its states picked at random, check that its boards
    in words never depend on hidden cards (`words_problems`). Raise AssertionError naming the state. Returns the
    number of states whose re-deal changed the hidden cards (so the check compared something)."""
    run = playout(game, players, seed, options)
    rng = Rng.seeded(seed * 43 + 17)
    picked = sorted({rng.below(len(run.actions)) for _ in range(states)})
    state = new_game(game, players, seed, run.state.options)
    changed = 0
    for n, action in enumerate(run.actions):
        if n in picked:
            problems = words_problems(game, state, rng, board, hand)
            assert not problems, (f"{game.name}, {players} players, seed {seed}, move {state.version} "
                                  f"(after {n} choices of the playout): " + "\n".join(problems[:3]))
            changed += dump_state(game.redeal_hidden(state, None, rng)) != dump_state(state)
        state, _ = apply(game, state, action.seat, action.choice)
    return changed


SUGGESTED_STATES = 30
"""States of a playout on which `check_suggestions` sends back every suggestion of every seat with an open
decision."""
SUGGESTED_PREFIXES = 2
"""Lines of finished steps per seat and state (each built from the game's own suggestions) whose next steps'
suggestions are sent back too, besides the first step's."""


def suggestion_problems(game: Game, state: GameState, seat: int, text: str,
                        names: dict[int, str] | None = None) -> tuple[int, list[str]]:
    """Every suggestion for `text` sent back as offered: each must be read (`parse_command`) as the ids it was made
    for (`Suggestion.ids`) first, so that no suggestion is refused or read as another option. Returns the number of
    suggestions sent and a sentence for each that was not read as offered."""
    problems: list[str] = []
    found = commands_for(game).suggest(state, seat, text, names)
    for suggestion in found:
        try:
            got = commands_for(game).parse_command(state, seat, suggestion.text, names).ids
        except IllegalAction as exc:
            problems.append(f"seat {seat} sending the suggestion {suggestion.text!r} (for {suggestion.ids}) was told "
                            f"{exc.sentence!r}")
            continue
        if got[:len(suggestion.ids)] != suggestion.ids:
            problems.append(f"seat {seat} sending the suggestion {suggestion.text!r}, made for {suggestion.ids}, "
                            f"was read as {got}")
    return len(found), problems


def _prefixes(game: Game, state: GameState, seat: int, rng: Rng, names: dict[int, str] | None) -> list[str]:
    """The first step's text (empty), and a few lines of finished steps taken from the game's own suggestions."""
    out = [""]
    for _ in range(SUGGESTED_PREFIXES):
        line = ""
        for _step in range(1 + rng.below(3)):
            found = commands_for(game).suggest(state, seat, line, names)
            if not found:
                break
            line = f"{rng.choice(found).text}{commands_for(game).separator} "
        if line and line not in out:
            out.append(line)
    return out


def label_words(game: Game, states: list[GameState]) -> list[str]:
    """Every word of every label (and prompt) the open decisions of `states` show, each once, in the order met."""
    found: dict[str, None] = {}
    for state in states:
        for d in game.pending(state):
            for text in [d.prompt, *(o.label for o in d.options)]:
                found.update(dict.fromkeys(words(text)))
    return list(found)


def check_suggestions(game: Game, players: int, seed: int, options: dict[str, str] | None = None,
                      states: int = SUGGESTED_STATES, named: bool = False) -> tuple[int, int]:
    """Play one game by the playout policy and, on `states` of its states picked at random, send back every
    suggestion offered to every seat with an open decision, for its first step and after a few finished steps
    (`suggestion_problems`). With `named`, the members are named after the words of the game's labels: every word
    of every label met in the whole playout is some member's name on some picked state, the words of the state's
    own labels first, so that a name read where it names no seat would misread a suggestion. Raise AssertionError naming
    the state. Returns the states tried and the suggestions sent."""
    run = playout(game, players, seed, options)
    rng = Rng.seeded(seed * 47 + 19)
    picked = sorted({rng.below(len(run.actions)) for _ in range(states)})
    seen: list[GameState] = []
    met: dict[str, None] = {}
    state = new_game(game, players, seed, run.state.options)
    for n, action in enumerate(run.actions):
        if n in picked:
            seen.append(state)
        if named:
            met.update(dict.fromkeys(label_words(game, [state])))
        state, _ = apply(game, state, action.seat, action.choice)
    every = list(met)
    used: set[str] = set()
    sent = 0
    for n, state in enumerate(seen):
        # (names, whether lines of finished steps are sent too): the members as the engine names them, then named
        # after the state's own words (those its suggestions hold), then after a share of the words met elsewhere,
        # which only a label that names a seat can hold, so that every word is some member's name once.
        namings: list[tuple[dict[int, str] | None, bool]] = [(None, True)]
        if named:
            own = label_words(game, [state])
            share = [w for i, w in enumerate(every) if i % len(seen) == n and w not in own]
            namings += [(dict(enumerate(own[i:i + players])), True) for i in range(0, len(own), players)]
            namings += [(dict(enumerate(share[i:i + players])), False) for i in range(0, len(share), players)]
            used.update(own, share)
        for names, lines in namings:
            for seat in sorted({d.seat for d in game.pending(state)}):
                for text in _prefixes(game, state, seat, rng, names) if lines else [""]:
                    tried, problems = suggestion_problems(game, state, seat, text, names)
                    sent += tried
                    assert not problems, (f"{game.name}, {players} players, seed {seed}, move {state.version}"
                                          + (f", members named {names}" if names else "") + ": "
                                          + "\n".join(problems[:3]))
    assert not named or used >= set(every), "a word of the labels was never a member's name"
    return len(seen), sent


def _offered_text(decisions: list[dict[str, Any]]) -> str:
    """Dumped decisions as a person reads them: each prompt, then its options' ids and labels."""
    return "; ".join(f"{d['prompt']!r} [" + ", ".join(f"{o['id']}: {o['label']!r}" for o in d["options"]) + "]"
                     for d in decisions)


def sight_problems(game: Game, state: GameState, rng: Rng) -> list[str]:
    """Sentences for every open decision whose chooser would see it otherwise on a re-deal of what it cannot see
    (`Game.redeal_hidden` for that seat): its prompt, options and labels must be the same on the sample as on
    `state`, since what a decision shows its chooser is part of what that seat has seen."""
    problems: list[str] = []
    for seat in sorted({d.seat for d in game.pending(state)}):
        mine = [d.model_dump() for d in game.pending(state) if d.seat == seat]
        sample = game.redeal_hidden(state, seat, rng)
        theirs = [d.model_dump() for d in game.pending(sample) if d.seat == seat]
        if mine != theirs:
            problems.append(f"seat {seat} is offered {_offered_text(mine)} on the true state and "
                            f"{_offered_text(theirs)} on its re-deal of what it cannot see")
    return problems


def check_sight(game: Game, players: int, seed: int, options: dict[str, str] | None = None,
                uniform: bool = False) -> tuple[int, dict[str, int]]:
    """Play one game and, on every state of it, check that each open decision is the same on its chooser's
    re-deal as on the true state (`sight_problems`). Raise AssertionError naming the state. Returns the number of
    decisions compared and how many of them were of each kind."""
    run = playout(game, players, seed, options, uniform=uniform)
    rng = Rng.seeded(seed * 53 + 23)
    state = new_game(game, players, seed, run.state.options)
    kinds: dict[str, int] = {}
    for n, action in enumerate([*run.actions, None]):
        problems = sight_problems(game, state, rng)
        assert not problems, (f"{game.name}, {players} players, seed {seed}, move {state.version} "
                              f"(after {n} choices of the playout): " + "\n".join(problems[:3]))
        for d in game.pending(state):
            kinds[d.kind] = kinds.get(d.kind, 0) + 1
        if action is not None:
            state, _ = apply(game, state, action.seat, action.choice)
    return sum(kinds.values()), kinds
