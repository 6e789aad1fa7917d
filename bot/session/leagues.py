"""Leagues' part (/league): sign-up, start, each round's tables (bot/leagues/pairing.py) opened as games with the
league's deadline, results collected as games end, the next round paired when the last game of a round ends, drops
and cancels, and the standings (bot/leagues/standings.py). No Discord here: bot/discord/league.py opens the threads
and posts what `advance` returns.

Everything is read back from the store, so a restart in the middle of a round loses nothing: `advance` collects the
results of games that ended meanwhile and pairs the next round if it is due (once: the store guards the round)."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from bot.leagues.pairing import met_from, pair_round
from bot.leagues.rows import AI_FILL, BYES, ROUND_ROBIN, SWISS, League, LeagueGame, LeagueMember
from bot.leagues.standings import Entrant, Line, PlayedGame, SeatResult, standings
from bot.ratings import keys
from bot.ratings.outcome import result_record
from bot.ratings.rated import OFF, ON, RATED_KEY
from bot.session.deadlines import CHOICES as DEADLINES
from bot.session.deadlines import DEADLINE_KEY
from bot.session.lobby import Lobby
from bot.session.sessions import Sessions
from bot.session.turns import Turns
from bot.session.types import Refusal
from bot.store import SessionRow, Store
from bot.store.results import conservative
from engine.core.ai import levels

log = logging.getLogger("tarmac.leagues")
MAX_ROUNDS = 30


@dataclass
class Advanced:
    """What one pass over a league did: rounds whose last game ended (their standings to post), games to open, and
    whether the league just ended (its final standings crown the winner)."""

    league: League
    rounds_done: list[int] = field(default_factory=list)
    to_open: list[LeagueGame] = field(default_factory=list)
    finished: bool = False


class Leagues:
    def __init__(self, store: Store, sessions: Sessions, lobby: Lobby, turns: Turns,
                 now: Callable[[], datetime]) -> None:
        self.store, self.sessions, self.lobby, self.turns = store, sessions, lobby, turns
        self._now = now

    def now(self) -> float:
        return self._now().timestamp()

    # ------------------------------------------------------------------ sign-up
    async def new(self, *, guild_id: int, channel_id: int, game: str, name: str, format: str, table: int,
                  rounds: int, deadline: int, fill: str, rated: bool, by: int) -> League:
        engine = self.sessions.game(game)
        info = engine.info
        if not info.min_players <= table <= info.max_players:
            raise Refusal(f"{info.title} seats {info.min_players} to {info.max_players} players a table.")
        if format not in (ROUND_ROBIN, SWISS) or fill not in (AI_FILL, BYES):
            raise Refusal("A league is round robin or Swiss, and fills short tables with AI seats or byes.")
        if not 1 <= rounds <= MAX_ROUNDS:
            raise Refusal(f"A league plays 1 to {MAX_ROUNDS} rounds.")
        if deadline not in DEADLINES:
            raise Refusal("The turn deadline is one of " + ", ".join(str(h) for h in DEADLINES) + " hours (0: none).")
        name = " ".join(name.split())
        if not name or len(name) > 60:
            raise Refusal("Give the league a name of 1 to 60 characters.")
        same = [x for x in await self.store.leagues_of(guild_id)
                if x.name.casefold() == name.casefold() and x.status in ("signup", "running")]
        if same:
            raise Refusal(f"This server already runs a league named {same[0].name}.")
        return await self.store.league_create(League(
            guild_id=guild_id, channel_id=channel_id, game=game, name=name, format=format, table_size=table,
            rounds=rounds, deadline=deadline, fill=fill, rated=rated, ai_level=levels.default_for(engine),
            created_by=by, created_at=self.now()))

    async def named(self, guild_id: int, name: str | None) -> League:
        """The server's league of that name (the newest one), or its one open league when no name is given."""
        found = await self.store.leagues_of(guild_id)
        if name:
            named = [x for x in found if x.name.casefold() == " ".join(name.split()).casefold()]
            if not named:
                raise Refusal(f"This server has no league named {name}.")
            return named[-1]
        running = [x for x in found if x.status in ("signup", "running")]
        if len(running) == 1:
            return running[0]
        if not found:
            raise Refusal("This server has no league yet; /league new makes one.")
        if not running:
            return found[-1]
        raise Refusal("This server runs several leagues: name the one you mean.")

    async def join(self, league_id: int, user_id: int, name: str) -> League:
        league = await self._league(league_id)
        if league.status != "signup":
            raise Refusal(f"{league.name} has started; sign-up is closed.")
        found = await self.store.get_ratings([(league.guild_id, league.game, "", keys.member(user_id))])
        rating = conservative(found[0]) if found else 0.0
        if not await self.store.league_join(LeagueMember(league_id=league.id, user_id=user_id, name=name,
                                                         rating=rating, joined_at=self.now())):
            raise Refusal(f"You are already signed up for {league.name}.")
        return league

    async def _league(self, league_id: int) -> League:
        league = await self.store.league_get(league_id)
        if league is None:
            raise Refusal("That league is gone.")
        return league

    # ------------------------------------------------------------------ running
    async def start(self, league: League) -> Advanced:
        members = await self.store.league_members(league.id)
        engine = self.sessions.game(league.game)
        least = max(2, engine.info.min_players) if league.fill == BYES else 2
        if len(members) < max(least, league.table_size if league.fill == BYES else 2):
            raise Refusal(f"{league.name} needs more members to start (it has {len(members)}).")
        if not await self.store.league_set_status(league.id, "running", was=("signup",)):
            raise Refusal(f"{league.name} has already started.")
        league = await self._league(league.id)
        done = Advanced(league)
        await self._pair(league, done)
        return done

    async def _pair(self, league: League, done: Advanced) -> None:
        """Pair the round after league.round (once: another process may have just done it)."""
        members = await self.store.league_members(league.id)
        games = await self.store.league_games(league.id)
        byes = await self.store.league_byes(league.id)
        active = [m for m in members if not m.dropped]
        if league.format == SWISS:
            if league.round == 0:
                order = [m.user_id for m in sorted(active, key=lambda m: -m.rating)]
            else:
                lines = self._lines(members, games, byes)
                playing = {m.user_id for m in active}
                order = [ln.member for ln in lines if ln.member in playing]
        else:
            order = [m.user_id for m in active]
        plan = pair_round(order, league.table_size, met_from([g.members for g in games]),
                          swiss=league.format == SWISS, ai_fill=league.fill == AI_FILL,
                          byes_had=Counter(member for _round, member in byes))
        round_no = league.round + 1
        new = [LeagueGame(league_id=league.id, round=round_no, table_no=i + 1, members=list(t), ai_seats=ai)
               for i, (t, ai) in enumerate(zip(plan.tables, plan.ai_seats, strict=True))]
        if await self.store.league_pair(league.id, round_no, new, list(plan.byes)):
            log.info("league round paired", extra={"guild_id": league.guild_id, "league": league.id,
                                                   "round": round_no})
            if league.round:
                done.rounds_done.append(league.round)
            done.league = await self._league(league.id)
            done.to_open = [g for g in await self.store.league_games(league.id)
                            if g.round == round_no and g.thread_id is None]

    async def advance(self, league: League) -> Advanced:
        """Collect the results of the league's games that ended, then pair the next round, or end the league, when
        the round's last game has ended; and list the games still to open (a restart between pairing and opening)."""
        done = Advanced(league)
        if league.status != "running":
            return done
        members = {m.user_id: m for m in await self.store.league_members(league.id)}
        games = await self.store.league_games(league.id)
        for game in games:
            if game.status == "open" and game.session_id is not None:
                result = await self._result(game, members)
                if result is not None:
                    await self.store.league_finish_game(game.id, result)
        games = await self.store.league_games(league.id)
        current = [g for g in games if g.round == league.round]
        if current and all(g.status == "finished" for g in current):
            if league.round >= league.rounds:
                if await self.store.league_set_status(league.id, "finished", was=("running",)):
                    done.league = await self._league(league.id)
                    done.rounds_done.append(league.round)
                    done.finished = True
                return done
            await self._pair(league, done)
            return done
        if not current and league.round < league.rounds:  # every member of the round had a bye
            await self._pair(league, done)
            return done
        done.to_open = [g for g in current if g.thread_id is None or g.session_id is None]
        return done

    async def _result(self, game: LeagueGame, members: dict[int, LeagueMember]) -> list[SeatResult] | None:
        """The league's record of a game that ended (None: still being played). A member who dropped out of the
        league, or resigned, is last in it; a game every member left (ended without a result) keeps only that."""
        assert game.session_id is not None
        session = await self.sessions.fresh(game.session_id)
        if session.status == "abandoned" or session.status == "cancelled":
            return [SeatResult(s.user_id if s.user_id is not None else s.resigned_by, 1, 0,
                               left=(s.resigned_by is not None or s.user_id is not None)) for s in session.seats]
        if session.status != "finished":
            return None
        async with self.sessions.lock(session.id):
            state = await self.sessions.state(session)
        record = result_record(session, self.sessions.game(session.game), state, rated=False,
                               finished_at=self._now())
        return [SeatResult(s.user_id, s.place, s.score,
                           left=s.resigned or (s.user_id is not None and s.user_id in members
                                               and members[s.user_id].dropped))
                for s in record.seats]

    async def open_game(self, league: League, game: LeagueGame, thread_id: int) -> SessionRow:
        """The table's game in its thread, seated (members in pairing order, the first as host; AI seats at the
        league's level), with the league's deadline and rating, and started."""
        members = {m.user_id: m for m in await self.store.league_members(league.id)}
        host = game.members[0]
        session = await self.lobby.open_lobby(guild_id=league.guild_id, channel_id=thread_id, game=league.game,
                                              host_id=host, host_name=members[host].name)
        await self.store.league_place_game(game.id, thread_id=thread_id, session_id=session.id)
        for member in game.members[1:]:
            session = await self.lobby.join(session.id, member, members[member].name)
        for _ in range(game.ai_seats):
            session = await self.lobby.add_ai(session.id, host)
            seat = session.seats[-1]
            if seat.level != league.ai_level:
                session = await self.lobby.set_ai_level(session.id, host, seat.seat + 1, league.ai_level,
                                                        manager=True)
        await self.lobby.set_option(session.id, host, DEADLINE_KEY, str(league.deadline), manager=True)
        await self.lobby.set_option(session.id, host, RATED_KEY, ON if league.rated else OFF, manager=True)
        return await self.lobby.start(session.id, host, manager=True)

    # ------------------------------------------------------------------ leaving
    async def drop(self, league: League, user_id: int) -> list[int]:
        """The member plays no further rounds, and is last in their open games (the AI plays their seats on); the
        sessions they resigned from."""
        if league.status not in ("signup", "running"):
            raise Refusal(f"{league.name} is over.")
        if not await self.store.league_drop(league.id, user_id):
            raise Refusal(f"You are not playing in {league.name}.")
        resigned: list[int] = []
        for game in await self.store.league_games(league.id):
            if game.status == "open" and game.session_id is not None and user_id in game.members:
                try:
                    await self.turns.resign(game.session_id, user_id)
                    resigned.append(game.session_id)
                except Refusal:
                    pass  # the game ended meanwhile: its result stands, and `_result` places them last
        return resigned

    async def cancel(self, league: League) -> League:
        if not await self.store.league_set_status(league.id, "cancelled", was=("signup", "running")):
            raise Refusal(f"{league.name} is already over.")
        return await self._league(league.id)

    # ------------------------------------------------------------------ standings
    def _lines(self, members: list[LeagueMember], games: list[LeagueGame],
               byes: list[tuple[int, int]]) -> list[Line]:
        entrants = [Entrant(m.user_id, m.name, m.rating, m.dropped) for m in members]
        played = [PlayedGame(g.round, tuple(g.result)) for g in games if g.status == "finished"]
        return standings(entrants, played, [member for _round, member in byes])

    async def standings(self, league: League) -> list[Line]:
        return self._lines(await self.store.league_members(league.id), await self.store.league_games(league.id),
                           await self.store.league_byes(league.id))
