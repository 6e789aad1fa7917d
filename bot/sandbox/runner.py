"""Run the sandbox: build the world, attach the real bot, serve SimCord's Preview page on 127.0.0.1 until stopped.

Two kinds of work touch the simulated Discord: what the page asks (a click, a command) and what the sandbox does on
its own (following the wall clock, which fires reminders; showing the page what happened in the background). SimCord
refuses a second operation while one runs, so both go through one lock and wait their turn instead of failing.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from simcord import Env

from bot.discord import TarmacBot, create_bot
from bot.sandbox.presenter import SandboxPresenter
from bot.sandbox.world import World, build_world, carry_clock
from bot.store import open_store

log = logging.getLogger("tarmac.sandbox")

# A page action waits for everything it set off, AI turns included: a table full of AI seats plays on for a while.
SETTLE_SECONDS = 600.0
PUMP_SECONDS = 0.5
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@dataclass
class SandboxOptions:
    db_path: Path = Path("var/sandbox.sqlite3")
    port: int = 0
    channel: str = "games"
    reminder_hours: float = 12.0
    out: Callable[[str], None] = print


class Sandbox:
    def __init__(self, options: SandboxOptions) -> None:
        self.options = options
        store = open_store(options.db_path)
        # No AI pause: the page shows a click's outcome once everything it set off is done, so a pause only delays.
        self.bot: TarmacBot = create_bot(store, ai_delay=0.0, remind_after=options.reminder_hours * 3600,
                                         presenter=SandboxPresenter)
        self.env = Env(self.bot, settle_timeout=SETTLE_SECONDS)
        self.env.backend.edit_bot_profile("Tarmac")  # SimCord's stand-in name would be the one players read
        self.world: World = build_world(self.env)
        carry_clock(self.env)
        self.turn = asyncio.Lock()
        self.preview: Any = None
        self._seen = 0

    async def bring_back_panels(self) -> None:
        """The simulated channels start empty on every run, the games do not: post each game's panel again, as a
        player of it would with /game panel."""
        for channel in self.world.channels.values():
            session = await self.bot.store.session_in_channel(channel.id)
            if session is None or session.status != "active":
                continue
            seated = [self.world.member(s.user_id) for s in session.seats if s.user_id is not None and not s.is_ai]
            player = next((m for m in seated if m is not None), self.world.members[0])
            await player.slash(channel, "game panel")

    async def open_page(self, name: str) -> str:
        """Show channel `name` on the page (the same port and secret as before, so the URL stays valid)."""
        old = self.preview
        capability = getattr(old, "capability", None)
        port = self.options.port if old is None else old._server.port  # the port of the open page, if any
        if old is not None:
            await old.close()
        preview = self.env.preview(self.world.channels[name], viewers=self.world.members, layout="channel",
                                   port=port)
        if capability is not None:
            preview.capability = capability
        await preview.__aenter__()
        self._serialise(preview)
        self.preview = preview
        self._seen = len(self.env.backend.transcript)
        return str(preview.url)

    def _serialise(self, preview: Any) -> None:
        """Page actions take the same lock as the sandbox's own work (see the module's docstring)."""
        action: Callable[..., Awaitable[Any]] = preview._action

        async def one_at_a_time(context_id: str | None, body: Any) -> Any:
            async with self.turn:
                try:
                    return await action(context_id, body)
                finally:
                    self._seen = len(self.env.backend.transcript)  # the action published what it did

        preview._action = one_at_a_time

    async def pump(self) -> None:
        """Follow the wall clock (reminders fall due) and show the page what the bot did in the background."""
        while True:
            await asyncio.sleep(PUMP_SECONDS)
            async with self.turn:
                lag = (datetime.now(UTC) - self.env.now()).total_seconds()
                if lag >= 1:
                    await self.env.advance_time(lag)
                if len(self.env.backend.transcript) != self._seen and self.preview is not None:
                    await self.preview.refresh()
                    self._seen = len(self.env.backend.transcript)

    async def stop(self) -> None:
        """Let the action in flight finish, then close the page, detach the bot and close the database."""
        async with self.turn:
            if self.preview is not None:
                await self.preview.close()
            try:
                await self.env.shutdown()
            finally:
                await self.bot.store.close()


async def run_sandbox(options: SandboxOptions) -> None:
    # discord.py's start-up warnings here (no voice libraries; a state SimCord builds without the guilds intent) say
    # nothing about the bot and would only worry whoever tries the sandbox: there is no real Discord to warn about.
    for name in ("discord.client", "discord.state"):
        logging.getLogger(name).setLevel(logging.ERROR)
    sandbox = Sandbox(options)
    # The database first, outside the simulated Discord: a file the sandbox cannot use is reported as such
    # (StoreUnavailable, one sentence) before anything starts; setup_hook's open is then a no-op.
    await sandbox.bot.store.open()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, stop.set)
    pump: asyncio.Task[None] | None = None
    try:
        await sandbox.env.start()
        with sandbox.env.time_context():
            await sandbox.bring_back_panels()
            url = await sandbox.open_page(options.channel)
            _announce(options, url, sandbox.world)
            pump = asyncio.create_task(sandbox.pump())
            switcher = _read_switches(sandbox, options, loop)
            closed = asyncio.ensure_future(_page_ended(sandbox))
            waiter = asyncio.ensure_future(stop.wait())
            await asyncio.wait({closed, waiter}, return_when=asyncio.FIRST_COMPLETED)
            for task in (closed, waiter):
                task.cancel()
            if switcher:
                loop.remove_reader(sys.stdin.fileno())
    finally:
        if pump is not None:
            pump.cancel()
            await asyncio.gather(pump, return_exceptions=True)
        await sandbox.stop()
        for sig in STOP_SIGNALS:
            loop.remove_signal_handler(sig)
    options.out("Sandbox stopped; its games are kept in " + str(options.db_path))


async def _page_ended(sandbox: Sandbox) -> None:
    """The page's "End preview session" stops the sandbox too; a page closed to switch channel does not."""
    while True:
        preview = sandbox.preview
        await preview.wait_closed()
        if sandbox.preview is preview:
            return


def _announce(options: SandboxOptions, url: str, world: World) -> None:
    others = ", ".join(f"{i + 1} for #{name}" for i, name in enumerate(world.channels))
    options.out(f"Tarmac sandbox: the real bot on a simulated Discord, games kept in {options.db_path}.")
    options.out(f"Open {url}")
    options.out("That address is a password to this sandbox: keep it to yourself.")
    options.out(f"Showing #{options.channel}; to show another channel type its number and Enter ({others}), "
                "then reload the page.")
    options.out("Stop with Ctrl-C.")


def _read_switches(sandbox: Sandbox, options: SandboxOptions, loop: asyncio.AbstractEventLoop) -> bool:
    """Typing a channel's number in the terminal shows that channel on the page (only from a terminal)."""
    if not sys.stdin.isatty():
        return False
    names = list(sandbox.world.channels)
    busy: set[asyncio.Task[None]] = set()

    async def switch(name: str) -> None:
        async with sandbox.turn:
            url = await sandbox.open_page(name)
        options.out(f"Showing #{name}: reload {url}")

    def typed() -> None:
        text = sys.stdin.readline().strip()
        if text.isdigit() and 1 <= int(text) <= len(names):
            task = loop.create_task(switch(names[int(text) - 1]))
            busy.add(task)
            task.add_done_callback(busy.discard)
        elif text:
            options.out(f"Type a number from 1 to {len(names)} and Enter to switch channel; Ctrl-C stops.")

    loop.add_reader(sys.stdin.fileno(), typed)
    return True
