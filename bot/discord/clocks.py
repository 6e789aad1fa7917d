"""A background pass that runs when it is due and naps in between: the queue's and the leagues' clocks. `wake()`
runs it early (someone joined the queue, a league game ended). It naps on asyncio's clock, which SimCord moves in
tests, and never longer than `longest` (six hours, as the reminders' pass), so a change nobody woke it for is seen
within that time. Every change of this process wakes it, and a server's queue and leagues are moved only by the
process that holds its shard, so the long nap is a safety net, not the way the passes are timed; an hourly one cost a
week-long quiet stretch 336 passes for nothing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord

log = logging.getLogger("tarmac.discord")


class Clock:
    def __init__(self, client: discord.Client, name: str, run: Callable[[], Awaitable[float | None]],
                 longest: float = 6 * 3600.0) -> None:
        self.client, self.name, self.run, self.longest = client, name, run, longest
        self.task: asyncio.Task[None] | None = None
        self._nap: asyncio.Future[None] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self._forever())

    def wake(self) -> None:
        if self._nap is not None:
            self._nap.cancel()

    async def _forever(self) -> None:
        await self.client.wait_until_ready()
        while True:
            try:
                due = await self.run()
            except Exception:  # the store hiccuped: the next pass tries again
                log.exception("%s pass failed", self.name)
                due = None
            nap = self.longest if due is None else min(self.longest, max(due, 1.0))
            self._nap = asyncio.ensure_future(asyncio.sleep(nap))
            try:
                await self._nap
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise
            finally:
                self._nap = None

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            self.task = None
