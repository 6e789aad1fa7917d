"""The sandbox's page shows what Discord would, in a real browser (the sandbox in-process, its page in Chromium):
an option's suggestions listed before anything is typed, a channel mention in an embed by its name, and a time in
the past as "… ago" after the page has been open a while with no refresh."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.sandbox.runner import Sandbox, SandboxOptions
from tests.sandbox.page import CHROMIUM, open_browser

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's Chromium: apt-get install chromium")


async def test_suggestions_at_once_channel_names_in_embeds_and_past_times_as_ago(tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    sandbox = Sandbox(SandboxOptions(db_path=tmp_path / "sandbox.sqlite3", out=lambda _line: None))
    await sandbox.bot.store.open()
    await sandbox.env.start()
    try:
        with sandbox.env.time_context():
            url = await sandbox.open_page("games")
            async with async_playwright() as pw:
                browser, page = await open_browser(pw, tmp_path)
                try:
                    await page.open(url)
                    # Discord lists a topic's suggestions as soon as the option is picked, before any typing.
                    box = page.page.locator("#channel-composer-input")
                    await box.click()
                    await box.fill("/game rules")
                    await page.page.locator(".command-entry", has_text="/game rules").first.click()
                    await page.page.locator('.command-suggestion[data-value="topic"]').click()
                    await page.page.locator('input.command-option-input[data-option="topic"]').wait_for()
                    assert await page.page.locator('input.command-option-input[data-option="topic"]'
                                                    ).input_value() == ""
                    await page.page.locator(".command-suggestion[data-value='overview']").wait_for()
                    await page.page.reload()  # the composer starts afresh
                    await box.wait_for()
                    await page.settled()

                    await page.slash("game new", game="planes")
                    await page.view_as("Bruno")
                    await page.click("Join")
                    await page.page.get_by_text("Seats (2/4)", exact=True).wait_for()
                    await page.view_as("Ada")
                    await page.click("Start")
                    await page.panel().wait_for()
                    await page.settled()
                    # Half an hour passes with nothing new to show (the sandbox publishes the page only on change).
                    async with sandbox.turn:
                        await sandbox.env.advance_time(35 * 60)
                    before = await page.ephemeral_ids()
                    await page.slash("game mine")
                    reply = await page.wait_for_new_ephemeral(before)
                    await reply.locator(".embed-title", has_text="Your games").wait_for()
                    text = await reply.inner_text()
                    assert "<#" not in text and "#games: Planes" in text, text
                    assert "35 minutes ago" in text and "in 35 minutes" not in text, text
                finally:
                    await browser.close()
    finally:
        await sandbox.stop()
