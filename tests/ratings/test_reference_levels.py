"""The AI levels are fixed reference players: throwaway rated losses to the Easy AI on a server of one's own change
nothing another server sees, nor what beating Easy is worth; boards list the levels as yardsticks at their
calibrated constants, never as competitors; Now Boarding's team plays against the game's constant for its pilots."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from openskill.models import PlackettLuce

from bot.discord.ratings_texts import board_text
from bot.ratings import Ratings
from bot.ratings.reference import REFERENCES, reference
from bot.ratings.scale import shown
from bot.store import ResultRow, ResultSeat, Seat, SqliteStore
from engine import registry

T0 = datetime(2026, 11, 2, tzinfo=UTC)
PL = PlackettLuce()
MINE, THEIRS = 6, 5


async def against_ai(ratings: Ratings, store: SqliteStore, guild: int, user: int, level: str, *, won: bool,
                     at: datetime, game: str = "planes") -> None:
    """A rated game of one member against one AI seat, as the bot writes it."""
    row = await store.create_session(guild_id=guild, channel_id=int(at.timestamp()), game=game, host_id=user,
                                     options={}, seats=[Seat(seat=0, user_id=user, name="me"),
                                                        Seat(seat=1, user_id=None, name="AI", is_ai=True,
                                                             level=level)])
    await store.set_status(row.id, "finished")
    team = registry.get(game).info.cooperative
    places = (1, 1) if team and won else (2, 2) if team else (1, 2) if won else (2, 1)
    await ratings.add(ResultRow(
        session_id=row.id, guild_id=guild, channel_id=row.channel_id, game=game, finished_at=at, rated=True,
        team=team, seats=[ResultSeat(seat=0, user_id=user, name="me", place=places[0], score=1),
                          ResultSeat(seat=1, user_id=None, ai_level=level, name="AI", place=places[1], score=0)]))


async def test_throwaway_losses_to_easy_elsewhere_change_nothing_here(store: SqliteStore, tmp_path: Path) -> None:
    ratings = Ratings(store, {})
    for i in range(20):  # a server of one's own: twenty rated games thrown to the Easy AI
        await against_ai(ratings, store, MINE, 900, "easy", won=False, at=T0 + timedelta(minutes=i))
    await against_ai(ratings, store, THEIRS, 1, "easy", won=True, at=T0 + timedelta(hours=1))

    clean = SqliteStore(tmp_path / "clean.sqlite3")
    await clean.open()
    try:
        await against_ai(Ratings(clean, {}), clean, THEIRS, 1, "easy", won=True, at=T0 + timedelta(hours=1))
        assert await store.get_ratings([(THEIRS, "planes", "", "member:1")]) == \
            await clean.get_ratings([(THEIRS, "planes", "", "member:1")]), "beating Easy is worth the same"
        here = await ratings.board(THEIRS, 1, "planes", "")
        assert here.references == (await Ratings(clean, {}).board(THEIRS, 1, "planes", "")).references
    finally:
        await clean.close()
    me = PL.rating()
    [[me], _easy] = PL.rate([[me], [PL.rating(*REFERENCES["planes"]["ai:easy"])]], ranks=[1, 2])
    [mine] = await store.get_ratings([(THEIRS, "planes", "", "member:1")])
    assert (mine.mu, mine.sigma, mine.games) == (me.mu, me.sigma, 1), "openskill against Easy's constant"
    assert await store.get_ratings([(0, "planes", "", "ai:easy")]) == [], "no AI rating is stored to be moved"


async def test_boards_list_the_levels_as_yardsticks_not_competitors(store: SqliteStore) -> None:
    ratings = Ratings(store, {})
    for i in range(6):
        await against_ai(ratings, store, THEIRS, 1, "hard", won=i % 2 == 0, at=T0 + timedelta(minutes=i))
    board = await ratings.board(THEIRS, 1, "planes", "")
    assert [line.user_id for line in board.lines] == [1], "the member alone is on the board"
    assert {level for level, _mu, _sigma in board.references} == {"easy", "normal", "hard"}
    assert all((mu, sigma) == REFERENCES["planes"][f"ai:{level}"] for level, mu, sigma in board.references)
    text = board_text(board, 1, registry.get("planes"))
    easy = REFERENCES["planes"]["ai:easy"]
    assert text.splitlines()[0].startswith("1. <@1>:")
    assert f"Easy AI {shown(*easy):,}" in text.splitlines()[-1] and "Yardsticks" in text.splitlines()[-1]
    assert "every server)" not in "\n".join(text.splitlines()[:-1]), "no AI line among the places"


async def test_now_boarding_plays_against_the_games_constant_for_its_pilots(store: SqliteStore) -> None:
    ratings = Ratings(store, {})
    await against_ai(ratings, store, THEIRS, 1, "normal", won=True, at=T0, game="now-boarding")
    await against_ai(ratings, store, MINE, 2, "normal", won=True, at=T0 + timedelta(minutes=1), game="now-boarding")
    day, normal = REFERENCES["now-boarding"]["game:2"], REFERENCES["now-boarding"]["ai:normal"]
    [[me, _ai], _day] = PL.rate([[PL.rating(), PL.rating(*normal)], [PL.rating(*day)]], ranks=[1, 2])
    for guild, user in ((THEIRS, 1), (MINE, 2)):
        [mine] = await store.get_ratings([(guild, "now-boarding", "", f"member:{user}")])
        assert (mine.mu, mine.sigma) == (me.mu, me.sigma), "the second day met the same constant as the first"
    assert reference("now-boarding", "game:2") == day


def test_every_game_and_pilot_count_has_its_calibrated_constants() -> None:
    for name in registry.offered():  # an example is rated by no bot: it plays against the uncalibrated newcomer
        game = registry.get(name)
        wanted = {f"ai:{level}" for level in ("easy", "normal", "hard")}
        if game.info.cooperative:
            wanted |= {f"game:{n}" for n in range(game.info.min_players, game.info.max_players + 1)}
        assert name in REFERENCES, f"run `python -m bot.ratings.calibrate {name}`, paste it in bot/ratings/reference.py"
        assert set(REFERENCES[name]) == wanted, name
        assert REFERENCES[name]["ai:easy"][0] == 25.0, "Easy is where the fit is anchored"
