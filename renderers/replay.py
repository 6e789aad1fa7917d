"""A whole game (or a stretch of it) as one animated GIF: a frame per turn, the board after it, with a caption band
saying which turn it was, who moved and what they did (the game log's own words). The first frame is the board the
stretch starts from, the last one is held longer, and the GIF loops. Discord animates GIF attachments (not APNG,
and WebP only sometimes), hence GIF.

Every frame is drawn from the PUBLIC view (`Game.view(state, None)`) and the public texts of the events, never from
a seat's view: a replay is posted in the channel. The frames come from replaying the engine from the action log
(engine.core.turns); this module only draws, and runs in a worker thread (the bot never draws on its event loop).

The GIF must fit Discord's upload limit with room to spare: `LIMIT` (4 MiB); `fitted` holds it to a channel's own
upload limit, and says how much of a stretch fits when the whole cannot. Boards are drawn at 1200 x 900 and shown
about 400 px wide, so frames are made at half size first, all in one shared palette with no dithering (a pixel that
did not change stays the same colour, and Pillow writes only the part of a frame that changed); if the GIF is still
too big, smaller frames, then fewer colours. renderers/README.md gives the figures.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engine.core.contract import Game, GameState
from engine.core.turns import Turn, turn_name
from renderers.kit.paint import ELLIPSIS, INK, PAPER, fit, font, pen, wrap
from renderers.kit.rules import MIN_FONT, min_font_px

LIMIT = 4 * 1024 * 1024
"""The most bytes a replay GIF may take: Discord takes 10 MiB per upload; this leaves room for the board and text."""

FRAME_MS = 1400
"""How long each turn is shown."""
LAST_MS = 6000
"""How long the final frame stays before the GIF starts again."""

SIZES = ((600, 450), (520, 390), (440, 330), (400, 300))
"""Board sizes tried in turn, largest first, until the GIF fits LIMIT (a 1200 x 900 board halved, then smaller)."""
COLOURS = (128, 64, 32)
"""Palette sizes tried at the smallest board size."""

CAPTION_LINES = 3
"""The caption band: a heading (turn and who) and up to two lines of what happened, cut with '…' past that."""


@dataclass
class Frame:
    """One frame: the public view it draws (with the players' names in it) and its caption."""

    view: dict[str, Any]
    heading: str
    text: str


def who(turn: Turn, names: dict[int, str], players: int) -> str:
    """The seat that moved, or "everyone" for a round all seats played."""
    if len(turn.seats) > 1 and len(turn.seats) == players:
        return "everyone"
    return ", ".join(names.get(s, f"Player {s + 1}") for s in turn.seats)


def frames(engine: Game, first: GameState, turns: list[Turn], *, names: dict[int, str] | None = None,
           words: Callable[[str], str] = lambda text: text,
           name_view: Callable[[dict[str, Any]], dict[str, Any]] = lambda view: view,
           total: int | None = None, first_heading: str = "The start") -> list[Frame]:
    """The frames of `turns`, starting from `first` (the board before the first of them): public views only.
    `names` names the seats, `words` puts names into the engine's texts and `name_view` into a view (the bot's
    naming); `total` is the game's number of turns, for "Turn 3 of 40" (given only when the frames show every turn:
    a stretch of turns 1 to 12 captioned "Turn 1 of 24" read as if it held 24). Each caption names its turn as the
    panel's heading, the log and the board do (engine.core.turns.turn_name)."""
    names = names or {}
    made = [Frame(name_view(engine.view(first, None)), first_heading, "")]
    for turn in turns:
        start = turn.before if turn.before is not None else turn.after
        heading = f"{turn_name(engine, start, turn.number, of=total)} · {who(turn, names, first.players)}"
        text = words(" ".join(turn.texts)) or "No move anyone else can see."
        made.append(Frame(name_view(engine.view(turn.after, None)), heading, text))
    return made


def _caption_size(size: tuple[int, int]) -> int:
    """The caption's font size on a frame whose board is `size`: at least 8 px where Discord shows the whole frame
    (rules.min_font_px, which the band's own height lowers, hence the loop), and a step above the board's smallest
    text scaled to the frame, so the caption is never the hardest text to read."""
    width, height = size
    font_px = round((MIN_FONT + 2) * width / 1200)
    while font_px < min_font_px((width, height + _band(width, font_px))):
        font_px += 1
    return font_px


def _band(width: int, size: int) -> int:
    return round(size * 1.3) * CAPTION_LINES + size


def caption(image: Image.Image, top: int, frame: Frame, size: int) -> None:
    """Draw the caption band from `top` down: the heading, then what happened, cut to fit."""
    draw = pen(image)
    width = image.width
    draw.rectangle((0, top, width, image.height), fill=INK)
    margin, step = size // 2, round(size * 1.3)
    room = width - 2 * margin
    lines = [fit(frame.heading, size, room)]
    body = list(wrap(frame.text, size, room))
    if len(body) > CAPTION_LINES - 1:
        body = body[:CAPTION_LINES - 1]
        body[-1] = fit(body[-1] + " " + ELLIPSIS, size, room)
    lines += [fit(line, size, room) for line in body]
    for index, line in enumerate(lines):
        draw.text((margin, top + margin + index * step), line, fill=PAPER, font=font(size))


def frame_image(board: Image.Image, frame: Frame, size: tuple[int, int]) -> Image.Image:
    """The board scaled to `size` with the caption band under it."""
    width, height = size
    text = _caption_size(size)
    image = Image.new("RGB", (width, height + _band(width, text)), PAPER)
    image.paste(board.convert("RGB").resize(size, Image.Resampling.LANCZOS, reducing_gap=2.0), (0, 0))
    caption(image, height, frame, text)
    return image


def _palette(samples: list[Image.Image], colours: int) -> Image.Image:
    """One palette for every frame, from the first and last frames side by side (the board's own colours and the
    pieces of the end): shared, undithered colours keep unchanged pixels unchanged from frame to frame."""
    sheet = Image.new("RGB", (sum(s.width for s in samples), max(s.height for s in samples)), PAPER)
    x = 0
    for sample in samples:
        sheet.paste(sample, (x, 0))
        x += sample.width
    return sheet.quantize(colors=colours, method=Image.Quantize.MEDIANCUT)


def encode(boards: list[bytes], made: list[Frame], size: tuple[int, int], colours: int) -> bytes:
    """The frames at `size` (PNG boards and their captions) as a looping GIF in one palette of `colours`, the last
    frame held LAST_MS. Each frame is made and quantized in turn, so only palette frames are kept in memory."""
    def image(index: int) -> Image.Image:
        return frame_image(Image.open(io.BytesIO(boards[index])), made[index], size)

    palette = _palette([image(0), image(len(made) - 1)], colours)
    quantized = [image(i).quantize(palette=palette, dither=Image.Dither.NONE) for i in range(len(made))]
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(quantized) - 1) + [LAST_MS]
    quantized[0].save(out, format="GIF", save_all=True, append_images=quantized[1:], duration=durations, loop=0,
                      optimize=True, disposal=1)
    return out.getvalue()


