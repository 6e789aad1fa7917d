"""Application-command rules of Discord's documentation that the OpenAPI spec lacks: name characters and case,
description lengths, choice counts and lengths, the 8000-character total, option order, and how many commands fit."""

from __future__ import annotations

import re
from typing import Any

NAME_MAX, DESCRIPTION_MAX, OPTIONS_MAX, CHOICES_MAX, CHOICE_TEXT_MAX = 32, 100, 25, 25, 100
COMMAND_TEXT_MAX = 8000
# Chat-input commands and every option: letters and digits of any script, '-' and '_', lowercase where the
# letter has a lowercase form. `\w` is Unicode letters, digits and '_'.
NAME_RE = re.compile(r"^[-\w]{1,32}$")
CHAT_INPUT, USER, MESSAGE = 1, 2, 3
SUBCOMMAND, GROUP, STRING = 1, 2, 3
COUNT_MAX = {CHAT_INPUT: 100, USER: 5, MESSAGE: 5}
KIND_NAMES = {CHAT_INPUT: "slash", USER: "user", MESSAGE: "message"}


def name_problems(name: Any, where: str) -> list[str]:
    if not isinstance(name, str) or not NAME_RE.match(name):
        return [f"{where}.name {name!r} must be 1 to {NAME_MAX} letters, digits, '-' or '_'"]
    if name != name.lower():
        return [f"{where}.name {name!r} must be lowercase"]
    return []


def description_problems(description: Any, where: str) -> list[str]:
    text = description or ""
    if not 1 <= len(text) <= DESCRIPTION_MAX:
        return [f"{where}.description has {len(text)} characters (1 to {DESCRIPTION_MAX})"]
    return []


def _text_size(node: dict[str, Any]) -> int:
    """Characters Discord counts toward a command's 8000: names, descriptions, choice names and values, with
    their localizations."""
    total = len(node.get("name") or "") + len(node.get("description") or "")
    for key in ("name_localizations", "description_localizations"):
        total += sum(len(text or "") for text in (node.get(key) or {}).values())
    for choice in node.get("choices") or []:
        total += len(choice.get("name") or "") + len(str(choice.get("value", "")))
        total += sum(len(text or "") for text in (choice.get("name_localizations") or {}).values())
    return total + sum(_text_size(option) for option in node.get("options") or [])


def options_problems(options: list[dict[str, Any]], where: str) -> list[str]:
    problems: list[str] = []
    if len(options) > OPTIONS_MAX:
        problems.append(f"{where}.options has {len(options)} options (at most {OPTIONS_MAX})")
    names = [option.get("name") for option in options]
    problems += [f"{where}.options repeat the name {name!r}" for name in sorted({n for n in names
                                                                              if names.count(n) > 1}, key=str)]
    nested = [option.get("type") in (SUBCOMMAND, GROUP) for option in options]
    if any(nested) and not all(nested):
        problems.append(f"{where}.options mix subcommands with plain options")
    seen_optional = False
    for index, option in enumerate(options):
        at = f"{where}.options[{index}]"
        problems += name_problems(option.get("name"), at) + description_problems(option.get("description"), at)
        if option.get("type") in (SUBCOMMAND, GROUP):
            problems += options_problems(option.get("options") or [], at)
            continue
        if option.get("required") and seen_optional:
            problems.append(f"{at} is required but follows an optional option (required ones come first)")
        seen_optional = seen_optional or not option.get("required")
        choices = option.get("choices") or []
        if choices and option.get("autocomplete"):
            problems.append(f"{at} has both choices and autocomplete")
        problems += choice_problems(choices, f"{at}.choices")
    return problems


def choice_problems(choices: list[dict[str, Any]], where: str, most: int = CHOICES_MAX) -> list[str]:
    """Command choices and autocomplete answers share these limits."""
    problems: list[str] = []
    if len(choices) > most:
        problems.append(f"{where} has {len(choices)} choices (at most {most})")
    for number, choice in enumerate(choices):
        name, value = choice.get("name") or "", choice.get("value")
        if not 1 <= len(name) <= CHOICE_TEXT_MAX:
            problems.append(f"{where}[{number}].name has {len(name)} characters (1 to {CHOICE_TEXT_MAX})")
        if isinstance(value, str) and len(value) > CHOICE_TEXT_MAX:
            problems.append(f"{where}[{number}].value has {len(value)} characters (at most {CHOICE_TEXT_MAX})")
    return problems


def command_problems(command: dict[str, Any], where: str) -> list[str]:
    kind = command.get("type") or CHAT_INPUT
    if kind != CHAT_INPUT:
        # User and message commands show their name in a context menu: any case and spaces, no description.
        name = command.get("name") or ""
        problems = [] if 1 <= len(name) <= NAME_MAX else [f"{where}.name has {len(name)} characters (1 to 32)"]
        if command.get("description"):
            problems.append(f"{where} is a {KIND_NAMES.get(kind, kind)} command and must have an empty description")
        return problems
    problems = name_problems(command.get("name"), where) + description_problems(command.get("description"), where)
    problems += options_problems(command.get("options") or [], where)
    size = _text_size(command)
    if size > COMMAND_TEXT_MAX:
        problems.append(f"{where} counts {size} characters of names, descriptions and choices "
                        f"(at most {COMMAND_TEXT_MAX})")
    return problems


def command_list_problems(commands: list[dict[str, Any]]) -> list[str]:
    """A bulk overwrite: every command valid, names unique per type, and at most 100 slash commands."""
    problems: list[str] = []
    for index, command in enumerate(commands):
        problems += command_problems(command, f"body[{index}]")
    keys = [(command.get("type") or CHAT_INPUT, command.get("name")) for command in commands]
    for kind, name in sorted({key for key in keys if keys.count(key) > 1}, key=str):
        problems.append(f"body has two {KIND_NAMES.get(kind, kind)} commands named {name!r}")
    for kind, most in COUNT_MAX.items():
        count = sum(1 for key in keys if key[0] == kind)
        if count > most:
            problems.append(f"body has {count} {KIND_NAMES[kind]} commands (at most {most})")
    return problems
