"""/league on Discord: the commands, the sign-up panel's Join button, each round's games opened in threads of the
league's channel, and the standings posted after each round (in words, with the picture renderers/standings.py
draws). The session side (bot/session/leagues.py) decides; the league clock (`LeagueClock`) moves leagues on after a
game ends and after a restart."""

from __future__ import annotations

import io
import logging
from typing import Any, cast

import discord
from discord import app_commands

from bot.discord.answered import command
from bot.discord.host import Host
from bot.discord.layout import card, gallery, text
from bot.discord.limits import THREAD_NAME, choice, cut, fit
from bot.discord.markup import channel_mention, mention
from bot.discord.replies import Said, answer_failure, run_for_player, tell
from bot.leagues.rows import AI_FILL, BYES, ROUND_ROBIN, SWISS, League
from bot.leagues.standings import Line, shown
from bot.naming import escape
from bot.session import Parts, Refusal
from bot.session.leagues import Advanced
from bot.session.server_settings import server_settings
from bot.shards import ShardSet
from renderers.standings import render_standings

log = logging.getLogger("tarmac.discord")
COLOUR = discord.Colour.from_rgb(150, 90, 170)
FORMAT_CHOICES = [app_commands.Choice(name="Swiss", value=SWISS), app_commands.Choice(name="round robin",
                                                                                      value=ROUND_ROBIN)]
FILL_CHOICES = [app_commands.Choice(name="AI seats", value=AI_FILL), app_commands.Choice(name="byes", value=BYES)]
DEADLINE_CHOICES = [app_commands.Choice(name="none" if h == 0 else f"{h} hours", value=h) for h in (0, 12, 24, 48, 72)]


async def may_run_leagues(interaction: discord.Interaction, parts: Parts) -> bool:
    """Who may make and run leagues: members who may manage the server, and those with the host role the server's
    settings name."""
    perms = getattr(interaction, "permissions", None)
    if perms and perms.manage_guild:
        return True
    roles = [role.id for role in getattr(interaction.user, "roles", [])]
    return (await server_settings(parts.store, interaction.guild_id)).hosts_anywhere(roles)


def client_of(interaction: discord.Interaction) -> Host:
    return cast("Host", interaction.client)


def standing_lines(lines: list[Line]) -> list[str]:
    """The standings in words: place, member, points, then what the tie-breaks read."""
    out = []
    for ln in lines:
        extra = [f"score {ln.score}", f"{ln.played} played"]
        if ln.byes:
            extra.append(f"{ln.byes} bye" + ("s" if ln.byes > 1 else ""))
        if ln.dropped:
            extra.append("dropped")
        if ln.tie_break:
            extra.append(f"below on {ln.tie_break}")
        out.append(f"{ln.place}. {mention(ln.member)}: {shown(ln.points)} points ({', '.join(extra)})")
    return out


def standings_message(parts: Parts, league: League, lines: list[Line], *, heading: str) -> dict[str, Any]:
    words = "\n".join(standing_lines(lines)) or "Nobody has signed up."
    title = parts.sessions.game(league.game).info.title
    picture = render_standings(league.name, title, heading, [(ln.place, ln.name, shown(ln.points), ln.score,
                                                               ln.played, ln.dropped) for ln in lines])
    alt = cut(f"{league.name} standings, {heading}: " + "; ".join(
        f"{ln.place}. {ln.name} {shown(ln.points)} points" for ln in lines), 1024)
    blocks: list[discord.ui.Item[Any]] = [text(f"### {escape(league.name)}: {heading}"),
                                          gallery("standings.png", alt), text(words)]
    return fit(view=card(blocks, None, COLOUR), file=discord.File(io.BytesIO(picture), "standings.png"),
               allowed_mentions=discord.AllowedMentions.none())


def signup_message(parts: Parts, league: League, count: int) -> dict[str, Any]:
    engine = parts.sessions.game(league.game)
    fmt = "Swiss" if league.format == SWISS else "round robin"
    fill = "AI seats fill short tables" if league.fill == AI_FILL else "members left over sit the round out (a bye)"
    pace = f"{league.deadline}-hour turns" if league.deadline else "no turn deadline"
    lines = [f"### {escape(league.name)}: a {engine.info.title} league",
             f"{fmt}, tables of {league.table_size}, {league.rounds} rounds, {pace}; {fill}; "
             f"{'rated' if league.rated else 'not rated'}.",
             f"Signed up: {count}." if league.status == "signup" else "Sign-up is closed."]
    view = discord.ui.View(timeout=None)
    if league.status == "signup":
        view.add_item(LeagueJoin(league.id))
    return fit(view=card([text("\n".join(lines))], view, COLOUR), allowed_mentions=discord.AllowedMentions.none())


