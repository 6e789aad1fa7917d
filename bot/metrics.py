"""What an admin's Prometheus reads at /metrics (bot/endpoint.py), kept by prometheus-client in one registry of this
process. Label values are bounded: game names (the registry's, a handful), states, levels and kinds of error named in
our own code; never a channel, a server or a member.

Everything here only counts and times, and costs next to nothing when nobody scrapes: the metrics are always kept,
the endpoint is what is optional.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, disable_created_metrics

# A "_created" sample beside every counter and histogram says only when the process started: noise on a dashboard.
disable_created_metrics()
REGISTRY = CollectorRegistry()

_FAST = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)
"""Seconds: a click's board should be back well within Discord's 3-second acknowledgement."""

MOVES = Counter("tarmac_moves_applied", "Moves applied and saved, by game (members' and the AI's).", ["game"],
                registry=REGISTRY)
CLICK_TO_BOARD = Histogram("tarmac_click_to_board_seconds",
                           "From a member's click reaching the bot to the new board posted, by game.", ["game"],
                           buckets=_FAST, registry=REGISTRY)
RENDER = Histogram("tarmac_render_seconds", "Drawing one picture (a board or a hand), by game.", ["game", "picture"],
                   buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5), registry=REGISTRY)
AI_PLAN = Histogram("tarmac_ai_plan_seconds", "An AI seat thinking out its move, by game and level.", ["game", "level"],
                    buckets=_FAST, registry=REGISTRY)
GAMES = Gauge("tarmac_games", "Games in the database by game and state (lobby, active, finished...).",
              ["game", "state"], registry=REGISTRY)
DMS_REFUSED = Counter("tarmac_dms_refused", "Private views Discord would not deliver by DM (the member's DMs are "
                      "closed).", registry=REGISTRY)
BUDGET_WAITS = Counter("tarmac_request_budget_waits", "Requests that waited for this process's share of Discord's "
                       "request budget.", registry=REGISTRY)
DISCORD_429 = Counter("tarmac_discord_429_responses", "Answers of Discord's HTTP API with status 429 (rate limited).",
                      registry=REGISTRY)
ERRORS = Counter("tarmac_errors", "Errors logged by Tarmac's own code, by kind (the part that logged it).", ["kind"],
                 registry=REGISTRY)


@contextmanager
def timed(histogram: Histogram, **labels: str) -> Iterator[None]:
    """Observe the seconds the block took (only when it finishes without an error)."""
    start = time.perf_counter()
    yield
    histogram.labels(**labels).observe(time.perf_counter() - start)


async def _response_seen(_session: aiohttp.ClientSession, _context: SimpleNamespace,
                         params: aiohttp.TraceRequestEndParams) -> None:
    if params.response.status == 429:
        DISCORD_429.inc()


def http_trace() -> aiohttp.TraceConfig:
    """Given to discord.py's HTTP client: it sees every answer of Discord's API, the 429s its own retries hide too."""
    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(_response_seen)
    return trace


class _ErrorCounter(logging.Handler):
    """Counts each error our loggers write ("tarmac.service" -> kind "service"): every `log.exception` of the bot,
    with no call of its own at each place."""

    def emit(self, record: logging.LogRecord) -> None:
        kind = record.name.removeprefix("tarmac").lstrip(".") or "bot"
        ERRORS.labels(kind=kind.split(".")[0]).inc()


_COUNTER = _ErrorCounter(level=logging.ERROR)


def count_errors() -> None:
    """Count the errors of the "tarmac" loggers from now on (once per process, however often called)."""
    logger = logging.getLogger("tarmac")
    if _COUNTER not in logger.handlers:
        logger.addHandler(_COUNTER)


_GAMES_SHOWN: set[tuple[str, str]] = set()


def set_games(counts: list[tuple[str, str, int]]) -> None:
    """The games gauge from the store's counts; a pair that has none any more reads 0 rather than vanishing."""
    seen = {(game, state) for game, state, _n in counts}
    for game, state in _GAMES_SHOWN - seen:
        GAMES.labels(game, state).set(0)
    for game, state, count in counts:
        GAMES.labels(game, state).set(count)
    _GAMES_SHOWN.update(seen)
