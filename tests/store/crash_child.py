"""Run by test_crash.py: record moves in a loop, printing each version once record_move has returned.

Usage: python crash_child.py DB_PATH SESSION_ID [hold]. The parent SIGKILLs it at a random moment; with `hold` the
child records nothing and waits to be killed, so the kill lands before the first move (the session as it started).
"""

from __future__ import annotations

import asyncio
import json
import sys

from bot.store import SqliteStore


async def main(path: str, session_id: int, hold: bool) -> None:
    store = SqliteStore(path)
    await store.open()
    _, version = await store.load_snapshot(session_id)
    print("ready", flush=True)
    if hold:
        await asyncio.to_thread(sys.stdin.read)  # the parent never writes: this waits for the kill
    while True:
        new = version + 1
        await store.record_move(
            session_id, expected_version=version, seat=new % 2, choice=f"move{new}",
            events=[{"text": f"move {new}", "private_to": None}],
            state_json=json.dumps({"version": new, "pad": "x" * (new % 500)}), new_version=new,
        )
        print(new, flush=True)  # only now is the move "confirmed" to the parent
        version = new


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3:] == ["hold"]))
