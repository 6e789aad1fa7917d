"""openskill's Plackett-Luce model over results: one result moves the ratings of its players, in its server's
all-time board and its season's; `recompute` runs every result in order and gives what the store keeps.

Free-for-all games rate each seat as a team of one, ranked by place. A co-operative game rates the seats as one team
against the game itself (its own rating per number of seats); a member who resigned is a team below both.
AI levels and the game itself are reference players (bot/ratings/reference.py): they take part with their fixed
ratings and nothing of theirs is stored or moved, so only members' ratings come out of a result.
A seat the AI played for its member (ResultSeat.ai_kept) is not rated: the others are rated among themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from bot.ratings.keys import ALL_TIME, SHARED, Key, season_of, seat_player, the_game
from bot.ratings.reference import fingerprint as reference_fingerprint
from bot.ratings.reference import is_reference, reference
from bot.store import RatingRow, RatingStep, ResultRow

MODEL = PlackettLuce()
"""The defaults (mu 25, sigma 25/3): a new player's conservative figure mu - 3 sigma starts at 0."""


@dataclass(frozen=True)
class Entrant:
    """One seat as the model sees it: whose rating it moves, and its team and rank."""

    guild_id: int
    player: str
    team: int
    rank: int


def entrants(result: ResultRow) -> list[Entrant]:
    """The seats the model rates. A seat the AI played for its member (`ai_kept`) is left out: the others are rated
    among themselves by their places, and when fewer than two sides are left nothing is rated."""
    counted = [s for s in result.seats if not s.ai_kept]
    if not result.team:
        found = []
        for i, seat in enumerate(sorted(counted, key=lambda s: s.seat)):
            guild, player = seat_player(result, seat)
            found.append(Entrant(guild, player, i, seat.place))
        return found if len(found) > 1 else []
    # Teams: 0 the players (rank 1 if they won), 1 the game, then who resigned (last: one team per resignation).
    if not any(s.user_id is not None for s in counted):
        return []  # no member's day to rate against the game
    won = any(s.place == 1 for s in result.seats)
    found = [Entrant(SHARED, the_game(len(result.seats)), 1, 2 if won else 1)]
    for seat in counted:
        guild, player = seat_player(result, seat)
        found.append(Entrant(guild, player, seat.place, seat.place) if seat.resigned
                     else Entrant(guild, player, 0, 1 if won else 2))
    return found


def keys(result: ResultRow) -> list[Key]:
    """The stored ratings a rated result reads and moves: its members' (the reference players are constants)."""
    seasons = (ALL_TIME, season_of(result.finished_at))
    return sorted({(e.guild_id, result.game, season, e.player) for e in entrants(result) for season in seasons
                   if not is_reference(e.player)})


def fresh(key: Key) -> RatingRow:
    guild_id, game, season, player = key
    return RatingRow(guild_id=guild_id, game=game, season=season, player=player, mu=MODEL.mu, sigma=MODEL.sigma,
                     games=0)


def update(result: ResultRow, current: Mapping[Key, RatingRow]) -> tuple[list[RatingRow], list[RatingStep]]:
    """The ratings `result` moves (from `current`; a key not there starts fresh) and the all-time steps it makes.
    An unrated result moves nothing."""
    found = list(entrants(result))
    if not result.rated or not found:
        return [], []
    moved: list[RatingRow] = []
    steps: list[RatingStep] = []
    for season in (ALL_TIME, season_of(result.finished_at)):
        def prior(entrant: Entrant, season: str = season) -> tuple[float, float]:
            if is_reference(entrant.player):
                return reference(result.game, entrant.player)
            key = (entrant.guild_id, result.game, season, entrant.player)
            row = current.get(key) or fresh(key)
            return row.mu, row.sigma

        teams = sorted({e.team for e in found})
        rated = MODEL.rate(
            [[MODEL.rating(*prior(e)) for e in found if e.team == t] for t in teams],
            ranks=[float(next(e.rank for e in found if e.team == t)) for t in teams],
        )
        after: dict[tuple[int, str], list[tuple[float, float]]] = {}
        for t, team in zip(teams, rated, strict=True):
            for entrant, new in zip([e for e in found if e.team == t], team, strict=True):
                if is_reference(entrant.player):
                    continue  # a constant: what the model would move it by is dropped
                after.setdefault((entrant.guild_id, entrant.player), []).append((new.mu, new.sigma))
        for (guild_id, player), news in after.items():
            mu, sigma = sum(n[0] for n in news) / len(news), sum(n[1] for n in news) / len(news)
            before = current.get((guild_id, result.game, season, player))
            moved.append(RatingRow(guild_id=guild_id, game=result.game, season=season, player=player, mu=mu,
                                   sigma=sigma, games=(before.games if before else 0) + 1))
            if season == ALL_TIME:
                steps.append(RatingStep(session_id=result.session_id, guild_id=guild_id, game=result.game,
                                        player=player, mu=mu, sigma=sigma))
    return moved, steps


def recompute(results: Iterable[ResultRow]) -> tuple[list[RatingRow], list[RatingStep]]:
    """Every rating and step from the results, taken in the order given (the store's: finished_at, session id)."""
    ratings: dict[Key, RatingRow] = {}
    steps: list[RatingStep] = []
    for result in results:
        moved, made = update(result, ratings)
        for rating in moved:
            ratings[(rating.guild_id, rating.game, rating.season, rating.player)] = rating
        steps.extend(made)
    return list(ratings.values()), steps


class Rules:
    """This module as the store applies it under its ratings lock (bot.store.base.RatingRules)."""

    @property
    def fingerprint(self) -> str:
        return reference_fingerprint()

    def keys(self, result: ResultRow) -> list[Key]:
        return keys(result) if result.rated else []

    def update(self, result: ResultRow, current: Mapping[Key, RatingRow]) -> tuple[list[RatingRow], list[RatingStep]]:
        return update(result, current)

    def recompute(self, results: Iterable[ResultRow]) -> tuple[list[RatingRow], list[RatingStep]]:
        return recompute(results)


RULES = Rules()
