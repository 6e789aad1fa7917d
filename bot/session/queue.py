"""The matchmaking queue's part (/lfg): joining and leaving, which tables the queue opens (the pure rule in
bot/lfg/matching.py, run by the store inside the claim), confirmations, and a confirmed table becoming a started game.
No Discord here: the Discord layer (bot/discord/lfg.py) opens the threads and posts what this part returns."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from bot.lfg.entries import LIVE, PACES, QueueEntry, QueueRules, QueueTable
from bot.ratings import keys
from bot.ratings.rated import OFF, ON, RATED_KEY
from bot.session.deadlines import DEADLINE_KEY
from bot.session.lobby import Lobby
from bot.session.server_settings import server_settings
from bot.session.sessions import Sessions
from bot.session.types import Refusal
from bot.store import SessionRow, Store
from bot.store.queue import Seated
from bot.store.results import conservative
from engine.core import Game

log = logging.getLogger("tarmac.queue")

_RANGE = re.compile(r"^\s*(\d{1,2})\s*(?:[-–]\s*(\d{1,2}))?\s*$")


def seat_range(text: str, game: Game) -> tuple[int, int]:
    """"3-4" (or "3") as a (min, max) the game can seat; empty: every size it can."""
    info = game.info
    if not text.strip():
        return info.min_players, info.max_players
    found = _RANGE.match(text)
    if found is None:
        raise Refusal(f"Write the table size as a number or a range, such as 3-4 ({info.title} seats "
                      f"{info.min_players} to {info.max_players}).")
    low = int(found.group(1))
    high = int(found.group(2) or low)
    if low > high:
        low, high = high, low
    if low < info.min_players or high > info.max_players:
        raise Refusal(f"{info.title} seats {info.min_players} to {info.max_players} players, not {low}-{high}.")
    return low, high


@dataclass
class Tick:
    """What one pass of the queue's clock did: tables called off (with their entries as they are now), entries that
    ran out, tables formed."""

    dropped: list[tuple[QueueTable, list[QueueEntry]]] = field(default_factory=list)
    expired: list[QueueEntry] = field(default_factory=list)
    formed: list[Seated] = field(default_factory=list)
    due: float | None = None
    """Seconds until the queue's next pass is due (a table's confirmation time, a wait that lets a smaller or an
    AI-filled table open, an expiry); None: nothing waits."""


class Queue:
    def __init__(self, store: Store, sessions: Sessions, lobby: Lobby, now: Callable[[], datetime]) -> None:
        self.store = store
        self.sessions = sessions
        self.lobby = lobby
        self._now = now

    def now(self) -> float:
        return self._now().timestamp()

    def rules(self, guild_id: int) -> QueueRules:
        """The numbers this server's queue runs by. One place, so server settings can name their own."""
        return QueueRules()

    async def games_channel(self, guild_id: int, here: int) -> int:
        """Where the server's queue opens its tables: the queue panel's channel, or, before there is one, the channel
        the queue was first used in (which becomes the panel's); when the server's settings name games channels, one
        of those (the panel's or this one if named, else the first named). The one function that decides it."""
        named = (await server_settings(self.store, guild_id)).game_channels
        found = await self.store.lfg_panel(guild_id)
        if found is not None and (not named or found[0] in named):
            return found[0]
        channel = here if not named or here in named else named[0]
        if found is None:
            await self.store.lfg_set_panel(guild_id, channel, None)
        return channel

    async def join(self, *, guild_id: int, here: int, user_id: int, name: str, game: str, seats: str = "",
                   pace: int = LIVE, rated: bool = True, ai: bool = False) -> tuple[QueueEntry, list[Seated]]:
        """Wait for a table of `game`; the tables the queue opens now (this entry's among them, perhaps)."""
        engine = self.sessions.game(game)
        low, high = seat_range(seats, engine)
        if pace not in PACES:
            raise Refusal("The pace is live, or a turn deadline of " + ", ".join(str(p) for p in PACES if p)
                          + " hours.")
        rules = self.rules(guild_id)
        now = self.now()
        rating = await self._rating(guild_id, game, user_id)
        entry = QueueEntry(guild_id=guild_id, channel_id=await self.games_channel(guild_id, here), user_id=user_id,
                           name=name, game=game, min_seats=low, max_seats=high, pace=pace, rated=rated,
                           ai_allowed=ai, rating=rating, joined_at=now, queued_at=now, expires_at=now + rules.expiry)
        kept = await self.store.lfg_join(entry)
        if kept.table_id is not None:
            raise Refusal(f"You already have a seat at a {engine.info.title} table waiting for you to confirm.")
        return kept, await self.store.lfg_claim(guild_id, now, rules)

    async def _rating(self, guild_id: int, game: str, user_id: int) -> float:
        found = await self.store.get_ratings([(guild_id, game, "", keys.member(user_id))])
        return conservative(found[0]) if found else 0.0

    async def leave(self, guild_id: int, user_id: int, game: str | None = None) -> list[QueueEntry]:
        gone = await self.store.lfg_leave(guild_id, user_id, game)
        if not gone:
            raise Refusal("You are not waiting in the queue for that." if game else "You are not in the queue.")
        return gone

    async def renew(self, guild_id: int, user_id: int) -> float:
        """Every wait of the member lasts its full time again from now; when they end."""
        until = self.now() + self.rules(guild_id).expiry
        if not await self.store.lfg_renew(guild_id, user_id, until):
            raise Refusal("You are not waiting in the queue.")
        return until

    async def listing(self, guild_id: int) -> list[QueueEntry]:
        now = self.now()
        return [e for e in await self.store.lfg_entries(guild_id) if e.table_id is not None or e.expires_at > now]

    async def confirm(self, table_id: int, user_id: int) -> Seated:
        seated = await self.store.lfg_confirm(table_id, user_id)
        if seated is None:
            found = await self.store.lfg_table(table_id)
            if found is None or found[0].status != "confirming":
                raise Refusal("This table is no longer waiting for confirmations.")
            raise Refusal("You have no seat at this table.")
        return seated

    async def start_table(self, table: QueueTable, entries: list[QueueEntry]) -> SessionRow | None:
        """A table everyone confirmed becomes a game in its thread, started (once: None when another click or process
        started it already). Its members sit in queue order, the first as host; AI seats at the queue's level."""
        if table.thread_id is None or not await self.store.lfg_start_table(table.id):
            return None
        host = entries[0]
        session = await self.lobby.open_lobby(guild_id=table.guild_id, channel_id=table.thread_id, game=table.game,
                                              host_id=host.user_id, host_name=host.name)
        for e in entries[1:]:
            session = await self.lobby.join(session.id, e.user_id, e.name)
        for _ in range(table.ai_seats):
            session = await self.lobby.add_ai(session.id, host.user_id)
            seat = session.seats[-1]
            if table.ai_level and seat.level != table.ai_level:
                session = await self.lobby.set_ai_level(session.id, host.user_id, seat.seat + 1, table.ai_level,
                                                        manager=True)
        await self.lobby.set_option(session.id, host.user_id, DEADLINE_KEY, str(table.pace), manager=True)
        await self.lobby.set_option(session.id, host.user_id, RATED_KEY, ON if table.rated else OFF, manager=True)
        await self.store.lfg_table_session(table.id, session.id)
        log.info("queue table starts", extra={"guild_id": table.guild_id, "channel_id": table.thread_id,
                                              "session_id": session.id})
        return await self.lobby.start(session.id, host.user_id, manager=True)

    async def tick(self) -> Tick:
        """The queue's clock: tables whose confirmation time ran out are called off, waits that ran out end, and the
        tables that can open now (longer waits, members sent back) are formed."""
        now = self.now()
        done = Tick()
        for table in await self.store.lfg_confirming():
            if table.confirm_by <= now:
                after = await self.store.lfg_drop_table(table.id, now, self.rules(table.guild_id))
                if after is not None:
                    done.dropped.append((table, after))
        done.expired = await self.store.lfg_expire(now)
        times = [t.confirm_by for t in await self.store.lfg_confirming()]
        for guild_id in await self.store.lfg_waiting_guilds():
            rules = self.rules(guild_id)
            done.formed.extend(await self.store.lfg_claim(guild_id, now, rules))
            for e in await self.store.lfg_entries(guild_id):
                if e.table_id is None:
                    times += [e.expires_at, e.queued_at + rules.wait, e.queued_at + rules.rating_wait]
                    times += [e.queued_at + rules.ai_wait] if e.ai_allowed else []
        later = [t - now for t in times if t > now]
        done.due = min(later) if later else None
        return done
