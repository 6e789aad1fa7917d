"""Hidden hands stay hidden: seeded playouts in which every employee is at work, checked with leaks() at every step.

The playouts are short (STEPS choices each, several full turns) so that a thousand of them stay fast; every
employee is handed out at setup, so Agent trades, Spy peeks and Thief steals happen in almost every turn.
"""

from __future__ import annotations

from engine.core.conformance import leaks
from engine.core.play import apply
from engine.core.random_ai import pick
from engine.core.rng import Rng
from engine.planecrafters.game import GAME
from engine.planecrafters.state import PCState
from tests.planecrafters.helpers import at, start

PLAYOUTS = 1000
STEPS = 30


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
    used: set[str] = set()
    for seed in range(PLAYOUTS):
        state = staffed(2 + seed % 3, seed)
        chooser = Rng.seeded(seed ^ 0xC0FFEE)
        for _ in range(STEPS):
            decisions = GAME.pending(state)
            if not decisions:
                break
            choice = pick(decisions[0], chooser)
            used.add(choice.split(":")[0] if not choice.startswith("agent") else choice[:11])
            events = GAME.apply(state, decisions[0].seat, choice)
            problems = leaks(GAME, state)
            assert not problems, f"seed {seed}: {problems[:3]}"
            for event in events:
                if event.private_to is None:
                    assert "part:" not in event.text
    # The playouts really exercised the employees that move hidden cards.
    assert {"spy", "steal", "agent:trade", "agent:swap", "thief", "give"} <= used


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
    assert {f"play:{c}" for c in mine} <= secret and "cleanup" not in secret and "buyer" not in secret
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
