"""The request validator itself: bodies Discord would refuse fail with the rule named, sound ones pass."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from simcord import HttpLogEntry
from simcord.backend import Backend
from simcord.backend.models import Message

from tests.support.discord_spec import SPEC_FILE, DiscordSpec, assert_requests_valid, load_spec, request_problems

CHANNEL = "/channels/1456074443980800006/messages"
CALLBACK = "/interactions/1456074443980800020/simcord_interaction_1456074443980800021/callback"
FOLLOWUP = "/webhooks/1456074443980800002/simcord_interaction_1456074443980800021"
COMMANDS = "/applications/1456074443980800002/commands"


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def select(custom_id: str, count: int) -> dict[str, Any]:
    options = [{"label": f"Gate {n}", "value": str(n)} for n in range(count)]
    return {"type": 3, "custom_id": custom_id, "options": options, "min_values": 1, "max_values": 1}


def message(**fields: Any) -> dict[str, Any]:
    return {"content": "Ana boarded a red cube at G1.", "tts": False, **fields}


def command(name: str = "game", **fields: Any) -> dict[str, Any]:
    options = [{"type": 3, "name": "game", "description": "Which game", "required": True,
                "choices": [{"name": "Planes", "value": "planes"}]}]
    return {"name": name, "description": "Play airplane games", "type": 1, "options": options, **fields}


def sound_message() -> dict[str, Any]:
    embed = {"title": "Planes — move 3", "description": "Bob's turn", "image": {"url": "attachment://board.png"},
             "fields": [{"name": "Seats", "value": "1. Ana\n2. Bob", "inline": False}], "footer": {"text": "v3"}}
    return message(embeds=[embed], components=[row(button("a"), button("b")), row(select("c", 25))],
                   attachments=[{"id": 0, "filename": "board.png"}], nonce="5213189796098728045",
                   allowed_mentions={"parse": ["users"], "replied_user": True})


def env_of(*entries: tuple[str, str, Any], params: dict[str, Any] | None = None) -> SimpleNamespace:
    """The two things the validator reads from a SimCord Env: its request log and its backend's messages."""
    log = [HttpLogEntry(method, path, params or {}, body, None) for method, path, body in entries]
    return SimpleNamespace(http_requests=log, backend=Backend())


def test_sound_requests_pass() -> None:
    env = env_of(
        ("POST", CHANNEL, sound_message()),
        ("POST", CALLBACK, {"type": 4, "data": {"content": "Your turn", "flags": 64}}),
        ("POST", CALLBACK, {"type": 6}),
        ("POST", CALLBACK, {"type": 7, "data": {"components": [], "embeds": []}}),
        ("POST", FOLLOWUP, {"content": "Not your turn.", "flags": 64}),
        ("PATCH", f"{FOLLOWUP}/messages/@original", {"content": "Done", "components": []}),
        ("PUT", COMMANDS, [command(), {"name": "Show hand", "type": 2, "description": ""}]),
        ("POST", "/users/@me/channels", {"recipient_id": 1456074443980800007}),
        ("GET", "/users/@me", None),
        ("DELETE", f"{CHANNEL}/1456074443980800030", None),
    )
    assert_requests_valid(env)


