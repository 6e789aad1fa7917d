"""Messages on Discord's newer layout (Components V2): one container per message, whose accent bar is the acting
seat's colour, holding text blocks, the board in a media gallery with its alt text, and the controls.

A V2 message has no content or embeds: everything, the mention that pings included, is a text display. Discord
shows a gallery image across the container's whole width (an embed image is held to a smaller box), which is why the
board goes there (renderers/README.md has the figures). The controls are built as a classic View by the panel and
lobby code (they lay out their own rows), then moved into action rows here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord

from engine import registry
from renderers.words import alt_text as described

BOARD_FILE = "board.png"


def alt_text(game_id: str, view: dict[str, Any], words: str = "") -> str:
    """The board picture's alt text, made in this one place: the board in words (renderers/words.py, cut to
    Discord's 1024 characters at whole lines, most important part first) where the game has words; otherwise the
    game, whose turn it is and each seat's figure, from the public view."""
    if words:
        return described(words)
    try:
        title = registry.get(game_id).info.title
    except (KeyError, ModuleNotFoundError):  # a game outside the registry (the tests' toy game)
        title = game_id
    seats = [s for s in view.get("seats") or view.get("airlines") or [] if isinstance(s, dict)]
    names = {s.get("seat"): str(s.get("name", "")) for s in seats}
    parts = [f"{title} board."]
    turn = view.get("turn")
    if isinstance(turn, int) and not isinstance(turn, bool) and names.get(turn):
        parts.append(f"{names[turn]} to play.")
    figures = []
    for seat in seats:
        key = next((k for k in ("score", "cash", "crowns", "delivered") if isinstance(seat.get(k), int)), None)
        if key is not None:
            figures.append(f"{seat.get('name', '')} {seat[key]} {'points' if key == 'score' else key}")
    if figures:
        parts.append("; ".join(figures) + ".")
    if isinstance(view.get("complaints"), int):
        parts.append(f"Complaints: {view['complaints']}.")
    return " ".join(parts)


def rows_of(view: discord.ui.View) -> list[discord.ui.ActionRow[Any]]:
    """A classic view's items as action rows, in the rows discord.py laid them out in."""
    rows: dict[int, list[discord.ui.Item[Any]]] = {}
    for item in view.children:
        row = getattr(item, "_rendered_row", None)
        rows.setdefault(row if row is not None else item.row or 0, []).append(item)
    view.clear_items()
    return [discord.ui.ActionRow(*items) for _row, items in sorted(rows.items())]


def card(blocks: list[discord.ui.Item[Any]], controls: discord.ui.View | None = None,
         accent: discord.Colour | None = None) -> discord.ui.LayoutView:
    """One container holding `blocks` (texts, a gallery) and then the rows of `controls`."""
    layout = discord.ui.LayoutView(timeout=None)
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=accent)
    for block in blocks:
        container.add_item(block)
    for row in rows_of(controls) if controls is not None else []:
        container.add_item(row)
    layout.add_item(container)
    layout.stop()  # dynamic items answer by custom_id: no live timer per message sent
    return layout


def text(content: str) -> discord.ui.TextDisplay[Any]:
    return discord.ui.TextDisplay(content)


def gallery(filename: str, description: str) -> discord.ui.MediaGallery[Any]:
    return discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{filename}", description=description))


def note(content: str) -> discord.ui.LayoutView:
    """A one-line message (a superseded panel, a used list of choices): V2 stays V2, so a note is a text display."""
    return card([text(content)])


def private(content: str, controls: discord.ui.View | None = None,
            accent: discord.Colour | None = None) -> discord.ui.LayoutView:
    """A member's own message (their choices, their controls): the words above the buttons, in their seat's colour."""
    return card([text(content)], controls, accent)


def walk(components: list[Any]) -> Iterator[Any]:
    """Every component of a received message, nested ones (in containers, rows, sections) included."""
    for component in components:
        yield component
        yield from walk(list(getattr(component, "children", None) or []))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory
