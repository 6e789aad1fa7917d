"""Slash commands that answer whatever goes wrong in them: the one decorator every command group uses (/game, /lfg,
/league, /coach, /tarmac)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from bot.discord.replies import answer_failure

Method = Callable[..., Coroutine[Any, Any, None]]


def command(name: str, description: str,
            group: app_commands.Group | None = None) -> Callable[[Method], app_commands.Command[Any, ..., None]]:
    """`app_commands.command` for a method of a group (or of its subgroup `group`, such as /game host), with the
    one answer to whatever goes wrong in it (replies.answer_failure): a refusal gets its sentence, our own error is
    logged and apologised for.

    The answer is given here rather than in `on_error` because discord.py hands every error a command raises to
    the command tree as well, handled or not, and SimCord (the tests' Discord and the sandbox's) counts each one
    as the bot failing: a player's refused move would fail the test, or show as a failed action on the sandbox
    page. Nothing a command raises leaves it."""

    def decorate(method: Method) -> app_commands.Command[Any, ..., None]:
        @functools.wraps(method)  # discord.py reads the options from the method's own signature
        async def answered(self: app_commands.Group, interaction: discord.Interaction, /, *args: Any,
                           **kwargs: Any) -> None:
            try:
                await method(self, interaction, *args, **kwargs)
            except Exception as error:
                await answer_failure(interaction, error)

        register = group.command if group is not None else app_commands.command
        return register(name=name, description=description)(answered)

    return decorate
