"""The limits in Discord's developer documentation that its OpenAPI spec (tests/support/data) lacks or states
wrongly. Each check returns sentences naming the rule; `limit_problems` picks the checks a route's body needs."""

from __future__ import annotations

from typing import Any

from tests.support.discord_commands import choice_problems, command_list_problems, command_problems

CONTENT_MAX = 2000  # the spec says 4000 for channel messages; Discord refuses more than 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_TEXT_MAX = {"title": 256, "description": 4096}
FIELDS_MAX, FIELD_NAME_MAX, FIELD_VALUE_MAX = 25, 256, 1024
FOOTER_MAX, AUTHOR_MAX = 2048, 256
FILES_MAX = 10
FILE_BYTES_MAX, REQUEST_BYTES_MAX = 10 * 1024 * 1024, 25 * 1024 * 1024
ROWS_MAX, BUTTONS_PER_ROW = 5, 5
V2_COMPONENTS_MAX = 40
IS_COMPONENTS_V2 = 1 << 15
SELECT_TYPES = {3, 5, 6, 7, 8}
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
LINK_STYLE, PREMIUM_STYLE = 5, 6
CUSTOM_ID_MAX, BUTTON_LABEL_MAX, PLACEHOLDER_MAX = 100, 80, 150
OPTIONS_MAX, OPTION_TEXT_MAX = 25, 100
MODAL_TITLE_MAX, TEXT_INPUT_LABEL_MAX, TEXT_INPUT_VALUE_MAX, TEXT_INPUT_PLACEHOLDER_MAX = 45, 45, 4000, 100
AUTOCOMPLETE_MAX = 25

