"""The /coach command group: after the game (the race chart and where the game turned, for a past game of this
channel) and the coach (a hint, in a game whose lobby turned Hints on). Its own group because /game is full. Each
command asks bot.session.coach and answers the asker alone; no rules here."""

from __future__ import annotations

import io

import discord
from discord import app_commands

from bot.discord.answered import command
from bot.discord.limits import fit
from bot.discord.replies import answer_failure, tell
from bot.discord.words import words_messages
from bot.naming import escape
from bot.session import Parts, Refusal
from bot.session.sessions import DONE
from renderers.words import alt_text

WHICH = [app_commands.Choice(name="the race (each player's score, turn by turn)", value="race"),
         app_commands.Choice(name="where the game turned (each player's chance to win)", value="turns")]



class CoachCommands(app_commands.Group, name="coach", description="After the game, and hints for learners",
                    guild_only=True):
    def __init__(self, parts: Parts) -> None:
        super().__init__()
        self.parts = parts

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        await answer_failure(interaction, error)

    @command("chart", "A finished game of this channel as a chart: the race, or where the game turned")
    @app_commands.describe(game="A past game of this channel, by its number in /game history (default: the last)",
                           which="Which chart (default: the race)", text="The chart in words alone")
    @app_commands.choices(which=WHICH)
    async def chart(self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None,
                    which: app_commands.Choice[str] | None = None, text: bool = False) -> None:
        # Replaying a long game and working out its chances take seconds (the chances up to half a minute).
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel_id or 0
        session = (await self.parts.replays.past(channel, game) if game else
                   await self.parts.sessions.here(channel, statuses=DONE))
        coach = self.parts.coach
        kind = which.value if which else "race"
        found = await coach.analysis(session) if kind == "turns" else await coach.race(session)
        if found is None:
            raise Refusal("This game keeps no score to chart.")
        title = self.parts.sessions.game(session.game).info.title
        what = "where the game turned" if kind == "turns" else "the race"
        if text:
            for message in words_messages(found.words, f"{title}, game #{session.id}: {what}"):
                await interaction.followup.send(**message, ephemeral=True)
            return
        lines = "\n".join(f"{n}. {escape(line)}" for n, line in enumerate(found.lines, start=1))
        content = f"**{title}, game #{session.id}: {what}**" + (f"\n{lines}" if lines else "")
        file = discord.File(io.BytesIO(found.png), filename=f"game-{session.id}-{kind}.png",
                            description=alt_text(found.words) or None)
        await interaction.followup.send(**fit(content=content, file=file), ephemeral=True)

    @command("hint", "What the Normal AI would do in your place now (a game with Hints on)")
    async def hint(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # a short search on your own view
        session = await self.parts.sessions.here(interaction.channel_id or 0)
        said = await self.parts.coach.hint(session, interaction.user.id)
        await tell(interaction, said)
