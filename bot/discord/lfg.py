"""/lfg, the server's matchmaking queue on Discord: the commands, the queue panel (a Join button per game, Renew and
Leave), and each table the queue forms, opened in a thread of the panel's channel with one ping and a Confirm
button. The session side (bot/session/queue.py) decides; this module only asks it and shows what it says.

Every button is a DynamicItem keyed by what it acts on (a game, a table), so panels and tables keep working after a
restart; the queue's clock (bot/discord/clocks.py, running `run_tick`) calls tables off, ends waits and forms the
tables longer waits allow."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any, cast

import discord
from discord import app_commands

from bot.discord.answered import command
from bot.discord.host import Host
from bot.discord.layout import card, text
from bot.discord.limits import THREAD_NAME, choice, cut, fit
from bot.discord.markup import mention, timestamp
from bot.discord.replies import answer_failure, run_for_player, tell
from bot.lfg.entries import LIVE, PACES, QueueEntry, QueueTable
from bot.naming import escape
from bot.session import Parts, Refusal, Seated

log = logging.getLogger("tarmac.discord")
COLOUR = discord.Colour.from_rgb(70, 150, 120)
PACE_CHOICES = [app_commands.Choice(name="live" if p == LIVE else f"{p}-hour turns", value=p) for p in PACES]


def pace_words(pace: int) -> str:
    return "live" if pace == LIVE else f"{pace}-hour turns"


def wish_words(entry: QueueEntry | QueueTable) -> str:
    sizes = (f"{entry.min_seats}–{entry.max_seats}" if entry.min_seats != entry.max_seats else str(entry.min_seats)
             ) if isinstance(entry, QueueEntry) else str(entry.seats)
    ai = ", AI seats welcome" if isinstance(entry, QueueEntry) and entry.ai_allowed else ""
    return f"{sizes} players, {pace_words(entry.pace)}, {'rated' if entry.rated else 'not rated'}{ai}"


def _when(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def client_of(interaction: discord.Interaction) -> Host:
    return cast("Host", interaction.client)


# ------------------------------------------------------------------------------------------------ what is shown
def listing_lines(parts: Parts, entries: list[QueueEntry]) -> list[str]:
    """/lfg list: per game, who waits (since when, until when) and who sits at a table being confirmed."""
    if not entries:
        return ["Nobody is waiting in this server's queue. Join with /lfg join or the queue panel's buttons."]
    lines: list[str] = []
    for game in dict.fromkeys(e.game for e in entries):
        lines.append(f"**{parts.sessions.game(game).info.title}**")
        for e in (e for e in entries if e.game == game):
            where = ("seated, confirming" if e.table_id is not None else
                     f"waiting since {timestamp(_when(e.queued_at))}, until {timestamp(_when(e.expires_at))}")
            lines.append(f"- {mention(e.user_id)}: {wish_words(e)}; {where}")
    return lines


def panel_message(parts: Parts, entries: list[QueueEntry]) -> dict[str, Any]:
    games = list(parts.games.items())[:20]
    waiting = [e for e in entries if e.table_id is None]
    lines = ["### Looking for a table",
             "Press a game to wait for a table of it (any size it seats, live, rated), or use /lfg join to choose "
             "the size, pace, rating and AI seats. The bot opens a thread when a table is found; each wait lasts "
             "24 hours, and Renew starts it again."]
    for name, game in games:
        count = sum(1 for e in waiting if e.game == name)
        lines.append(f"- {game.info.title}: {count} waiting" if count else f"- {game.info.title}: nobody waiting")
    view = discord.ui.View(timeout=None)
    for name, game in games:
        view.add_item(QueueJoin(name, game.info.title))
    view.add_item(QueueRenew())
    view.add_item(QueueLeave())
    return fit(view=card([text("\n".join(lines))], view, COLOUR), allowed_mentions=discord.AllowedMentions.none())


def table_message(parts: Parts, table: QueueTable, entries: list[QueueEntry], *, state: str = "") -> dict[str, Any]:
    engine = parts.sessions.game(table.game)
    seats = [f"{i}. {mention(e.user_id)}" + (" (confirmed)" if e.confirmed else "")
             for i, e in enumerate(entries, 1)]
    seats += [f"{len(entries) + i}. AI ({table.ai_level or 'its level'})" for i in range(1, table.ai_seats + 1)]
    said = state or (f"Confirm your seat {timestamp(_when(table.confirm_by))}: the game starts when everyone has. "
                     "Whoever has not confirmed by then goes back to the queue, behind the others.")
    blocks: list[discord.ui.Item[Any]] = [text(f"### {escape(engine.info.title)} table found\n{wish_words(table)}"),
                                          text("\n".join(seats)), text(said)]
    view = discord.ui.View(timeout=None)
    if not state:
        view.add_item(QueueConfirm(table.id))
    # The one ping: the table's members, when it is first posted (edits mention nobody anew).
    mentions = (discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                        users=[discord.Object(id=e.user_id) for e in entries])
                if not state and not any(e.confirmed for e in entries) else discord.AllowedMentions.none())
    return fit(view=card(blocks, view, COLOUR), allowed_mentions=mentions)


# ------------------------------------------------------------------------------------------------ doing it
async def _channel(client: discord.Client, channel_id: int) -> Any:
    return client.get_channel(channel_id) or await client.fetch_channel(channel_id)


async def open_tables(client: Host, formed: list[Seated]) -> None:
    """Each formed table gets its thread and its one ping."""
    parts = client.parts
    for table, entries in formed:
        try:
            channel = await _channel(client, table.channel_id)
            thread = await channel.create_thread(
                name=cut(f"{parts.sessions.game(table.game).info.title} table {table.id}", THREAD_NAME),
                type=discord.ChannelType.public_thread)
            message = await thread.send(**table_message(parts, table, entries))
            await parts.store.lfg_place_table(table.id, thread_id=thread.id, message_id=message.id)
        except discord.HTTPException:
            log.exception("could not open a queue table", extra={"guild_id": table.guild_id})
    if formed:
        await refresh_panel(client, formed[0][0].guild_id)


async def show_table(client: Host, table: QueueTable, entries: list[QueueEntry], state: str = "") -> None:
    if table.thread_id is None or table.message_id is None:
        return
    thread = await _channel(client, table.thread_id)
    await thread.get_partial_message(table.message_id).edit(**table_message(client.parts, table, entries,
                                                                            state=state))


async def refresh_panel(client: Host, guild_id: int) -> None:
    """The queue panel shows the counts as they are now (nothing when the server has no panel message)."""
    found = await client.parts.store.lfg_panel(guild_id)
    if found is None or found[1] is None:
        return
    channel_id, message_id = found
    try:
        channel = await _channel(client, channel_id)
        entries = await client.parts.queue.listing(guild_id)
        await channel.get_partial_message(message_id).edit(**panel_message(client.parts, entries))
    except discord.HTTPException:
        log.warning("could not refresh the queue panel", extra={"guild_id": guild_id, "channel_id": channel_id})


async def run_tick(client: Host) -> float | None:
    """One pass of the queue's clock, shown: tables called off say so, then new tables open. The seconds until the
    next pass is due."""
    done = await client.parts.queue.tick()
    for table, after in done.dropped:
        # Those sent to the back were queued again at the pass itself, after the table was formed.
        late = " ".join(mention(e.user_id) for e in after if e.queued_at >= table.created_at)
        said = ("Not everyone confirmed in time, so this table is called off. "
                + (f"Not confirmed: {late}, back in the queue behind the others (or out of it after a second "
                   "miss). " if late else "") + "Those who confirmed wait again at their place.")
        try:
            await show_table(client, table, after, said)
        except discord.HTTPException:
            log.warning("could not call off a queue table", extra={"guild_id": table.guild_id})
    await open_tables(client, done.formed)
    for guild_id in {t.guild_id for t, _ in done.dropped} | {e.guild_id for e in done.expired}:
        await refresh_panel(client, guild_id)
    return done.due


async def join(interaction: discord.Interaction, game: str, seats: str = "", pace: int = LIVE, rated: bool = True,
               ai: bool = False) -> None:
    client = client_of(interaction)
    parts = client.parts
    guild_id = interaction.guild_id or 0
    entry, formed = await parts.queue.join(guild_id=guild_id, here=interaction.channel_id or 0,
                                           user_id=interaction.user.id, name=interaction.user.display_name,
                                           game=game, seats=seats, pace=pace, rated=rated, ai=ai)
    title = parts.sessions.game(game).info.title
    mine = next((t for t, es in formed if any(e.user_id == entry.user_id and e.game == game for e in es)), None)
    if mine is not None:
        said = f"A {title} table is ready for you: watch for the new thread and confirm your seat."
    else:
        said = (f"You wait for a {title} table ({wish_words(entry)}) until {timestamp(_when(entry.expires_at))}. "
                "The bot pings you in a new thread when a table is found.")
    await tell(interaction, said)
    await open_tables(client, formed)
    await refresh_panel(client, guild_id)
    client.queue_clock.wake()  # the new wait (and a new table's confirmation time) may be due before the next pass


# ------------------------------------------------------------------------------------------------ buttons
class QueueJoin(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"lq:join:(?P<game>[\w-]+)"):
    def __init__(self, game: str, title: str = "") -> None:
        super().__init__(discord.ui.Button(label=cut(f"Join {title or game}", 80), custom_id=f"lq:join:{game}",
                                           style=discord.ButtonStyle.primary))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> QueueJoin:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_for_player(interaction, lambda: join(interaction, self.game))


class QueueRenew(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"lq:renew"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Renew my waits", custom_id="lq:renew"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> QueueRenew:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            until = await client_of(interaction).parts.queue.renew(interaction.guild_id or 0, interaction.user.id)
            await tell(interaction, f"Your waits last until {timestamp(_when(until))} now.")

        await run_for_player(interaction, act)


class QueueLeave(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"lq:leave"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Leave the queue", custom_id="lq:leave",
                                           style=discord.ButtonStyle.danger))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> QueueLeave:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            client = client_of(interaction)
            gone = await client.parts.queue.leave(interaction.guild_id or 0, interaction.user.id)
            await tell(interaction, "You left the queue for " + ", ".join(
                client.parts.sessions.game(e.game).info.title for e in gone) + ".")
            await refresh_panel(client, interaction.guild_id or 0)

        await run_for_player(interaction, act)


class QueueConfirm(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"lq:ok:(?P<table>\d+)"):
    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(label="Confirm my seat", custom_id=f"lq:ok:{table_id}",
                                           style=discord.ButtonStyle.success))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> QueueConfirm:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            client = client_of(interaction)
            table, entries = await client.parts.queue.confirm(self.table_id, interaction.user.id)
            if not all(e.confirmed for e in entries):
                await interaction.response.edit_message(**table_message(client.parts, table, entries))
                return
            await interaction.response.edit_message(**table_message(
                client.parts, table, entries, state="Everyone confirmed: the game starts below."))
            await client.parts.queue.start_table(table, entries)

        await run_for_player(interaction, act)


ITEMS = (QueueJoin, QueueRenew, QueueLeave, QueueConfirm)

# ------------------------------------------------------------------------------------------------ /lfg


class LfgCommands(app_commands.Group, name="lfg", description="Find a table: this server's matchmaking queue",
                  guild_only=True):
    def __init__(self, parts: Parts) -> None:
        super().__init__()
        self.parts = parts
        from bot.discord.commands import offer_games  # the one way a group offers this bot's games

        offer_games(self.join, [choice(g.info.title, name) for name, g in list(parts.games.items())[:25]])
        offer_games(self.leave, [choice(g.info.title, name) for name, g in list(parts.games.items())[:25]])

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        await answer_failure(interaction, error)

    @command("join", "Wait in this server's queue for a table of a game")
    @app_commands.describe(game="Which game", seats="Table sizes you will play at, such as 3-4 (empty: any)",
                           pace="Live, or a turn deadline", rated="Whether the game moves ratings",
                           ai="Whether AI seats may fill a short table after a longer wait")
    @app_commands.choices(pace=PACE_CHOICES)
    async def join(self, interaction: discord.Interaction, game: app_commands.Choice[str], seats: str = "",
                   pace: int = LIVE, rated: bool = True, ai: bool = False) -> None:
        await join(interaction, game.value, seats, pace, rated, ai)

    @command("leave", "Stop waiting for a game (or for every game)")
    @app_commands.describe(game="The game to stop waiting for (empty: all)")
    async def leave(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
        client = client_of(interaction)
        gone = await self.parts.queue.leave(interaction.guild_id or 0, interaction.user.id,
                                            game.value if game else None)
        await tell(interaction, "You left the queue for " + ", ".join(
            self.parts.sessions.game(e.game).info.title for e in gone) + ".")
        await refresh_panel(client, interaction.guild_id or 0)

    @command("list", "Who waits in this server's queue, for what")
    async def list(self, interaction: discord.Interaction) -> None:
        entries = await self.parts.queue.listing(interaction.guild_id or 0)
        lines = listing_lines(self.parts, entries)
        await interaction.response.send_message(**fit(content="\n".join(lines)[:2000]), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @command("panel", "Post the queue panel, with a Join button per game, in this channel (managers)")
    async def panel(self, interaction: discord.Interaction) -> None:
        perms = getattr(interaction, "permissions", None)
        if not (perms and perms.manage_guild):
            raise Refusal("Only members who may manage the server post the queue panel.")
        guild_id = interaction.guild_id or 0
        entries = await self.parts.queue.listing(guild_id)
        await interaction.response.send_message(**panel_message(self.parts, entries))
        message = await interaction.original_response()
        await self.parts.store.lfg_set_panel(guild_id, interaction.channel_id or 0, message.id)
