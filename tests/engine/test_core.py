"""The engine core on the toy game: RNG, copy-on-apply, versioning, replay, leak detection, selfplay tally."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pydantic import ValidationError

from engine.core import Decision, IllegalAction, LoggedAction, Option, Rng, apply, dump_state, new_game, replay
from engine.core.ai.hooks import GameAI
from engine.core.ai.random_ai import choose, pick, plan
from engine.core.ai.selfplay import Tally, playout
from engine.core.checks.conformance import check_playout, check_secrecy, leaks, legal_problems
from engine.core.contract import Game, GameState, ListedGame, Offer, offer_of
from engine.core.play import reveals
from engine.core.table import TableFlow
from tests.support.toy_game import GAME, ToyGame, ToyState


def test_rng_is_deterministic_and_round_trips() -> None:
    a, b = Rng.seeded(42), Rng.seeded(42)
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    c = Rng.model_validate_json(a.model_dump_json())
    assert c.next64() == a.next64()


def test_a_draw_below_one_moves_the_rng_on_exactly_as_any_other_draw() -> None:
    # below(1) skips the mixing (its answer is always 0), but every later draw must be what it would have been.
    quick, full = Rng.seeded(7), Rng.seeded(7)
    assert [quick.below(1) for _ in range(3)] == [0, 0, 0]
    for _ in range(3):
        full.next64()
    assert quick.state == full.state and quick.below(1000) == full.below(1000)


def test_logged_actions_are_shared_so_none_can_be_changed() -> None:
    from engine.core.play import logged

    assert logged(1, "go") is logged(1, "go") and logged(1, "go") == LoggedAction(seat=1, choice="go")
    with pytest.raises(ValidationError):
        logged(1, "go").choice = "stop"


def test_rng_shuffle_is_a_permutation_and_depends_on_seed() -> None:
    items = list(range(30))
    x, y = items[:], items[:]
    Rng.seeded(1).shuffle(x)
    Rng.seeded(2).shuffle(y)
    assert sorted(x) == items and x != y


def test_apply_leaves_the_input_untouched_and_bumps_version() -> None:
    state = new_game(GAME, 2, 5)
    before = dump_state(state)
    choice = GAME.pending(state)[0].options[0].id
    after, events = apply(GAME, state, 0, choice)
    assert dump_state(state) == before
    assert after.version == state.version + 1
    assert events


def test_illegal_choice_raises_a_sentence_and_changes_nothing() -> None:
    state = new_game(GAME, 2, 5)
    before = dump_state(state)
    with pytest.raises(IllegalAction, match="not your turn"):
        apply(GAME, state, 1, "pass")
    with pytest.raises(IllegalAction, match="do not hold"):
        apply(GAME, state, 0, "card:99")
    assert dump_state(state) == before


def test_bad_player_count_and_options_are_refused() -> None:
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        new_game(GAME, 5, 1)
    with pytest.raises(IllegalAction, match="not a possible value"):
        new_game(GAME, 2, 1, {"hand": "9"})
    with pytest.raises(IllegalAction, match="no setting"):
        new_game(GAME, 2, 1, {"colour": "red"})


def test_replay_rebuilds_the_same_state() -> None:
    run = playout(GAME, 3, 11)
    again = replay(GAME, 3, 11, run.state.options, run.actions)
    assert dump_state(again) == dump_state(run.state)


def test_leak_detector_catches_a_leaky_view() -> None:
    state = new_game(GAME, 2, 3)
    assert leaks(GAME, state) == []

    class Leaky(type(GAME)):  # type: ignore[misc]
        def view(self, state, seat):  # type: ignore[no-untyped-def]
            assert isinstance(state, ToyState)
            return {"hands": state.hands}

    assert leaks(Leaky(), state)


def test_secrecy_check_passes_on_the_toy_game() -> None:
    for seed in range(3):
        assert check_secrecy(GAME, 2 + seed, seed) > 0


def test_secrecy_check_catches_a_button_that_tells_what_a_hand_holds() -> None:
    class Telling(type(GAME)):  # type: ignore[misc]
        def pending(self, state):  # type: ignore[no-untyped-def]
            decisions = super().pending(state)
            if decisions and "card:9" in state.hands[state.turn]:
                decisions[0].options[-1].label = "Pass (keep the 9)"
            return decisions

    with pytest.raises(AssertionError, match="the channel depends on the hidden cards"):
        check_secrecy(Telling(), 3, 1)


def test_secrecy_check_catches_a_hidden_choice_whose_next_step_tells_the_card() -> None:
    class Telling(type(GAME)):  # type: ignore[misc]
        """Playing the 9 asks for a confirmation first: a step the table sees, for that card only."""

        def pending(self, state):  # type: ignore[no-untyped-def]
            if state.options.get("held"):
                return [Decision(seat=state.turn, prompt="Sure?", kind="confirm",
                                 options=[Option(id="yes", label="Yes")])]
            return super().pending(state)

        def apply(self, state, seat, choice):  # type: ignore[no-untyped-def]
            if choice == "card:9" and not state.options.get("held"):
                state.options = {**state.options, "held": "card:9"}
                return []
            if choice == "yes":
                state.options = {k: v for k, v in state.options.items() if k != "held"}
                choice = "card:9"
            return super().apply(state, seat, choice)

    with pytest.raises(AssertionError, match="a hidden choice that reveals no card"):
        for seed in range(6):
            check_secrecy(Telling(), 2, seed, states=200)


def test_secrecy_check_needs_a_game_with_secrets_to_redeal_them() -> None:
    class Lazy(type(GAME)):  # type: ignore[misc]
        def redeal_hidden(self, state, seat, rng):  # type: ignore[no-untyped-def]
            return state.model_copy(deep=True)

    with pytest.raises(AssertionError, match="redeal_hidden never changes"):
        check_secrecy(Lazy(), 2, 1)


def test_conformance_passes_on_toy_game() -> None:
    for seed in range(5):
        assert check_playout(GAME, 2 + seed % 3, seed) > 0


def test_conformance_catches_legal_options_that_differ_from_the_pending_decisions() -> None:
    """What playouts list (`play.legal`) must be what people are shown (`pending`), option for option."""

    class Reordered(ToyGame, ListedGame):
        """The toy game listing each decision's ids backwards for playouts, in order for people."""

        def legal(self, state: GameState) -> list[Offer]:
            return [Offer(d.seat, d.kind, [o.id for o in d.options][::-1]) for d in ToyGame.pending(self, state)]

        def label(self, state: GameState, offer: Offer) -> Decision:
            return next(d for d in ToyGame.pending(self, state) if d.seat == offer.seat)

    state = new_game(GAME, 2, 1)
    assert legal_problems(GAME, state) == []
    assert legal_problems(Reordered(), state)
    with pytest.raises(AssertionError, match="differ from the pending decisions"):
        check_playout(Reordered(), 2, 1)