REFUSED = [
    ("content of 2001 characters", "POST", CHANNEL, message(content="x" * 2001), "at most 2000"),
    ("six action rows", "POST", CHANNEL, message(components=[row(button(f"b{n}")) for n in range(6)]),
     "6 action rows"),
    ("six buttons in a row", "POST", CHANNEL, message(components=[row(*(button(f"b{n}") for n in range(6)))]),
     "6 items: breaks maxItems 5"),
    ("a select sharing its row", "POST", CHANNEL, message(components=[row(select("s", 3), button("b"))]),
     "row of its own"),
    ("a repeated custom_id", "POST", CHANNEL, message(components=[row(button("same")), row(button("same"))]),
     "custom_id 'same'"),
    ("26 select options", "POST", CHANNEL, message(components=[row(select("s", 26))]), "options has 26"),
    ("a repeated option value", "POST", CHANNEL,
     message(components=[row({**select("s", 2), "options": [{"label": "A", "value": "1"}] * 2})]),
     "repeat the value '1'"),
    ("an option label of 101 characters", "POST", CHANNEL,
     message(components=[row({**select("s", 1), "options": [{"label": "L" * 101, "value": "1"}]})]), "label"),
    ("a custom_id of 101 characters", "POST", CHANNEL, message(components=[row(button("c" * 101))]), "custom_id"),
    ("a button label of 81 characters", "POST", CHANNEL, message(components=[row(button("b", "L" * 81))]),
     "label"),
    ("a button without a style", "POST", CHANNEL,
     message(components=[row({"type": 2, "label": "Go", "custom_id": "g"})]), "'style' is a required property"),
    ("an unknown component type", "POST", CHANNEL, message(components=[row({"type": 99, "custom_id": "x"})]),
     "99 is not one of"),
    ("a text input outside a modal", "POST", CHANNEL,
     message(components=[row({"type": 4, "custom_id": "t", "style": 1, "label": "Name"})]), "is not one of"),
    ("embeds over 6000 characters in all", "POST", CHANNEL,
     message(embeds=[{"title": "T", "description": "d" * 4000}, {"description": "d" * 2500}]), "6000"),
    ("an embed field without a name", "POST", CHANNEL,
     message(embeds=[{"fields": [{"name": "", "value": "v"}]}]), "fields[0].name"),
    ("an empty new message", "POST", CHANNEL, {"tts": False, "components": []}, "empty message"),
    ("a callback message of 2001 characters", "POST", CALLBACK, {"type": 4, "data": {"content": "x" * 2001}},
     "body.data.content"),
    ("an autocomplete answer of 26 choices", "POST", CALLBACK,
     {"type": 8, "data": {"choices": [{"name": f"G{n}", "value": str(n)} for n in range(26)]}}, "26 choices"),
    ("a modal title of 46 characters", "POST", CALLBACK,
     {"type": 9, "data": {"custom_id": "m", "title": "t" * 46, "components": [
         row({"type": 4, "custom_id": "name", "style": 1, "label": "Name"})]}}, "title has 46"),
    ("a link button with a custom_id", "POST", CHANNEL,
     message(components=[row({"type": 2, "style": 5, "label": "Rules", "url": "https://example.org",
                              "custom_id": "r"})]), "link button"),
    ("users both parsed and listed", "POST", CHANNEL,
     message(allowed_mentions={"parse": ["users"], "users": ["1456074443980800007"]}), "both in parse"),
    ("an unknown callback type", "POST", CALLBACK, {"type": 3}, "3 is not one of"),
    ("a followup with six rows", "POST", FOLLOWUP, message(components=[row(button(f"b{n}")) for n in range(6)]),
     "6 action rows"),
    ("a command name with capitals", "PUT", COMMANDS, [command("Game")], "lowercase"),
    ("a command name with a space", "PUT", COMMANDS, [command("new game")], "letters, digits"),
    ("a command name of 33 characters", "PUT", COMMANDS, [command("g" * 33)], "is too long"),
    ("a command description of 101 characters", "PUT", COMMANDS, [command(description="d" * 101)],
     "description"),
    ("a slash command without a description", "PUT", COMMANDS, [command(description="")], "description has 0"),
    ("26 choices", "PUT", COMMANDS,
     [command(options=[{"type": 3, "name": "gate", "description": "Gate",
                        "choices": [{"name": f"G{n}", "value": str(n)} for n in range(26)]}])], "26 choices"),
    ("a choice value of 101 characters", "PUT", COMMANDS,
     [command(options=[{"type": 3, "name": "gate", "description": "Gate",
                        "choices": [{"name": "G", "value": "v" * 101}]}])], "value has 101"),
    ("a required option after an optional one", "PUT", COMMANDS,
     [command(options=[{"type": 5, "name": "thread", "description": "Thread"},
                       {"type": 3, "name": "game", "description": "Game", "required": True}])], "come first"),
    ("two commands of one name", "PUT", COMMANDS, [command(), command()], "two slash commands named 'game'"),
    ("101 slash commands", "PUT", COMMANDS, [command(f"c{n}") for n in range(101)], "101 slash commands"),
    ("a command of over 8000 characters", "PUT", COMMANDS,
     [command(options=[{"type": 3, "name": f"o{n}", "description": "d" * 100,
                        "choices": [{"name": "n" * 100, "value": "v" * 100}] * 25} for n in range(2)])], "8000"),
    ("an unknown route", "POST", "/channels/1456074443980800006/boards", {"content": "hi"}, "404"),
    ("a method the route lacks", "PUT", CHANNEL, message(), "404 or 405"),
    ("a path id that is no snowflake", "POST", "/channels/general/messages", message(), "channel_id='general'"),
    ("a body on a bodiless route", "GET", "/users/@me", {"x": 1}, "takes no body"),
]


