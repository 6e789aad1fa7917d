"""`tarmac doctor`: checks a set-up before players find what is wrong, one sentence per finding.

In order: the database (opens and migrates; a SQLite file no other account may read), the token (one request to
Discord), that the bot needs no privileged intent, each server's games channels for the permissions the README lists
(naming the missing ones, per channel), the fonts, and the free disk space. It reaches Discord only through
discord.py's own HTTP client, so what it finds is what the bot would meet; it changes nothing on Discord.
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.http import HTTPClient

from bot.config import Settings
from bot.session.server_settings import ServerSettings, server_settings

# The permissions the README's invite link grants, in the order it lists them: what a games channel needs.
NEEDED: tuple[tuple[str, str], ...] = (
    ("view_channel", "View Channels"), ("send_messages", "Send Messages"),
    ("send_messages_in_threads", "Send Messages in Threads"), ("create_public_threads", "Create Public Threads"),
    ("embed_links", "Embed Links"), ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)
TEXT_CHANNELS = (0, 5)  # text and announcement channels: where /game new opens games
FREE_DISK_BYTES = 1 << 30
"""Below a gigabyte free, a busy server's database and its WAL could fill the disk within weeks."""


@dataclass
class Report:
    findings: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)

    def found(self, sentence: str) -> None:
        self.findings.append(sentence)


def channel_permissions(guild: dict[str, Any], member: dict[str, Any], channel: dict[str, Any],
                        me: int) -> discord.Permissions:
    """What Discord lets the bot do in `channel`: the server's roles, then the channel's overwrites (the @everyone
    one, the roles' together, then the member's own), as Discord documents the computation."""
    if int(guild.get("owner_id") or 0) == me:
        return discord.Permissions.all()
    roles = {int(r["id"]): int(r.get("permissions") or 0) for r in guild.get("roles") or []}
    guild_id = int(guild["id"])
    mine = {int(r) for r in member.get("roles") or []}
    value = roles.get(guild_id, 0)  # @everyone's role has the server's id
    for role in mine:
        value |= roles.get(role, 0)
    if discord.Permissions(value).administrator:
        return discord.Permissions.all()
    overwrites = {int(o["id"]): (int(o.get("allow") or 0), int(o.get("deny") or 0))
                  for o in channel.get("permission_overwrites") or []}
    allow, deny = overwrites.get(guild_id, (0, 0))
    value = (value & ~deny) | allow
    role_allow = role_deny = 0
    for role in mine:
        a, d = overwrites.get(role, (0, 0))
        role_allow, role_deny = role_allow | a, role_deny | d
    value = (value & ~role_deny) | role_allow
    allow, deny = overwrites.get(me, (0, 0))
    return discord.Permissions((value & ~deny) | allow)


def missing(perms: discord.Permissions) -> list[str]:
    return [label for name, label in NEEDED if not getattr(perms, name)]


def listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


async def check_database(settings: Settings, report: Report) -> None:
    """Open (and so migrate) the database; a SQLite file only this account may open."""
    from bot.store import StoreUnavailable, open_store
    from bot.store.sqlite_file import shared_files

    store = open_store(settings.store_location)
    try:
        await store.open()
    except StoreUnavailable as exc:
        report.found(str(exc))
        return
    except ValueError as exc:
        report.found(f"TARMAC_DATABASE_URL: {exc}.")
        return
    try:
        report.checked.append("the database opens and is up to date")
        if not settings.database_url.strip():
            shared = shared_files(settings.db_path)
            if shared:
                named = ", ".join(f"{p} (mode {m:04o})" for p, m in shared)
                report.found(f"Other accounts on this machine can read the database, and with it every player's "
                             f"hidden cards: {named}; run `chmod 600 {' '.join(str(p) for p, _ in shared)}`.")
    finally:
        await store.close()


async def servers_settings(settings: Settings, guild_ids: list[int]) -> dict[int, ServerSettings]:
    """Each server's settings: its games channels (none: every text channel counts) and its notice channel."""
    from bot.store import StoreUnavailable, open_store

    store = open_store(settings.store_location)
    try:
        await store.open()
    except (StoreUnavailable, ValueError):
        return {}  # said already by check_database
    try:
        return {g: await server_settings(store, g) for g in guild_ids}
    finally:
        await store.close()


