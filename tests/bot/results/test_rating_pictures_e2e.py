"""The rating pictures on SimCord: `/game stats` says there is no chart before two rated games, then attaches the
chart with alt text naming the start and now (one point a rated game: an unrated game adds none), and with
`text:True` (or the member's text_boards setting) gives the words alone; `/game leaderboard` attaches the board as
a picture with its alt text naming every member, keeps its words, and with `text:True` gives the words alone."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.ratings.scale import shown
from tests.bot.helpers import make_table
from tests.bot.results.test_ratings_e2e import reply_text, toy_game


def files(table: Any, result: Any) -> list[tuple[str, str, bytes]]:
    """(filename, alt text, bytes) of every file in a command's reply."""
    found = []
    for message in [result.response, *result.followups]:
        for attachment in getattr(message, "attachments", None) or []:
            found.append((attachment.filename, attachment.description or "",
                          table.env.backend.cdn.get(attachment.url)))
    return found


async def test_stats_chart_after_two_rated_games_and_its_words(simcord_env: Any) -> None:
    table = make_table(simcord_env, ("ana", "ben", "cy"))
    ana = table.players[0]
    await toy_game(table)
    one = await ana.slash(table.channel, "game stats")
    assert files(table, one) == []
    assert "no chart before 2 rated games (1 rated game so far)" in reply_text(one)

    await toy_game(table, rated="off")  # a result, and no rating step: no point on the chart
    await toy_game(table, order=(1, 0, 2))
    steps = await table.bot.store.rating_steps(table.guild.id, "toy", f"member:{ana.id}", last=50)
    assert len(steps) == 2
    two = await ana.slash(table.channel, "game stats")
    [(name, alt, data)] = files(table, two)
    assert name == "rating.png" and Image.open(io.BytesIO(data)).format == "PNG"
    start, now = (f"{shown(s.mu, s.sigma):,}?" for s in steps)
    assert "over their 2 rated games" in alt
    assert f"Start: {start} after game 1." in alt and f"Now: {now} after game 2" in alt
    assert "Games: 3;" in reply_text(two), "the stats' words stay beside the picture"

    words = await ana.slash(table.channel, "game stats", text=True)
    assert files(table, words) == []
    said = reply_text(words)
    assert "Games: 3;" in said and f"Start: {start} after game 1." in said and "up to μ" in said
    await ana.slash(table.channel, "game settings", text_boards=True)
    default = await ana.slash(table.channel, "game stats")
    assert files(table, default) == [] and reply_text(default) == said, "words are the member's default now"
    assert files(table, await table.players[1].slash(table.channel, "game stats", member=ana)) != [], \
        "another member's setting is theirs alone"


async def test_the_leaderboard_has_a_picture_naming_everyone(simcord_env: Any) -> None:
    table = make_table(simcord_env, ("ana", "ben", "cy"))
    for round_ in range(5):
        await toy_game(table, order=(round_ % 3, (round_ + 1) % 3, (round_ + 2) % 3))
    ben = table.players[1]
    board = await ben.slash(table.channel, "game leaderboard")
    [(name, alt, data)] = files(table, board)
    assert name == "leaderboard.png" and Image.open(io.BytesIO(data)).width == 1200
    for player in table.players:
        assert f". {player.name} " in alt
    assert alt.startswith("Toy Cards leaderboard, all time. 1. ")
    text = reply_text(board)
    assert "5 rated games" in text and "Yardsticks" in text, "the words stay"
    words = await ben.slash(table.channel, "game leaderboard", text=True)
    assert files(table, words) == [] and reply_text(words) == text