def gif(made: list[Frame], draw: Callable[[dict[str, Any]], bytes], limit: int = LIMIT) -> bytes:
    """The GIF of `made`, drawn with `draw` (a renderer's `render_board`: view -> PNG), within `limit` bytes where
    any size and palette of SIZES and COLOURS gets it there (the smallest, else). Every frame is kept: a replay
    shows every turn."""
    return _within([draw(frame.view) for frame in made], made, limit)


def _within(boards: list[bytes], made: list[Frame], limit: int) -> bytes:
    found = b""
    for size in SIZES:
        for colours in COLOURS if size == SIZES[-1] else COLOURS[:1]:
            found = encode(boards, made, size, colours)
            if len(found) <= limit:
                return found
    return found


@dataclass
class Fitted:
    """A replay made for an upload limit: the GIF when every frame fits (`data`), else None and how many of the
    first frames would (`frames`, 0 when not even the first two do). `size`: the bytes of the whole, at the
    smallest size and palette tried."""

    data: bytes | None
    size: int
    frames: int


def fitted(made: list[Frame], draw: Callable[[dict[str, Any]], bytes], most: int, limit: int = LIMIT) -> Fitted:
    """The GIF of `made` within `most` bytes (an upload limit: Discord refuses a bigger file), as small as `gif`
    makes it where it can (`limit`); when even the smallest frames and palette are too big, how many of the first
    frames would fit, found by encoding them, for the caller to offer that stretch instead."""
    boards = [draw(frame.view) for frame in made]
    found = _within(boards, made, min(limit, most))
    if len(found) <= most:
        return Fitted(found, len(found), len(made))
    count, size = len(made), len(found)
    while count > 2:
        # Bytes grow about in step with frames (each frame stores what changed): aim just under, then check.
        count = max(2, min(count - 1, int(count * most / size * 0.95)))
        size = len(encode(boards[:count], made[:count], SIZES[-1], COLOURS[-1]))
        if size <= most:
            return Fitted(None, len(found), count)
    return Fitted(None, len(found), 0)
