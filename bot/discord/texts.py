"""The words of what the bot shows in answer to /game status, history, mine, log and rules, from the data the session
side gathers (bot/session/records.py), and of its reminders and notices (bot/session/types.py). Plain functions of
plain data, with no discord import: testable without a Discord, real or simulated."""

from __future__ import annotations

import re
from datetime import timedelta

from bot.discord.markup import channel_mention, mention, message_link, moment, timestamp
from bot.naming import escape, seat_names
from bot.prose import unwrap
from bot.session import Seat, SessionRow
from bot.session.ai_levels import level_of
from bot.session.deadlines import AWAY
from bot.session.lobby import lobby_specs
from bot.session.records import OpenGame, PastGame, Waiting
from bot.session.sessions import RESIGNED, seat_name
from bot.session.types import (
    Abandoned,
    DeadlineAnswered,
    DeadlinePassed,
    LateRoundEnd,
    LogLine,
    Notice,
    Reminder,
    TurnUpdate,
    describe,
)
from engine.core import Game, GameOptionSpec
from engine.core.ai import levels
from engine.core.rules_pages import rules
from engine.core.text import counted

STATUS_WORDS = {"lobby": "waiting in the lobby", "active": "running", "finished": "finished",
                "abandoned": "ended early (every player resigned)", "cancelled": "cancelled"}


def seat_label(seat: Seat, *, markdown: bool = True, ai: str = "AI, ") -> str:
    """A seat as a list of players names it (escaped, with `markdown`): its name and, for an AI seat, its level,
    said once in one bracket with why the AI plays it ("Bruno (resigned; AI, Normal)", not "Bruno (resigned) (AI,
    Normal)"). `ai`: what comes before the level ("now " where only AI seats are listed)."""
    name, tag = _name_and_tag(seat, markdown=markdown, ai=ai)
    return f"{name} ({tag})" if tag else name


def seat_numbered(seat: Seat) -> str:
    """A seat by its member's name and its number, with why the AI plays it, in one bracket ("ben (seat 2,
    resigned)"), escaped."""
    for suffix, why in ((RESIGNED, ", resigned"), (AWAY, ", AI while away")):
        if seat.name.endswith(suffix):
            return f"{escape(seat.name.removesuffix(suffix))} (seat {seat.seat + 1}{why})"
    return f"{escape(seat.name)} (seat {seat.seat + 1})"


def _name_and_tag(seat: Seat, *, markdown: bool = True, ai: str = "AI, ") -> tuple[str, str]:
    shown = escape if markdown else str
    if not seat.is_ai:
        return shown(seat.name), ""
    level = levels.LABELS.get(level_of(seat), seat.level)
    if seat.name.endswith(RESIGNED):
        return shown(seat.name.removesuffix(RESIGNED)), f"resigned; {ai}{level}"
    if seat.name.endswith(AWAY):
        return shown(seat.name.removesuffix(AWAY)), f"AI while away, {level}" if ai == "AI, " else \
            f"away; {ai}{level}"
    return shown(seat.name), f"{ai}{level}"


def mention_of(update: TurnUpdate, seat: int) -> str:
    """A seat as a message names it: its member's mention, or an AI seat's name with its level."""
    found = next((s for s in update.session.seats if s.seat == seat), None)
    if found is None:
        return f"Seat {seat + 1}"
    if found.is_ai or found.user_id is None:  # its level too: how hard the AI thinks is part of the table's picture
        name, tag = _name_and_tag(found)
        return f"**{name}** ({tag})"
    return mention(found.user_id)


def status_text(session: SessionRow, title: str, update: TurnUpdate | None = None,
                waiting: Waiting | None = None) -> str:
    """Who sits where, then whose move it is (with `waiting`), or the final scores of a finished game. `update`: the
    game's state as the channel sees it (None in a lobby)."""
    players = ", ".join(seat_label(s) for s in session.seats)
    text = f"**{title}**, {STATUS_WORDS.get(session.status, session.status)}. Players: {players}."
    if update is None:
        return text
    if update.result is not None and update.team:
        text += f" {update.result.summary}"  # the team's day: won or lost, complaints, passengers; no places
    elif update.result is not None:
        scores = "; ".join(f"{mention_of(update, r.seat)} {r.score}"
                           for r in sorted(update.result.standings, key=lambda r: -r.score))
        winners = ", ".join(mention_of(update, s) for s in update.result.winners) or "nobody"
        text += f" Final scores: {scores}. Winner: {winners}."
    elif waiting is not None:
        text += " " + waiting_text(update, waiting)
    return text


