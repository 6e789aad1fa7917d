"""The /game command group, `GameCommands`: one method per command. Each parses the interaction, asks the session part
concerned (through the one `Parts`) and replies; a refusal, or our own error, raised in any of them gets one answer,
given by the `command` decorator that registers it. No rules here."""

from __future__ import annotations

import dataclasses
import io
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import discord
from discord import app_commands

from bot.discord.answered import command
from bot.discord.host import Host
from bot.discord.limits import CHOICE_TEXT, EMBED_DESCRIPTION, EMBEDS, THREAD_NAME, choice, cut, fit, latest, paragraphs
from bot.discord.lobby import (
    has_ai,
    lobby_action,
    lobby_message,
    may_manage,
    page_of,
    refresh_lobby,
)
from bot.discord.markup import timestamp
from bot.discord.panel import turn_message
from bot.discord.presenter import private_message
from bot.discord.ratings_texts import board_text, season_name, stats_text
from bot.discord.reach import panel_channel
from bot.discord.replies import Said, answer_failure, tell
from bot.discord.resign import ask_to_resign
from bot.discord.server_checks import check_may_open
from bot.discord.texts import (
    history_lines,
    log_lines,
    open_game_lines,
    option_label,
    rules_pages,
    seat_label,
    seat_numbered,
    status_text,
)
from bot.discord.words import words_messages
from bot.naming import escape
from bot.ratings.keys import parse_season, season_of
from bot.session import Parts, Refusal, Seat, SessionRow, describe
from bot.session.ai_levels import level_of
from bot.session.coach import HINTS_LOGGED
from bot.session.lobby import lobby_specs, typed_option
from bot.session.sessions import FINISHED, OPEN
from engine.core import Game, GameOptionSpec
from engine.core.ai import levels
from engine.core.text import counted, quoted


def text_boards_said(on: bool) -> str:
    """The answer to `/game settings text_boards:…`: what changes, and where."""
    if on:
        return ("Boards in words: on, in every server. Your hand, by DM and with /game hand, and the board you ask "
                "for with /game board come as a description instead of a picture.")
    return "Boards in words: off. Your hand comes as a picture again (its alt text still describes it)."


LEVEL_CHOICES = [app_commands.Choice(name=levels.LABELS[key], value=key) for key in levels.LEVELS]
DEADLINE_CHOICES = [app_commands.Choice(name="off" if h == 0 else f"{h} hours", value=h) for h in (0, 12, 24, 48, 72)]


def value_suggestions(spec: GameOptionSpec, current: str, seats: list[Seat] | None = None,
                      ) -> list[app_commands.Choice[str]]:
    """The choices matching what was typed (a seat with its player's name, `seats`); where the game takes free
    text, what was typed itself comes first and an example shows the form while nothing is typed. The engine judges
    whatever is sent."""
    text = current.strip()
    labels = [(c, option_label(spec, c.value, seats)) for c in spec.choices]
    found = [choice(f"{label} (default)" if c.value == spec.default else label, c.value) for c, label in labels
             if text.casefold() in label.casefold() or text.casefold() in c.value.casefold()]
    if spec.free_text:
        if not text:
            found.append(choice(f"Your own, e.g. {spec.free_text}", spec.free_text))
        elif len(text) <= CHOICE_TEXT and all(c.value != text for c in found):
            found.insert(0, choice(text, text))
    return found[:25]


def game_choice(game: Game) -> str:
    """A game as /game new offers it: "Planes: move passenger cubes ... (2–4 players)"."""
    info = game.info
    players = f"{info.min_players}–{info.max_players} players"
    return f"{info.title}: {info.tagline} ({players})" if info.tagline else f"{info.title} ({players})"


