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
from simcord.backend.errors import SetupError

from bot.discord import TarmacBot, create_bot
from bot.sandbox.address import PageAddress, address_file, load_address, save_address
from bot.sandbox.channels import channel_command, point_page_at
from bot.sandbox.fidelity import ask_suggestions_at_once, follow_clock, show_mentions_in_embeds
from bot.sandbox.games import sandbox_games
from bot.sandbox.media import MediaMemory, RememberingMediaWorker
from bot.sandbox.presenter import SandboxPresenter
from bot.sandbox.world import World, build_world, carry_clock, stand_ins
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
    metrics_addr: str = ""
    """The health and metrics endpoint's address, as for the real bot (TARMAC_METRICS_ADDR); empty: none."""
    out: Callable[[str], None] = print
    log_path: Path | None = None  # where the log lines go (the terminal shows only warnings), to say so at start


class Sandbox:
    def __init__(self, options: SandboxOptions) -> None:
        self.options = options
        store = open_store(options.db_path)
        # No AI pause: the page shows a click's outcome once everything it set off is done, so a pause only delays.
        self.bot: TarmacBot = create_bot(store, games=sandbox_games(), ai_delay=0.0,
                                         remind_after=options.reminder_hours * 3600, presenter=SandboxPresenter,
                                         metrics_addr=options.metrics_addr)
        self.wanted: str | None = None  # a channel asked for on the page (`/sandbox channel`), shown by `pump`
        self.bot.tree.add_command(channel_command(self.want))
        show_mentions_in_embeds()
        self.env = Env(self.bot, settle_timeout=SETTLE_SECONDS)
        self.env.backend.edit_bot_profile("Tarmac")  # SimCord's stand-in name would be the one players read
        self.world: World = build_world(self.env)
        assert isinstance(self.bot.presenter, SandboxPresenter)
        self.bot.presenter.stand_ins = stand_ins(self.world)
        carry_clock(self.env)
        self.turn = asyncio.Lock()
        stored = load_address(address_file(options.db_path))
        # A port asked for on the command line wins; the secret stays, so an open tab needs only a reload.
        self.address = PageAddress(options.port or stored.port, stored.secret)
        self.preview: Any = None
        self._seen = 0
        # Pages the sandbox closed itself to show another channel: their end is not the end of the session.
        self._replaced: list[Any] = []
        self._page_changed = asyncio.Event()
        self.media = MediaMemory()  # shared by every page: a member switch or a channel switch opens a new one

    async def bring_back_panels(self) -> None:
        """The simulated channels start empty on every run, the games do not: post each game's panel again. The bot
        does it itself, not a member by command, so the channel shows no "/game panel" nobody typed."""
        for channel in self.world.channels.values():
            session = await self.bot.store.session_in_channel(channel.id)
            if session is None or session.status != "active":
                continue
            await self.bot.parts.publisher.post_again(session)
        await self.env.settle()

    async def open_page(self, name: str) -> str:
        """Show channel `name` on the page (the same port and secret as before, so the URL stays valid)."""
        old = self.preview
        address = self.address if old is None else PageAddress(old._server.port, old.capability)
        if old is not None:
            # Marked before it closes: whoever waits on the old page's end must know a new page follows.
            self._replaced.append(old)
            await old.close()
        try:
            preview = self.env.preview(self.world.channels[name], viewers=self.world.members, layout="channel",
                                       port=address.port)
            preview._media_worker = RememberingMediaWorker(self.media)
            ask_suggestions_at_once(preview)
            if address.secret:
                preview.capability = address.secret
            await preview.__aenter__()
        except BaseException:
            if old is not None:
                self._replaced.remove(old)  # no page follows: its end is the session's end after all
            self._page_changed.set()
            raise
        self._serialise(preview)
        self.preview = preview
        port = preview._server.port
        assert port is not None, "the page's server is listening: __aenter__ started it"
        if self.address != PageAddress(port, preview.capability):
            self.address = PageAddress(port, preview.capability)
            save_address(address_file(self.options.db_path), self.address)
        self._seen = len(self.env.backend.transcript)
        self._page_changed.set()
        return str(preview.url)

    def want(self, name: str) -> None:
        self.wanted = name

    async def show(self, name: str) -> None:
        """Turn the open page to channel `name`: the tab follows at once, at the same address (no reload). Call with
        the turn held."""
        self.wanted = None
        if self.preview is None or self.preview.channel.id == self.world.channels[name].id:
            return
        point_page_at(self.preview, self.world.channels[name])
        await self.preview.refresh()
        self._seen = len(self.env.backend.transcript)
        log.info("the page shows another channel", extra={"channel": name})

    async def open_first_page(self) -> str:
        """The page at the address of the last run when its port is still free, else at a new port (same secret)."""
        try:
            return await self.open_page(self.options.channel)
        except (OSError, SetupError):
            if self.options.port or not self.address.port:
                raise  # a port the host asked for, or any free port: nothing else to try
        self.options.out(f"Port {self.address.port} of the last run is taken now, so the page moves to a new port.")
        self.address = PageAddress(0, self.address.secret)
        return await self.open_page(self.options.channel)

    async def page_ended(self) -> None:
        """Return when the person ends the session on the page ("End preview session"), not when the sandbox
        closes a page to show another channel."""
        while True:
            preview = self.preview
            await preview.wait_closed()
            if preview not in self._replaced:
                return
            while self.preview is preview and preview in self._replaced:
                self._page_changed.clear()
                await self._page_changed.wait()
            if self.preview is preview:
                return  # the new page never opened

    def _serialise(self, preview: Any) -> None:
        """Page actions take the same lock as the sandbox's own work (see the module's docstring)."""
        action: Callable[..., Awaitable[Any]] = preview._action

        async def one_at_a_time(context_id: str | None, body: Any) -> Any:
            async with self.turn:
                follow_clock(preview)
                try:
                    return await action(context_id, body)
                finally:
                    self._seen = len(self.env.backend.transcript)  # the action published what it did
                    if self.wanted is not None:  # `/sandbox channel`, once its reply is on the page
                        await self.show(self.wanted)

        preview._action = one_at_a_time

    async def pump(self) -> None:
        """Follow the wall clock (reminders fall due) and show the page what the bot did in the background."""
        while True:
            await asyncio.sleep(PUMP_SECONDS)
            async with self.turn:
                if self.wanted is not None:
                    await self.show(self.wanted)
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
                if self.bot.endpoint is not None:  # SimCord detaches the bot without its close(), which stops it
                    await self.bot.endpoint.stop()


