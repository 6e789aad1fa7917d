"""The Spy's take: the hand a Spy looks at is part of what its seat has seen while it chooses which card to take.

Typed lines and the search AI read a state through the seat's own re-deal of what it cannot see. Once that re-deal
dealt the spied hand again, so at "take one card from that hand" the buttons' own labels were refused, the
suggestions named cards that were not there, a sent suggestion took another real card, and the search chose a
card by its place in a made-up hand. The re-deal keeps the hand the seat is looking at (`Game.in_sight`), a line is
read no further than the look, and a search plan ends with it."""

from __future__ import annotations

import dataclasses

from engine.core.ai import levels, search
from engine.core.ai.random_ai import plan as policy_plan
from engine.core.checks.conformance import check_sight, sight_problems
from engine.core.contract import GameState
from engine.core.play import apply, reveals
from engine.core.rng import Rng
from engine.core.typed import commands_for, play_line
from engine.planecrafters.data import part_label
from engine.planecrafters.game import GAME
from engine.planecrafters.state import PCState
from tests.planecrafters.helpers import do, find, give, hand, start
from tests.planecrafters.test_secrets import staffed

TYPED = commands_for(GAME)
"""The game's typed moves."""

VICTIM = [find("Cloud Mule", "nose"), find("Sky Whale", "tail"), find("Gilded Goose", "fuselage"),
          find("Tin Dragonfly", "lwing")]


def _spying(players: int = 3) -> PCState:
    """Player 1 at the abilities step with an unused Spy; player 2 holds VICTIM."""
    state = start(players)
    give(state, 0, "spy")
    hand(state, 1, VICTIM)
    state.step, state.uses = "abilities", {"spy": 1}
    return state


def _looking(players: int = 3) -> PCState:
    state, _ = do(_spying(players), 0, "spy:1")
    return state


def test_the_spys_own_sample_keeps_the_hand_it_is_looking_at_in_its_order() -> None:
    state = _looking()
    for seed in range(20):
        sample = GAME.redeal_hidden(state, 0, Rng.seeded(seed))
        assert isinstance(sample, PCState)
        assert sample.hands[1] == VICTIM
        assert GAME.pending(sample) == GAME.pending(state)
    assert not sight_problems(GAME, state, Rng.seeded(1))
    # Nobody else sees that hand: the third player's samples and the channel's deal it again.
    for seat in (None, 2):
        redealt = [GAME.redeal_hidden(state, seat, Rng.seeded(seed)) for seed in range(20)]
        assert any(isinstance(r, PCState) and r.hands[1] != VICTIM for r in redealt)
    # Before the look, the hand is as hidden from the Spy as any other.
    before = _spying()
    assert any(GAME.redeal_hidden(before, 0, Rng.seeded(seed)).hands[1] != VICTIM  # type: ignore[attr-defined]
               for seed in range(20))


def test_each_card_offered_to_the_spy_is_suggested_and_taken_when_typed_back() -> None:
    state = _looking()
    labels = [o.label for o in GAME.pending(state)[0].options]
    assert labels == [f"Take {part_label(c)}" for c in VICTIM]
    assert TYPED.command_suggestions(state, 0, "") == labels
    for n, label in enumerate(labels):
        assert TYPED.parse_command(state, 0, label).ids == [f"steal:{n}"]
        after, _ = play_line(GAME, state, 0, label)
        assert isinstance(after, PCState)
        assert VICTIM[n] in after.hands[0] and VICTIM[n] not in after.hands[1]
    assert TYPED.parse_command(state, 0, "take sky whale").ids == ["steal:1"]


def test_a_line_is_read_no_further_than_the_spys_look() -> None:
    # What the rest names is in a hand the Spy has not seen yet: it is read once the look has been played.
    state = _spying()
    line = "spy on player 2; take gilded goose"
    typed = TYPED.parse_command(state, 0, line)
    assert typed.ids == ["spy:1"] and typed.rest == "take gilded goose"
    assert TYPED.command_suggestions(state, 0, "spy on player 2; ") == []
    after, ids = play_line(GAME, state, 0, line)
    assert ids == ["spy:1", "steal:2"]
    assert isinstance(after, PCState) and VICTIM[2] in after.hands[0]


def test_the_look_shows_the_spy_a_hand_so_it_cannot_be_taken_back() -> None:
    before = _spying()
    after, events = apply(GAME, before, 0, "spy:1")
    assert reveals(GAME, before, after, events)
    assert GAME.in_sight(after, 0) == set(VICTIM) and GAME.in_sight(after, 1) == set()
    assert GAME.in_sight(before, 0) == set()


def test_a_search_plan_ends_with_the_spys_look() -> None:
    # With the hand dealt again below the look, plans once went on to "steal:1" and took a card by its place in a
    # hand the search had made up.
    budget = dataclasses.replace(levels.LEVELS[levels.NORMAL], seconds=None)
    looked = 0
    for seed in range(12):
        state = staffed(3, seed)
        rng = Rng.seeded(seed)
        for n in range(40):
            decision = GAME.pending(state)[0]
            if state.step == "abilities" and any(o.id.startswith("spy:") for o in decision.options):
                line = search.plan(GAME, state, decision.seat, Rng.seeded(seed * 100 + n), budget)
                looks = [i for i, c in enumerate(line) if c.startswith("spy:")]
                assert not looks or looks[0] == len(line) - 1, line
                looked += bool(looks)
            state, _ = apply(GAME, state, decision.seat, policy_plan(GAME, state, decision, rng)[0])
            if state.over:
                break
    assert looked >= 5


def test_the_search_at_the_take_plans_on_the_hand_it_sees() -> None:
    state = _looking()
    budget = dataclasses.replace(levels.LEVELS[levels.NORMAL], seconds=None)
    game = _Watched()
    answer = search.plan(game, state, 0, Rng.seeded(3), budget)
    assert answer[0].startswith("steal:")
    # Every sample the search played on (one per iteration) held the hand the Spy is looking at.
    assert len(game.spied) > 10 and all(h == VICTIM for h in game.spied)
    # And nothing else hidden changes its answer.
    other = GAME.redeal_hidden(state, 0, Rng.seeded(9))
    assert search.plan(GAME, other, 0, Rng.seeded(3), budget) == answer


class _Watched(type(GAME)):  # type: ignore[misc]
    """Planecrafters noting the spied hand of every re-deal made for the Spy at its take."""

    def __init__(self) -> None:
        self.spied: list[list[str]] = []

    def redeal_hidden(self, state: GameState, seat: int | None, rng: Rng) -> PCState:
        sample = super().redeal_hidden(state, seat, rng)
        if seat == 0 and sample.step == "spy_take" and sample.target is not None:
            self.spied.append(list(sample.hands[sample.target]))
        return sample


def test_every_decision_of_staffed_games_is_the_same_on_its_choosers_sample() -> None:
    # Every employee at work, so the Spy looks in almost every turn (the registry-wide check meets it rarely).
    spied = 0
    for seed in range(1, 9):
        decisions, kinds = check_sight(_StaffedGame(), 2 + seed % 3, seed)
        assert decisions > 0
        spied += kinds.get("spy_take", 0)
    assert spied >= 20


class _StaffedGame(type(GAME)):  # type: ignore[misc]
    """Planecrafters whose new games deal every employee at setup (`staffed`)."""

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> PCState:
        return staffed(players, seed)