@pytest.mark.parametrize(("method", "path", "body", "rule"), [case[1:] for case in REFUSED],
                         ids=[case[0] for case in REFUSED])
def test_refused_requests_fail_naming_the_rule(method: str, path: str, body: Any, rule: str) -> None:
    with pytest.raises(AssertionError) as failure:
        assert_requests_valid(env_of(("GET", "/users/@me", None), (method, path, body)))
    text = str(failure.value)
    assert f"request #1 {method} {path}: " in text, text
    assert rule in text, text


def test_query_parameters_follow_the_operation() -> None:
    assert request_problems("POST", CALLBACK, {"with_response": "1"}, {"type": 6}) == []
    assert request_problems("POST", FOLLOWUP, {"wait": 1, "with_components": 0}, {"content": "hi"}) == []
    assert "query parameter 'wiat'" in request_problems("POST", FOLLOWUP, {"wiat": 1}, {"content": "hi"})[0]
    assert "does not fit" in request_problems("POST", FOLLOWUP, {"wait": "maybe"}, {"content": "hi"})[0]


def test_the_most_literal_route_wins() -> None:
    """`@original` is its own route; as a message id it would not be a snowflake."""
    assert request_problems("PATCH", f"{FOLLOWUP}/messages/@original", None, {"content": "x"}) == []
    assert request_problems("GET", "/channels/1456074443980800006/messages/pins", None, None) == []


def test_oversized_files_fail() -> None:
    env = env_of(("GET", "/users/@me", None))
    bot = env.backend.bot_user.id
    big = {"filename": "board.png", "size": 10 * 1024 * 1024 + 1}
    env.backend.messages[6] = {30: Message(id=30, channel_id=6, author_id=bot, attachments=[big])}
    with pytest.raises(AssertionError, match="'board.png' has 10485761 bytes"):
        assert_requests_valid(env)


def test_the_union_rewrite_changes_no_verdict() -> None:
    """The validator rewrites `type`-tagged unions for speed; the plain spec must judge every body alike."""
    plain = DiscordSpec(json.loads(SPEC_FILE.read_text(encoding="utf-8")), rewrite_unions=False)
    fast = load_spec()
    bodies = [("POST", CHANNEL, sound_message()), ("POST", CALLBACK, {"type": 9, "data": {"title": "t"}})]
    bodies += [(method, path, body) for _, method, path, body, _ in REFUSED]
    verdicts = 0
    for method, path, body in bodies:
        found = fast.match(method, path)
        if found is None or found[0].body_pointer is None:
            continue
        pointer = found[0].body_pointer
        assert bool(fast.schema_problems(pointer, body)) == bool(plain.schema_problems(pointer, body)), body
        verdicts += bool(plain.schema_problems(pointer, body))
    assert verdicts >= 8, "the sample must hold bodies the schema itself refuses"
