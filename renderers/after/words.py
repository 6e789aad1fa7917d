"""The after-the-game charts in words: each chart's alt text (what it shows, who led when, the final order, the
turning points), the same words alone for `text:True`, one line a turning point, and the hint's sentence.

Names come in by seat, as the members wrote them; the engine's texts of a turn name seats as "Player 2", which
`named_text` swaps for those names.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.analysis import Chances, Hint, Race, TurningPoint
from renderers.after.charts import MARKERS
from renderers.names import named_text

SHAPES = {"o": "circles", "s": "squares", "^": "triangles", "D": "diamonds", "v": "triangles pointing down",
          "P": "crosses"}
TEXT_CHARS = 90
"""A turn's own words quoted in a turning point at most this long."""


def _name(names: dict[int, str], seat: int) -> str:
    return names.get(seat, f"Seat {seat + 1}")


def _figure(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _percent(value: float) -> str:
    return f"{100 * value:.0f} %"


def _list(items: Sequence[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


RUNS = 5
"""Runs of one lead said one by one at most; a race whose lead changed more often is summed up."""


def leads(points: Sequence[Sequence[float]], turns: Sequence[int], names: dict[int, str], turn_word: str) -> str:
    """Who led when, as runs ("Zoë led from turn 3 to turn 17, then 李明 to the end"), equal leaders together; a
    lead that changed hands often is summed up (how long each led, and who led at the end)."""
    word = turn_word.lower()
    runs: list[tuple[tuple[int, ...], int, int, int]] = []  # leaders, first and last turn, points
    for index, row in enumerate(points):
        if index == 0 and len(points) > 1:
            continue  # at the start every seat is level: nothing to say
        best = max(row)
        leaders = tuple(s for s, v in enumerate(row) if v == best)
        if runs and runs[-1][0] == leaders:
            runs[-1] = (leaders, runs[-1][1], turns[index], runs[-1][3] + 1)
        else:
            runs.append((leaders, turns[index], turns[index], 1))
    if not runs:
        return ""
    everyone = len(points[0])

    def who(leaders: tuple[int, ...]) -> str:
        if len(leaders) == everyone and everyone > 1:
            return "everyone was level"
        if len(leaders) > 1:
            return _list([_name(names, s) for s in leaders]) + " were level ahead"
        return f"{_name(names, leaders[0])} led"

    if len(runs) > RUNS:
        alone: dict[int, int] = {}
        for leaders, _first, _last, count in runs:
            if len(leaders) == 1:
                alone[leaders[0]] = alone.get(leaders[0], 0) + count
        ranked = sorted(alone.items(), key=lambda sc: (-sc[1], sc[0]))
        spans = _list([f"{_name(names, s)} for {count} {word}{'s' if count != 1 else ''}" for s, count in ranked])
        leaders, first, _last, _count = runs[-1]
        tail = f"{who(leaders)} from {word} {first} to the end"
        return f"The lead changed {len(runs) - 1} times: alone ahead were {spans}; {tail}." if spans else \
            f"The lead changed {len(runs) - 1} times; {tail}."
    parts = []
    for n, (leaders, first, last, _count) in enumerate(runs):
        end = "the end" if n == len(runs) - 1 else f"{word} {last}"
        span = f"in {word} {first}" if first == last and n != len(runs) - 1 else f"from {word} {first} to {end}"
        parts.append(f"{who(leaders)} {span}")
    return _capital("; ".join(parts)) + "."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def final_order(race: Race, names: dict[int, str], team_won: bool | None = None) -> str:
    """The final order with each seat's last score: "Final order: 1. 李明 (24 VP), 2. Zoë (16 VP)"; a co-operative
    game's team, won or lost, with each pilot's count."""
    last = race.points[-1] if race.points else []

    def scored(seat: int) -> str:
        return f"{_name(names, seat)} ({race.unit.format(_figure(last[seat]))})" if last else _name(names, seat)

    if race.team:
        outcome = "The team won the day" if team_won else "The team lost the day"
        return f"{outcome}: {_list([scored(s) for place in race.final_order for s in place])}."
    places = []
    for n, place in enumerate(race.final_order, start=1):
        places.append(f"{n}. " + _list([scored(s) for s in place]) + (" (shared)" if len(place) > 1 else ""))
    return "Final order: " + ", ".join(places) + "." if places else ""


def lines_key(seats: int, names: dict[int, str]) -> str:
    """Which line is whose: "Zoë: circles; 李明: squares"."""
    return "; ".join(f"{_name(names, s)}: {SHAPES[MARKERS[s % len(MARKERS)]]}" for s in range(seats))


def race_words(race: Race, names: dict[int, str], turn_word: str = "Turn") -> str:
    """The race chart's alt text (and its words alone)."""
    word = turn_word.lower()
    head = (f"A chart of {race.label} after each {word}, one line a player ({lines_key(race.seats, names)}), each "
            "named at its end.")
    # The final order first: alt text is cut at a sentence when it runs long, and the order matters most.
    said = [head, final_order(race, names, team_won=bool(race.winners)), leads(race.points, race.turns, names,
                                                                             turn_word)]
    if race.team:
        said.append(f"The dashed line counts the team's {race.team} ({_figure(race.team_points[-1])} at the end); "
                    f"the dotted one is where the day is lost ({_figure(race.team_limit)}).")
    return " ".join(s for s in said if s)


def turning_point(point: TurningPoint, names: dict[int, str], turn_word: str = "Turn", team: bool = False) -> str:
    """One turning point in a sentence: "Turn 14 (Bruno): Bruno's chance to win 38 % → 71 %, now ahead. "…"."""
    who = _list([_name(names, s) for s in point.seats])
    head = f"{turn_word} {point.turn}" + (f" ({who})" if who else "")
    if team:
        said = f"the team's outlook {_percent(point.before[0])} → {_percent(point.after[0])}"
    else:
        gainer = point.gainer
        lost = min(range(len(point.after)), key=lambda s: (point.after[s] - point.before[s], s))
        if point.after[gainer] - point.before[gainer] >= point.before[lost] - point.after[lost]:
            seat, verb = gainer, "rose"
        else:
            seat, verb = lost, "fell"
        said = (f"{_name(names, seat)}'s chance to win {verb}, {_percent(point.before[seat])} → "
                f"{_percent(point.after[seat])}")
        ahead_before = point.before.index(max(point.before))
        ahead_after = point.after.index(max(point.after))
        if ahead_after != ahead_before:
            said += f", putting {_name(names, ahead_after)} ahead"
    texts = [named_text(t, names) for t in point.texts if t]
    quoted = ""
    if texts:
        first = texts[0] if len(texts[0]) <= TEXT_CHARS else texts[0][: TEXT_CHARS - 1].rstrip() + "…"
        quoted = f" ({first})"
    return f"{head}: {said}{quoted}."


def chances_words(chances: Chances, points: Sequence[TurningPoint], names: dict[int, str],
                  turn_word: str = "Turn") -> str:
    """The chances chart's alt text (and its words alone): what it shows, who was favoured when, the turning
    points."""
    word = turn_word.lower()
    if chances.team:
        head = (f"A chart of the team's outlook after each {word} (its chance of a good day, as the search AI "
                f"judged it from {chances.rollouts} games played on from each {word}), the three largest swings "
                "numbered.")
        said = [head]
    else:
        head = (f"A chart of each player's chance to win after each {word}, as the search AI judged it from "
                f"{chances.rollouts} games played on from each {word} ({lines_key(len(chances.points[0]), names)}), "
                "the three largest swings numbered.")
        said = [head]
    if points:
        said.append("Turning points: " + " ".join(f"{n}. {turning_point(p, names, turn_word, chances.team)}"
                                                  for n, p in enumerate(points, start=1)))
    if not chances.team:
        said.append("On the chances: " + leads(chances.points, chances.turns, names, turn_word))
    return " ".join(s for s in said if s)


def hint_sentence(found: Hint) -> str:
    """The hint in one sentence: what Normal would choose, and the gain the search saw over the next-best option."""
    if found.value is None and not found.other:
        return f"Normal would choose {found.label}: here it is the only choice worth making."
    if found.value is None:
        return (f"Normal would choose {found.label}, its own planner's pick, which its quick search did not try "
                f"(of the options it tried, {found.other} looked best).")
    seen = f"{found.value * 100:.0f} of 100"
    head = (f"Normal would choose {found.label}: in the {found.tries} games its search tried from here it scored "
            f"{seen} on average (half for winning, half for the margin)")
    if found.gain is None:
        return head + "."
    other = "another way to make that choice" if found.other == found.label else found.other
    gain = found.gain * 100
    if gain >= 0.5:
        return f"{head}, {gain:.0f} more than after {other}, the next best it tried."
    if gain > -0.5:
        return f"{head}, about as much as after {other}, the next best it tried."
    why = "its own planner ranks it higher" if found.planner else "it held up over more tries"
    return f"{head}, {-gain:.0f} less than after {other}, but {why}."
