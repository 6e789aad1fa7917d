"""The per-process request budget: requests wait for tokens instead of earning 429s, edits of one message queued
behind the budget collapse into the newest, and nothing else is ever dropped. On a fake clock: no real waiting."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from discord.http import Route

from bot.discord.budget import BudgetedRequests, RequestBudget, share_of_global


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


def edit(message_id: int) -> Route:
    return Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=7, message_id=message_id)


def post() -> Route:
    return Route("POST", "/channels/{channel_id}/messages", channel_id=7)


def recorder() -> tuple[list[tuple[str, Any]], Any]:
    sent: list[tuple[str, Any]] = []

    async def request(route: Route, **kwargs: Any) -> Any:
        sent.append((route.method + " " + route.url, kwargs.get("json")))
        await asyncio.sleep(0)
        return {"sent": kwargs.get("json")}

    return sent, request


def test_each_process_gets_its_share_of_the_global_budget() -> None:
    assert share_of_global(None, None) == pytest.approx(45.0)
    assert share_of_global(4, [0, 1]) == pytest.approx(22.5)
    assert share_of_global(4, [3]) == pytest.approx(11.25)


async def test_requests_beyond_the_budget_wait_their_turn() -> None:
    clock = FakeClock()
    budget = RequestBudget(10, burst=5, clock=clock, sleep=clock.sleep)
    sent, request = recorder()
    wrapped = BudgetedRequests(request, budget)
    await asyncio.gather(*(wrapped(post(), json=i) for i in range(25)))
    assert [body for _, body in sent] == list(range(25)), "all sent, in order"
    assert clock.now == pytest.approx(2.0), "5 at once from the burst, then 10 a second"


async def test_queued_edits_of_one_message_collapse_into_the_newest() -> None:
    clock = FakeClock()
    budget = RequestBudget(1, burst=1, clock=clock, sleep=clock.sleep)
    sent, request = recorder()
    wrapped = BudgetedRequests(request, budget)
    results = await asyncio.gather(wrapped(post(), json="panel"), *(wrapped(edit(9), json=f"board {i}")
                                                                   for i in range(4)), wrapped(edit(8), json="other"))
    assert [body for _, body in sent] == ["panel", "board 3", "other"], "one edit per message: the newest"
    assert results[1:5] == [{"sent": "board 3"}] * 4, "every caller of the collapsed edits gets the newest result"
    assert wrapped.coalesced == 3 and wrapped.sent == 3
    assert clock.now == pytest.approx(2.0), "the skipped edits gave their tokens back"


async def test_an_edit_that_fails_fails_for_those_that_waited_on_it() -> None:
    clock = FakeClock()
    budget = RequestBudget(1, burst=1, clock=clock, sleep=clock.sleep)

    async def failing(route: Route, **kwargs: Any) -> Any:
        await asyncio.sleep(0)
        if route.method == "PATCH":
            raise RuntimeError("429: retries exhausted")
        return {}

    wrapped = BudgetedRequests(failing, budget)
    results = await asyncio.gather(wrapped(post()), wrapped(edit(9), json=1), wrapped(edit(9), json=2),
                                   return_exceptions=True)
    assert results[0] == {} and all(isinstance(r, RuntimeError) for r in results[1:])
