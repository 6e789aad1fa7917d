"""The conformance test over every registered game (engine/core/checks/conformance.py): random seeded playouts to the
end with JSON round trips, replay equality, illegal-choice probes and leak checks at every step; and, on one playout
per player count (40 states each, re-dealt twice), that what the channel shows never depends on the hidden cards,
that what a typed line tells its seat never depends on what that seat cannot see, and that neither do
the boards and hands put into words. Typed moves: every suggestion sent back as offered is read
as the option it was made for, with the members named as the engine names them and after every word of the labels,
and every open decision is the same on its chooser's re-deal of what it cannot see as on the true state."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core.ai.hooks import GameAI, ai_for
from engine.core.checks.conformance import (
    check_blindness,
    check_playout,
    check_scores,
    check_secrecy,
    check_sight,
    check_suggestions,
    check_typed,
    check_words,
)
from engine.core.contract import Game
from engine.core.typed import GameCommands, commands_for
from renderers import words

CASES = [
    (name, players, seed)
    for name in registry.names()
    for players in range(registry.get(name).info.min_players, registry.get(name).info.max_players + 1)
    for seed in (1, 2)
]


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_random_playout_conforms(name: str, players: int, seed: int) -> None:
    assert check_playout(registry.get(name), players, seed) > 0


def test_registry_lists_the_first_game() -> None:
    assert "planes" in registry.names()


def reads_typed_lines(game: Game) -> bool:
    """Whether the game reads typed moves at all (a game without them refuses every line with one sentence)."""
    return type(commands_for(game)) is not GameCommands


@pytest.mark.parametrize(("name", "players", "seed"), [case for case in CASES if case[2] == 1])
def test_the_channel_never_depends_on_hidden_cards(name: str, players: int, seed: int) -> None:
    game = registry.get(name)
    changed = check_secrecy(game, players, seed)
    if game.info.hidden:
        assert changed > 0, "a game that hides something re-deals it"
    else:
        assert changed == 0, "nothing hidden: nothing to re-deal"


@pytest.mark.parametrize(("name", "players"), [(name, players) for name, players, seed in CASES if seed == 1])
def test_the_search_ai_is_blind_to_what_its_seat_cannot_see(name: str, players: int) -> None:
    # A search on every player count would cost too much; the re-deal it rests on is checked on all of them.
    game = registry.get(name)
    assert check_blindness(game, players, 1, searches=2 if players == game.info.min_players else 0) > 0


@pytest.mark.parametrize(("name", "players"), [(name, players) for name, players, seed in CASES if seed == 1])
def test_the_search_reads_scores_and_team_results_as_the_game_means_them(name: str, players: int) -> None:
    game = registry.get(name)
    scored = check_scores(game, players, 1)
    # every state scored unless the game's AI has no score_now
    assert scored > 0 or type(ai_for(game)).score_now is GameAI.score_now


@pytest.mark.parametrize(("name", "players"), [(name, players) for name, players, seed in CASES if seed == 1])
def test_a_typed_line_tells_its_seat_only_what_it_can_see(name: str, players: int) -> None:
    # autocomplete and refusals of a typed line once showed the cards a draw in the line would bring.
    assert check_typed(registry.get(name), players, 1, states=10) > 0


@pytest.mark.parametrize(("name", "players"), [(name, players) for name, players, seed in CASES if seed == 1])
def test_the_board_and_hands_in_words_never_depend_on_hidden_cards(name: str, players: int) -> None:
    described = words.for_game(name)
    assert described is not None, f"{name}'s manifest names no words module"
    game = registry.get(name)
    changed = check_words(game, players, 1, described.describe, described.describe_hand)
    assert changed > 0 if game.info.hidden else changed == 0, "what is hidden is re-dealt under the words; nothing else"


@pytest.mark.parametrize(("name", "players"), [(name, players) for name, players, seed in CASES if seed == 1])
def test_every_suggestion_sent_back_is_read_as_the_option_it_offered(name: str, players: int) -> None:
    # Labels of the same words in another order (Now Boarding's "… out of DEN on DEN–SFO" and "… out of SFO on
    # SFO–DEN") were once read as a set of words, and the suggestion offered for either was refused.
    game = registry.get(name)
    states, sent = check_suggestions(game, players, 1)
    assert states > 0 and (sent > states or not reads_typed_lines(game))


@pytest.mark.parametrize(("name", "players"), [
    (name, players) for name in registry.names()
    for players in sorted({registry.get(name).info.min_players, registry.get(name).info.max_players})])
def test_members_named_after_the_words_of_labels_change_no_reading(name: str, players: int) -> None:
    # A member called "Red", "Take" or "buy" once turned every such word of a line into a seat. Names hardly depend
    # on the player count, so the fewest and the most seats.
    game = registry.get(name)
    states, sent = check_suggestions(game, players, 1, states=4, named=True)
    assert states > 0 and (sent > states or not reads_typed_lines(game))


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_every_decision_is_the_same_on_its_choosers_sample(name: str, players: int, seed: int) -> None:
    # The hand a Planecrafters Spy looks at was once dealt again on the Spy's own sample, so a typed line and the
    # search AI chose among cards that were not there.
    decisions, _kinds = check_sight(registry.get(name), players, seed)
    assert decisions > 0