def waiting_text(update: TurnUpdate, waiting: Waiting) -> str:
    """Whom the game waits for and since when, their deadline, who is away, and where the newest panel is."""
    session = update.session
    names = ", ".join(escape(seat_name(session, d.seat)) for d in update.decisions) or "nobody"
    waited = waiting.waited
    long = waited is not None and waited >= timedelta(minutes=1) and waiting.since is not None
    since = f" since {moment(waiting.since)}" if long and waiting.since is not None else ""
    parts = [f"{update.when}; waiting for {names}{since}." if update.when else f"Waiting for {names}{since}."]
    if waiting.deadline_hours:
        when = f" This turn's ends {moment(waiting.ends)}." if waiting.ends else ""
        parts.append(f"Turn deadline: {waiting.deadline_hours} hours.{when}")
    if waiting.away:
        parts.append("Away: " + ", ".join(f"{mention(u)} until {moment(t)}" for u, t in waiting.away) + ".")
    if session.board_message_id:
        link = message_link(session.guild_id or "@me", session.channel_id, session.board_message_id)
        parts.append(f"Newest panel: {link}")
    return " ".join(parts)


def history_lines(games: list[PastGame]) -> list[str]:
    """/game history: each past game with its result, or how and when it stopped."""
    lines = []
    for game in games:
        session, result = game.session, game.result
        if result is not None and game.team:
            outcome = f"the team's day: {result.summary[:1].lower()}{result.summary[1:].rstrip('.')}"
        elif result is not None:
            names = seat_names(session)
            scores = ", ".join(f"{escape(names.get(r.seat, seat_name(session, r.seat)))} {r.score}"
                               for r in sorted(result.standings, key=lambda r: -r.score))
            winners = " and ".join(escape(seat_name(session, w)) for w in result.winners) or "nobody"
            outcome = f"won by {winners} ({scores})"
        else:
            outcome = {"cancelled": "cancelled", "abandoned": "ended early"}.get(session.status, session.status)
            outcome += f" in {game.turn[:1].lower()}{game.turn[1:]}" if game.turn else ""
        lines.append(f"#{session.id} {game.title}, {timestamp(session.updated_at, 'd')}: {outcome}.")
    return lines


def open_game_lines(games: list[OpenGame]) -> list[str]:
    """/game mine: each of a member's games, in the order given, with whom it waits for."""
    lines = []
    for game in games:
        where = channel_mention(game.session.channel_id)
        since = (f" since {timestamp(game.since)}" if game.since is not None
                 else f" for {describe(game.waited)}" if game.waited is not None else "")
        if game.session.status == "lobby":
            lines.append(f"{where}: {game.title}, in the lobby.")
        elif game.yours:
            lines.append(f"{where}: {game.title}, **your turn**{since}.")
        else:
            who = ", ".join(escape(seat_name(game.session, s)) for s in game.waiting) or "nobody"
            lines.append(f"{where}: {game.title}, waiting for {who}{since}.")
    return lines


def log_lines(turns: list[LogLine]) -> list[str]:
    """/game log: one line a turn, named as the panel's heading names it, with who played it (an undo that goes
    back to an earlier turn is a line of its own)."""
    return [f"**{_turn_head(t)}** ({escape(t.who)}): {t.text or 'nothing shown yet (a move in progress).'}"
            for t in turns]


def _turn_head(line: LogLine) -> str:
    if line.turn is None:
        return "Undo"
    return line.name or f"Turn {line.turn}"


OPTIONS_TOPIC = "lobby options"
"""The /game rules topic the bot writes itself for every game with options: each option's help, choices and default."""


def option_label(spec: GameOptionSpec, value: str, seats: list[Seat] | None = None) -> str:
    """A value as the lobby shows it: its choice's label, or the text the host typed; a choice of seat ("Seat 2",
    who moves first) with the name of whoever sits there (`seats`), as the table knows its seats."""
    found = next((c.label for c in spec.choices if c.value == value), value)
    return seat_choice(found, seats or [])


SEAT_CHOICE = re.compile(r"Seat ([1-9])")


