"""The words of /game stats and /game leaderboard, from what bot/ratings gathers. Plain functions of plain data, with
no discord import. A rating shows on the scale of bot.ratings.scale (1500 for a new member, "?" while provisional)
with the games it counts; μ and σ only in /game stats' details."""

from __future__ import annotations

from bot.discord.markup import mention, timestamp
from bot.ratings import MIN_GAMES, Board, BoardLine, MemberStats, RatingRow
from bot.ratings.keys import ALL_TIME
from bot.ratings.scale import BASE, PER_POINT, provisional, shown_text
from engine.core import Game
from engine.core.ai import levels


def figure(value: float) -> str:
    return f"{value:.2f}"


def rating_text(rating: RatingRow) -> str:
    """"**1,512?** (provisional: 3 of 5 rated games)" or "**1,734** (12 rated games)"."""
    if provisional(rating.games):
        games = f"provisional: {rating.games} of {MIN_GAMES} rated games"
    else:
        games = f"{rating.games} rated games"
    return f"**{shown_text(rating.mu, rating.sigma, rating.games)}** ({games})"


def details_text(rating: RatingRow) -> str:
    return (f"Details: μ {figure(rating.mu)}, σ {figure(rating.sigma)}; the rating shown is "
            f"{BASE} + {PER_POINT} × (μ − 3σ).")


def references_text(references: list[tuple[str, float, float]]) -> str:
    """The AI levels beside a board: yardsticks with fixed ratings, the same on every server."""
    lines = [f"{levels.LABELS.get(level, level)} AI {shown_text(mu, sigma)}" for level, mu, sigma in references]
    return f"Yardsticks (fixed, the same on every server): {', '.join(lines)}."


def player_name(player: str, game: Game) -> str:
    """Whose rating a board line is: a member, an AI level (every server's), or the game itself."""
    kind, _, rest = player.partition(":")
    if kind == "member":
        return mention(int(rest))
    if kind == "ai":
        return f"{levels.LABELS.get(rest, rest)} AI (every server)"
    return f"{game.info.title} itself, {rest} players (every server)"


def season_name(season: str) -> str:
    return "all time" if season == ALL_TIME else season.replace("-", " ")


def trend_text(trend: list[int]) -> str:
    if len(trend) < 2:
        return ""
    change = trend[-1] - trend[0]
    way = "up" if change > 0 else "down" if change < 0 else "level"
    return (f"Trend over the last {len(trend)} rated games: {way} {abs(change):,} "
            f"({' → '.join(f'{v:,}' for v in trend)})")


def stats_text(stats: MemberStats, user_id: int, game: Game) -> str:
    """A member's record in one game in this server. A co-operative game's is the team's days, won or lost, and
    their own plane's part: such a game has no places."""
    label = f" ({game.info.score_label})" if game.info.score_label else ""
    if game.info.cooperative:
        lines = [f"{mention(user_id)} in **{game.info.title}** on this server:",
                 f"Days played: {stats.games}; the team won {stats.wins} ({stats.win_rate:.0%}).",
                 f"Your part, on average: {stats.average_score:.1f}{label}."]
    else:
        lines = [f"{mention(user_id)} in **{game.info.title}** on this server:",
                 f"Games: {stats.games}; wins: {stats.wins} ({stats.win_rate:.0%}).",
                 f"Average score: {stats.average_score:.1f}."]
    if stats.favourite_seat is not None:
        lines.append(f"Favourite seat: {stats.favourite_seat + 1}.")
    if stats.best is not None:
        seat = next(s for s in stats.best.seats if s.user_id == user_id)
        when = f"#{stats.best.session_id}, {timestamp(stats.best.finished_at, 'd')}"
        if game.info.cooperative:
            day = "the team won" if seat.place == 1 else "you resigned" if seat.resigned else "the team lost"
            lines.append(f"Best day: {when}: {day}, and your part was {seat.score}{label}.")
        else:
            lines.append(f"Best game: {when}: place {seat.place} of {len(stats.best.seats)} with {seat.score}.")
    if stats.rating is None:
        lines.append("Rating: none yet (no rated game).")
    else:
        lines.append(f"Rating: {rating_text(stats.rating)}.")
        place = f"place {stats.place} on the all-time board" if stats.place is not None else \
            f"on the boards after {MIN_GAMES} rated games"
        lines.append(f"Board: {place}.")
        lines.append(details_text(stats.rating))
    trend = trend_text(stats.trend)
    if trend:
        lines.append(trend + ".")
    return "\n".join(lines)


def board_line(line: BoardLine, game: Game) -> str:
    return f"{line.place}. {player_name(line.rating.player, game)}: {rating_text(line.rating)}"


def board_text(board: Board, user_id: int, game: Game) -> str:
    """The top of a server's board, then the asking member's own place when it is not among them."""
    lines = [board_line(line, game) for line in board.lines]
    if not lines:
        lines.append(f"Nobody has {MIN_GAMES} rated games of {game.info.title} here yet"
                     + (" this season." if board.season else "."))
    if board.own is not None:
        lines += ["…", board_line(board.own, game)]
    elif board.own_rating is not None and all(line.user_id != user_id for line in board.lines):
        games = board.own_rating.games
        lines.append(f"You: {rating_text(board.own_rating)}; on the board after {MIN_GAMES - games} more "
                     f"rated game{'s' if MIN_GAMES - games != 1 else ''}.")
    if board.references:
        lines += ["", references_text(board.references)]  # a paragraph of its own, not a part of the last line
    return "\n".join(lines)
