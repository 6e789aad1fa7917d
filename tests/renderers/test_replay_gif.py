"""The replay GIF (renderers.replay): a frame per turn and one for the start, with its caption; drawn from the
public view only, so re-dealing every hidden card gives the very same frames; fitted under its size limit by
smaller frames and fewer colours, never by dropping turns."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine import registry
from engine.core import Event, Rng
from engine.core.ai.selfplay import playout
from engine.core.contract import default_options
from engine.core.table import TableFlow, table_for
from engine.core.turns import Step, Turn, group, play, public_texts
from engine.planes.game import PlanesGame
from renderers import for_game
from renderers.kit.paint import ELLIPSIS
from renderers.kit.record import check_layout, recording
from renderers.replay import CAPTION_LINES, LAST_MS, SIZES, Frame, frame_image, frames, gif
from tests.support.tables import players_near

SEED = 5
TURNS = 6  # the first few turns of a game: enough to see hands, decks and the board change


def opening(name: str) -> tuple[object, list[Turn]]:
    """The start and the first TURNS turns of a seeded game of 3 players (or as near as the game seats)."""
    engine = registry.get(name)
    players = players_near(engine)
    run = playout(engine, players, SEED)
    start, steps = play(engine, players, SEED, {}, [(a.seat, a.choice) for a in run.actions])
    return start, group(engine, steps)[:TURNS]


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF"
    return image


@pytest.mark.parametrize("name", registry.names())
def test_one_frame_per_turn_and_the_start_looping_with_the_last_held(name: str) -> None:
    engine = registry.get(name)
    start, turns = opening(name)
    made = frames(engine, start, turns)
    image = decoded(gif(made, for_game(name).render_board))
    assert image.n_frames == len(turns) + 1
    assert image.info["loop"] == 0
    image.seek(image.n_frames - 1)
    assert image.info["duration"] == LAST_MS
    assert made[1].heading.startswith(f"{engine.info.turn_word} {turns[0].number}")


@pytest.mark.parametrize("name", registry.names())
def test_frames_come_from_the_public_view_alone(name: str) -> None:
    """Every hidden card dealt again (hands, decks): the frames, their captions and the GIF do not change."""
    engine = registry.get(name)
    start, turns = opening(name)
    rng = Rng.seeded(99)
    redealt_start = engine.redeal_hidden(start, None, rng)
    redealt = [Turn(t.number, t.seats, t.texts, engine.redeal_hidden(t.after, None, rng),
                    before=engine.redeal_hidden(t.before, None, rng) if t.before is not None else None)
               for t in turns]
    if engine.secrets(start) or any(engine.secrets(t.after) for t in turns):
        changed = [a.after.model_dump() != b.after.model_dump() for a, b in zip(turns, redealt, strict=True)]
        assert any(changed), "the re-deal changes hidden cards, or this test would prove nothing"
    draw = for_game(name).render_board
    assert gif(frames(engine, start, turns), draw) == gif(frames(engine, redealt_start, redealt), draw)


class Unnumbered(PlanesGame):
    """Planes under a name of its own, whose table is this module's `TABLE`: the defaults, which number no turns."""

    name = "unnumbered"


TABLE = TableFlow


def test_a_turn_is_a_seats_whole_run_of_choices_and_tells_only_public_texts() -> None:
    """In a game that numbers no turns of its own (every game of ours does: Planes stands in, its numbers taken
    away)."""

    engine = Unnumbered()
    state = engine.new_game(2, 1, default_options(engine))
    steps = [Step(0, "a", [Event(text="Player 1 took off."), Event(text="Your card: 7", private_to=0)], state, state),
             Step(0, "b", [Event(text="Player 1 landed.")], state, state),
             Step(1, "c", [Event(text="Player 2 passed.")], state, state)]
    turns = group(engine, steps)
    assert [(t.number, t.seats, t.texts, t.choices) for t in turns] == [
        (1, [0], ["Player 1 took off.", "Player 1 landed."], 2), (2, [1], ["Player 2 passed."], 1)]
    assert public_texts(steps[0].events) == ["Player 1 took off."]


def test_now_boarding_counts_a_round_as_one_turn_for_everyone() -> None:
    engine = registry.get("now-boarding")
    run = playout(engine, 3, SEED)
    start, steps = play(engine, 3, SEED, {}, [(a.seat, a.choice) for a in run.actions])
    turns = group(engine, steps)
    assert [t.number for t in turns] == list(range(1, run.state.round + 1))  # type: ignore[attr-defined]
    made = frames(engine, start, turns, names={0: "ana", 1: "ben", 2: "cleo"}, total=len(turns))
    assert made[1].heading == f"Round 1 of {len(turns)} · Morning · everyone", "set up in the Morning"
    assert made[2].heading == f"Round 2 of {len(turns)} · {table_for(engine).turn_detail(turns[1].before)} · everyone"
    assert table_for(engine).turn_detail(turns[1].before).startswith("Morning, 2 of ")


def test_the_caption_names_players_and_the_view_is_renamed() -> None:
    engine = registry.get("planecrafters")
    start, turns = opening("planecrafters")
    names = {0: "ana", 1: "ben", 2: "cleo"}
    made = frames(engine, start, turns[:1], names=names, words=lambda text: text.replace("Player 1", "ana"),
                  name_view=lambda view: {**view, "renamed": True})
    assert made[0].heading == "The start" and made[0].view["renamed"]
    assert made[1].heading.startswith("Turn 1 · round 1 · ana") and "Player 1" not in made[1].text


def test_a_gif_over_the_limit_gets_smaller_frames_and_keeps_every_turn() -> None:
    start, turns = opening("planecrafters")
    made = frames(registry.get("planecrafters"), start, turns)
    draw = for_game("planecrafters").render_board
    roomy, tight = decoded(gif(made, draw)), decoded(gif(made, draw, limit=1))
    assert roomy.width == SIZES[0][0] and tight.width == SIZES[-1][0]
    assert roomy.n_frames == tight.n_frames == len(made)


@pytest.mark.parametrize("size", SIZES)
def test_a_long_caption_is_cut_not_spilled_and_readable_on_a_phone(size: tuple[int, int]) -> None:
    """A turn that did much: the band keeps its heading and two lines, the second cut with '…', all inside the
    frame and at least 8 px tall where Discord shows it (the picture rules of renderers/README.md)."""
    board = Image.new("P", (1200, 900), 0)
    long = Frame({}, "Turn 12 of 40 · " + "a player with a very long name " * 8, "moved " * 300)
    with recording() as log:
        image = frame_image(board, long, size)
    assert [m.text for m in log.texts][0].endswith(ELLIPSIS)
    assert len(log.texts) == CAPTION_LINES and log.texts[-1].text.endswith(ELLIPSIS)
    assert check_layout(log, image.size) == []
