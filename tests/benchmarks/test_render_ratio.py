"""`python -m bench renders` judges a render against its encode on the least disturbed runs, in CPU time:
on a busy machine the medians of wall-clock runs showed a render faster than its own encode."""

from __future__ import annotations

from bench.renders import _timed, judged, moves
from renderers import catalogue


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


def test_a_picture_with_the_moves_before_it_is_timed_after_them_as_a_game_draws_it() -> None:
    sample = catalogue.sample("flight-plan-board")
    first, timed = moves(sample)
    before = sample.before()
    assert first == before[0], "the move before the timed ones is drawn first, untimed"
    assert timed == [*before[1:], sample.view()], "then every later move, the picture's own last"
    assert [v["round"] for v in timed] == sorted(v["round"] for v in timed), "in the order they were played"
    plain = next(s for s in catalogue.samples() if not s.moves_before)
    assert moves(plain) == (None, [plain.view()]), "a picture without them is drawn again and again"
