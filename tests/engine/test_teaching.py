"""The panel and /game rules teach a newcomer: what the boards' letters mean, how a Planes cube boards, which fleet
flies a route, what each employee does; and a choice offered twice by two identical cards is listed once."""

from __future__ import annotations

from engine import registry
from engine.core.panel import listed, public_decision
from engine.core.play import apply, label, legal, new_game
from engine.core.rules_pages import rules
from renderers.words import board_key, for_game
from tests.planecrafters.helpers import at, find, hand
from tests.planecrafters.helpers import start as pc_start
from tests.support.tables import players_near

PLANES = registry.get("planes")


def test_the_planes_move_prompt_teaches_boarding_the_letters_and_the_neutral_colours() -> None:
    two = new_game(PLANES, 2, 1, {})
    if PLANES.pending(two)[0].kind == "action":  # a hand card first: go straight to the move
        two, _ = apply(PLANES, two, two.turn, "skip")
    assert PLANES.pending(two)[0].kind == "move_start"
    prompt = PLANES.pending(two)[0].prompt
    for words in ("last cube", "gate", "free seat", "Nobody plays green and yellow", "neutral"):
        assert words in prompt, (words, prompt)
    four = new_game(PLANES, 4, 1, {})
    assert "Nobody plays" not in label(PLANES, four, legal(PLANES, four)[0]).prompt


def test_rules_topic_boarding_says_how_a_cube_boards_and_what_the_letters_mean() -> None:
    page = rules(PLANES)["boarding"]
    for words in ("last cube of a moving group", "free seat", "**P1**-**P4**", "**N**", "colour nobody plays",
                  "neutral"):
        assert words in page, words


def _key(game: str, players: int) -> str:
    engine = registry.get(game)
    view = engine.view(new_game(engine, players, 3, {}), None)
    return board_key(for_game(game), view)


def test_every_board_has_a_key_that_names_its_letters() -> None:
    expected = {
        "planes": ("P1–P4", "G1–G4", "N: gates of grey planes", "R3", "Nobody plays green or yellow"),
        "now-boarding": ("To come M A E", "Morning, Afternoon and Evening", "?:", "Round marks", "Square marks"),
        "flight-plan": ("Fleets S M L U C", "Goals such as 2/6 1/3", "regions your routes reach", "hubs"),
        "planecrafters": ("N LW F RW T", "nose, left wing, fuselage, right wing, tail", "T1–T3", "Hire"),
    }
    for game, words in expected.items():
        key = _key(game, 2)
        assert all(w in key for w in words), (game, [w for w in words if w not in key])
        assert len(key) <= 600  # the panel's room for it (bot/discord/panel.py KEY_TEXT)


def test_two_identical_cards_offer_one_choice_once() -> None:
    game = registry.get("planecrafters")
    s = at(pc_start(), "flyer")
    hand(s, 0, [find(slot="spare"), find(slot="spare", skip=1)])
    decision = game.pending(s)[0]
    labels = [o.label for o in decision.options]
    assert len(labels) > len(set(labels)), "the engine still lists each card's own id"
    shown = [o.label for o in listed(decision)]
    assert shown == list(dict.fromkeys(labels))
    public = [o.label for o in public_decision(game, s, decision).options]
    assert len(public) == len(set(public))


def test_the_rules_pages_say_how_to_read_each_board() -> None:
    pages = {"now-boarding": ("discord", ("To come: M", "Morning, Afternoon and Evening", "**?**", "round", "square")),
             "flight-plan": ("winning", ("Goals 2/6 1/3", "regions your routes reach", "hubs")),
             "planecrafters": ("on discord", ("**N** nose", "**LW** left wing", "**F** fuselage", "**T**", "Hire"))}
    for game, (topic, words) in pages.items():
        page = rules(registry.get(game))[topic]
        assert all(w in page for w in words), (game, [w for w in words if w not in page])


def test_every_label_of_seeded_games_fits_a_button_whole() -> None:
    """Discord cuts a button's label at 80 characters (a select entry's at 100): every label a seeded game of each
    game offers fits a button whole (none was cut to fit: no "…"), and a detail fits under a select entry."""
    from engine.core.ai.selfplay import playout
    from engine.core.text import BUTTON_TEXT, OPTION_TEXT

    for name in registry.names():
        game = registry.get(name)
        long: set[str] = set()

        def step(before: object, _action: object, _after: object, game: object = game, long: set[str] = long) -> None:
            for decision in game.pending(before):  # type: ignore[attr-defined]
                long.update(o.label for o in decision.options if len(o.label) > BUTTON_TEXT or o.label.endswith("…"))
                long.update(o.detail for o in decision.options if len(o.detail) > OPTION_TEXT)

        playout(game, players_near(game), 11, on_step=step)
        assert not long, (name, sorted(long)[:5])
