"""The Discord client: wires the store, the session parts and the /game commands together."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping

import discord
from discord import app_commands

import bot.discord.league as league
import bot.discord.lfg as lfg
import bot.discord.lobby as lobby
import bot.discord.panel as panel
import bot.discord.resign as resign
import bot.discord.typed as typed
import bot.discord.undo as undo
from bot import metrics
from bot.discord.budget import BudgetedRequests, RequestBudget, install
from bot.discord.clocks import Clock
from bot.discord.coach import CoachCommands
from bot.discord.commands import GameCommands
from bot.discord.host import Host
from bot.discord.league import LeagueCommands, advance_all
from bot.discord.lfg import LfgCommands, run_tick
from bot.discord.lobby import answer_form
from bot.discord.presenter import DiscordPresenter
from bot.discord.server_settings import TarmacCommands
from bot.discord.typed import answer_typed_form
from bot.endpoint import DATABASE_WAIT, Endpoint, parse_address
from bot.session import Parts, SessionRow, Store
from bot.shards import ShardSet
from engine.core import Game

log = logging.getLogger("tarmac.discord")
PERSISTENT_VIEWS = (panel, typed, undo, resign, lobby, lfg, league)


class TarmacBot(Host):
    """Sharded from the start (discord.py's AutoShardedClient): one process may hold all shards or some of them
    (`shard_ids`), and each process does the background work of its own shards' games only (bot/shards.py)."""

    queue_clock: Clock
    league_clock: Clock

    def __init__(
        self, store: Store, *, games: Mapping[str, Game] | None = None, ai_delay: float = 0.0,
        dev_guild_id: int | None = None, remind_after: float = 12 * 3600, nudge_gap: float = 3600,
        reminder_check: float = 6 * 3600, shard_count: int | None = 1, shard_ids: list[int] | None = None,
        requests_per_second: float | None = None,
        presenter: type[DiscordPresenter] = DiscordPresenter, metrics_addr: str = "",
        seeds: Callable[[], int] | None = None,
    ) -> None:
        # Tarmac never joins voice, so discord.py's start-up warnings about missing voice libraries are only noise
        # in an admin's log.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # No privileged intents: everything arrives as interactions, so message content and members are not needed.
        # shard_count None: Discord's recommended count, asked for at connection.
        # Nothing the bot sends pings anyone unless that message names them (a turn's player, a reminder, an undo
        # request): a crowd or role mention never, whatever a member's name or typed words make of the text.
        super().__init__(intents=discord.Intents.default(), chunk_guilds_at_startup=False,
                         shard_count=shard_count, allowed_mentions=discord.AllowedMentions.none(),
                         # None (every shard) is discord.py's own default, though its typed options allow only a list.
                         shard_ids=shard_ids,  # type: ignore[arg-type]
                         http_trace=metrics.http_trace())
        self.store = store
        self.presenter = presenter(self)
        # discord.utils.utcnow is the clock of the Discord layer (and the one a simulated Discord moves in tests).
        self.parts = Parts(store, self.presenter, games=games, ai_delay=ai_delay, remind_after=remind_after,
                           nudge_gap=nudge_gap, now=discord.utils.utcnow, owns=self.owns, seeds=seeds)
        self.tree = app_commands.CommandTree(self)
        self.dev_guild_id = dev_guild_id
        # This process's share of Discord's global request budget (bot/discord/budget.py); None: no budget (tests on
        # a simulated Discord, where a wait would stand still on its virtual clock).
        self.requests_per_second = requests_per_second
        self.budgeted: BudgetedRequests | None = None
        self.reminder_check = reminder_check
        # The health and metrics endpoint (bot/endpoint.py), when an address is given; checked here, before any
        # connection, so a bad address stops the start with its sentence.
        self.endpoint: Endpoint | None = None
        if metrics_addr:
            host, port = parse_address(metrics_addr)
            self.endpoint = Endpoint(host, port, {"gateway": self._gateway_problem, "database": self._database_problem,
                                                  "timers": self._timers_problem}, refresh=self._count_games)
        self._reminder_task: asyncio.Task[None] | None = None
        self._reminder_nap: asyncio.Future[None] | None = None
        self._stopping = False
        self.parts.reminders.on_change = self.wake_reminders
        self.tree.add_command(GameCommands(self.parts))
        self.tree.add_command(TarmacCommands(self.parts, default_reminder_hours=remind_after / 3600))
        self.tree.add_command(LfgCommands(self.parts))
        self.tree.add_command(LeagueCommands(self.parts))
        self.queue_clock = Clock(self, "queue", lambda: run_tick(self))
        self.league_clock = Clock(self, "league", lambda: advance_all(self))
        self.parts.on_game_end = self.league_clock.wake
        self.tree.add_command(CoachCommands(self.parts))

    def owns(self, session: SessionRow) -> bool:
        """Whether this process does the session's background work; the shard count is Discord's once connected."""
        return ShardSet.of(self.shard_count, self.shard_ids).owns(session)

    async def _gateway_problem(self) -> str | None:
        if self.is_closed():
            return "the bot is stopping"
        if not self.is_ready():
            return "not connected to Discord's gateway yet"
        down = sorted(shard_id for shard_id, shard in self.shards.items() if shard.is_closed())
        return f"shards {', '.join(map(str, down))} are disconnected" if down else None

    async def _database_problem(self) -> str | None:
        try:
            await asyncio.wait_for(self.store.get_server_settings(0), DATABASE_WAIT)
        except TimeoutError:
            return f"the database did not answer within {DATABASE_WAIT:g} seconds"
        except Exception as exc:
            return f"the database does not answer ({type(exc).__name__})"
        return None

    async def _timers_problem(self) -> str | None:
        task = self._reminder_task
        if task is None or task.done():
            return "the reminder and deadline timers are not running"
        return None

    async def _count_games(self) -> None:
        metrics.set_games(await self.store.session_counts())

    async def setup_hook(self) -> None:
        metrics.count_errors()
        if self.endpoint is not None:
            await self.endpoint.start()
            log.info("health and metrics endpoint listening", extra={"address": self.endpoint.url})
        if self.requests_per_second:
            self.budgeted = install(self.http, RequestBudget(self.requests_per_second))
        await self.store.open()
        self._reminder_task = asyncio.create_task(self._remind_forever())
        self.queue_clock.start()
        self.league_clock.start()
        # Each view module lists its own persistent items: a button posted before a restart still answers after it.
        self.add_dynamic_items(*(item for view in PERSISTENT_VIEWS for item in view.ITEMS))
        if self.dev_guild_id:
            # A development guild gets the commands at once; a global sync can take a while to show everywhere.
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            self.tree.clear_commands(guild=None)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # Forms are answered by their custom_id, so one left open across a restart still works (see answer_form).
        await answer_form(interaction)
        await answer_typed_form(interaction)
        self.presenter.saw(interaction)

    async def _remind_forever(self) -> None:
        """Once ready, let the AI take the turns it owes. Then send due reminders and sleep until the next one is due.
        A new game or a shorter period wakes the loop early (wake_reminders); `reminder_check` bounds the nap anyway,
        should anything else change the schedule. close() lets a pass in progress finish, like any move."""
        await self.wait_until_ready()
        try:
            await self.parts.resume()
        except Exception:  # the store hiccuped; the next move or restart gives the AI another chance
            log.exception("could not resume the AI turns")
        try:
            games: dict[int, int] = {}
            for session in await self.store.active_sessions():
                if session.guild_id and self.owns(session):
                    games[session.guild_id] = games.get(session.guild_id, 0) + 1
            await self.presenter.say_restarted(games)
        except Exception:
            log.exception("could not say the bot restarted")
        while not self._stopping:
            try:
                wait = await self.parts.run_timers()
            except Exception:  # the store hiccuped: try again later rather than lose reminders for good
                log.exception("reminder pass failed")
                wait = None
            if self._stopping:
                return
            nap = self.reminder_check if wait is None else min(self.reminder_check, max(wait, 1.0))
            self._reminder_nap = asyncio.ensure_future(asyncio.sleep(nap))
            try:
                await self._reminder_nap
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise  # the loop itself is being cancelled, not just woken
            finally:
                self._reminder_nap = None

    def wake_reminders(self) -> None:
        if self._reminder_nap is not None:
            self._reminder_nap.cancel()

    async def close(self) -> None:
        self._stopping = True
        if self._reminder_task is not None:
            self.wake_reminders()
            if not self.is_ready():
                self._reminder_task.cancel()  # still waiting to connect: nothing in progress to finish
            # A pass in progress (an AI move, a reminder) finishes first; a loop already cancelled is just gone.
            await asyncio.gather(self._reminder_task, return_exceptions=True)
            self._reminder_task = None
        await self.queue_clock.stop()
        await self.league_clock.stop()
        # Finish the moves in flight before the database goes away.
        await self.parts.shutdown()
        await super().close()
        await self.store.close()
        if self.endpoint is not None:
            await self.endpoint.stop()


def create_bot(
    store: Store, *, games: Mapping[str, Game] | None = None, ai_delay: float = 0.0, dev_guild_id: int | None = None,
    remind_after: float = 12 * 3600, nudge_gap: float = 3600, reminder_check: float = 6 * 3600,
    shard_count: int | None = 1, shard_ids: list[int] | None = None, requests_per_second: float | None = None,
    presenter: type[DiscordPresenter] = DiscordPresenter, metrics_addr: str = "",
    seeds: Callable[[], int] | None = None,
) -> TarmacBot:
    """The bot; `presenter` chooses how private things reach a member (the sandbox shows them on its page), `seeds`
    where new games' seeds come from (bot.session.lobby.Lobby.seeds: fresh random ones unless a test fixes them)."""
    return TarmacBot(store, games=games, ai_delay=ai_delay, dev_guild_id=dev_guild_id, remind_after=remind_after,
                     nudge_gap=nudge_gap, reminder_check=reminder_check, shard_count=shard_count,
                     shard_ids=shard_ids, requests_per_second=requests_per_second,
                     presenter=presenter, metrics_addr=metrics_addr, seeds=seeds)
