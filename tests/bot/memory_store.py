"""A stand-in for bot.store used ONLY while the real store has not landed (see conftest). Same interface, in memory."""

from __future__ import annotations

import copy
import datetime as dt
from dataclasses import dataclass, field, replace
from typing import Any


class ChannelBusy(Exception):
    pass


class StaleVersion(Exception):
    pass


@dataclass
class Seat:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool = False


@dataclass
class SessionRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    host_id: int
    status: str
    options: dict[str, str]
    seed: int | None
    seats: list[Seat]
    version: int
    created_at: dt.datetime
    updated_at: dt.datetime
    board_message_id: int | None = None
    panel_message_id: int | None = None


@dataclass
class ActionRow:
    version: int
    seat: int
    choice: str
    events: list[dict[str, Any]]
    created_at: dt.datetime


@dataclass
class _Row:
    session: SessionRow
    state_json: str = ""
    state_version: int = 0
    actions: list[ActionRow] = field(default_factory=list)


class MemoryStore:
    def __init__(self, path: Any = None) -> None:
        self.rows: dict[int, _Row] = {}

    async def open(self) -> None:
        pass

    async def close(self) -> None:
        pass

    def _now(self) -> dt.datetime:
        return dt.datetime.now(dt.UTC)

    async def create_session(self, *, guild_id, channel_id, game, host_id, options, seats) -> SessionRow:
        if await self.session_in_channel(channel_id):
            raise ChannelBusy()
        sid = len(self.rows) + 1
        row = SessionRow(sid, guild_id, channel_id, game, host_id, "lobby", dict(options), None, list(seats), 1,
                         self._now(), self._now())
        self.rows[sid] = _Row(row)
        return copy.deepcopy(row)

    async def get_session(self, sid):
        row = self.rows.get(sid)
        return copy.deepcopy(row.session) if row else None

    async def session_in_channel(self, channel_id):
        for row in self.rows.values():
            if row.session.channel_id == channel_id and row.session.status in ("lobby", "active"):
                return copy.deepcopy(row.session)
        return None

    def _bump(self, sid, expected, **changes) -> SessionRow:
        row = self.rows[sid]
        if row.session.version != expected:
            raise StaleVersion()
        row.session = replace(row.session, version=expected + 1, updated_at=self._now(), **changes)
        return copy.deepcopy(row.session)

    async def update_lobby(self, sid, *, seats, options, expected_version):
        return self._bump(sid, expected_version, seats=list(seats), options=dict(options))

    async def start_session(self, sid, *, seed, seats, state_json, state_version, expected_version):
        out = self._bump(sid, expected_version, seed=seed, seats=list(seats), status="active")
        self.rows[sid].state_json, self.rows[sid].state_version = state_json, state_version
        return out

    async def record_move(self, sid, *, expected_version, seat, choice, events, state_json, new_version,
                          finished=False):
        row = self.rows[sid]
        if row.state_version != expected_version:
            raise StaleVersion()
        row.state_json, row.state_version = state_json, new_version
        row.actions.append(ActionRow(new_version, seat, choice, events, self._now()))
        row.session = replace(row.session, version=row.session.version + 1,
                              status="finished" if finished else row.session.status)
        return copy.deepcopy(row.session)

    async def load_snapshot(self, sid):
        return self.rows[sid].state_json, self.rows[sid].state_version

    async def actions(self, sid, last=None):
        acts = self.rows[sid].actions
        return copy.deepcopy(acts[-last:] if last else acts)

    async def set_status(self, sid, status):
        self.rows[sid].session.status = status

    async def set_messages(self, sid, *, board_message_id, panel_message_id):
        self.rows[sid].session.board_message_id = board_message_id
        self.rows[sid].session.panel_message_id = panel_message_id

    async def active_sessions(self):
        return [copy.deepcopy(r.session) for r in self.rows.values() if r.session.status == "active"]


Store = MemoryStore
SqliteStore = MemoryStore
