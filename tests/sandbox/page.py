"""Drive the sandbox's page in a real browser (Debian's Chromium through Playwright), the way a person does: type a
slash command, pick a member under "Viewing as", click buttons. Every wait is for something the page shows."""

from __future__ import annotations

import asyncio
import os
import pty
import re
import signal
import socket
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 60_000  # generous: two cores are shared by many processes
START_SECONDS = 90.0

HEADING = ".component-container .text-display h3"  # a V2 panel's heading: "Planes — Turn 3 · round 1"
PANEL = f"article.channel-message:has({HEADING}:text-matches('— (Turn|Round) \\\\d+'))"
MARK = "[e.dataset.messageId, e.innerText, ...[...e.querySelectorAll('img')].map(i => i.getAttribute('src'))].join('|')"
"""What a panel `e` shows, as one string: its message, its words and its pictures (a click that plays changes one).
Spelled out in each script that needs it: the page's content policy allows no eval."""
EPHEMERAL = "article.channel-message:has(.message-ephemeral-note)"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class SandboxProcess:
    """`python -m bot --sandbox` as its own process, in a folder with no .env, on its own database file."""

    proc: asyncio.subprocess.Process
    url: str
    lines: list[str]
    terminal: int | None = None  # the write end of its input, when it is a terminal

    async def typed(self, text: str, until: str) -> str:
        """Type a line at its terminal; returns the first line it prints that starts with `until`."""
        assert self.terminal is not None and self.proc.stdout is not None
        os.write(self.terminal, text.encode() + b"\n")
        while True:
            raw = await asyncio.wait_for(self.proc.stdout.readline(), START_SECONDS)
            if not raw:
                raise AssertionError("the sandbox ended:\n" + "".join(self.lines))
            line = raw.decode()
            self.lines.append(line)
            if line.startswith(until):
                return line

    @classmethod
    async def start(cls, folder: Path, db: Path, port: int | None, *, tty: bool = False) -> SandboxProcess:
        """With no port, the sandbox picks (the last run's, when kept); with tty, its input is a terminal (`typed`)."""
        env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
        env["TARMAC_SANDBOX_DB_PATH"] = str(db)
        env["TARMAC_DB_PATH"] = str(folder / "production.sqlite3")
        terminal: int | None = None
        stdin: int | None = None
        if tty:
            terminal, stdin = pty.openpty()
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "--sandbox", *(["--port", str(port)] if port else []), cwd=folder, env=env,
            stdin=stdin, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        if stdin is not None:
            os.close(stdin)
        lines: list[str] = []
        assert proc.stdout is not None
        while True:
            raw = await asyncio.wait_for(proc.stdout.readline(), START_SECONDS)
            if not raw:
                raise AssertionError("the sandbox ended before printing its address:\n" + "".join(lines))
            line = raw.decode()
            lines.append(line)
            if line.startswith("Open http://127.0.0.1:"):
                return cls(proc, line.split()[1], lines, terminal)

    async def stop(self) -> str:
        """SIGTERM, as a service manager stops it; returns everything it printed."""
        self.proc.send_signal(signal.SIGTERM)
        assert self.proc.stdout is not None
        rest = await asyncio.wait_for(self.proc.stdout.read(), START_SECONDS)
        await asyncio.wait_for(self.proc.wait(), START_SECONDS)
        if self.terminal is not None:
            os.close(self.terminal)
            self.terminal = None
        return "".join(self.lines) + rest.decode()


async def open_browser(pw: Any, tmp_path: Path) -> tuple[Any, SandboxPage]:
    """Debian's Chromium, headless, with a fresh profile under `tmp_path`, in a window 900 px wide (the width the
    README's pictures are taken at): the browser context (to close) and the sandbox page in it."""
    browser = await pw.chromium.launch_persistent_context(
        tempfile.mkdtemp(dir=tmp_path), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 900, "height": 1000})
    return browser, SandboxPage(browser.pages[0] if browser.pages else await browser.new_page())