def test_replay_of_a_wrong_log_is_refused() -> None:
    with pytest.raises(IllegalAction):
        replay(GAME, 2, 1, {"hand": "2"}, [LoggedAction(seat=1, choice="pass")])


def test_tally_averages_counts_and_frequencies() -> None:
    t = Tally()
    t.add({"turns": 10, "end": "track", "hired": ["Spy", "Thief"]})
    t.add({"turns": 20, "end": "colour", "hired": ["Spy"]})
    text = "\n".join(t.lines())
    assert "average turns: 15.00" in text
    assert "track 50.0%" in text and "Spy 2" in text


def test_default_playout_plan_is_one_uniform_pick() -> None:
    state = new_game(GAME, 3, 4)
    decision = GAME.pending(state)[0]
    planned = [GameAI(GAME).playout_plan(state, offer_of(decision), Rng.seeded(s)) for s in range(30)]
    assert all(len(p) == 1 for p in planned)
    assert [p[0] for p in planned] == [pick(decision, Rng.seeded(s)) for s in range(30)]
    assert len({p[0] for p in planned}) > 1


class _Junk(GameAI):
    """A policy that answers something that is not on offer."""

    def playout_plan(self, state: GameState, offer: Offer, rng: Rng) -> list[str]:
        return ["card:42"]