# Routes whose body is a message; the value says whether it creates one (an empty new message is refused).
MESSAGE_ROUTES = {
    ("POST", "/channels/{channel_id}/messages"): True,
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): False,
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): True,
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): False,
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): False,
}
CALLBACK = ("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
COMMAND_LISTS = {
    ("PUT", "/applications/{application_id}/commands"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
}
COMMANDS = {
    ("POST", "/applications/{application_id}/commands"),
    ("PATCH", "/applications/{application_id}/commands/{command_id}"),
    ("POST", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("PATCH", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"),
}


def limit_problems(method: str, template: str, body: Any) -> list[str]:
    key = (method, template)
    if key in MESSAGE_ROUTES and isinstance(body, dict):
        return message_problems(body, creates=MESSAGE_ROUTES[key])
    if key == CALLBACK and isinstance(body, dict):
        return callback_problems(body)
    if key in COMMAND_LISTS and isinstance(body, list):
        return command_list_problems(body)
    if key in COMMANDS and isinstance(body, dict):
        return command_problems(body, "body")
    if key == ("POST", "/channels/{channel_id}/threads") and isinstance(body, dict):
        # A forum or media post carries its first message inside the thread body.
        return message_problems(body["message"], creates=True, where="body.message") if body.get("message") else []
    return []


def callback_problems(body: dict[str, Any]) -> list[str]:
    kind, data = body.get("type"), body.get("data")
    if not isinstance(data, dict):
        return []
    if kind in (4, 7):
        return message_problems(data, creates=kind == 4, where="body.data")
    if kind == 8:
        return choice_problems(data.get("choices") or [], "body.data.choices", AUTOCOMPLETE_MAX)
    if kind == 9:
        return modal_problems(data)
    return []


def message_problems(message: dict[str, Any], *, creates: bool, where: str = "body") -> list[str]:
    problems: list[str] = []
    content = message.get("content") or ""
    if len(content) > CONTENT_MAX:
        problems.append(f"{where}.content has {len(content)} characters (at most {CONTENT_MAX})")
    embeds = message.get("embeds") or []
    problems += embeds_problems(embeds, where)
    attachments = message.get("attachments") or []
    if len(attachments) > FILES_MAX:
        problems.append(f"{where}.attachments has {len(attachments)} files (at most {FILES_MAX} per message)")
    components = message.get("components") or []
    if (message.get("flags") or 0) & IS_COMPONENTS_V2:
        problems += v2_problems(message, components, where)
    else:
        problems += rows_problems(components, f"{where}.components")
    problems += mentions_problems(message.get("allowed_mentions"), f"{where}.allowed_mentions")
    visible = content or embeds or components or attachments or message.get("sticker_ids") or message.get("poll")
    if creates and not visible:
        problems.append(f"{where} is an empty message: no content, embed, component, file, sticker or poll")
    return problems


def embeds_problems(embeds: list[dict[str, Any]], where: str) -> list[str]:
    problems: list[str] = []
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"{where}.embeds has {len(embeds)} embeds (at most {EMBEDS_MAX})")
    total = 0
    for index, embed in enumerate(embeds):
        at = f"{where}.embeds[{index}]"
        texts = {key: embed.get(key) or "" for key in EMBED_TEXT_MAX}
        texts["footer.text"] = (embed.get("footer") or {}).get("text") or ""
        texts["author.name"] = (embed.get("author") or {}).get("name") or ""
        limits = {**EMBED_TEXT_MAX, "footer.text": FOOTER_MAX, "author.name": AUTHOR_MAX}
        for key, text in texts.items():
            if len(text) > limits[key]:
                problems.append(f"{at}.{key} has {len(text)} characters (at most {limits[key]})")
        total += sum(len(text) for text in texts.values())
        fields = embed.get("fields") or []
        if len(fields) > FIELDS_MAX:
            problems.append(f"{at}.fields has {len(fields)} fields (at most {FIELDS_MAX})")
        for number, field in enumerate(fields):
            name, value = field.get("name") or "", field.get("value") or ""
            total += len(name) + len(value)
            if not 1 <= len(name) <= FIELD_NAME_MAX:
                problems.append(f"{at}.fields[{number}].name has {len(name)} characters (1 to {FIELD_NAME_MAX})")
            if not 1 <= len(value) <= FIELD_VALUE_MAX:
                problems.append(f"{at}.fields[{number}].value has {len(value)} characters (1 to {FIELD_VALUE_MAX})")
    if total > EMBED_TOTAL_MAX:
        problems.append(f"{where}.embeds hold {total} characters in all (at most {EMBED_TOTAL_MAX} per message)")
    return problems


def rows_problems(rows: list[dict[str, Any]], where: str) -> list[str]:
    """Classic components: at most 5 action rows; a row holds up to 5 buttons or exactly one select."""
    problems: list[str] = []
    if len(rows) > ROWS_MAX:
        problems.append(f"{where} has {len(rows)} action rows (at most {ROWS_MAX})")
    for index, row in enumerate(rows):
        at = f"{where}[{index}]"
        if row.get("type") != ACTION_ROW:
            problems.append(f"{at} is type {row.get('type')}, but without the components-v2 flag only action rows "
                            "may sit at the top")
            continue
        children = row.get("components") or []
        selects = [child for child in children if child.get("type") in SELECT_TYPES]
        if selects and len(children) != 1:
            problems.append(f"{at} mixes a select menu with {len(children) - 1} other component(s); a select "
                            "needs a row of its own")
        if not selects and not 1 <= len(children) <= BUTTONS_PER_ROW:
            problems.append(f"{at} has {len(children)} buttons (1 to {BUTTONS_PER_ROW} per row)")
        problems += [p for n, child in enumerate(children) for p in item_problems(child, f"{at}.components[{n}]")]
    problems += unique_custom_id_problems(rows, where)
    return problems


def item_problems(item: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    if "custom_id" in item and item["custom_id"] is not None:
        custom_id = item["custom_id"]
        if not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
            problems.append(f"{where}.custom_id has {len(custom_id)} characters (1 to {CUSTOM_ID_MAX})")
    kind = item.get("type")
    if kind == BUTTON:
        problems += button_problems(item, where)
    elif kind in SELECT_TYPES:
        problems += select_problems(item, where)
    elif kind == TEXT_INPUT:
        problems.append(f"{where} is a text input, which only a modal may hold")
    return problems


def button_problems(button: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    label = button.get("label") or ""
    if len(label) > BUTTON_LABEL_MAX:
        problems.append(f"{where}.label has {len(label)} characters (at most {BUTTON_LABEL_MAX})")
    style = button.get("style")
    if style == LINK_STYLE:
        if not button.get("url") or button.get("custom_id"):
            problems.append(f"{where} is a link button: it needs a url and no custom_id")
    elif style == PREMIUM_STYLE:
        if not button.get("sku_id") or button.get("custom_id") or button.get("url") or label:
            problems.append(f"{where} is a premium button: it needs a sku_id and no custom_id, url or label")
    elif not button.get("custom_id") or button.get("url"):
        problems.append(f"{where} is a style-{style} button: it needs a custom_id and no url")
    return problems


def select_problems(select: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    placeholder = select.get("placeholder") or ""
    if len(placeholder) > PLACEHOLDER_MAX:
        problems.append(f"{where}.placeholder has {len(placeholder)} characters (at most {PLACEHOLDER_MAX})")
    options = select.get("options") or []
    low = select.get("min_values")
    high = select.get("max_values")
    low, high = 1 if low is None else low, 1 if high is None else high
    if not 0 <= low <= high <= OPTIONS_MAX:
        problems.append(f"{where} has min_values {low} and max_values {high} (need 0 ≤ min ≤ max ≤ {OPTIONS_MAX})")
    if select.get("type") != STRING_SELECT:
        return problems
    if not 1 <= len(options) <= OPTIONS_MAX:
        problems.append(f"{where}.options has {len(options)} options (1 to {OPTIONS_MAX})")
    if high > len(options):
        problems.append(f"{where}.max_values is {high} but only {len(options)} options are offered")
    for number, option in enumerate(options):
        for key, low_len in (("label", 1), ("value", 1), ("description", 0)):
            text = option.get(key) or ""
            if not low_len <= len(text) <= OPTION_TEXT_MAX:
                problems.append(f"{where}.options[{number}].{key} has {len(text)} characters "
                                f"({low_len} to {OPTION_TEXT_MAX})")
    values = [option.get("value") for option in options]
    for value in sorted({v for v in values if values.count(v) > 1}, key=str):
        problems.append(f"{where}.options repeat the value {value!r} (values must be unique in a select)")
    return problems


def _custom_ids(components: list[dict[str, Any]]) -> list[str]:
    found: list[str] = []
    for item in components:
        if item.get("custom_id"):
            found.append(item["custom_id"])
        found += _custom_ids(item.get("components") or [])
        if isinstance(item.get("accessory"), dict):
            found += _custom_ids([item["accessory"]])
        if isinstance(item.get("component"), dict):
            found += _custom_ids([item["component"]])
    return found


def unique_custom_id_problems(components: list[dict[str, Any]], where: str) -> list[str]:
    ids = _custom_ids(components)
    return [f"{where} repeat the custom_id {custom_id!r} (custom_ids must be unique within a message)"
            for custom_id in sorted({c for c in ids if ids.count(c) > 1})]


def _count(components: list[dict[str, Any]]) -> int:
    total = 0
    for item in components:
        total += 1 + _count(item.get("components") or [])
        total += sum(1 for key in ("accessory", "component") if isinstance(item.get(key), dict))
    return total


def v2_problems(message: dict[str, Any], components: list[dict[str, Any]], where: str) -> list[str]:
    """With the components-v2 flag the components are the whole message: no content or embeds, 40 in all."""
    problems: list[str] = []
    if message.get("content") or message.get("embeds"):
        problems.append(f"{where} sets the components-v2 flag but also has content or embeds")
    if _count(components) > V2_COMPONENTS_MAX:
        problems.append(f"{where}.components count {_count(components)} (at most {V2_COMPONENTS_MAX} with v2)")
    problems += unique_custom_id_problems(components, f"{where}.components")
    return problems


def mentions_problems(mentions: Any, where: str) -> list[str]:
    if not isinstance(mentions, dict):
        return []
    parse = mentions.get("parse") or []
    return [f"{where} lists {kind} both in parse and by id, which Discord refuses"
            for kind in ("users", "roles") if kind in parse and mentions.get(kind)]


def modal_problems(modal: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    title = modal.get("title") or ""
    if not 1 <= len(title) <= MODAL_TITLE_MAX:
        problems.append(f"body.data.title has {len(title)} characters (1 to {MODAL_TITLE_MAX})")
    custom_id = modal.get("custom_id") or ""
    if not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
        problems.append(f"body.data.custom_id has {len(custom_id)} characters (1 to {CUSTOM_ID_MAX})")
    rows = modal.get("components") or []
    if not 1 <= len(rows) <= ROWS_MAX:
        problems.append(f"body.data.components has {len(rows)} rows (1 to {ROWS_MAX})")
    limits = {"label": TEXT_INPUT_LABEL_MAX, "value": TEXT_INPUT_VALUE_MAX, "placeholder": TEXT_INPUT_PLACEHOLDER_MAX}
    for index, row in enumerate(rows):
        for number, item in enumerate([row.get("component")] if row.get("component") else row.get("components") or []):
            at = f"body.data.components[{index}].components[{number}]"
            if not isinstance(item, dict) or item.get("type") != TEXT_INPUT:
                continue
            for key, most in limits.items():
                text = item.get(key) or ""
                if len(text) > most:
                    problems.append(f"{at}.{key} has {len(text)} characters (at most {most})")
    return problems + unique_custom_id_problems(rows, "body.data.components")


def stored_attachment_problems(env: Any) -> list[str]:
    """SimCord's request log keeps the payload but not the uploaded bytes, so file sizes are read from the
    messages the bot stored: 10 MiB a file by default and 25 MiB a message."""
    problems: list[str] = []
    backend = env.backend
    for channel_id, messages in backend.messages.items():
        for message in messages.values():
            if message.author_id != backend.bot_user.id or not message.attachments:
                continue
            sizes = [attachment.get("size", 0) for attachment in message.attachments]
            where = f"message {message.id} in channel {channel_id}"
            problems += [f"{where}: file {a.get('filename')!r} has {a.get('size')} bytes (at most {FILE_BYTES_MAX})"
                         for a in message.attachments if a.get("size", 0) > FILE_BYTES_MAX]
            if sum(sizes) > REQUEST_BYTES_MAX:
                problems.append(f"{where}: files total {sum(sizes)} bytes (at most {REQUEST_BYTES_MAX} a request)")
    return problems
