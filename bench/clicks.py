"""Clicking through SimCord as a member would, timed on SimCord's request log: what the latency, AI-turn and load
benchmarks share."""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator
from typing import Any

PANEL_HEADING = re.compile(r"^### .+ — (?:Turn|Round) \d+")
"""A turn panel's heading: the game's title and the turn ("### Planes — Turn 5 · round 2")."""


class TimedLog(list[Any]):
    """SimCord's request log with the moment each request arrived (the log itself has no clock)."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def append(self, entry: Any) -> None:
        self.times.append(time.perf_counter())
        super().append(entry)


def timed_table(env: Any) -> tuple[TimedLog, Any, Any]:
    """SimCord's request log, timed, and a new guild with one channel "bench" (guild, channel)."""
    log = TimedLog()
    env.backend.http_requests = log
    guild = env.create_guild()
    return log, guild, guild.create_text_channel("bench")


async def policy_click(env: Any, bot: Any, game: Any, session_id: int, channel_id: int, plan: list[str],
                       rng: Any) -> tuple[Any, Any, int] | None:
    """The newest panel, the state behind it, and the index of the option the game's playout policy clicks next:
    the next step of `plan`, which is refilled when its next step is not on offer and consumed here. None once
    the game is over."""
    from engine.core import load_state
    from engine.core.ai import random_ai

    panel = newest_panel(env, channel_id)
    if not _items(panel):
        return None
    state = load_state(game, (await bot.store.load_snapshot(session_id))[0])
    decision = game.pending(state)[0]
    if not plan or decision.option(plan[0]) is None:
        plan[:] = random_ai.plan(game, state, decision, rng)
    chosen = decision.option(plan.pop(0))
    assert chosen is not None
    # A member clicks the one entry two identical options share (engine.core.panel.distinct): the first of them.
    return panel, state, next(i for i, o in enumerate(decision.options)
                              if (o.label, o.detail) == (chosen.label, chosen.detail))


async def policy_clicks(env: Any, bot: Any, game: Any, session_id: int, channel_id: int, plan: list[str],
                        rng: Any) -> AsyncIterator[tuple[Any, Any, int]]:
    """policy_click after policy_click, each once the one before has been clicked, until the game is over. Clearing
    `plan` in between makes the policy plan afresh (after an AI's turn, say)."""
    while (found := await policy_click(env, bot, game, session_id, channel_id, plan, rng)) is not None:
        yield found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def newest_panel(env: Any, channel_id: int) -> Any:
    """The newest turn panel, rebuilt alone: `history()` rebuilds every message of the channel on each call."""
    from simcord.results import to_discord_message

    stored = env.backend.messages.get(channel_id, {})
    for message_id in sorted(stored, reverse=True):
        message = stored[message_id]
        texts = [c.get("content") or "" for c in _walk(message.components) if c.get("type") == TEXT_DISPLAY]
        if message.visible_to(None) and texts and PANEL_HEADING.match(texts[0]):  # a V2 panel's heading
            return to_discord_message(env, message)
    raise LookupError("no turn panel")


TEXT_DISPLAY = 10


def _walk(components: list[Any]) -> list[Any]:
    """Every component of a message, nested ones (a V2 container's rows and buttons) included; raw dicts (as SimCord
    stores them) or discord.py's objects."""
    found: list[Any] = []
    for component in components or []:
        found.append(component)
        inner = component.get("components") if isinstance(component, dict) else getattr(component, "children", None)
        found += _walk(list(inner or []))
    return found


def _items(message: Any) -> list[Any]:
    """The buttons and selects of a received message."""
    import discord

    return [c for c in _walk(list(message.components))
            if isinstance(c, discord.components.Button | discord.components.SelectMenu)]


def called(members: list[Any], panel: Any) -> Any:
    """The member a panel calls on: its prompt, under the board, starts with their mention."""
    import discord

    texts = [c.content for c in _walk(list(panel.components)) if isinstance(c, discord.components.TextDisplay)]
    return next(m for m in members if any(t.startswith(m.mention) for t in texts))


class Timer:
    """Times one click: to its interaction callback and to the next board posted in the channel."""

    def __init__(self, log: TimedLog, channel_id: int) -> None:
        self.log, self.board_path = log, f"/channels/{channel_id}/messages"

    async def __call__(self, click: Any) -> tuple[float, float | None]:
        start, mark = time.perf_counter(), len(self.log)
        await click
        after = list(zip(self.log.times[mark:], self.log[mark:], strict=True))
        callback = next(t for t, e in after if e.path.endswith("/callback"))
        # Within a turn the panel is edited in place (PATCH of the same message); a new turn posts a new one.
        posted = next((t for t, e in after if (e.method == "POST" and e.path == self.board_path)
                       or (e.method == "PATCH" and e.path.startswith(self.board_path + "/"))), None)
        return (callback - start) * 1000, None if posted is None else (posted - start) * 1000


async def click(actor: Any, message: Any, index: int, timer: Timer, shows: list[float]) -> tuple[float, float | None]:
    """Click option `index` as a member would, opening the private list or another page first when needed."""
    for _ in range(4):
        items = _items(message)
        for item in items:
            custom_id = item.custom_id or ""
            if custom_id.startswith("tc:") and int(custom_id.split(":")[4]) == index:
                return await timer(actor.click(message, custom_id=custom_id))
            if custom_id.startswith("ts:") and any(o.value == str(index) for o in item.options):
                return await timer(actor.select(message, [str(index)], custom_id=custom_id))
        pagers = [i.custom_id for i in items if (i.custom_id or "").startswith("tp:")]
        pager = min(pagers, key=lambda c: abs(int(c.split(":")[4]) - index // 25))
        start = time.perf_counter()
        reply = await actor.click(message, custom_id=pager)
        shows.append((time.perf_counter() - start) * 1000)
        message = reply.response.message
    raise LookupError(f"option {index} is not reachable")
