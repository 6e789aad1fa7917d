"""A per-process share of Discord's global request budget, and board edits coalesced when it runs short.

Discord allows a bot 50 REST requests per second in all (interaction callbacks are exempt), however many processes
it runs. Each process therefore keeps its own share (`share_of_global`) as a token bucket in front of discord.py's
HTTP client: a request waits for a token instead of earning a 429 for every process of the bot.

While requests are waiting, an edit of a message that a newer edit of the same message is already waiting behind is
not sent at all: only the newest picture of a board matters, and both callers get the newest edit's result. Posts,
DMs and deletions are never dropped, only delayed. A move is saved before anything about it is sent, so a delay, or a
429 that discord.py's own retries cannot get past, never loses one: the player is told the board could not be posted
and the next click or `/game panel` shows it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot import metrics

GLOBAL_PER_SECOND = 50.0
SAFETY = 0.9
"""Keep a tenth of the budget free for what we do not count (retries discord.py makes on its own, other tools)."""


def share_of_global(shard_count: int | None, shard_ids: list[int] | None) -> float:
    """This process's requests per second: the global budget split by the shards it holds."""
    if shard_ids is None or not shard_count:
        return GLOBAL_PER_SECOND * SAFETY
    return GLOBAL_PER_SECOND * SAFETY * len(shard_ids) / shard_count


class RequestBudget:
    """A token bucket: `per_second` tokens a second, at most `burst` saved up."""

    def __init__(self, per_second: float, *, burst: float | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        if per_second <= 0:
            raise ValueError("a request budget needs a positive rate")
        self.per_second = per_second
        self.burst = burst if burst is not None else per_second
        self.tokens = self.burst
        self._clock, self._sleep = clock, sleep
        self._last = clock()
        self._lock = asyncio.Lock()  # first come, first served: waiting requests keep their order
        self.waiting = 0

    def _refill(self) -> None:
        now = self._clock()
        self.tokens = min(self.burst, self.tokens + (now - self._last) * self.per_second)
        self._last = now

    async def take(self) -> None:
        self.waiting += 1
        try:
            async with self._lock:
                self._refill()
                # The epsilon: refilling exactly the missing fraction can land a rounding error short of 1, and a
                # sleep too small to move the clock would then loop for ever.
                if self.tokens < 1 - 1e-9:
                    metrics.BUDGET_WAITS.inc()
                while self.tokens < 1 - 1e-9:
                    await self._sleep((1 - self.tokens) / self.per_second)
                    self._refill()
                self.tokens = max(self.tokens - 1, 0.0)
        finally:
            self.waiting -= 1

    def give_back(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1)


def _edit_key(route: Any) -> str | None:
    """The message a request edits (a PATCH of a channel message: its URL names it), else None."""
    if getattr(route, "method", "") == "PATCH" and getattr(route, "path", "") == (
            "/channels/{channel_id}/messages/{message_id}"):
        return str(route.url)
    return None


class BudgetedRequests:
    """Wraps an HTTP client's `request(route, **kwargs)` with the budget and the coalescing of edits."""

    def __init__(self, request: Callable[..., Awaitable[Any]], budget: RequestBudget) -> None:
        self._request = request
        self.budget = budget
        self._newest: dict[str, int] = {}
        self._results: dict[tuple[str, int], asyncio.Future[Any]] = {}
        self._counter = 0
        self.sent = 0
        self.coalesced = 0

    async def __call__(self, route: Any, **kwargs: Any) -> Any:
        key = _edit_key(route)
        if key is None:
            await self.budget.take()
            self.sent += 1
            return await self._request(route, **kwargs)
        self._counter += 1
        mine = self._counter
        self._newest[key] = mine
        result: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._results[(key, mine)] = result
        try:
            await self.budget.take()
            newest = self._newest[key]
            if newest != mine:  # a newer edit of this message is queued: it carries the picture that counts
                self.budget.give_back()
                self.coalesced += 1
                return await asyncio.shield(self._results[(key, newest)])
            self.sent += 1
            try:
                value = await self._request(route, **kwargs)
            except BaseException as exc:
                result.set_exception(exc)
                raise
            result.set_result(value)
            return value
        finally:
            if self._newest.get(key) == mine:
                del self._newest[key]
            # Older edits that gave way to this one hold the future already (through shield); nobody else needs it.
            del self._results[(key, mine)]
            if result.done() and not result.cancelled():
                result.exception()  # mark an error as seen: the caller got it raised, the duplicates through shield


def install(http: Any, budget: RequestBudget) -> BudgetedRequests:
    """Put the budget in front of `http.request` (discord.py's HTTPClient: every REST call but interaction
    callbacks, which Discord does not count against the global budget)."""
    wrapped = BudgetedRequests(http.request, budget)
    http.request = wrapped
    return wrapped
