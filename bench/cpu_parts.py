"""Where the bot's CPU goes while a simulated Discord runs in the same process: a ledger of CPU time by part.

SimCord, the benchmark's own clicking and the bot share one event loop, so a click's wall time or the process's
CPU tells nothing of the bot alone. The ledger tells them apart:
- work is the bot's when it runs in a context marked as the bot's: everything the gateway delivers to discord.py
  runs so marked, and the tasks and worker threads it starts inherit the mark (asyncio copies the context);
- each step of a task (asyncio's Handle._run) is charged to the bot's "rest" or to the harness by that mark, and
  chosen functions (the engine's, the panel's, the renderers', storage, discord.py's serialisation, SimCord's
  request handling) to their own part inside it. Charges are exclusive: a part nested in another is taken out of
  the outer one, so the parts add up to the whole.
Times are each thread's own CPU (time.thread_time), so a busy machine's waits for a core count nowhere. The ledger
costs two clock readings per charged call; the figures include that, a little more than the bot alone spends.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import statistics
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bench.clicks import percentile

ENGINE = "engine apply and listing"
PANEL = "panel and words"
RENDER = "rendering"
ENCODE = "PNG encoding"
STORAGE = "storage"
DISCORD = "discord.py serialisation"
LOGGING = "logging"
REST = "the rest (session, asyncio, discord.py dispatch)"
SIMCORD = "simulated Discord"
HARNESS = "benchmark harness"
BOT_PARTS = (ENGINE, PANEL, RENDER, ENCODE, STORAGE, DISCORD, LOGGING, REST)
"""The parts that are the bot's own; SIMCORD and HARNESS are not."""

BOT: contextvars.ContextVar[bool] = contextvars.ContextVar("tarmac_bench_bot", default=False)


class Ledger:
    """CPU seconds by part. Each thread keeps a stack of the parts it is in; time between two charges goes to the
    part on top (nothing while the stack is empty)."""

    def __init__(self, clock: Callable[[], float] = time.thread_time) -> None:
        self.clock = clock
        self.totals: dict[str, float] = defaultdict(float)
        self._local = threading.local()
        self._lock = threading.Lock()

    def _stack(self) -> list[str]:
        stack: list[str] | None = getattr(self._local, "stack", None)
        if stack is None:
            stack = self._local.stack = []
        return stack

    def _charge(self, stack: list[str], now: float) -> None:
        if stack:
            with self._lock:
                self.totals[stack[-1]] += now - self._local.since
        self._local.since = now

    def enter(self, part: str) -> None:
        stack = self._stack()
        self._charge(stack, self.clock())
        stack.append(part)

    def leave(self) -> None:
        stack = self._stack()
        self._charge(stack, self.clock())
        stack.pop()

    @contextmanager
    def part(self, part: str) -> Iterator[None]:
        self.enter(part)
        try:
            yield
        finally:
            self.leave()

    def snapshot(self) -> dict[str, float]:
        with self._lock:
            return dict(self.totals)

    def wrap(self, fn: Callable[..., Any], part: str, *, bot: bool | None = None) -> Callable[..., Any]:
        """`fn` charging its CPU to `part` when it runs for the bot, to the harness otherwise. `bot` fixes whose
        work it is (a function handed to another thread, which has no context of its own); None reads the mark."""

        @functools.wraps(fn)
        def charged(*args: Any, **kwargs: Any) -> Any:
            mine = BOT.get() if bot is None else bot
            self.enter(part if mine or part == SIMCORD else HARNESS)
            try:
                return fn(*args, **kwargs)
            finally:
                self.leave()

        charged.__wrapped_by_ledger__ = True  # type: ignore[attr-defined]
        return charged


def bot_total(totals: dict[str, float]) -> float:
    return sum(totals.get(part, 0.0) for part in BOT_PARTS)


def difference(after: dict[str, float], before: dict[str, float]) -> dict[str, float]:
    return {part: after.get(part, 0.0) - before.get(part, 0.0) for part in set(after) | set(before)}


