"""A leaderboard as the sandbox shows it, in a real browser: the manual's picture (docs/images/leaderboard.png).

The sandbox's database is first filled with finished Planes games of its four members, each played to its end by
the engine's playout policy and recorded the way the bot records a game that just ended (`Ratings.record`), so every
member passes the 5 rated games a board asks for. Then `python -m bot --sandbox` runs on that file and Ada types
`/game leaderboard game:planes` in the page. With TARMAC_LEADERBOARD_SCREENSHOT=<file> the test also saves a
picture of the reply, cropped to it:

    TARMAC_LEADERBOARD_SCREENSHOT=docs/images/leaderboard.png \\
        .venv/bin/python -m pytest tests/sandbox/test_leaderboard_shot.py
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import pytest

from bot.ratings import Ratings
from bot.ratings.rated import AUTO
from bot.sandbox.games import sandbox_games
from bot.sandbox.runner import Sandbox, SandboxOptions
from bot.sandbox.world import MEMBERS
from bot.store import Seat
from engine.core.ai.selfplay import playout
from tests.sandbox.page import CHROMIUM, SandboxProcess, free_port, open_browser

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's Chromium: apt-get install chromium")

SCREENSHOT = os.environ.get("TARMAC_LEADERBOARD_SCREENSHOT")
GAME = "planes"
# Who sat at each game, by index in the sandbox's members (Ada, Bruno, Chen, Dara): everyone plays 5 or more.
TABLES = [(0, 1, 2), (1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2, 3), (2, 0, 1), (3, 1, 0), (1, 3, 2)]


async def fill(db: Path) -> list[str]:
    """Finished, rated games of the sandbox's members in its database; returns the members' names."""
    sandbox = Sandbox(SandboxOptions(db_path=db, out=lambda _line: None))  # the same world, so the same ids
    store = sandbox.bot.store
    games = sandbox_games()
    ratings = Ratings(store, games)
    guild, channel = sandbox.world.guild.id, sandbox.world.channels["games"].id
    members = sandbox.world.members
    await store.open()
    try:
        now = sandbox.env.now()
        for number, table in enumerate(TABLES):
            seats = [Seat(seat=i, user_id=members[m].id, name=MEMBERS[m][1]) for i, m in enumerate(table)]
            session = await store.create_session(guild_id=guild, channel_id=channel, game=GAME,
                                                 host_id=seats[0].user_id or 0, options={}, seats=seats)
            state = playout(games[GAME], len(seats), seed=number + 1).state
            session = await store.set_status(session.id, "finished")
            recorded = await ratings.record(session, state, option=AUTO, seed_chosen=False,
                                            finished_at=now - timedelta(hours=len(TABLES) - number))
            assert recorded is not None and recorded.rated
    finally:
        await store.close()
    return [shown for _name, shown in MEMBERS]


async def test_the_leaderboard_of_a_filled_sandbox_in_the_browser(tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    db = tmp_path / "sandbox.sqlite3"
    names = await fill(db)
    sandbox = await SandboxProcess.start(tmp_path, db, free_port())
    async with async_playwright() as pw:
        browser, page = await open_browser(pw, tmp_path)
        try:
            await page.open(sandbox.url)
            await page.view_as("Ada")
            before = await page.ephemeral_ids()
            await page.slash("game leaderboard", game=GAME)
            reply = await page.wait_for_new_ephemeral(before)
            text = await reply.inner_text()
            assert "Planes — all time" in text, text
            assert all(name in text for name in names), text  # every member has 5 rated games: all are on it
            assert await reply.locator("img[alt^='Planes leaderboard, all time. 1. ']").count() == 1, \
                "the board as a picture too, with its words as alt text"
            await page.settled()
            if SCREENSHOT:
                # Cropped to the reply and to the right end of its longest line or its picture, not the page's whole
                # width, so the screenshot still reads when a README shows it 400 px wide.
                box = await reply.bounding_box()
                right = await reply.evaluate(
                    """e => { const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT); let right = 0;
                              for (let t = walk.nextNode(); t; t = walk.nextNode()) {
                                const r = document.createRange(); r.selectNodeContents(t);
                                for (const b of r.getClientRects()) right = Math.max(right, b.right); }
                              for (const i of e.querySelectorAll("img"))
                                right = Math.max(right, i.getBoundingClientRect().right);
                              return right; }""")
                await page.page.screenshot(path=SCREENSHOT, clip={
                    "x": box["x"], "y": box["y"], "width": min(box["width"], right - box["x"] + 16),
                    "height": box["height"]})
        finally:
            await browser.close()
            out = await sandbox.stop()
    assert sandbox.proc.returncode == 0, out
    assert "Traceback" not in out, out
