"""`python -m bench renders` judges a render against its encode on the least disturbed runs, in CPU time:
on a busy machine the medians of wall-clock runs showed a render faster than its own encode."""

from __future__ import annotations

from bench.renders import _timed, judged


def test_the_ratio_is_taken_from_the_least_run_of_each() -> None:
    # A quiet render of 30 ms whose encode was twice disturbed: the medians would say 31 against 80 (0.39x).
    render, encode, ratio = judged([30.0, 31.0, 90.0], [20.0, 80.0, 85.0])
    assert (render, encode, ratio) == (30.0, 20.0, 1.5)


def test_a_run_is_timed_on_the_clock_it_is_given() -> None:
    ticks = iter([2.0, 2.5])
    assert _timed(lambda: None, lambda: next(ticks)) == 500.0


def test_runs_are_timed_in_cpu_time_by_default() -> None:
    import time

    assert _timed.__defaults__ == (time.process_time,)
