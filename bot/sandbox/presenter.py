"""How private things reach a member in the sandbox. Its page shows one channel and no DMs, so what a member would get
by DM (their hand, what a Spy saw, a card drawn) comes to them in the channel as a message only they can see: an
ephemeral follow-up to their newest click or command there, the path `/game hand` and "Show my choices" already use.

A follow-up needs an interaction of that member in that channel, acknowledged and still valid (Discord honours
an interaction token for 15 minutes). Without one (after a restart, or after a long pause) the update waits and
comes with the member's next click or command in that channel; the channel is told once per game, without
anything private, that something waits.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

import discord

from bot.discord.host import Host
from bot.discord.limits import fit
from bot.discord.markup import mention
from bot.discord.presenter import DiscordPresenter, private_message
from bot.session import PrivateUpdate
from bot.store import SessionRow

log = logging.getLogger("tarmac.sandbox")

TOKEN_LIFE = timedelta(minutes=14)  # Discord's 15 minutes, less a margin for the send itself
ANSWER_WAIT = 3.0  # seconds: Discord's own deadline for acknowledging an interaction
FOLLOWS_UP = (discord.InteractionType.application_command, discord.InteractionType.component,
              discord.InteractionType.modal_submit)

Key = tuple[int, int]  # (member id, channel id)


class SandboxPresenter(DiscordPresenter):
    def __init__(self, client: Host) -> None:
        super().__init__(client)
        self._latest: dict[Key, discord.Interaction] = {}
        self._waiting: dict[Key, list[PrivateUpdate]] = {}
        self._deliveries: set[asyncio.Task[None]] = set()
        self.stand_ins: dict[int, int] = {}
        """Channel -> the game channel a thread's game opens in instead (the page shows no threads): set by the
        sandbox from its world."""

    def thread_stand_in(self, channel_id: int) -> int | None:
        return self.stand_ins.get(channel_id)

    def saw(self, interaction: discord.Interaction) -> None:
        if interaction.type not in FOLLOWS_UP or interaction.channel_id is None:
            return
        key = (interaction.user.id, interaction.channel_id)
        self._latest[key] = interaction
        if key in self._waiting:
            task = asyncio.create_task(self._deliver_waiting(key, interaction))
            self._deliveries.add(task)
            task.add_done_callback(self._deliveries.discard)

    async def send_private(self, update: PrivateUpdate) -> bool:
        assert update.seat.user_id is not None
        key = (update.seat.user_id, update.session.channel_id)
        interaction = self._usable(key)
        self._waiting.setdefault(key, []).append(update)
        if interaction is None:
            return False
        return await self._send(key, interaction)

    async def dms_closed(self, session: SessionRow, user_id: int) -> None:
        channel = await self._channel(session.channel_id)
        await channel.send(**fit(
            content=f"{mention(user_id)}, something for your eyes only is waiting: it shows here, to you alone, with "
                    "your next click or command in this channel (/game hand shows your hand now).",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=user_id)])))

    def _usable(self, key: Key) -> discord.Interaction | None:
        interaction = self._latest.get(key)
        if interaction is None or not interaction.response.is_done():
            return None
        if interaction.response.type == discord.InteractionResponseType.modal:
            return None  # a form was the whole answer: Discord takes no follow-up on it
        if discord.utils.utcnow() - interaction.created_at > TOKEN_LIFE:
            return None
        return interaction

    async def _deliver_waiting(self, key: Key, interaction: discord.Interaction) -> None:
        """Once the member's new interaction is answered (follow-ups come after the answer), send what waited."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + ANSWER_WAIT
        while not interaction.response.is_done():
            if loop.time() > deadline:
                return  # never answered: the updates wait for the next one
            await asyncio.sleep(0.05)
        if self._usable(key) is interaction:
            await self._send(key, interaction)

    async def _send(self, key: Key, interaction: discord.Interaction) -> bool:
        """Everything waiting for this member in this channel as one message: the events in order, the newest hand."""
        updates = self._waiting.pop(key, [])
        if not updates:
            return True
        newest = updates[-1]
        merged = PrivateUpdate(session=newest.session, title=newest.title, seat=newest.seat,
                               events=[e for u in updates for e in u.events], hand_png=newest.hand_png,
                               hand_text=newest.hand_text, hand_words=newest.hand_words, what=newest.what)
        try:
            await interaction.followup.send(ephemeral=True, **private_message(merged, in_dm=False))
        except discord.HTTPException:
            log.info("could not show a private update; it waits for the member's next interaction",
                     extra={"session_id": newest.session.id})
            self._waiting.setdefault(key, [])[:0] = updates
            return False
        return True
