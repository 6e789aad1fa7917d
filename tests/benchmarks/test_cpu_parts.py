"""The benchmarks' CPU ledger: time goes to the part on top of each thread's stack and nowhere else, the bot's
work is told from the harness's by the context it runs in, and installing it changes nothing the bot does (and is
undone). A fake clock throughout: nothing here reads real time."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bench import cpu_parts
from bench.cpu_parts import BOT, ENGINE, HARNESS, PANEL, REST, SIMCORD, STORAGE, Ledger, as_bot, bot_total
from engine.core.contract import default_options


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_nested_part_is_taken_out_of_the_one_around_it() -> None:
    clock = FakeClock()
    ledger = Ledger(clock)
    ledger.enter(REST)
    clock.now += 1.0
    ledger.enter(ENGINE)
    clock.now += 2.0
    ledger.enter(PANEL)
    clock.now += 4.0
    ledger.leave()
    clock.now += 8.0
    ledger.leave()
    clock.now += 16.0
    ledger.leave()
    clock.now += 32.0  # outside every part: charged to none
    assert ledger.snapshot() == {REST: 17.0, ENGINE: 10.0, PANEL: 4.0}
    assert bot_total(ledger.snapshot()) == 31.0


def test_a_wrapped_function_is_the_bots_only_in_the_bots_context() -> None:
    clock = FakeClock()
    ledger = Ledger(clock)

    def work() -> str:
        clock.now += 1.0
        return "done"

    wrapped = ledger.wrap(work, ENGINE)
    assert wrapped() == "done"
    assert as_bot(wrapped)() == "done"
    assert ledger.wrap(work, SIMCORD)() == "done"  # SimCord's, whoever asks
    assert ledger.wrap(work, STORAGE, bot=True)() == "done"  # handed to a thread: whose it is was fixed before
    assert ledger.snapshot() == {HARNESS: 1.0, ENGINE: 1.0, SIMCORD: 1.0, STORAGE: 1.0}


def test_each_thread_keeps_its_own_stack() -> None:
    clock = FakeClock()
    ledger = Ledger(clock)
    ledger.enter(REST)
    other_done = threading.Event()

    def other() -> None:
        ledger.enter(STORAGE)
        clock.now += 5.0
        ledger.leave()
        other_done.set()

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert other_done.is_set()
    ledger.leave()
    # The main thread's REST saw the same 5 s of the fake clock go by: a real thread clock would not have moved.
    assert ledger.snapshot() == {STORAGE: 5.0, REST: 5.0}


async def test_tasks_started_in_the_bots_context_are_the_bots() -> None:
    """What the gateway delivers starts tasks that inherit the mark; the harness's own tasks do not."""
    seen: list[bool] = []

    async def task() -> None:
        seen.append(BOT.get())

    def deliver() -> asyncio.Task[None]:
        return asyncio.get_running_loop().create_task(task())

    await as_bot(deliver)()
    await asyncio.get_running_loop().create_task(task())
    assert seen == [True, False]


async def test_install_charges_the_bot_and_is_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    import renderers.kit.paint
    from bot.session import turns
    from engine import registry
    from engine.core import apply

    ledger = Ledger()
    game = registry.get("planes")
    pending = type(game).pending
    patches = cpu_parts.install(ledger, ["planes"])
    try:
        assert turns.apply is not apply and type(game).pending is not pending
        state = game.new_game(2, 1, default_options(game))

        async def bot_work() -> None:
            game.pending(state)

        await as_bot(asyncio.get_running_loop().create_task)(bot_work())
        assert ENGINE in ledger.snapshot()
    finally:
        patches.undo()
    assert turns.apply is apply and type(game).pending is pending
    assert renderers.kit.paint.to_png.__name__ == "to_png" and not hasattr(renderers.kit.paint.to_png,
                                                                           "__wrapped_by_ledger__")