async def _channel(client: discord.Client, channel_id: int) -> Any:
    return client.get_channel(channel_id) or await client.fetch_channel(channel_id)


async def show(client: Host, done: Advanced) -> None:
    """Post what a pass did: standings of finished rounds (the final ones crown the winner), then open new games."""
    parts = client.parts
    league = done.league
    channel = await _channel(client, league.channel_id)
    for round_no in done.rounds_done:
        lines = await parts.leagues.standings(league)
        final = done.finished and round_no == league.rounds
        heading = f"final standings after {round_no} rounds" if final else f"standings after round {round_no}"
        await channel.send(**standings_message(parts, league, lines, heading=heading), silent=True)
        if final and lines:
            await channel.send(**fit(content=f"{mention(lines[0].member)} wins {escape(league.name)}. "
                                             "Well played, everyone."),
                               allowed_mentions=discord.AllowedMentions.none())
    for game in done.to_open:
        try:
            if game.thread_id is None:
                thread = await channel.create_thread(
                    name=cut(f"{league.name}: round {game.round}, table {game.table_no}", THREAD_NAME),
                    type=discord.ChannelType.public_thread)
                await thread.send(**fit(content=" ".join(mention(m) for m in game.members)
                                        + f" your round {game.round} game of {escape(league.name)} starts here."),
                                  allowed_mentions=discord.AllowedMentions(
                                      everyone=False, roles=False, users=[discord.Object(id=m) for m in game.members]))
                thread_id = thread.id
            else:
                thread_id = game.thread_id
            await parts.leagues.open_game(league, game, thread_id)
        except (discord.HTTPException, Refusal):
            log.exception("could not open a league game", extra={"guild_id": league.guild_id})


async def advance_all(client: Host) -> float | None:
    """The leagues' clock: every running league of this process's servers moved on (woken when a game ends; hourly
    anyway). Only the process holding a server's shard moves its leagues, as with its games' timers, so two
    processes never open the same table's game twice."""
    shards = ShardSet.of(client.shard_count, client.shard_ids)
    for league in await client.parts.store.leagues_running():
        if not shards.owns_guild(league.guild_id):
            continue
        try:
            await show(client, await client.parts.leagues.advance(league))
        except Exception:
            log.exception("league pass failed", extra={"guild_id": league.guild_id})
    return None


