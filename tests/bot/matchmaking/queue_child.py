"""Run by test_queue_two_processes.py: one bot process's matching loop (the queue's clock, `Queue.tick`) on a shared
database, passing as fast as it can while another process runs the same loop on the same queue.

Usage: python queue_child.py URL NOW. It opens the store, prints "ready", waits for "go" on stdin, then runs the
queue's passes (the clock reading NOW) until "stop" arrives, printing "formed N" after each pass that formed tables,
and at the end one JSON line: every table it formed, as [table id, [entry ids]]. The rule is slowed by a few
milliseconds, as a busy process would be, so that one process's claim is still open while the other's reads the
queue: the two claims overlap unless the store keeps them apart.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from collections.abc import Iterable
from datetime import UTC, datetime

import bot.store.queue_sql as queue_sql
from bot.lfg.entries import QueueEntry, QueueRules, TablePlan
from bot.session import Parts
from bot.store import open_store
from engine import registry

_plan = queue_sql.plan_tables


def slow_plan(entries: Iterable[QueueEntry], now: float, rules: QueueRules) -> list[TablePlan]:
    time.sleep(0.005)  # blocks with the claim's transaction open
    return _plan(entries, now, rules)


async def main(url: str, now: float) -> None:
    store = open_store(url)
    await store.open()
    parts = Parts(store, None, games={"planes": registry.get("planes")}, now=lambda: datetime.fromtimestamp(now, UTC))
    queue_sql.plan_tables = slow_plan  # type: ignore[assignment]
    stop = threading.Event()

    def read() -> None:
        assert sys.stdin.readline() == "go\n"
        go.set()
        sys.stdin.readline()
        stop.set()

    go = threading.Event()
    threading.Thread(target=read, daemon=True).start()
    print("ready", flush=True)
    await asyncio.to_thread(go.wait)
    formed: list[list[object]] = []
    while not stop.is_set():
        done = await parts.queue.tick()
        formed += [[table.id, [e.id for e in entries]] for table, entries in done.formed]
        if done.formed:
            print(f"formed {len(done.formed)}", flush=True)
        await asyncio.sleep(0.01)  # a breath between passes, in which the members joining get the SQLite file
    print(json.dumps(formed), flush=True)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2])))