class SandboxPage:
    def __init__(self, page: Any) -> None:
        self.page = page
        page.set_default_timeout(WAIT_MS)

    async def open(self, url: str) -> None:
        await self.page.goto(url)
        await self.page.locator("#channel-composer-input").wait_for()
        await self.settled()

    async def view_as(self, name: str) -> None:
        picker = self.page.locator("#viewer-picker")
        if await picker.evaluate("s => s.options[s.selectedIndex]?.text") == name:
            await self.settled(viewer=name)
            return
        await picker.select_option(label=name)
        await self.settled(viewer=name)

    async def settled(self, viewer: str | None = None) -> None:
        """The page is idle (nothing loading, no action pending: the status line ends in no '…') for a moment:
        a switch of member sets off more than one request."""
        await self.page.wait_for_function(
            """viewer => { const s = document.querySelector('#viewer-picker');
               const ok = document.querySelector('#preview-app').getAttribute('aria-busy') === 'false'
                 && !document.querySelector('#action-status').textContent.endsWith('…')
                 && (viewer === null || s.options[s.selectedIndex]?.text === viewer);
               if (!ok) { window.__idleSince = undefined; return false; }
               window.__idleSince ??= performance.now();
               return performance.now() - window.__idleSince > 200; }""", arg=viewer, polling=100)

    async def slash(self, command: str, **options: str) -> None:
        box = self.page.locator("#channel-composer-input")
        await box.click()
        await box.fill(f"/{command}")
        await self.page.locator(".command-entry", has_text=f"/{command}").first.click()
        for name, value in options.items():
            field = self.page.locator(f'input.command-option-input[data-option="{name}"]')
            # An optional option is added first, from the list the composer offers, as a person picks it.
            offered = self.page.locator(f'.command-suggestion[data-value="{name}"]')
            await field.or_(offered).first.wait_for()
            if not await field.count():
                await offered.click()
            await field.click()
            await self.page.locator(f'.command-suggestion[data-value="{value}"]').click()
        await self.page.locator("#send-message").click()

    async def click(self, label: str, within: Any | None = None) -> None:
        scope = within if within is not None else self.page.locator("#channel-message-list")
        await scope.locator("button.component-button", has_text=re.compile(f"^{re.escape(label)}$")).last.click()

    async def snapshot(self, path: str) -> None:
        """A picture of the game in progress for the README: the newest board at the top of the view, as the member
        it calls on sees it."""
        await self.view_as(await self.actor())
        await self.panel().evaluate("e => e.scrollIntoView({block: 'start'})")
        await self.settled()
        await self.page.screenshot(path=path)

    def panel(self) -> Any:
        return self.page.locator(PANEL).last

    async def move(self) -> str:
        """What the newest panel shows now (see MARK). Its heading names the turn, which many clicks share, so a
        move is seen by what the panel shows changing, not by a number."""
        return str(await self.panel().evaluate(f"e => {MARK}"))

    async def heading(self) -> str:
        return str(await self.panel().locator(HEADING).first.inner_text())

    async def wait_for_move_after(self, move: str) -> str:
        await self.page.wait_for_function(
            """([m, sel]) => { const panels = [...document.querySelectorAll('article.channel-message')]
                     .filter(a => /— (Turn|Round) \\d+/.test(a.querySelector(sel)?.textContent ?? ''));
                     if (!panels.length) return false;
                     const e = panels[panels.length - 1];
                     return """ + MARK + """ !== m; }""",
            arg=[move, HEADING])
        return await self.move()

    async def actor(self) -> str:
        """Whom the newest panel calls on: the first mention in it, '@Name' (its prompt, under the board)."""
        return (await self.panel().locator(".text-display .mention").first.inner_text()).lstrip("@")

    async def hand_ids(self) -> set[str]:
        """The hand messages this member can see, once the newest has its picture."""
        hands = self.page.locator(f"{EPHEMERAL}:has(.embed-title:text-matches('— your hand$'))")
        await hands.first.wait_for()
        assert await self.image_loaded(hands.last) > 0, "the hand's picture loads"
        return set(await hands.evaluate_all("els => els.map(e => e.dataset.messageId)"))

    async def ephemeral_ids(self) -> set[str]:
        return set(await self.page.locator(EPHEMERAL).evaluate_all("els => els.map(e => e.dataset.messageId)"))

    async def wait_for_new_ephemeral(self, before: set[str]) -> Any:
        await self.page.wait_for_function(
            "known => [...document.querySelectorAll('article.channel-message')].some(e =>"
            " e.querySelector('.message-ephemeral-note') && !known.includes(e.dataset.messageId))", arg=list(before))
        fresh = sorted(await self.ephemeral_ids() - before, key=int)[-1]
        return self.page.locator(f'article.channel-message[data-message-id="{fresh}"]')

    def hand(self) -> Any:
        return self.page.locator(f"{EPHEMERAL}:has(.embed-title:text-matches('— your hand$'))").last

    async def shown_size(self, message: Any) -> tuple[int, int]:
        """The width and height the page shows a message's picture at, in CSS pixels."""
        await self.image_loaded(message)
        box = await message.locator("img.gallery-image, img.embed-image").first.bounding_box()
        return round(box["width"]), round(box["height"])

    async def image_loaded(self, message: Any) -> int:
        image = message.locator("img.gallery-image, img.embed-image").first
        await image.wait_for()
        handle = await image.element_handle()
        await self.page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=handle)
        return int(await image.evaluate("img => img.naturalWidth"))

    async def play_one(self) -> None:
        """The member the panel calls on makes its first offered choice (through "Show my choices" when the
        options are their own cards)."""
        actor = await self.actor()
        await self.view_as(actor)
        panel = self.panel()
        if await panel.locator("button.component-button", has_text="Show my choices").count():
            before = await self.ephemeral_ids()
            await self.click("Show my choices", panel)
            scope = await self.wait_for_new_ephemeral(before)
        else:
            scope = panel
        await self.choose_first(scope)

    async def choose_first(self, scope: Any) -> None:
        """Click the first choice a message offers: its first button, or the first entry of its menu."""
        buttons = scope.locator("button.component-button:not([aria-disabled=true])")
        if await buttons.count():
            await buttons.first.click()
            return
        await scope.locator(".select-trigger").first.click()
        await self.page.locator(".select-options [role=option]").first.click()
