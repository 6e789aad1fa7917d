"""Acceptance of the sandbox in a real browser: `python -m bot --sandbox` as a subprocess, its page in Chromium.

Two members create a Planes game, join and start it, play moves by clicking, open "Show my choices", see the board
image load and each hand reach only its member; then the process is stopped and started again and the game goes on
from the page. With TARMAC_SANDBOX_SCREENSHOT=<file> the test also saves a picture of the game in progress (how
docs/images/sandbox.png is made).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.sandbox.page import CHROMIUM, SandboxProcess, free_port, open_browser

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's Chromium: apt-get install chromium")

SCREENSHOT = os.environ.get("TARMAC_SANDBOX_SCREENSHOT")


async def test_two_members_play_planes_in_the_browser_across_a_restart(tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    db = tmp_path / "sandbox.sqlite3"
    sandbox = await SandboxProcess.start(tmp_path, db, free_port())
    async with async_playwright() as pw:
        browser, page = await open_browser(pw, tmp_path)
        try:
            await page.open(sandbox.url)

            # Ada opens a Planes lobby, Bruno joins, Ada starts.
            await page.slash("game new", game="planes")
            await page.view_as("Bruno")
            await page.click("Join")
            await page.page.get_by_text("Seats (2/4)", exact=True).wait_for()
            await page.view_as("Ada")
            await page.click("Start")
            await page.panel().wait_for()
            assert await page.image_loaded(page.panel()) > 0, "the board image loads"

            # The member called on opens "Show my choices" and picks; each member sees their own hand and their own
            # choices, never the other's.
            hands = {"Ada": await page.hand_ids()}
            # The board in the panel's media gallery shows larger than a picture in an embed (the hand) does: the
            # figures renderers/README.md gives.
            board, hand = await page.shown_size(page.panel()), await page.shown_size(page.hand())
            print(f"shown at 900 px wide: board in the gallery {board}, hand in an embed {hand}")
            assert board[0] > hand[0] and board[1] > hand[1]
            actor = await page.actor()
            if actor != "Ada":
                await page.view_as(actor)
                hands[actor] = await page.hand_ids()
            before = await page.ephemeral_ids()
            await page.click("Show my choices", page.panel())
            choices = await page.wait_for_new_ephemeral(before)
            assert "Only you can see this" in await choices.inner_text()
            secret_id = await choices.get_attribute("data-message-id")
            move = await page.move()
            await page.choose_first(choices)
            move = await page.wait_for_move_after(move)
            other = "Bruno" if actor == "Ada" else "Ada"
            await page.view_as(other)
            hands.setdefault(other, await page.hand_ids())
            assert hands["Ada"] and hands["Bruno"] and not hands["Ada"] & hands["Bruno"]
            assert secret_id not in await page.ephemeral_ids()
            await page.play_one()
            move = await page.wait_for_move_after(move)
            assert await page.image_loaded(page.panel()) > 0
            if SCREENSHOT:
                await page.snapshot(SCREENSHOT)

            # Read while the sandbox runs: once it stops, the page may already say its session is gone.
            heading = await page.heading()
            out = await sandbox.stop()
            assert sandbox.proc.returncode == 0, out
            assert "Sandbox stopped" in out and "Traceback" not in out

            # Started again on the same file: the panel comes back and the game goes on from the page.
            sandbox = await SandboxProcess.start(tmp_path, db, free_port())
            await page.open(sandbox.url)
            await page.panel().wait_for()
            assert await page.heading() == heading, "the same turn's panel"
            move = await page.move()
            await page.play_one()
            assert await page.wait_for_move_after(move) != move
            assert await page.image_loaded(page.panel()) > 0
        except Exception:
            if os.environ.get("TARMAC_SANDBOX_FAILSHOT"):
                await page.page.screenshot(path=os.environ["TARMAC_SANDBOX_FAILSHOT"], full_page=True)
            raise
        finally:
            await browser.close()
            if sandbox.proc.returncode is None:
                out = await sandbox.stop()
                assert sandbox.proc.returncode == 0, out
    assert not (tmp_path / "production.sqlite3").exists(), "the sandbox never touches the production database"


async def test_the_page_switches_channel_itself_or_from_the_terminal_and_the_terminal_shows_no_info_lines(
        tmp_path: Path) -> None:
    """`/sandbox channel` on the page, or a channel's number and Enter in the terminal, turns the open page to that
    channel at once (no reload), and the sandbox keeps running. The log's INFO lines go to var/sandbox.log (here beside
    the test's database), not to the terminal where the person types."""
    from playwright.async_api import async_playwright

    sandbox = await SandboxProcess.start(tmp_path, tmp_path / "sandbox.sqlite3", free_port(), tty=True)
    async with async_playwright() as pw:
        browser, page = await open_browser(pw, tmp_path)
        try:
            await page.open(sandbox.url)
            await page.slash("sandbox channel", name="games-2")
            await page.page.locator("#channel-composer-input[placeholder*='games-2']").wait_for()
            await page.settled()
            await page.slash("game new", game="planes")
            await page.page.get_by_text("Seats (1/4)", exact=True).wait_for()
            await page.view_as("Bruno")  # a new view of the page opens in the channel shown, not the first one
            assert "Seats (1/4)" in await page.page.locator("#channel-message-list").inner_text()

            shown = await sandbox.typed("1", until="Showing #games on the page")
            assert shown.split()[-1] == sandbox.url, shown
            await page.page.locator("#channel-composer-input[placeholder*='#games']:not([placeholder*='games-2'])"
                                    ).wait_for()
            await page.settled()
            assert "Seats (1/4)" not in await page.page.locator("#channel-message-list").inner_text()
            assert sandbox.proc.returncode is None
        finally:
            await browser.close()
            out = await sandbox.stop()
    assert sandbox.proc.returncode == 0, out
    assert out.count("Sandbox stopped") == 1 and "Traceback" not in out, out
    assert "level=INFO" not in out, out
    logged = (tmp_path / "sandbox.log").read_text()
    assert "level=INFO" in logged and "the page shows another channel" in logged, logged
