"""The noughts and crosses board in words (renderers/words.py): what board.py draws, from the same view. The turn and
who is to play (or how it ended) first, then each player's mark, then the grid row by row."""

from __future__ import annotations

from typing import Any

from renderers.words import listing


def describe(view: dict[str, Any]) -> str:
    players = "; ".join(f"{s['name']} plays {s['mark']}" for s in view["seats"])
    rows = [f"Row {row}: " + ", ".join(f"{cell} {view['cells'][cell] or 'empty'}" for cell in
                                       (f"{column}{row}" for column in "abc")) + "."
            for row in "123"]
    return "\n".join([_headline(view), f"{players}.", *rows])


def describe_hand(view: dict[str, Any]) -> str:
    """Nothing is hidden: a seat's view is the board, said for its holder."""
    return f"{view['seats'][view['you']]['name']} sees the board.\n" + describe(view)


def _headline(view: dict[str, Any]) -> str:
    if not view["over"]:
        turn = view["seats"][view["turn"]]
        return f"Noughts and Crosses, turn {view['marked'] + 1}: {turn['name']} to mark a cell with {turn['mark']}."
    if view["winner"] is None:
        return f"Noughts and Crosses, over after {view['marked']} turns: a draw."
    line = listing(view["line"])
    return (f"Noughts and Crosses, over after {view['marked']} turns: {view['seats'][view['winner']]['name']} wins "
            f"with {line}.")
