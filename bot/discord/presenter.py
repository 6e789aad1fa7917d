"""DiscordPresenter: posts what the session side decided to show. Channel gets the public board and panel; each player
gets their private view by DM, and if their DMs are closed the channel learns only that, never the content."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot.discord.host import Host
from bot.discord.layout import note
from bot.discord.limits import EMBED_DESCRIPTION, EMBEDS, code_block, fit, latest
from bot.discord.markup import channel_link, mention
from bot.discord.panel import COLOUR, turn_message
from bot.discord.reach import PanelChannel, panel_channel
from bot.discord.texts import notice_text, reminder_text
from bot.discord.undo import answer_view
from bot.discord.words import words_embeds
from bot.naming import escape
from bot.session import PrivateUpdate, Reminder, SessionRow, TurnUpdate, UndoRequest
from bot.session.coach import Chart
from bot.session.server_settings import server_settings
from bot.session.sessions import seat_name, seats_of
from bot.session.types import Notice
from renderers.words import alt_text

log = logging.getLogger("tarmac.discord")


def private_message(update: PrivateUpdate, *, in_dm: bool, channel_name: str | None = None) -> dict[str, Any]:
    """A DM (or `/game hand` reply) with one player's hand. A member may sit in several games at once, so a DM says
    which game it belongs to: the channel by name in the title, and a link back to it."""
    session = update.session
    where = f" in #{channel_name}" if in_dm and channel_name else ""
    embed = discord.Embed(title=f"{update.title}{where} — {update.what}", colour=COLOUR)
    url = channel_link(session.guild_id or "@me", session.channel_id)  # no guild: a DM channel's own link
    lines = [f"[Back to the game{where}]({url})"] if in_dm else []
    if update.events:
        lines.append(latest(update.events, EMBED_DESCRIPTION // 2))  # the newest of many, and room for the hand
    room = EMBED_DESCRIPTION - sum(len(line) + 2 for line in lines)
    more: list[discord.Embed] = []
    if update.hand_text:
        lines.append(code_block(update.hand_text, room, "json"))
    elif update.hand_words and not update.hand_png:  # in words, in place of the picture: whole, in several embeds
        first, *more = words_embeds(update.hand_words)
        if len(first.description or "") <= room:
            lines.append(first.description or "")
        else:
            more.insert(0, first)
    embed.description = "\n\n".join(lines) or None
    kwargs: dict[str, object] = {"embeds": [embed, *more][:EMBEDS]}
    if update.hand_png:
        kwargs["file"] = discord.File(io.BytesIO(update.hand_png), filename="hand.png",
                                      description=alt_text(update.hand_words) or None)
        embed.set_image(url="attachment://hand.png")
        if update.hand_words:  # a big hand's picture shortens long card texts to fit a phone's width
            embed.set_footer(text="Every word of it: /game hand text:True")
    return fit(**kwargs)


def analysis_message(session: SessionRow, chart: Chart, *, heading: str = "Where the game turned") -> dict[str, Any]:
    """The chances chart with the turning points in words above it (its alt text says the same)."""
    # Names (and a turn's quoted words) shown as written: no markdown.
    lines = "\n".join(f"{n}. {escape(line)}" for n, line in enumerate(chart.lines, start=1))
    content = f"**{heading}** (game #{session.id})" + (f"\n{lines}" if lines else "")
    file = discord.File(io.BytesIO(chart.png), filename=f"game-{session.id}-chances.png",
                        description=alt_text(chart.words) or None)
    return fit(content=content, file=file, allowed_mentions=discord.AllowedMentions.none())


class DiscordPresenter:
    def __init__(self, client: Host) -> None:
        self.client = client
        self._dm_channels: dict[int, int] = {}  # member id -> DM channel id
        # channel id -> its newest panel: message id, what it showed, its attachments (for its retirement)
        self._shown: dict[int, tuple[int, TurnUpdate, list[discord.Attachment]]] = {}
        self._told_unposted: set[int] = set()  # sessions whose failed post the notice channel heard of

    def thread_stand_in(self, channel_id: int) -> int | None:
        """Where this Discord cannot show threads: the channel a game asked for in a thread opens in instead. On
        Discord threads show, so none."""
        return None

    def saw(self, interaction: discord.Interaction) -> None:
        """Every interaction passes here; on Discord nothing needs it (private things go by DM)."""

    async def _channel(self, channel_id: int) -> PanelChannel:
        return panel_channel(self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id))

    async def tell_server(self, guild_id: int | None, text: str) -> bool:
        """Say `text` in the server's notice channel (/tarmac settings notice_channel), if it has one; whether it was
        said. Never raises: a notice that cannot be posted is only logged."""
        settings = await server_settings(self.client.store, guild_id)
        if settings.notice_channel is None:
            return False
        try:
            channel = await self._channel(settings.notice_channel)
            await channel.send(**fit(content=text), silent=True)
        except Exception:
            log.warning("could not post in the notice channel", exc_info=True,
                        extra={"guild_id": guild_id, "channel_id": settings.notice_channel})
            return False
        return True

    async def say_restarted(self, games: dict[int, int]) -> None:
        """After a start, in each server of this process that has a notice channel: that the bot is back, with how
        many of its games carry on (`games`: server id -> open games)."""
        for guild in self.client.guilds:
            count = games.get(guild.id, 0)
            carried = ("no game was running" if not count else
                       f"{count} game{'s' if count != 1 else ''} carr{'ies' if count == 1 else 'y'} on where "
                       f"{'it was' if count == 1 else 'they were'}")
            await self.tell_server(guild.id, f"Tarmac restarted: {carried}.")

    async def show_turn(self, update: TurnUpdate) -> None:
        """Post the panel, or edit the newest one in place when the update continues its turn (`replaces`). When it
        cannot be posted the server's notice channel is told, once per game and process, and the error goes on to
        the session side (which logs it and lets /game panel try again)."""
        try:
            await self._show_turn(update)
        except Exception as exc:
            session = update.session
            if session.id not in self._told_unposted:
                self._told_unposted.add(session.id)
                why = "I lack a permission there" if isinstance(exc, discord.Forbidden) else type(exc).__name__
                await self.tell_server(session.guild_id, (
                    f"I could not post the board of game #{session.id} in <#{session.channel_id}> ({why}): check "
                    "that I may view the channel, send messages, embed links and attach files there; /game panel "
                    "posts it again."))
            raise
        self._told_unposted.discard(update.session.id)

    async def _show_turn(self, update: TurnUpdate) -> None:
        channel = await self._channel(update.session.channel_id)
        message: discord.Message | None = None
        # Edit only while the panel is still the channel's newest message: once people have chatted below it, an
        # edit up the scroll would go unseen, so the board comes back to the bottom as a new message.
        newest = getattr(channel, "last_message_id", None)
        gone: int | None = None  # the panel, found deleted by the edit: nothing to take its buttons off after
        if update.replaces is not None and newest in (None, update.replaces):
            try:
                message = await self._edit_panel(channel, update.replaces, update)
            except discord.NotFound:  # deleted (a moderator tidying the channel): an everyday thing, not a fault
                gone = update.replaces
                log.info("the panel is gone; posting a new one",
                         extra={"session_id": update.session.id, "channel_id": update.session.channel_id})
        if message is None:
            sent = turn_message(update)
            # Nobody to ping (an AI's turn, a board shown again): no buzz either, whatever a member's settings.
            message = await channel.send(**sent, silent=not sent["allowed_mentions"].users)
        # The panel this one follows keeps no buttons: a click there could only be refused as out of date.
        superseded = update.retires or update.session.board_message_id
        if superseded is not None and superseded not in (message.id, gone):
            await self._retire(channel, superseded, update)
        self._shown[update.session.channel_id] = (message.id, update, list(message.attachments))
        await self.client.store.set_messages(
            update.session.id, board_message_id=message.id, panel_message_id=update.session.panel_message_id)

    async def _retire(self, channel: PanelChannel, message_id: int, update: TurnUpdate) -> None:
        """Take the buttons off a panel a newer one replaces, so nobody clicks there for an "out of date"."""
        said = ("This panel was posted again below." if update.retires is not None
                else "The game moved on: the newest panel is below.")
        shown = self._shown.get(update.session.channel_id)
        if shown is None or shown[0] != message_id:  # not posted by this process: only a note can replace it
            await self._strip(channel, message_id, said, update.session.id)
            return
        # Known: it keeps its summary and board for whoever scrolls back; the prompt and controls give way to a note.
        kept = turn_message(shown[1], ended=said)
        kept.pop("file", None)
        try:
            await channel.get_partial_message(message_id).edit(view=kept["view"], attachments=shown[2],
                                                               allowed_mentions=discord.AllowedMentions.none())
        except discord.NotFound:  # deleted (a moderator tidying the channel): nothing left to take off
            log.info("the old panel is gone; no buttons to take off", extra={"session_id": update.session.id})
        except Exception:  # its buttons would only refuse anyway
            log.warning("could not take the buttons off an old panel", exc_info=True,
                        extra={"session_id": update.session.id})

    async def retire(self, session: SessionRow, message_id: int, text: str) -> None:
        await self._strip(await self._channel(session.channel_id), message_id, text, session.id)

    async def _strip(self, channel: PanelChannel, message_id: int, text: str, session_id: int) -> None:
        try:
            # A V2 message stays V2: the note is a text display, and the old board goes with its buttons. A panel of
            # an older build (an embed) loses its content and embed, which a V2 message may not have.
            await channel.get_partial_message(message_id).edit(
                **fit(content=None, embeds=[], view=note(text), attachments=[],
                      allowed_mentions=discord.AllowedMentions.none()))
        except discord.NotFound:  # deleted, or from before a sandbox restart: nothing left to take off
            log.info("the old panel is gone; no buttons to take off", extra={"session_id": session_id})
        except Exception:  # its buttons would only refuse anyway
            log.warning("could not take the buttons off an old panel", exc_info=True,
                        extra={"session_id": session_id})

    async def _edit_panel(self, channel: PanelChannel, message_id: int,
                          update: TurnUpdate) -> discord.Message | None:
        """Edit the panel message in place: the new board replaces the old attachment (`attachments` lists only the
        new file, so Discord drops the old one), and the buttons carry the new state version. None when the edit
        failed (the bot may no longer edit it): the caller posts a new panel instead. discord.NotFound when the
        message was deleted, for the caller to know it is gone."""
        kwargs = turn_message(update)
        board = kwargs.pop("file", None)
        try:
            partial = channel.get_partial_message(message_id)
            return await partial.edit(view=kwargs["view"], attachments=[board] if board else [],
                                      allowed_mentions=kwargs["allowed_mentions"])
        except discord.NotFound:
            raise  # deleted: the caller posts a new panel and leaves the old one alone
        except Exception:
            log.warning("could not edit the turn panel; posting a new one", exc_info=True,
                        extra={"session_id": update.session.id, "channel_id": update.session.channel_id})
            return None

    async def _dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The member's DM channel, looked up once: without the members intent the user is rarely cached, and
        fetching the user and opening the DM before every DM cost two requests each time."""
        found = self._dm_channels.get(user_id)
        if found is None:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            dm = user.dm_channel or await user.create_dm()
            found = self._dm_channels[user_id] = dm.id
        return self.client.get_partial_messageable(found, type=discord.ChannelType.private)

    async def send_private(self, update: PrivateUpdate) -> bool:
        user_id = update.seat.user_id
        assert user_id is not None
        channel = self.client.get_channel(update.session.channel_id)
        try:
            dm = await self._dm_channel(user_id)
            await dm.send(**private_message(
                update, in_dm=True, channel_name=getattr(channel, "name", None)))
        except discord.Forbidden:
            log.info("DMs closed", extra={"session_id": update.session.id, "seat": update.seat.seat})
            return False
        return True

    async def dms_closed(self, session: SessionRow, user_id: int) -> None:
        channel = await self._channel(session.channel_id)
        await channel.send(**fit(
            content=f"{mention(user_id)}, I cannot send you DMs, so I stop trying: /game hand shows your hand. Once "
                    "your DMs are open, say /game settings dms:True.",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=user_id)])))

    async def remind(self, reminder: Reminder) -> None:
        """Mention exactly the members the game waits for (the allowed mentions say so too), with a link to the
        newest panel so they can act at once."""
        channel = await self._channel(reminder.session.channel_id)
        await channel.send(**fit(content=reminder_text(reminder), allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(id=u) for u in reminder.user_ids], roles=False, everyone=False)))

    async def notify(self, notice: Notice) -> None:
        text, mentions = notice_text(notice)
        channel = await self._channel(notice.session.channel_id)
        # A notice that calls on nobody (the game answered for a silent member, a round ended while offline) is
        # for whoever reads the channel next: no buzz.
        await channel.send(**fit(content=text, allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(id=u) for u in mentions], roles=False, everyone=False)), silent=not mentions)

    async def show_analysis(self, session: SessionRow, chart: Any) -> None:
        """A finished game's chances chart with its turning points, after the final message: nobody must act on
        it, so it is silent."""
        channel = await self._channel(session.channel_id)
        await channel.send(**analysis_message(session, chart), silent=True)

    async def ask_undo(self, session: SessionRow, request: UndoRequest) -> None:
        channel = await self._channel(session.channel_id)
        who = " ".join(mention(u) for u in request.waiting)
        asker = escape(seat_name(session, seats_of(session, request.by)[0]))
        text = (f"{asker} asks to take the game back to the start of turn {request.turn}. It happens only if every "
                f"other player accepts; any move meanwhile cancels the request.")
        await channel.send(**fit(content=f"{who}: {text}", view=answer_view(session.id, request.version),
                                 allowed_mentions=discord.AllowedMentions(
                                     users=[discord.Object(id=u) for u in request.waiting], roles=False,
                                     everyone=False)))
