"""The storage interface the session side codes against.

Two backends implement it: SQLite (bot.store.sqlite, the default) and PostgreSQL (bot.store.postgres, for several
sharded processes). Everything a caller needs is here, in terms of pydantic rows and plain values; one conformance
suite (tests/store/test_store_conformance.py) runs against both.

Storage format: the action log is the truth. Each session has one latest-state row (compressed, bot/store/codec.py),
replaced on every move, so that a move writes its action and little else; any earlier version is rebuilt by replaying
the log from the seed, as undo does (bot/session/undo.py).

Guarantees every backend must keep:
- at most one session in 'lobby' or 'active' per channel (ChannelBusy otherwise), enforced by the database;
- record_move is one transaction: version check, action append, latest state, version bump, or
  nothing at all; two processes can never both apply a move for the same expected version;
- the action log is append-only and holds at most one action per (session, version);
- a finished game has at most one result; a result and the ratings it moved are written in one transaction;
- rating updates are serialised across processes (add_rated_result, rebuild_ratings): each reads the ratings it
  moves inside the transaction that writes them, holding the one ratings lock, so no update is lost.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from bot.store.leagues import LeagueStore
from bot.store.models import ActionRow, RatingRow, RatingsAudit, RatingStep, ResultRow, Seat, SessionRow
from bot.store.queue import QueueStore

RatingKey = tuple[int, str, str, str]
"""(guild_id, game, season, player)."""


class RatingRules(Protocol):
    """How ratings follow from results (bot.ratings.rate.RULES), handed to the store so that it can apply them while
    it holds the ratings lock."""

    @property
    def fingerprint(self) -> str: ...

    def keys(self, result: ResultRow) -> list[RatingKey]: ...

    def update(self, result: ResultRow,
               current: Mapping[RatingKey, RatingRow]) -> tuple[list[RatingRow], list[RatingStep]]: ...

    def recompute(self, results: Iterable[ResultRow]) -> tuple[list[RatingRow], list[RatingStep]]: ...


class StoreError(Exception):
    """Base of the store's own errors."""


class StoreUnavailable(StoreError):
    """The database cannot be used at all (a damaged, read-only or locked file, an unreachable PostgreSQL, a refused
    role). str() is one sentence naming the file or server and what to do about it; nothing was written."""


class ChannelBusy(StoreError):
    """A lobby or an active game already exists in that channel or thread."""


class StaleVersion(StoreError):
    """The expected version did not match: someone else's change was applied first. Nothing was written."""


class SessionClosed(StaleVersion):
    """The session is not in the status the call needs (a move on a cancelled game, a lobby edit after the start).

    A subclass of StaleVersion because, for a caller, it is the same story: the game moved on without them.
    """


class SessionNotFound(StoreError, LookupError):
    """No session with that id (or, for load_snapshot, no snapshot yet: the game never started)."""