async def check_discord(settings: Settings, report: Report, *, connector: aiohttp.BaseConnector | None = None,
                        ) -> None:
    """The token, then each server's games channels; through discord.py's HTTP client."""
    token = settings.discord_token.get_secret_value().strip()
    if not token:
        report.found("No DISCORD_TOKEN is set, so nothing on Discord was checked: put the bot's token in .env "
                     "(see .env.example).")
        return
    http = HTTPClient(asyncio.get_running_loop(), connector)
    try:
        try:
            me = await http.static_login(token)
        except discord.LoginFailure:
            report.found("Discord refused the token in DISCORD_TOKEN: copy the bot's current token from the "
                         "developer portal (Bot -> Reset Token) into .env.")
            return
        except discord.HTTPException as exc:
            report.found(f"Discord answered HTTP {exc.status} when the token was checked: if Discord is having "
                         "trouble (https://discordstatus.com) try again later.")
            return
        except (aiohttp.ClientError, OSError) as exc:
            report.found(f"Could not reach Discord ({type(exc).__name__}): check this machine's network connection.")
            return
        report.checked.append(f"the token (the bot {me.get('username', '?')})")
        await _check_servers(settings, report, http, int(me["id"]))
    finally:
        await http.close()


async def _check_servers(settings: Settings, report: Report, http: HTTPClient, me: int) -> None:
    guilds = await http.get_guilds(200, with_counts=False)
    if not guilds:
        report.found("The bot is in no server yet: invite it with the link in the README (Invite the bot).")
        return
    named = await servers_settings(settings, [int(g["id"]) for g in guilds])
    for partial in guilds:
        guild_id = int(partial["id"])
        guild = await http.get_guild(guild_id, with_counts=False)
        member = await http.get_member(guild_id, me)
        channels = await http.get_all_guild_channels(guild_id)
        server = named.get(guild_id, ServerSettings())
        wanted = server.game_channels
        shown = [c for c in channels if (int(c["id"]) in wanted if wanted else c.get("type") in TEXT_CHANNELS)]
        for gone in sorted(set(wanted) - {int(c["id"]) for c in channels}):
            report.found(f"On {guild['name']}, games channel {gone} of /tarmac settings no longer exists: take it off "
                         "with /tarmac settings remove_games_channel, or name another one.")
        for channel in shown:
            lacking = missing(channel_permissions(dict(guild), dict(member), dict(channel), me))
            if lacking:
                report.found(f"In #{channel['name']} on {guild['name']} the bot lacks {listed(lacking)}: grant "
                             f"{'it' if len(lacking) == 1 else 'them'} to the bot's role in that channel's "
                             "permissions, or games there cannot be played.")
        notices = next((c for c in channels if int(c["id"]) == server.notice_channel), None)
        if notices is not None:
            perms = channel_permissions(dict(guild), dict(member), dict(notices), me)
            lacking = [label for name, label in NEEDED[:2] if not getattr(perms, name)]
            if lacking:
                report.found(f"In #{notices['name']} on {guild['name']}, the notice channel of /tarmac settings, the "
                             f"bot lacks {listed(lacking)}: it cannot say there that it restarted or could not post.")
        report.checked.append(f"{len(shown)} channel{'s' if len(shown) != 1 else ''} on {guild['name']}")


def check_intents(report: Report) -> None:
    """The bot asks for discord.py's default intents, which hold no privileged one; a change that added one would
    need the developer portal's switch, and the connection would be refused without it."""
    intents = discord.Intents.default()
    privileged = [name for name in ("members", "presences", "message_content") if getattr(intents, name)]
    if privileged:
        report.found(f"The bot asks for the privileged intents {listed(privileged)}: turn them on in the developer "
                     "portal (Bot -> Privileged Gateway Intents) or the connection is refused.")
    else:
        report.checked.append("no privileged intent needed")


def check_fonts(report: Report) -> None:
    from renderers.kit.faces import problems

    found = problems()
    for sentence in found:
        report.found(sentence)
    if not found:
        report.checked.append("the fonts")


def check_disk(settings: Settings, report: Report) -> None:
    folder = settings.db_path.parent if not settings.database_url.strip() else Path.cwd()
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    free = shutil.disk_usage(folder).free
    if free < FREE_DISK_BYTES:
        report.found(f"Only {free // (1 << 20)} MB are free on the disk of {folder}: the database grows with every "
                     "move, so free some space before it fills up.")
    else:
        report.checked.append(f"{free // (1 << 30)} GB free on the disk")


async def doctor(settings: Settings, say: Callable[[str], None] = print, *,
                 connector: aiohttp.BaseConnector | None = None) -> int:
    """Run every check, say each finding in one sentence; 1 when anything was found, else 0."""
    report = Report()
    await check_database(settings, report)
    await check_discord(settings, report, connector=connector)
    check_intents(report)
    check_fonts(report)
    check_disk(settings, report)
    for sentence in report.findings:
        say(sentence)
    if report.findings:
        return 1
    say("Nothing to fix. Checked: " + "; ".join(report.checked) + ".")
    return 0

