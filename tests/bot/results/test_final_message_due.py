"""A finished game whose final message was not posted (the process stopped after the move that ended it) gets it at
the next start, from the process whose shards hold the game and from no other, once, with its replay. Two `Parts` on
one database file stand for two processes of a sharded deployment (the real kill is in test_recovery.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.session import Parts, TurnUpdate
from bot.store import Seat, SqliteStore, Store
from engine.core import apply, dump_state, new_game
from engine.core.play import is_over
from tests.support.toy_game import GAME as TOY
from tests.support.toy_pictures import toy_pictures


class Channel:
    """The presenter of one process: what it posted in the channel."""

    def __init__(self) -> None:
        self.shown: list[TurnUpdate] = []

    async def show_turn(self, update: TurnUpdate) -> None:
        self.shown.append(update)

    async def send_private(self, update: Any) -> bool:
        raise AssertionError("nothing private is sent again for a game that is over")

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the final message needs no {name}")


async def finished_unposted(store: Store) -> int:
    """A toy game of two members played to its end by the store alone, as a process killed before its final message
    leaves it: every move saved, no panel posted for the last."""
    seats = [Seat(seat=0, user_id=11, name="ana"), Seat(seat=1, user_id=12, name="ben")]
    row = await store.create_session(guild_id=5, channel_id=7, game="toy", host_id=11, options={"hand": "2"},
                                     seats=seats)
    state = new_game(TOY, 2, 3, {"hand": "2"})
    await store.start_session(row.id, seed=3, seats=seats, state_json=dump_state(state), state_version=state.version,
                              expected_version=row.version)
    while not is_over(TOY, state):
        seat = TOY.pending(state)[0].seat
        after, events = apply(TOY, state, seat, "pass")
        await store.record_move(row.id, expected_version=state.version, seat=seat, choice="pass",
                                events=[e.model_dump() for e in events], state_json=dump_state(after),
                                new_version=after.version, finished=is_over(TOY, after))
        state = after
    return row.id


async def test_only_the_owner_posts_a_due_final_message_and_only_once(tmp_path: Path) -> None:
    path = tmp_path / "tarmac.sqlite3"
    stores = [SqliteStore(path), SqliteStore(path)]
    for store in stores:
        await store.open()
    try:
        sid = await finished_unposted(stores[0])
        channels = [Channel(), Channel()]
        other, owner = (Parts(store, channel, games={"toy": TOY}, renderer_for=toy_pictures,
                              owns=lambda session, mine=mine: mine)
                        for store, channel, mine in zip(stores, channels, (False, True), strict=True))
        await other.resume()
        assert channels[0].shown == [], "another shard's game is not this process's to post"
        assert [s.id for s in await stores[0].finals_due()] == [sid]

        await owner.resume()
        (final,) = channels[1].shown
        assert final.result is not None and final.result.summary.startswith("Best score")
        assert final.replay is not None and final.replay.startswith(b"GIF"), "with the whole game's replay"
        assert final.events and all("passed" in e for e in final.events)
        assert await stores[1].finals_due() == []

        await owner.resume()  # the next start: posted already
        await other.resume()
        assert len(channels[1].shown) == 1 and channels[0].shown == []
    finally:
        for store in stores:
            await store.close()