def offer_games(command: app_commands.Command[Any, ..., Any], games: list[app_commands.Choice[str]]) -> None:
    """Give this group's copy of `command` the games it offers as the choices of its `game` option. discord.py fixes a
    parameter's choices when the class is defined, but the games are known only when the bot is built (the tests
    build it with a toy game), so the parameter is replaced on the copy the group made for itself in __init__."""
    # A Choice list is invariant in its value type, so list[Choice[str]] must be named as the parameter's own type.
    choices = cast("list[app_commands.Choice[str | int | float]]", games)
    command._params["game"] = dataclasses.replace(command._params["game"], choices=choices)




class GameCommands(app_commands.Group, name="game", description="Play airplane board games in this channel",
                   guild_only=True):
    """/game, in the order Discord lists its subcommands. Discord allows 25 entries in a group; the host's controls
    sit in the subgroup /game host so that the commands every player uses stay one word away and there is room for
    more (see tests/bot/transport/test_command_tree.py)."""

    host = app_commands.Group(name="host", description="The host's controls: options, AI seats, deadlines, cancel")

    def __init__(self, parts: Parts) -> None:
        super().__init__()
        self.parts = parts
        games = [choice(g.info.title, name) for name, g in list(parts.games.items())[:25]]
        # Where a game is picked to play, each says what it is and for how many (a choice has no description).
        offer_games(self.new, [choice(game_choice(g), name) for name, g in list(parts.games.items())[:25]])
        offer_games(self.rules, games)
        offer_games(self.stats, games)
        offer_games(self.leaderboard, games)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        """What discord.py refuses before a command runs (an option it cannot read): answered like any failure.
        What goes wrong inside a command is answered there (see `command`)."""
        await answer_failure(interaction, error)

    # ------------------------------------------------------------------ helpers
    async def _here(self, interaction: discord.Interaction, *, statuses: tuple[str, ...] = OPEN) -> SessionRow:
        """The game of the interaction's channel: its lobby or running game, or with a finished status in `statuses`
        its newest such game; refused with a sentence when there is none."""
        return await self.parts.sessions.here(interaction.channel_id or 0, statuses=statuses)

    async def _channel_game(self, interaction: discord.Interaction) -> str:
        """The game of this channel (running, or the last one played), else the first game we offer."""
        try:
            session = await self._here(interaction, statuses=("lobby", "active", "finished", "abandoned"))
        except Refusal:
            return next(iter(self.parts.games))
        return session.game

    async def _lobby_here(self, interaction: discord.Interaction) -> tuple[SessionRow, Game] | None:
        """The lobby of this channel and its game, for suggestions (which cannot answer with a sentence)."""
        try:
            session = await self._here(interaction)
        except Refusal:
            return None
        return (session, self.parts.sessions.game(session.game)) if session.status == "lobby" else None

    async def _lobby_action(self, interaction: discord.Interaction, action: str) -> None:
        session = await self._here(interaction)
        if action != "cancel" and session.status != "lobby":
            raise Refusal("The game has already started.")
        await lobby_action(interaction, session.id, action)

    # -------------------------------------------------------------------- lobby
    @command("new", "Open a lobby for a new game in this channel (or a new thread)")
    @app_commands.describe(game="Which game to play", thread="Open a thread for this game")
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  thread: bool | None = None) -> None:
        engine = self.parts.sessions.game(game.value)
        channel: Any = interaction.channel
        perms = interaction.permissions
        settings = await check_may_open(interaction, channel, manager=bool(perms and perms.manage_channels))
        if thread is None:  # the server's default, where a thread can be opened (not from inside one)
            thread = settings.threads and isinstance(channel, discord.TextChannel)
        where = None
        if thread:
            if not isinstance(channel, discord.TextChannel):
                raise Refusal("Threads can only be opened from a text channel.")
            # Acknowledged before the thread is made: a slow Discord must not make the 3-second deadline fail.
            await interaction.response.defer(thinking=True)
            channel, where = await self._thread_for(interaction, channel, engine)
        session = await self.parts.lobby.open_lobby(guild_id=interaction.guild_id or 0, channel_id=channel.id,
                                                    game=game.value, host_id=interaction.user.id,
                                                    host_name=interaction.user.display_name)
        values = await self.parts.lobby.values(session)  # the server's defaults, when it set any
        if thread:
            message = await channel.send(**lobby_message(session, engine, values=values))
            await interaction.followup.send(**fit(content=where or f"Your {engine.info.title} lobby is open in "
                                                                    f"{channel.mention}."))
        else:
            await interaction.response.send_message(**lobby_message(session, engine, values=values))
            message = await interaction.original_response()
        await self.parts.store.set_messages(session.id, board_message_id=None, panel_message_id=message.id)

    async def _thread_for(self, interaction: discord.Interaction, channel: discord.TextChannel,
                          engine: Game) -> tuple[Any, str | None]:
        """The thread a new game opens in, or where this Discord cannot show threads (the sandbox's page) the
        channel that stands in for one, with the sentence that says so."""
        stand_in = cast(Host, interaction.client).presenter.thread_stand_in(channel.id)
        if stand_in is None:
            return await channel.create_thread(name=cut(f"{engine.info.title} game", THREAD_NAME),
                                               type=discord.ChannelType.public_thread), None
        other = interaction.client.get_channel(stand_in) or await interaction.client.fetch_channel(stand_in)
        mention = getattr(other, "mention", f"<#{stand_in}>")
        return other, (f"Threads do not show in the sandbox, so your {engine.info.title} lobby is open in {mention}, "
                       "the sandbox's other game channel, instead.")

    @command("join", "Take a seat in the lobby of this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await self._lobby_action(interaction, "join")

    @command("leave", "Leave the lobby of this channel")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._lobby_action(interaction, "leave")

    @command("start", "Start the game in this channel (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self._lobby_action(interaction, "start")

    @command("cancel", "Cancel the game in this channel (the host or a channel manager)", host)
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self._lobby_action(interaction, "cancel")

    @command("remove", "Take a seat (an AI or a member) out of the lobby", host)
    @app_commands.describe(seat="The seat's number as the lobby lists it")
    async def remove(self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 10]) -> None:
        session = await self._here(interaction)
        if session.status != "lobby":
            raise Refusal("The game has already started; a player leaves it with /game resign.")
        manager = await may_manage(interaction)
        session = await self.parts.lobby.remove(session.id, interaction.user.id, seat, manager=manager)
        await tell(interaction, f"Seat {seat} is free again.", ephemeral=False)
        await refresh_lobby(interaction, session)

    @command("option", "Set one of the lobby's options", host)
    @app_commands.describe(name="Which option (the suggestions list them with their current values)",
                           value="Its new value: a suggestion, or your own where the option allows it")
    async def option(self, interaction: discord.Interaction, name: str, value: str) -> None:
        session = await self._here(interaction)
        if session.status != "lobby":
            raise Refusal("The game has already started; its options are fixed.")
        session = await self.parts.lobby.set_option(session.id, interaction.user.id, name, value,
                                                    manager=await may_manage(interaction))
        game = self.parts.sessions.game(session.game)
        key, _value = typed_option(game, name, value)  # it was taken, so it names one of the lobby's options
        spec = next(s for s in lobby_specs(game) if s.key == key)
        shown = option_label(spec, (await self.parts.lobby.values(session)).get(spec.key, spec.default), session.seats)
        await tell(interaction, f"{spec.label}: {quoted(shown)}.")
        await refresh_lobby(interaction, session, page_of(game, spec.key, has_ai(session)))

    @option.autocomplete("name")
    async def option_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._lobby_here(interaction)
        if found is None:
            return []
        session, game = found
        typed = current.strip().casefold()
        values = await self.parts.lobby.values(session)
        # Its value now, then what it is about (cut to fit a suggestion; the lobby menu's "About" has it whole).
        return [choice(f"{s.label} (now: {option_label(s, values.get(s.key, s.default), session.seats)})"
                       + (f" · {s.help}" if s.help else ""), s.key)
                for s in lobby_specs(game) if typed in s.label.casefold() or typed in s.key.casefold()][:25]

    @option.autocomplete("value")
    async def option_values(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await self._lobby_here(interaction)
        if found is None:
            return []
        key, _value = typed_option(found[1], str(getattr(interaction.namespace, "name", "") or ""), "")
        spec = next((s for s in lobby_specs(found[1]) if s.key == key), None)
        return value_suggestions(spec, current, found[0].seats) if spec else []

    @command("ai", "Change how well an AI seat plays, in the lobby or during the game", host)
    @app_commands.describe(seat="The AI seat (the suggestions list them with their levels)", level="Its new level")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def ai(self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 10],
                 level: app_commands.Choice[str]) -> None:
        session, changed = await self.parts.lobby.set_level(await self._here(interaction), interaction.user.id, seat,
                                                            level.value, manager=await may_manage(interaction))
        label = levels.LABELS[level_of(changed)]
        if session.status == "lobby":  # the lobby shows it; only the host needs an answer
            await tell(interaction, f"{escape(changed.name)} (seat {seat}) now plays at {label}.")
            await refresh_lobby(interaction, session)
        else:
            await tell(interaction, f"{interaction.user.mention} set {seat_numbered(changed)} to {label}.",
                       ephemeral=False)

    @ai.autocomplete("seat")
    async def ai_seats(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        try:
            session = await self._here(interaction)
        except Refusal:
            return []
        typed = str(current).strip().casefold()
        return [app_commands.Choice(name=cut(f"{s.seat + 1}. {seat_label(s, markdown=False, ai='now ')}",
                                             CHOICE_TEXT), value=s.seat + 1)
                for s in session.seats if s.is_ai and (typed in s.name.casefold() or typed == str(s.seat + 1))][:25]

    # ------------------------------------------------------------- the game
    @command("board", "Show the current board of this channel's game")
    @app_commands.describe(text="The whole board in words instead of the picture (for screen readers)")
    async def board(self, interaction: discord.Interaction, text: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        session = await self._here(interaction, statuses=FINISHED)
        state = await self.parts.sessions.state(session)
        # Only the member sees this copy: words are their default when they set text boards on.
        text = text or (await self.parts.settings.get(interaction.user.id)).text_boards
        update = await self.parts.publisher.turn_update(session, state, [], render=not text)
        if text and update.board_words:
            title = f"{update.title} — {update.when + ', ' if update.when else ''}the board in words"
            for message in words_messages(update.board_words, title):
                await interaction.followup.send(ephemeral=True, **message)
            return
        # The live panel is the newest channel message; this copy is for looking, with no buttons and no pings.
        kwargs = turn_message(update, live=False)
        kwargs.pop("allowed_mentions", None)
        await interaction.followup.send(ephemeral=True, **kwargs)

    @command("hand", "See your own hand in this channel's game (only you see it)")
    @app_commands.describe(text="Your hand in words instead of the picture (for screen readers)")
    async def hand(self, interaction: discord.Interaction, text: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await self.parts.publisher.hand(await self._here(interaction, statuses=FINISHED), interaction.user.id,
                                                 words=text)
        await interaction.followup.send(ephemeral=True, **private_message(update, in_dm=False))

    @command("status", "Who plays, whose turn it is, or the final scores")
    async def status(self, interaction: discord.Interaction) -> None:
        session = await self._here(interaction, statuses=("lobby", "active", "finished", "abandoned", "cancelled"))
        title = self.parts.sessions.game(session.game).info.title
        if session.status == "lobby":
            await tell(interaction, status_text(session, title))
            return
        state = await self.parts.sessions.state(session)
        update = await self.parts.publisher.turn_update(session, state, [], render=False)
        waiting = await self.parts.records.waiting(session, update.decisions) if session.status == "active" else None
        await tell(interaction, status_text(session, title, update, waiting))

    @command("log", "What happened in this channel's game, turn by turn")
    @app_commands.describe(count="How many of the latest turns to show (1-50; 1 mid-turn: the turn so far)",
                           whole="The whole game, as a Markdown file when it is long")
    async def log(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 5,
                  whole: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # replaying a long game takes a moment
        session = await self._here(interaction, statuses=FINISHED)
        turns = await self.parts.records.log(session, None if whole else count)
        lines = log_lines(turns)
        if await self.parts.coach.hints_on(session):
            lines.insert(0, f"*{HINTS_LOGGED}*")
        text = "\n".join(lines) or "Nothing has happened yet."
        latest_turns = "the latest turn" if len(turns) == 1 else f"the latest {counted(len(turns), 'turn')}"
        title = f"Game log — {'the whole game' if whole else latest_turns}"
        if len(text) <= EMBED_DESCRIPTION or not whole:  # the newest turns are the ones a reader looks for
            await interaction.followup.send(
                **fit(embed=discord.Embed(title=title, description=latest(lines, EMBED_DESCRIPTION) or text)),
                ephemeral=True)
            return
        title = self.parts.sessions.game(session.game).info.title
        body = f"# {title}, game #{session.id}\n\n" + "\n\n".join(lines) + "\n"
        await interaction.followup.send(
            **fit(content=f"The whole game, {counted(len(turns), 'turn')}.",
                  file=discord.File(io.BytesIO(body.encode()), filename=f"game-{session.id}-log.md")),
            ephemeral=True)

    @command("rules", "Rules help for a game, by topic")
    @app_commands.describe(game="Which game (default: the one in this channel)", topic="Which part of the rules")
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                    topic: str | None = None) -> None:
        name = game.value if game else await self._channel_game(interaction)
        pages = rules_pages(self.parts.sessions.game(name))
        if not pages:
            raise Refusal("This game has no rules pages yet.")
        key = topic if topic in pages else next(iter(pages))
        # A long page (a game's lobby options, all explained) comes in several embeds of one message.
        first, *more = paragraphs(pages[key], EMBED_DESCRIPTION)
        embeds = [discord.Embed(title=f"{self.parts.sessions.game(name).info.title} — {key}", description=first),
                  *(discord.Embed(description=piece) for piece in more)]
        if topic and topic not in pages:
            embeds[-1].set_footer(text=f"No topic '{quoted(topic)}'; showing the overview. Topics: {', '.join(pages)}")
        await interaction.response.send_message(**fit(embeds=embeds[:EMBEDS]), ephemeral=True)

    @rules.autocomplete("topic")
    async def rules_topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed = getattr(interaction.namespace, "game", None)
        name = typed if isinstance(typed, str) and typed in self.parts.games else await self._channel_game(interaction)
        names = [name] if name in self.parts.games else list(self.parts.games)
        topics = [t for n in names for t in rules_pages(self.parts.sessions.game(n))]
        return [choice(t, t) for t in topics if current.lower() in t.lower()][:25]

    @command("resign", "Leave this channel's game: the AI plays your seat from now on")
    async def resign(self, interaction: discord.Interaction) -> None:
        # Final, so asked first, privately: the button of the question resigns (bot/discord/resign.py).
        session = await self._here(interaction, statuses=("active",))
        await interaction.response.send_message(**ask_to_resign(session, interaction.user.id), ephemeral=True)

    # ------------------------------------------------------- slow games
    @command("deadline", "Hours each player has for a turn before the AI plays it", host)
    @app_commands.describe(hours="Hours per turn (0: no deadline)",
                           missed="Missed deadlines in a row before the AI keeps the seat (default 3)")
    @app_commands.choices(hours=DEADLINE_CHOICES)
    async def deadline(self, interaction: discord.Interaction, hours: app_commands.Choice[int],
                       missed: app_commands.Range[int, 1, 10] | None = None) -> None:
        meta = await self.parts.deadlines.set_deadline(await self._here(interaction), interaction.user.id, hours.value,
                                                       missed, manager=await may_manage(interaction))
        text = ("This game has no turn deadline." if not meta.deadline_hours else
                f"Each turn must be played within {meta.deadline_hours} hours, or the AI plays it; after "
                f"{meta.deadline_limit} missed in a row the AI keeps the seat until its player uses "
                f"`/game rejoin`. Away for a while? `/game vacation` pauses your deadlines.")
        await tell(interaction, text, ephemeral=False)

    @command("vacation", "Pause your turn deadlines in this game while you are away")
    @app_commands.describe(days="How many days you are away (0: you are back)")
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 14]) -> None:
        until = await self.parts.deadlines.vacation(await self._here(interaction), interaction.user.id, days)
        text = (f"{interaction.user.mention} is back: their deadlines run again." if until is None else
                f"{interaction.user.mention} is away until {timestamp(until, 'f')}; their turn "
                f"deadlines wait until then.")
        await tell(interaction, text, ephemeral=False)

    @command("rejoin", "Take back your seat from the AI that kept it while you were away")
    async def rejoin(self, interaction: discord.Interaction) -> None:
        await self.parts.deadlines.rejoin(await self._here(interaction, statuses=("active",)), interaction.user.id)
        await tell(interaction, f"{interaction.user.mention} is back at the table.", ephemeral=False)
        # Their buttons, if the game waits for them.
        await self.parts.publisher.post_again(await self._here(interaction, statuses=("active", "finished")))

    # ---------------------------------------------------------- records
    @command("history", "This channel's past games and how they ended")
    async def history(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # loads every past game's state
        lines = history_lines(await self.parts.records.past(interaction.channel_id or 0))
        text = "\n".join(lines) or "No game has ended in this channel yet."
        await interaction.followup.send(**fit(embed=discord.Embed(title="Past games here", description=text)),
                                        ephemeral=True)

    @command("replay", "An animated replay: a past game here, a stretch of this one, or the turns you missed")
    @app_commands.describe(game="A past game of this channel, by its number in /game history (default: this one)",
                           from_="The first turn to show (default: the first)",
                           to="The last turn to show (default: the latest)",
                           since="The turns since your own last move, shown to you alone")
    @app_commands.rename(from_="from")
    @app_commands.choices(since=[app_commands.Choice(name="my last move", value="mine")])
    async def replay(self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None,
                     from_: app_commands.Range[int, 1, 10000] | None = None,
                     to: app_commands.Range[int, 1, 10000] | None = None,
                     since: app_commands.Choice[str] | None = None) -> None:
        private = since is not None
        # Drawing a whole game takes seconds. Deferred privately either way, so a refusal reaches the asker alone; a
        # replay for everyone is then posted in the channel as a message of its own.
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel_id or 0
        replays = self.parts.replays
        session = await replays.past(channel, game) if game else await self._here(interaction, statuses=FINISHED)
        # The interaction tells how big a file this channel takes (more on a boosted server): the GIF is made to fit.
        made = await replays.stretch(session, from_, to, since_of=interaction.user.id if private else None,
                                     upload=interaction.filesize_limit)
        if made is None:
            raise Refusal("This game has no pictures to replay; /game log tells it in words.")
        engine = self.parts.sessions.game(session.game)
        title, word = engine.info.title, engine.info.turn_word.lower()  # Now Boarding counts rounds
        shown = "the start" if not made.last else (
            f"{word} {made.first}" if made.first == made.last else f"{word}s {made.first} to {made.last}")
        text = f"{title}, game #{session.id}: {shown} of {made.turns}."
        file = discord.File(io.BytesIO(made.gif), filename=f"game-{session.id}-replay.gif",
                            description=f"An animated replay of {title}, game #{session.id}: {shown}.")
        if private:
            await interaction.followup.send(**fit(content=text, file=file), ephemeral=True)
            return
        await panel_channel(interaction.channel).send(**fit(content=f"{interaction.user.mention} asked for a replay. "
                                                                     f"{text}", file=file,
                                                             allowed_mentions=discord.AllowedMentions.none()))
        await interaction.followup.send(**fit(content="The replay is posted in the channel."), ephemeral=True)

    @command("export", "The record of a finished game as a JSON file: its setup and every choice")
    @app_commands.describe(game="A past game of this channel, by its number in /game history (default: the last)")
    async def export(self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # replays the whole log
        replays = self.parts.replays
        channel = interaction.channel_id or 0
        session = await replays.past(channel, game) if game else await self._here(interaction, statuses=FINISHED)
        record = await replays.record(session)
        body = record.model_dump_json(indent=1).encode()
        await interaction.followup.send(**fit(
            content=f"Game #{session.id}, {len(record.choices)} choices. `python -m engine replay` on this file plays "
                    "it again to the same end.",
            file=discord.File(io.BytesIO(body), filename=f"game-{session.id}-record.json")), ephemeral=True)

    @command("mine", "Your games in this server: which ones wait for you")
    async def mine(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # loads the state of each game
        lines = open_game_lines(await self.parts.records.open_games(interaction.guild_id, interaction.user.id))
        text = "\n".join(lines) or "You are in no open game in this server."
        await interaction.followup.send(**fit(embed=discord.Embed(title="Your games", description=text)),
                                        ephemeral=True)

    @command("stats", "A member's games, wins and rating in this server")
    @app_commands.describe(member="Whose (you if not given)", game="Which game (the one they played most here)")
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None,
                    game: app_commands.Choice[str] | None = None) -> None:
        who = member or interaction.user
        found = await self.parts.ratings.stats(interaction.guild_id or 0, who.id, game.value if game else None)
        if found is None:
            what = f"a game of {self.parts.sessions.game(game.value).info.title}" if game else "a game"
            raise Said(f"{'You have' if who.id == interaction.user.id else who.mention + ' has'} not finished "
                          f"{what} on this server yet.")
        await tell(interaction, stats_text(found, who.id, self.parts.sessions.game(found.game)))

    @command("leaderboard", "The best ratings of this server in a game, all time or a season")
    @app_commands.describe(game="Which game (this channel's by default)",
                           season="A quarter such as 2026-Q4, 'now' for this one; all time if not given")
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                          season: str = "") -> None:
        name = game.value if game else await self._channel_game(interaction)
        found = parse_season(season, self.parts.sessions.now())
        if found is None:
            raise Refusal("A season is a calendar quarter such as 2026-Q4, or 'now'; leave it out for all time.")
        board = await self.parts.ratings.board(interaction.guild_id or 0, interaction.user.id, name, found)
        title = f"{self.parts.sessions.game(name).info.title} — {season_name(found)}"
        await tell(interaction, f"**{title}**\n" + board_text(board, interaction.user.id,
                                                                self.parts.sessions.game(name)))

    @leaderboard.autocomplete("season")
    async def seasons(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        now = self.parts.sessions.now()
        found = [choice("All time", "all")]
        for back in range(4):
            month = now.month - 1 - 3 * back
            year = now.year + month // 12
            key = season_of(datetime(year, month % 12 + 1, 1, tzinfo=UTC))
            found.append(choice(key.replace("-", " ") + (" (now)" if back == 0 else ""), key))
        typed = current.strip().casefold()
        return [c for c in found if typed in c.name.casefold()] or found

    # ----------------------------------------------------- while playing
    @command("settings", "Your own settings: shown as they are now, changed by the options you give")
    @app_commands.describe(dms="Your hand in this channel's game by DM: on (again), or off (you use /game hand)",
                           text_boards="Boards in words instead of pictures in your hand and DMs, in every server "
                                       "(for screen readers)")
    async def settings(self, interaction: discord.Interaction, dms: bool | None = None,
                       text_boards: bool | None = None) -> None:
        lines = []
        try:
            session: SessionRow | None = await self._here(interaction, statuses=("active",))
        except Refusal:
            session = None
        if dms is not None:
            if session is None:
                raise Refusal("There is no game running in this channel, so there is no hand to send by DM.")
            await self.parts.publisher.set_dms(session, interaction.user.id, on=dms)
            lines.append("Your hand comes by DM again from your next change." if dms else
                         "No more DMs for you in this game; /game hand shows your hand.")
        elif text_boards is not None:
            pass  # the one setting given is said below
        elif session is not None and any(s.user_id == interaction.user.id for s in session.seats):
            on = await self.parts.publisher.dms_on(session, interaction.user.id)
            lines.append(f"Hand by DM in this game: {'on' if on else 'off'} (change it with the option dms).")
        else:
            lines.append("You play no game in this channel, so there is no hand by DM to set here.")
        if text_boards is not None:
            await self.parts.settings.change(interaction.user.id, text_boards=text_boards)
            lines.append(text_boards_said(text_boards))
        elif dms is None:
            on = (await self.parts.settings.get(interaction.user.id)).text_boards
            lines.append(f"Boards in words, in every server: {'on' if on else 'off'} (change it with the option "
                         "text_boards).")
        await tell(interaction, "\n".join(lines))

    @command("undo", "Take back your last step, or ask the others to go back to a turn")
    @app_commands.describe(turn="Ask every other player to take the game back to the start of this turn")
    async def undo(self, interaction: discord.Interaction,
                   turn: app_commands.Range[int, 1, 10000] | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        session = await self._here(interaction, statuses=("active",))
        if turn is None:
            text = await self.parts.undo.take_back(session.id, interaction.user.id)
        else:
            asked = await self.parts.undo.ask(session.id, interaction.user.id, turn)
            # What was done, when nobody else plays and the game went back at once.
            text = asked if isinstance(asked, str) else ("Your request is posted; the game goes back once every "
                                                         "other player accepts.")
        await interaction.followup.send(**fit(content=text), ephemeral=True)

    @command("panel", "Post the current turn panel of this channel's game again")
    async def panel(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.parts.publisher.post_again(await self._here(interaction, statuses=("active", "finished")),
                                              interaction.user.id, manager=await may_manage(interaction))
        await interaction.followup.send(**fit(content="The current panel is posted again."), ephemeral=True)

    @command("nudge", "Remind the players this game is waiting for")
    async def nudge(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # posting the reminder may be slow
        await self.parts.reminders.nudge(await self._here(interaction, statuses=("active",)), interaction.user.id,
                                         manager=await may_manage(interaction))
        await tell(interaction, "Reminded.")

    @command("reminders", "Hours of quiet before the bot reminds whoever must act (0: never)", host)
    @app_commands.describe(hours="Hours of quiet before a reminder, 0 to turn reminders off")
    async def reminders(self, interaction: discord.Interaction, hours: app_commands.Range[float, 0, 720]) -> None:
        seconds = await self.parts.reminders.set_period(await self._here(interaction), interaction.user.id, hours,
                                                        manager=await may_manage(interaction))
        text = ("Reminders are off for this game." if seconds <= 0 else
                f"Whoever must act is reminded after {describe(timedelta(seconds=seconds))} of quiet.")
        await tell(interaction, text, ephemeral=False)

    @command("play", "Type a move instead of clicking (autocomplete shows legal ones)")
    @app_commands.describe(text="The move, as the suggestions show it")
    async def play(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        session = await self._here(interaction, statuses=("active",))
        steps = await self.parts.turns.play_text(session.id, interaction.user.id, text)
        await interaction.followup.send(**fit(content=f"Done ({steps} step{'s' if steps != 1 else ''})."),
                                        ephemeral=True)

    @play.autocomplete("text")
    async def play_suggest(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            session = await self._here(interaction, statuses=("active",))
        except Refusal:
            return []
        found = await self.parts.turns.suggestions(session, interaction.user.id, current)
        return [choice(s, s) for s in found][:25]
