"""Hidden hands stay hidden: seeded playouts in which every employee is at work, checked at every step.

The playouts are short (STEPS choices each, about three full turns) so that a thousand of them stay fast; every
employee is handed out at setup and choices follow the game's playout policy (it uses an Acquire ability three
times in four and never dithers), so Agent trades and swaps, Spy peeks and Thief steals happen in almost every
turn. The check at each step is `leaks()` of the conformance test done on the views' JSON text with one regular
expression (the same strings, found in C instead of a Python walk); every CROSS_CHECK-th step the conformance
function itself confirms that both agree.
"""

from __future__ import annotations

import json
import re

from engine.core.ai.random_ai import plan
from engine.core.checks.conformance import leaks
from engine.core.play import apply
from engine.core.rng import Rng
from engine.planecrafters.game import GAME
from engine.planecrafters.state import PCState
from tests.planecrafters.helpers import at, start

PLAYOUTS = 1000
STEPS = 30
CROSS_CHECK = 97
JSON_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
PLAIN_STRING = re.compile(r'"([^"\\]*)"')  # three times faster; exact when the text holds no escape at all


def _strings(value: object) -> set[str]:
    text = json.dumps(value)
    return set((JSON_STRING if "\\" in text else PLAIN_STRING).findall(text))


def fast_leaks(state: PCState) -> list[str]:
    """The same sentences as conformance.leaks: every secret a view shows to someone who may not see it.

    A seat's view is mostly the public view; while that one shows no secret at all, only the entries where the
    seat's view differs from it (its hand, at least) need reading for that seat."""
    secrets = GAME.secrets(state)
    public = GAME.view(state, None)
    clean = not set().union(*secrets.values()) & _strings(public)
    problems: list[str] = []
    for viewer in [None, *range(state.players)]:
        view = public if viewer is None else GAME.view(state, viewer)
        if clean and viewer is not None:
            view = {k: v for k, v in view.items() if k not in public or public[k] != v}
        shown = _strings(view)
        for owner, ids in secrets.items():
            if owner != viewer or owner is None:
                problems += [f"view for {viewer!r} shows {secret!r}, a secret of {owner!r}" for secret in ids & shown]
    return problems


def staffed(players: int, seed: int) -> PCState:
    """A new game with all 20 employees dealt round-robin in a seeded order (a test-only setup)."""
    state = start(players, seed)
    rng = Rng.seeded(seed)
    pool = list(state.pool)
    rng.shuffle(pool)
    for i, emp in enumerate(pool):
        state.staff[i % players].append(emp)
    state.pool = []
    if any(e == "emp:jack" for e in state.staff[0]):
        state.step = "jack"
    return state


def test_no_view_ever_shows_another_players_hidden_card() -> None:
    used: dict[str, int] = {}
    steps = 0
    for seed in range(PLAYOUTS):
        state = staffed(2 + seed % 3, seed)
        chooser = Rng.seeded(seed ^ 0xC0FFEE)
        for _ in range(STEPS):
            decisions = GAME.pending(state)
            if not decisions:
                break
            choice = plan(GAME, state, decisions[0], chooser, strict=True)[0]
            kind = choice.split(":")[0] if not choice.startswith("agent") else choice[:11]
            used[kind] = used.get(kind, 0) + 1
            events = GAME.apply(state, decisions[0].seat, choice)
            problems = fast_leaks(state)
            assert not problems, f"seed {seed}: {problems[:3]}"
            steps += 1
            if steps % CROSS_CHECK == 0:
                assert leaks(GAME, state) == problems
            for event in events:
                if event.private_to is None:
                    assert "part:" not in event.text
    # The playouts really exercised the employees that move hidden cards, many times over.
    for kind in ("spy", "steal", "agent:trade", "agent:swap", "thief", "give", "slot"):
        assert used.get(kind, 0) >= 100, (kind, used.get(kind, 0))


def test_fast_leak_check_finds_a_shown_hand_card() -> None:
    state = staffed(3, 2)
    state.depot[0] = state.hands[1][0]  # a hand card that also lies face up: a leak the check must name
    assert fast_leaks(state) == leaks(GAME, state) != []


def test_spy_view_of_the_hand_is_only_in_the_spy_seats_private_events() -> None:
    state = staffed(3, 5)
    state.staff = [["emp:spy"], [], []]
    state.step, state.uses = "abilities", {"spy": 1}
    seen = list(state.hands[1])
    events = GAME.apply(state, 0, "spy:1")
    private = [e for e in events if e.private_to is not None]
    assert [e.private_to for e in private] == [0]
    public = " ".join(e.text for e in events if e.private_to is None)
    assert all(GAME.view(state, 0)["hand"] != seen for _ in [0])
    assert not leaks(GAME, state)
    assert "saw" not in public


def test_secrets_map_hands_to_owners_and_stack_to_nobody() -> None:
    state = start(3)
    secrets = GAME.secrets(state)
    assert secrets[1] == set(state.hands[1])
    assert secrets[None] == set(state.stack)
    assert all(c.startswith("part:") for c in secrets[None])


def test_choices_that_name_a_hidden_card_are_the_choosers_secrets() -> None:
    # A Discord panel is public, so the bot shows an option to the chooser alone when its id is one of their secrets.
    state = at(start(3), "flyer")
    mine = state.hands[0]
    secret = GAME.secrets(state)[0]
    assert {o.id.rsplit(":", 2)[0] for o in GAME.pending(state)[0].options if o.id in secret} == {
        f"play:{c}" for c in mine}
    assert "cleanup" not in secret and "buyer" not in secret
    state.staff = [["emp:spy"], [], []]
    state.step, state.uses = "abilities", {"spy": 1}
    state = apply(GAME, state, 0, "spy:1")[0]
    assert isinstance(state, PCState)
    assert GAME.secrets(state)[0] >= {f"steal:{n}" for n in range(len(state.hands[1]))}
    assert not leaks(GAME, state)
    state = at(state, "discard")
    assert {f"discard:{c}" for c in state.hands[0]} <= GAME.secrets(state)[0]
    # Moving a part already in the factory names only public cards.
    state = at(state, "place")
    state.holding = "move:0:nose"
    assert GAME.secrets(state)[0] == set(state.hands[0])
