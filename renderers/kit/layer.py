"""Draw what rarely changes once: a cached static layer (board layout, track, fixed labels) that each render copies
and draws the moving parts on. Tests check that a cached layer gives the same pixels as one drawn afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, TypeVar, cast

from PIL import Image

from renderers.kit import record

F = TypeVar("F", bound=Callable[..., Image.Image])


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
