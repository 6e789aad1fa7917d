"""Run by test_ratings_two_processes.py: one bot process rating one finished game.

Usage: python ratings_child.py URL RESULT_JSON. It opens the store, prints "ready", waits for a line on stdin, then
adds the result through bot.ratings.Ratings as a bot does when a game ends, and prints "done". Working out the new
ratings is slowed by a second, so that two children started together are both between reading the ratings and
writing them unless the store keeps them apart.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Mapping

from bot.ratings import Ratings, rate
from bot.store import RatingRow, RatingStep, ResultRow, open_store
from tests.support.toy_game import ToyGame

_update = rate.update


def slow_update(result: ResultRow, current: Mapping[rate.Key, RatingRow]) -> tuple[list[RatingRow], list[RatingStep]]:
    time.sleep(1.0)  # blocks, as a busy process would: the other child runs meanwhile
    return _update(result, current)


async def main(url: str, result_json: str) -> None:
    store = open_store(url)
    await store.open()
    ratings = Ratings(store, {"toy": ToyGame()})
    rate.update = slow_update
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    assert await ratings.add(ResultRow.model_validate_json(result_json))
    print("done", flush=True)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