def test_a_policy_that_answers_off_the_menu_is_caught_in_selfplay_and_survived_by_ai_seats() -> None:
    junk = _Junk(GAME)
    state = new_game(GAME, 2, 1)
    decision = GAME.pending(state)[0]
    with pytest.raises(ValueError, match="does not start with an option on offer"):
        plan(GAME, state, decision, Rng.seeded(1), strict=True, ai=junk)
    assert decision.option(choose(GAME, state, decision, Rng.seeded(1), ai=junk)) is not None
    with pytest.raises(ValueError):
        playout(GAME, 2, 1, ai=junk)
    assert GAME.result(playout(GAME, 2, 1, uniform=True, ai=junk).state) is not None


class _Passer(GameAI):
    """A policy that plans two passes: the second is for the same seat, so it is dropped when the turn passes."""

    calls = 0

    def playout_plan(self, state: GameState, offer: Offer, rng: Rng) -> list[str]:
        type(self).calls += 1
        return ["pass", "pass"]


def test_selfplay_drops_the_rest_of_a_plan_once_its_seat_is_not_the_one_choosing() -> None:
    run = playout(GAME, 2, 3, ai=_Passer(GAME))
    assert [a.choice for a in run.actions] == ["pass"] * len(run.actions)
    assert [a.seat for a in run.actions][:4] == [0, 1, 0, 1]
    assert _Passer.calls == len(run.actions)  # every step was a fresh plan: no step went to the wrong seat


def test_tally_shows_known_values_that_never_happened() -> None:
    t = Tally()
    t.add({"end": "track"})
    t.add({"end": "track"})
    text = "\n".join(t.lines({"end": ["track", "round limit"]}))
    assert "end: track 100.0% (2), round limit 0.0% (0)" in text


def test_reveals_finds_a_card_drawn_or_turned_up_but_not_a_plain_pass() -> None:
    drawing = new_game(GAME, 2, 5)  # two cards each: a pass draws from the deck
    after, events = apply(GAME, drawing, 0, "pass")
    assert reveals(GAME, drawing, after, events), "the drawn card is new in seat 0's view"
    empty = new_game(GAME, 3, 5, {"hand": "3"})  # nine cards dealt: the deck is empty
    after, events = apply(GAME, empty, 0, "pass")
    assert not reveals(GAME, empty, after, events)
    card = empty.hands[0][0]
    after, events = apply(GAME, empty, 0, card)
    assert reveals(GAME, empty, after, events), "the played card is new in the public view"
    marked = [events[0].model_copy(update={"reveals": True})]
    assert reveals(GAME, empty, apply(GAME, empty, 0, "pass")[0], marked), "a marked event counts whatever the views"


def test_turn_number_is_left_to_the_bot_by_default() -> None:
    table, state = TableFlow(GAME), new_game(GAME, 2, 5)
    assert table.turn_number(state) is None and table.turn_detail(state) == ""


def test_a_game_must_list_its_decisions_and_a_listed_game_its_ids() -> None:
    """`pending` is what every game must give (it once defaulted to `legal` and `legal` to it, so a game that gave
    neither recursed for ever); a `ListedGame` gives ids and labels instead, and its `pending` comes from them."""
    assert Game.__abstractmethods__ == {"new_game", "pending", "apply", "view", "result"}
    assert ListedGame.__abstractmethods__ == {"new_game", "legal", "label", "apply", "view", "result"}


class _Open(ToyGame):
    """The toy game declared as hiding nothing, which it does hide."""

    info = replace(ToyGame.info, hidden=False)


class _Shown(_Open):
    """The toy game as a game that hides nothing: no secrets named, and its re-deal the state itself."""

    def secrets(self, state: GameState) -> dict[int | None, set[str]]:
        return {}

    def redeal_hidden(self, state: GameState, seat: int | None, rng: Rng) -> GameState:
        return Game.redeal_hidden(self, state, seat, rng)


def test_a_game_that_hides_nothing_is_held_to_naming_nothing_hidden() -> None:
    with pytest.raises(AssertionError, match="declares nothing hidden"):
        check_playout(_Open(), 2, 1)
    assert check_playout(_Shown(), 2, 1) > 0
    assert check_secrecy(_Shown(), 2, 1) == 0, "nothing hidden: nothing to re-deal, and no failure for it"
