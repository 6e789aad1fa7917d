"""What the bot's messages may ping. Discord would take a message that pings the whole server or a role (it is not
refused, just loud), so this is a check of our own, run after every end-to-end test like the spec's: every message
whose content could mention someone carries allowed_mentions that forbid @everyone, @here and roles, and none of the
texts a reader sees holds a raw crowd or role mention (a member's name or typed words shown back are defused)."""

from __future__ import annotations

import json
import re
from typing import Any

MESSAGE_PATH = re.compile(r"^/(channels/\d+/messages(/\d+)?|webhooks/\d+/[^/]+(/messages/[^/]+)?)$")
CALLBACK_PATH = re.compile(r"^/interactions/\d+/[^/]+/callback$")
MESSAGE_CALLBACKS = (4, 7)  # a new message, or an edit of the one a component sits on
# Raw, these ping a crowd or a role; defused, a zero-width space follows the "@".
CROWD_MENTION = re.compile(r"@(everyone|here)|<@&\d+>", re.IGNORECASE)
_NOT_SHOWN = ("custom_id", "url", "allowed_mentions", "attachments")
IS_COMPONENTS_V2 = 1 << 15
TEXT_DISPLAY = 10


def message_bodies(entries: Any) -> list[dict[str, Any]]:
    """Every message body in a request log: posts, edits, followups, and the messages of interaction responses."""
    bodies: list[dict[str, Any]] = []
    for entry in entries:
        body = entry.json if isinstance(entry.json, dict) else None
        if body is None or entry.method not in ("POST", "PATCH"):
            continue
        if MESSAGE_PATH.match(entry.path):
            bodies.append(body)
        elif CALLBACK_PATH.match(entry.path) and body.get("type") in MESSAGE_CALLBACKS and isinstance(
                body.get("data"), dict):
            bodies.append(body["data"])
    return bodies


def shown_texts(node: Any, markdown: bool = True) -> list[tuple[str, bool]]:
    """(text, whether Discord renders it as markdown) for every string a reader sees in a message body: content,
    embeds and a V2 message's text displays are markdown; what other components show (labels, placeholders, select
    entries) is plain text."""
    found: list[tuple[str, bool]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in _NOT_SHOWN or (key == "value" and not markdown):  # a select entry's value is an id
                continue
            if isinstance(value, str):
                found.append((value, markdown or (key == "content" and node.get("type") == TEXT_DISPLAY)))
            else:
                found += shown_texts(value, markdown and key != "components")
    elif isinstance(node, list):
        for item in node:
            found += shown_texts(item, markdown)
    return found


def body_problems(body: dict[str, Any]) -> list[str]:
    where = json.dumps(body, ensure_ascii=False)[:200]
    problems: list[str] = []
    mentions = body.get("allowed_mentions")
    # Only content and a V2 message's text displays ping (embeds and classic components never do), and an edit
    # that leaves them alone keeps its mentions.
    pings = "content" in body or bool((body.get("flags") or 0) & IS_COMPONENTS_V2)
    if pings and not isinstance(mentions, dict):
        problems.append(f"content without allowed_mentions: {where}")
    if isinstance(mentions, dict):
        parse = mentions.get("parse") or []
        if "everyone" in parse or "roles" in parse or mentions.get("roles"):
            problems.append(f"allowed_mentions let a crowd or a role be pinged ({mentions}): {where}")
        if "users" in parse:
            problems.append(f"allowed_mentions ping every user the text mentions, not the ones meant: {where}")
    problems += [f"a raw crowd or role mention in {text[:120]!r}" for text, _ in shown_texts(body)
                 if CROWD_MENTION.search(text)]
    return problems


def mention_problems(entries: Any) -> list[str]:
    return [problem for body in message_bodies(entries) for problem in body_problems(body)]