async def run_sandbox(options: SandboxOptions) -> None:
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
            url = await sandbox.open_first_page()
            _announce(options, url, sandbox.world)
            pump = asyncio.create_task(sandbox.pump())
            switcher = _read_switches(sandbox, options, loop)
            closed = asyncio.ensure_future(sandbox.page_ended())
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


def _announce(options: SandboxOptions, url: str, world: World) -> None:
    others = ", ".join(f"{i + 1} for #{name}" for i, name in enumerate(world.channels))
    options.out(f"Tarmac sandbox: the real bot on a simulated Discord, games kept in {options.db_path}.")
    options.out(f"Open {url}")
    options.out("That address is a password to this sandbox: keep it to yourself. It stays the same on the next start "
                f"(delete {address_file(options.db_path)} for a new one).")
    options.out(f"Showing #{options.channel}; to show another channel type /sandbox channel on the page, or its "
                f"number and Enter here ({others}).")
    if options.log_path is not None:
        options.out(f"The bot's log is in {options.log_path} (only warnings show here).")
    options.out("Stop with Ctrl-C.")


def _read_switches(sandbox: Sandbox, options: SandboxOptions, loop: asyncio.AbstractEventLoop) -> bool:
    """Typing a channel's number in the terminal shows that channel on the page (only from a terminal)."""
    if not sys.stdin.isatty():
        return False
    names = list(sandbox.world.channels)
    busy: set[asyncio.Task[None]] = set()

    async def switch(name: str) -> None:
        async with sandbox.turn:
            await sandbox.show(name)
        options.out(f"Showing #{name} on the page, at {sandbox.preview.url}")

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