def seat_choice(label: str, seats: list[Seat]) -> str:
    """A choice that is a seat by number ("Seat 2") with its player's name ("Seat 2: ben") once someone sits
    there (plain text: a select's entries and suggestions show no markdown)."""
    match = SEAT_CHOICE.fullmatch(label)
    if match is None:
        return label
    seat = next((s for s in seats if s.seat == int(match[1]) - 1), None)
    return f"{label}: {seat_label(seat, markdown=False)}" if seat is not None else label


def option_text(spec: GameOptionSpec) -> str:
    """One lobby option explained: its help (which values are house rules, and why), then its choices with the
    default marked, and the form of a value of one's own where the game takes one."""
    values = [f"{c.label} *(default)*" if c.value == spec.default else c.label for c in spec.choices]
    if spec.free_text:
        values.append(f"your own, e.g. `{spec.free_text}`")
    return f"**{spec.label}**{f': {spec.help}' if spec.help else ''}\n{' · '.join(values)}"


def option_help(spec: GameOptionSpec, current: str) -> str:
    """The answer to a lobby menu's "About this option": the option explained, and what it is set to now."""
    return f"{option_text(spec)}\nNow: {option_label(spec, current)}."


def options_page(game: Game) -> str:
    """The lobby options topic: every option the host may set, explained."""
    intro = ("What the host sets in the lobby, with its menus (each menu's last entry explains its option) or "
             "`/game host option`. Each option starts at its *default*.")
    return "\n\n".join([intro, *(option_text(spec) for spec in lobby_specs(game))])


def rules_pages(game: Game) -> dict[str, str]:
    """/game rules: the game's pages by topic, then the lobby options explained; the first, shown when no topic is
    asked for, says what else there is."""
    pages = {topic: unwrap(text) for topic, text in rules(game).items()}
    pages[OPTIONS_TOPIC] = options_page(game)
    if len(pages) > 1:
        first, *others = pages
        pages[first] += f"\n\nMore with `/game rules topic:` {', '.join(others)}."
    return pages


def reminder_text(reminder: Reminder) -> str:
    """Calls exactly the members the game waits for, says what it asks (and, before a deadline, when it ends and what
    happens then), with a link to the newest panel so they can act at once."""
    session = reminder.session
    who = " ".join(mention(u) for u in reminder.user_ids)
    if reminder.nudged_by is not None:
        text = f"{who}, {mention(reminder.nudged_by)} nudges you: {reminder.title} is waiting for your move"
    else:
        waited = f"since {timestamp(reminder.since)}" if reminder.since else describe(reminder.quiet_for)
        text = f"{who}, {reminder.title} has been waiting {waited} for your move"
    prompt = reminder.prompt.rstrip(".")
    if reminder.deadline is not None:
        then = (f"the game answers \u201c{escape(reminder.answer)}\u201d for you" if reminder.answer is not None
                else "the AI plays this turn for you")
        prompt = f"{prompt}; the deadline ends {moment(reminder.deadline)}, then {then}"
    text += f" ({prompt})." if prompt else "."
    if session.board_message_id:
        text += f" The board: {message_link(session.guild_id or 0, session.channel_id, session.board_message_id)}"
    return text


def notice_text(notice: Notice) -> tuple[str, list[int]]:
    """What the channel reads of a notice, and the members it notifies."""
    session = notice.session
    if isinstance(notice, DeadlinePassed):
        name = escape(notice.name)
        text = (f"{mention(notice.user_id)}'s deadline ended, so the AI plays {name}'s turn ({notice.missed} missed "
                f"in a row).")
        if notice.handed:
            text += (f" After {counted(notice.missed, 'missed deadline')} the AI keeps the seat until {name} comes "
                     "back with `/game rejoin`.")
        return text, [notice.user_id]
    if isinstance(notice, DeadlineAnswered):
        said = "; ".join(f"{escape(seat_name(session, seat))}: \u201c{escape(label)}\u201d"
                         for seat, label in notice.answers.items())
        return f"The deadline ended with no answer, so the game answers for {said}.", []
    if isinstance(notice, Abandoned):
        return (f"{mention(session.host_id)}, nobody has moved in this {notice.title} game for "
                f"{describe(notice.quiet_for)}, so I stop reminding. `/game host cancel` ends it; any move starts the "
                f"reminders again."), [session.host_id]
    assert isinstance(notice, LateRoundEnd)
    return (f"This round's time ran out {timestamp(notice.ended)}, while the bot was offline, so the round ends now, "
            f"as it would have then."), []