class LeagueJoin(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"lg:join:(?P<league>\d+)"):
    def __init__(self, league_id: int) -> None:
        super().__init__(discord.ui.Button(label="Join the league", custom_id=f"lg:join:{league_id}",
                                           style=discord.ButtonStyle.primary))
        self.league_id = league_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> LeagueJoin:
        return cls(int(match["league"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def act() -> None:
            parts = client_of(interaction).parts
            league = await parts.leagues.join(self.league_id, interaction.user.id, interaction.user.display_name)
            count = len(await parts.store.league_members(league.id))
            await interaction.response.edit_message(**signup_message(parts, league, count))
            await interaction.followup.send(f"You are signed up for {escape(league.name)}.", ephemeral=True)

        await run_for_player(interaction, act)


ITEMS = (LeagueJoin,)



class LeagueCommands(app_commands.Group, name="league", description="Leagues that run themselves in this server",
                     guild_only=True):
    def __init__(self, parts: Parts) -> None:
        super().__init__()
        self.parts = parts
        from bot.discord.commands import offer_games

        offer_games(self.new, [choice(g.info.title, name) for name, g in list(parts.games.items())[:25]])

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        await answer_failure(interaction, error)

    async def _manager(self, interaction: discord.Interaction) -> None:
        if not await may_run_leagues(interaction, self.parts):
            raise Refusal("Only members who may manage the server, or hold its host role, run leagues.")

    @command("new", "Make a league, with a sign-up panel in this channel (managers)")
    @app_commands.describe(game="Which game", name="The league's name", format="Swiss or round robin",
                           table="Members per table", rounds="How many rounds",
                           deadline="Hours per turn in its games", fill="Short tables: AI seats or byes",
                           rated="Whether its games move ratings")
    @app_commands.choices(format=FORMAT_CHOICES, fill=FILL_CHOICES)
    @app_commands.choices(deadline=DEADLINE_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str], name: str,
                  format: str = SWISS, table: app_commands.Range[int, 2, 10] = 3,
                  rounds: app_commands.Range[int, 1, 30] = 3, deadline: int = 24, fill: str = AI_FILL,
                  rated: bool = True) -> None:
        await self._manager(interaction)
        settings = await server_settings(self.parts.store, interaction.guild_id)
        parent = getattr(interaction.channel, "parent_id", None)
        if not settings.may_open_in(interaction.channel_id or 0, parent):
            raise Said("Leagues open their games in this server's games channels: make it in one of "
                       + ", ".join(channel_mention(c) for c in settings.game_channels) + ".")
        league = await self.parts.leagues.new(
            guild_id=interaction.guild_id or 0, channel_id=interaction.channel_id or 0, game=game.value, name=name,
            format=format, table=table, rounds=rounds, deadline=deadline, fill=fill, rated=rated,
            by=interaction.user.id)
        await interaction.response.send_message(**signup_message(self.parts, league, 0))
        message = await interaction.original_response()
        await self.parts.store.league_set_message(league.id, message.id)

    @command("start", "Close sign-up and pair the first round (managers)")
    @app_commands.describe(name="The league (empty: this server's one open league)")
    async def start(self, interaction: discord.Interaction, name: str | None = None) -> None:
        await self._manager(interaction)
        league = await self.parts.leagues.named(interaction.guild_id or 0, name)
        done = await self.parts.leagues.start(league)  # refused, if at all, before anything is said in public
        # Opening the round's games takes longer than Discord's three seconds to answer.
        await interaction.response.defer(thinking=True)
        await interaction.followup.send(**fit(content=f"{escape(league.name)} has started: round 1 has "
                                                      f"{len(done.to_open)} tables, each in its own thread."))
        client = client_of(interaction)
        if league.message_id is not None:
            channel = await _channel(client, league.channel_id)
            count = len(await self.parts.store.league_members(league.id))
            await channel.get_partial_message(league.message_id).edit(
                **signup_message(self.parts, done.league, count))
        await show(client, done)

    @command("standings", "A league's standings, in a picture and in words")
    @app_commands.describe(name="The league (empty: this server's one open league)")
    async def standings(self, interaction: discord.Interaction, name: str | None = None) -> None:
        league = await self.parts.leagues.named(interaction.guild_id or 0, name)
        lines = await self.parts.leagues.standings(league)
        state = {"signup": "signing up", "running": f"round {league.round} of {league.rounds}",
                 "finished": f"final standings after {league.rounds} rounds", "cancelled": "cancelled"}
        await interaction.response.send_message(**standings_message(self.parts, league, lines,
                                                                    heading=state[league.status]))

    @command("drop", "Leave a league: last in your open games, no further rounds")
    @app_commands.describe(name="The league (empty: this server's one open league)")
    async def drop(self, interaction: discord.Interaction, name: str | None = None) -> None:
        league = await self.parts.leagues.named(interaction.guild_id or 0, name)
        resigned = await self.parts.leagues.drop(league, interaction.user.id)
        await tell(interaction, f"You left {escape(league.name)}."
                   + (" The AI plays your seat in your open game; you count as last in it." if resigned else ""),
                   ephemeral=False)
        for session_id in resigned:
            await self.parts.turns.run_ai(session_id)
        client_of(interaction).league_clock.wake()  # a game the drop ended (every seat AI) ends the round sooner

    @command("cancel", "Cancel a league (managers); its games already started go on")
    @app_commands.describe(name="The league (empty: this server's one open league)")
    async def cancel(self, interaction: discord.Interaction, name: str | None = None) -> None:
        await self._manager(interaction)
        league = await self.parts.leagues.named(interaction.guild_id or 0, name)
        await self.parts.leagues.cancel(league)
        await tell(interaction, f"{escape(league.name)} is cancelled.", ephemeral=False)

    @command("history", "This server's leagues and their winners")
    async def history(self, interaction: discord.Interaction) -> None:
        lines = []
        for league in await self.parts.store.leagues_of(interaction.guild_id or 0):
            title = self.parts.sessions.game(league.game).info.title
            said = f"- **{escape(league.name)}** ({title}): {league.status}"
            if league.status == "finished":
                table = await self.parts.leagues.standings(league)
                if table:
                    said += f", won by {mention(table[0].member)} with {shown(table[0].points)} points"
            lines.append(said)
        await interaction.response.send_message(**fit(content="\n".join(lines) or "This server has had no league."),
                                                ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