class Store(QueueStore, LeagueStore, ABC):
    @abstractmethod
    async def open(self) -> None:
        """Connect and bring the schema up to date (numbered migrations, each applied once)."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def create_session(
        self, *, guild_id: int | None, channel_id: int, game: str, host_id: int,
        options: dict[str, str], seats: list[Seat],
    ) -> SessionRow:
        """A new session in 'lobby' at version 0. ChannelBusy if the channel has an open one."""

    @abstractmethod
    async def get_session(self, session_id: int) -> SessionRow | None: ...

    @abstractmethod
    async def session_in_channel(self, channel_id: int) -> SessionRow | None:
        """The lobby or active session of that channel, if any."""

    @abstractmethod
    async def update_lobby(
        self, session_id: int, *, seats: list[Seat], options: dict[str, str], expected_version: int
    ) -> SessionRow:
        """Replace seats and options; version + 1. StaleVersion on mismatch, SessionClosed if not a lobby."""

    @abstractmethod
    async def start_session(
        self, session_id: int, *, seed: int, seats: list[Seat], state_json: str, state_version: int,
        expected_version: int,
    ) -> SessionRow:
        """Lobby -> active with the first snapshot; from now on the session version is the state version."""

    @abstractmethod
    async def record_move(
        self, session_id: int, *, expected_version: int, seat: int, choice: str, events: list[dict[str, Any]],
        state_json: str, new_version: int, finished: bool = False, by_ai: bool = False,
    ) -> SessionRow:
        """One transaction: check the version, append the action (`by_ai`: the AI chose it), replace the latest
        state, set the version (and 'finished'). StaleVersion (nothing written) when the version moved;
        SessionClosed if not active."""

    @abstractmethod
    async def ai_moves(self, session_id: int) -> dict[int, tuple[int, int]]:
        """Per seat of a session's action log: (moves the AI chose, all moves)."""

    @abstractmethod
    async def load_snapshot(self, session_id: int) -> tuple[str, int]:
        """The latest (state_json, version). SessionNotFound if the session has none."""

    @abstractmethod
    async def actions(self, session_id: int, *, last: int | None = None) -> list[ActionRow]:
        """The action log in version order; only the `last` ones when given."""

    @abstractmethod
    async def set_status(self, session_id: int, status: str) -> SessionRow:
        """Set the status (no version bump). ValueError for an unknown status, ChannelBusy when reopening a
        session in a channel that has another open one."""

    @abstractmethod
    async def set_messages(
        self, session_id: int, *, board_message_id: int | None, panel_message_id: int | None
    ) -> None: ...

    @abstractmethod
    async def latest_in_channel(self, channel_id: int, statuses: tuple[str, ...]) -> SessionRow | None:
        """The newest session of that channel whose status is one of `statuses` (e.g. its last finished game)."""

    @abstractmethod
    async def set_seats(self, session_id: int, seats: list[Seat]) -> SessionRow:
        """Replace who sits in an active game (a resigned player's seat handed to the AI); no version bump, since
        the game state does not change. SessionClosed if the session is not active."""

    @abstractmethod
    async def get_meta(self, session_id: int) -> dict[str, Any]:
        """The bot's bookkeeping beside a session (reminder clock, notices given); {} when none was written."""

    @abstractmethod
    async def set_meta(self, session_id: int, meta: dict[str, Any]) -> None:
        """Replace that bookkeeping (a JSON object)."""

    @abstractmethod
    async def get_member_settings(self, user_id: int) -> dict[str, Any]:
        """A member's own settings, the same in every server (text boards...); {} when none was written."""

    @abstractmethod
    async def set_member_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        """Replace a member's settings (a JSON object)."""

    @abstractmethod
    async def get_server_settings(self, guild_id: int) -> dict[str, Any]:
        """A server's settings (/tarmac settings); {} when none was written."""

    @abstractmethod
    async def set_server_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        """Replace a server's settings (a JSON object)."""

    @abstractmethod
    async def session_counts(self) -> list[tuple[str, str, int]]:
        """(game, status, how many sessions) for every pair that has any (the metrics' games by state)."""

    @abstractmethod
    async def active_sessions(self) -> list[SessionRow]:
        """Every session in 'active' (for resuming AI turns and timers after a restart)."""

    @abstractmethod
    async def sessions_in_channel(self, channel_id: int) -> list[SessionRow]:
        """Every session of that channel or thread, any status, oldest first (for /game history)."""

    @abstractmethod
    async def sessions_of_user(self, user_id: int) -> list[SessionRow]:
        """Every session, any status, where the user hosts or holds a seat; oldest first."""

    # ------------------------------------------------------------ results and ratings (bot/ratings)
    @abstractmethod
    async def add_result(self, result: ResultRow, ratings: list[RatingRow], steps: list[RatingStep]) -> bool:
        """One transaction: a finished game's result, the ratings it moved (each replaces its row) and their steps.
        False, with nothing written, when that session already has a result."""

    @abstractmethod
    async def add_rated_result(self, result: ResultRow, rules: RatingRules) -> bool:
        """One transaction, holding the ratings lock every process of this database shares: the result, and the
        ratings it moves as `rules` derive them from the stored ones read under that lock. A result that finishes
        before one already stored (two processes' clocks) makes it recompute every rating in order instead. False,
        with nothing written, when that session already has a result."""

    @abstractmethod
    async def rebuild_ratings(self, rules: RatingRules) -> None:
        """Every rating and step recomputed from the results by `rules` and stored in place of the old ones, with
        the rules' fingerprint, in one transaction holding the ratings lock."""

    @abstractmethod
    async def ratings_audit(self) -> RatingsAudit:
        """The aggregates start-up checks the stored ratings against, from one snapshot."""

    @abstractmethod
    async def results(self, *, guild_id: int | None = None, user_id: int | None = None,
                      game: str | None = None) -> list[ResultRow]:
        """Results in the order ratings take them (finished_at, then session id); only those of a server, of games a
        member played and of a game, when given."""

    @abstractmethod
    async def get_ratings(self, keys: list[tuple[int, str, str, str]]) -> list[RatingRow]:
        """The ratings stored for these (guild_id, game, season, player) keys; a key with none is left out."""

    @abstractmethod
    async def leaderboard(self, guild_id: int, game: str, season: str, *, min_games: int,
                          limit: int) -> list[RatingRow]:
        """The best ratings (mu - 3 sigma, then games) of a server's board (its members: the AI levels are
        constants, not stored), counting only those with at least `min_games` games."""

    @abstractmethod
    async def rating_place(self, guild_id: int, game: str, season: str, player: str, *, min_games: int) -> int | None:
        """Where that player stands on the board `leaderboard` reads (1: first; level ratings share a place); None
        when they are not on it."""

    @abstractmethod
    async def member_names(self, guild_id: int, user_ids: list[int]) -> dict[int, str]:
        """Each member's name on their latest seat of a finished game in this server that they did not resign (a
        resigned seat is renamed for the AI that took it): the name they play under, as they wrote it. Members
        with no such seat are left out."""

    @abstractmethod
    async def rating_steps(self, guild_id: int, game: str, player: str, *, last: int) -> list[RatingStep]:
        """The player's all-time rating after each of their `last` rated games of that game, oldest first."""

    @abstractmethod
    async def replace_ratings(self, ratings: list[RatingRow], steps: list[RatingStep]) -> None:
        """Everything derived replaced at once (a rebuild from the results): all ratings and steps, one transaction."""

    @abstractmethod
    async def finals_due(self) -> list[SessionRow]:
        """Finished sessions whose final message is not posted yet (record_move with `finished` lists one, in the
        move's transaction; `final_posted` takes it off), oldest first."""

    @abstractmethod
    async def final_posted(self, session_id: int) -> None:
        """The final message of this session is posted: it is due no more (nothing happens if it was not due)."""

    @abstractmethod
    async def finished_without_result(self) -> list[SessionRow]:
        """Finished sessions that have no result yet (games that ended before results were kept, or whose result
        was not written before the process stopped), oldest first."""
