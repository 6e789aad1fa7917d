"""Draw what rarely changes once: a cached static layer (board layout, track, fixed labels) that each render copies
and draws the moving parts on. Tests check that a cached layer gives the same pixels as one drawn afresh.

Two kinds: `static_layer` for what depends on the board's size alone (drawn once a process), and `MoveLayers` for
what a game's moves change now and then (a map's owned routes): drawn once for each key, as long as the moves that
follow leave it alone.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache, wraps
from typing import Any, Generic, TypeVar, cast

from PIL import Image

from renderers.kit import record

F = TypeVar("F", bound=Callable[..., Image.Image])
S = TypeVar("S")


def static_layer(maxsize: int = 32) -> Callable[[F], F]:
    """Cache a function that draws a layer from hashable arguments. The cached image is never handed out: callers
    get a copy to draw on. While a test records the drawing (kit.record), the layer is drawn afresh so the log holds
    every text and shape of the picture."""

    def wrap(draw: F) -> F:
        cached = lru_cache(maxsize=maxsize)(draw)

        @wraps(draw)
        def layer(*args: Any) -> Image.Image:
            if record.active() is not None:
                return draw(*args)
            return cached(*args).copy()

        # A function takes attributes at run time, which mypy does not model: tests clear a layer's cache through it.
        layer.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        return cast(F, layer)  # wraps() gives the layer draw's name and signature: it stands for draw

    return wrap


class MoveLayers(Generic[S]):
    """A layer drawn from a view, remembered by `key(view)`: the parts of what `draw(view)` reads that it shows,
    and nothing else. `draw` returns the layer and what drawing it worked out that the rest of the picture needs
    (the free ground left for labels…), which must not be changed by its users (tuples): `layer(view)` hands out a
    copy of the image and that same state. The layers used least recently are forgotten first, past `size`.

    The layer must be the first thing drawn on the picture, in a fresh drawing too: a copy then carries the palette
    (its colours, in the order they came) a fresh layer would have, so the rest is drawn the same, byte for byte.
    While a test records the drawing (kit.record) the layer is drawn afresh, so the log holds every text and shape.
    Boards are drawn in worker threads: the lock guards the table, never the drawing."""

    def __init__(self, draw: Callable[[dict[str, Any]], tuple[Image.Image, S]],
                 key: Callable[[dict[str, Any]], Hashable], size: int) -> None:
        self.draw, self.key, self.size = draw, key, size
        self._layers: OrderedDict[Hashable, tuple[Image.Image, S]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0  # layers handed out from memory, for the tests
        remembers_moves(self.clear)

    def layer(self, view: dict[str, Any]) -> tuple[Image.Image, S]:
        if record.active() is not None:
            return self.draw(view)
        key = self.key(view)
        with self._lock:
            found = self._layers.get(key)
            if found is not None:
                self._layers.move_to_end(key)
                self.hits += 1
        if found is None:
            image, state = self.draw(view)
            with self._lock:
                self._layers[key] = (image.copy(), state)
                while len(self._layers) > self.size:
                    self._layers.popitem(last=False)
            return image, state
        return found[0].copy(), found[1]

    def clear(self) -> None:
        with self._lock:
            self._layers.clear()

    def __len__(self) -> int:
        return len(self._layers)


_MOVE_CACHES: list[Callable[[], object]] = []


def remembers_moves(clear: Callable[[], object]) -> None:
    """Name a cache that remembers what a move's picture showed (keyed by the view's content, not only by the board
    size), by the function that empties it. A board drawn twice from the same view finds everything in such a cache,
    which a game never does (each move shows a new view), so `python -m bench renders` empties them all
    (`forget_moves`) and draws the move before the one it times, as a game would have."""
    _MOVE_CACHES.append(clear)


def forget_moves() -> None:
    """Empty every cache named by remembers_moves."""
    for clear in _MOVE_CACHES:
        clear()
