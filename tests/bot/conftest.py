"""Fixtures for end-to-end bot tests: the real discord.py client on SimCord, a store on a tmp SQLite file,
the toy game registered in place of the real registry, and no AI pause."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.discord import TarmacBot, create_bot
from bot.store import SqliteStore
from engine.analysis.chances import Budget
from renderers.after import charts
from tests.bot.helpers import fixed_seed
from tests.support.discord_mentions import mention_problems
from tests.support.discord_spec import assert_requests_valid
from tests.support.toy_game import GAME as TOY

GAMES = {"toy": TOY}
# matplotlib imported once for the whole run, not inside the first final message a test waits on.
charts.ready()
QUICK_ANALYSIS = Budget(rollouts=1, choices=1_000, minimum=1)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tarmac.sqlite3"


@pytest.fixture
def bot_seed() -> int | None:
    """The seed every game the test's bots start is dealt from (the lobby's seed source, bot.session.lobby's
    `Lobby.seeds`), so the game and its length are the same on every run; None: a fresh seed for each game, as in
    production. A module fixes it by defining its own `bot_seed` fixture (helpers.one_game does)."""
    return None


@pytest.fixture
async def make_bot(db_path: Path, bot_seed: int | None) -> AsyncIterator[Callable[..., TarmacBot]]:
    """Build a fresh bot on the same database file: a restart is `env.restart_bot(make_bot())`. Its games are dealt
    from `bot_seed`, or from `make_bot(games, seed=5)`'s."""
    built: list[TarmacBot] = []

    def build(games: dict[str, Any] | None = None, *, seed: int | None = bot_seed) -> TarmacBot:
        # Each bot opens the file anew, as a restarted process would, and deals from the same seed.
        seeds = None if seed is None else fixed_seed(seed)
        bot = create_bot(SqliteStore(db_path), games=games or GAMES, ai_delay=0.0, seeds=seeds)
        # The turning points of a game that ends follow from a worker thread, seconds later, and SimCord counts that
        # thread as the bot not having settled: here they are not posted (tests/bot/results/test_after_the_game.py
        # follows them on Parts alone), and /coach chart works them out with one rollout a turn.
        bot.parts.coach.budget = QUICK_ANALYSIS
        bot.parts.coach.posting = None
        built.append(bot)
        return bot

    yield build
    # SimCord detaches a bot without calling its close(), so every store opened here is closed here: an open
    # aiosqlite connection is a non-daemon thread that would keep the test process from ever exiting.
    for bot in built:
        await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., TarmacBot]) -> TarmacBot:
    return make_bot()


def validate_all(env: Any) -> None:
    """Every request the bot sent fits Discord's OpenAPI spec and its documented limits (a body Discord would
    refuse, or a route it does not have, fails the test naming the request and the rule)."""
    assert_requests_valid(env)


@pytest.fixture(autouse=True)
def _requests_valid(simcord_env: Any) -> Any:
    """After each end-to-end test (all of tests/bot run on SimCord), check every request the bot made: Discord would
    take it, and it pings no crowd or role."""
    yield
    validate_all(simcord_env)
    problems = mention_problems(simcord_env.http_requests)
    assert not problems, "\n".join(problems[:25])