class PerMove:
    """The bot's own CPU of each measured move, and the CPU of every part summed over them."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.bot_ms: list[float] = []
        self.parts: dict[str, float] = {}

    def start(self) -> dict[str, float]:
        return self.ledger.snapshot()

    def done(self, before: dict[str, float]) -> None:
        spent = difference(self.ledger.snapshot(), before)
        self.bot_ms.append(bot_total(spent) * 1000)
        for part, seconds in spent.items():
            self.parts[part] = self.parts.get(part, 0.0) + seconds


def cpu_lines(bot_cpu: list[float], parts: dict[str, float], process_cpu: float, clicks: int) -> list[str]:
    """The bot's own CPU per move, apart from the simulated Discord's and the harness's, and where it goes."""
    if not bot_cpu:
        return []
    p50 = statistics.median(bot_cpu)
    lines = [f"  the bot's own CPU per move         p50={p50:7.1f} ms  p99={percentile(bot_cpu, 0.99):7.1f} ms  "
             f"mean={statistics.fmean(bot_cpu):.1f} ms: one core serves {1000 / max(p50, 1e-9):.0f} moves/s "
             "(thread CPU, SimCord's and the harness's left out)"]
    per = 1000 / max(len(bot_cpu), 1)
    for part in (*sorted(BOT_PARTS, key=lambda p: -parts.get(p, 0.0)), SIMCORD, HARNESS):
        mark = "" if part in BOT_PARTS else "   (not the bot's)"
        lines.append(f"    {part:48s} {parts.get(part, 0.0) * per:6.2f} ms a move{mark}")
    lines.append(f"  process CPU per move, all of it: {process_cpu * 1000 / max(clicks, 1):.1f} ms")
    return lines


def as_bot(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` run marked as the bot's work, with whatever it starts (tasks, threads): the gateway's delivery."""

    @functools.wraps(fn)
    def marked(*args: Any, **kwargs: Any) -> Any:
        token = BOT.set(True)
        try:
            return fn(*args, **kwargs)
        finally:
            BOT.reset(token)

    return marked


class Patches:
    """Attributes replaced, and what they were: `undo` puts every one back (a test runs a worker in its process)."""

    def __init__(self) -> None:
        self.done: list[tuple[Any, str, Any]] = []

    def set(self, owner: Any, name: str, value: Any) -> None:
        self.done.append((owner, name, owner.__dict__.get(name, _ABSENT) if isinstance(owner, type)
                          else getattr(owner, name)))
        setattr(owner, name, value)

    def undo(self) -> None:
        for owner, name, value in reversed(self.done):
            if value is _ABSENT:
                delattr(owner, name)
            else:
                setattr(owner, name, value)
        self.done.clear()


_ABSENT = object()


def _replace_everywhere(patches: Patches, original: Callable[..., Any], replacement: Callable[..., Any],
                        prefixes: tuple[str, ...]) -> None:
    """Rebind `original` to `replacement` in every loaded module under `prefixes` (a `from x import f` copy too)."""
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(prefixes):
            continue
        for attr, value in list(vars(module).items()):
            if value is original:
                patches.set(module, attr, replacement)


def _wrap_attr(patches: Patches, ledger: Ledger, owner: Any, name: str, part: str) -> None:
    fn = owner.__dict__.get(name) if isinstance(owner, type) else getattr(owner, name, None)
    if (fn is None or getattr(fn, "__wrapped_by_ledger__", False) or not callable(fn)
            or isinstance(fn, staticmethod | classmethod)):  # a plain function there would be bound to the instance
        return
    patches.set(owner, name, ledger.wrap(fn, part))


def _wrap_module_functions(patches: Patches, ledger: Ledger, module: Any, part: str) -> None:
    for attr, value in list(vars(module).items()):
        if (callable(value) and not isinstance(value, type) and getattr(value, "__module__", None) == module.__name__
                and not asyncio.iscoroutinefunction(value) and not attr.startswith("__")):
            _wrap_attr(patches, ledger, module, attr, part)


ENGINE_METHODS = ("legal", "label", "pending", "apply", "view", "result", "secrets", "is_over", "reveals", "clock",
                  "turn_number", "turn_detail", "timeout", "summary", "idle_reason", "parse_command")
PANEL_MODULES = ("bot.discord.panel", "bot.discord.layout", "bot.discord.texts", "bot.discord.markup",
                 "bot.discord.words", "bot.naming", "bot.session.recap", "renderers.words")


def install(ledger: Ledger, games: list[str]) -> Patches:
    """Charge the bot's parts to `ledger` from now on, for the bot of `games` (imported already by the caller), until
    the patches returned are undone."""
    import importlib

    import aiosqlite
    import discord
    import discord.http
    import discord.webhook.async_
    import simcord.gateway
    import simcord.http.router

    import engine.core
    import renderers
    import renderers.kit.paint
    import renderers.words
    from engine import registry

    bot_modules = ("bot.", "engine.", "renderers.", "discord.", "bench.")
    patches = Patches()
    original_run = asyncio.events.Handle._run

    def run(handle: asyncio.events.Handle) -> None:
        ledger.enter(REST if handle._context.get(BOT, False) else HARNESS)  # type: ignore[attr-defined]
        try:
            original_run(handle)
        finally:
            ledger.leave()

    patches.set(asyncio.events.Handle, "_run", run)
    for name in games:
        game = registry.get(name)
        for method in ENGINE_METHODS:
            for klass in type(game).__mro__:
                _wrap_attr(patches, ledger, klass, method, ENGINE)
        renderer = renderers.for_game(name)
        for attr in ("render_board", "render_hand"):
            if renderer is not None:
                _wrap_attr(patches, ledger, renderer, attr, RENDER)
        words = renderers.words.for_game(name)
        for attr in ("describe", "describe_hand"):
            if words is not None:
                _wrap_attr(patches, ledger, words, attr, PANEL)
    functions: list[tuple[Callable[..., Any], str]] = [
        (engine.core.apply, ENGINE), (engine.core.dump_state, STORAGE), (engine.core.load_state, STORAGE),
        (renderers.kit.paint.to_png, ENCODE)]
    for function, part in functions:
        _replace_everywhere(patches, function, ledger.wrap(function, part), bot_modules)
    for module_name in PANEL_MODULES:
        _wrap_module_functions(patches, ledger, importlib.import_module(module_name), PANEL)
    _wrap_module_functions(patches, ledger, importlib.import_module("bot.store.codec"), STORAGE)
    for module in (discord.http, discord.webhook.async_):
        _wrap_attr(patches, ledger, module, "handle_message_parameters", DISCORD)
    _wrap_attr(patches, ledger, discord.utils, "_to_json", DISCORD)
    for klass in (discord.Message, discord.Interaction):
        _wrap_attr(patches, ledger, klass, "__init__", DISCORD)
    for value in vars(discord.ui).values():
        if isinstance(value, type):
            for method in ("to_component_dict", "to_components"):
                _wrap_attr(patches, ledger, value, method, DISCORD)
    _wrap_attr(patches, ledger, simcord.http.router, "dispatch", SIMCORD)
    _wrap_attr(patches, ledger, simcord.http.router, "parse_form", SIMCORD)
    for method in ("feed", "deliver"):  # SimCord's copying and checks stay the harness's; discord.py's parse is ours
        patches.set(simcord.gateway.FakeGateway, method, as_bot(getattr(simcord.gateway.FakeGateway, method)))
    import logging

    _wrap_attr(patches, ledger, logging.Logger, "handle", LOGGING)
    original_execute = aiosqlite.Connection._execute

    async def execute(connection: Any, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        # The connection's thread has no context of ours: whose work it is is known here, where it is handed over.
        return await original_execute(connection, ledger.wrap(fn, STORAGE, bot=BOT.get()), *args, **kwargs)

    patches.set(aiosqlite.Connection, "_execute", execute)
    original_to_thread = asyncio.to_thread

    async def to_thread(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        return await original_to_thread(ledger.wrap(fn, REST), *args, **kwargs)

    patches.set(asyncio, "to_thread", to_thread)
    return patches
