"""Where SimCord's page draws a message otherwise than Discord does, the sandbox makes it draw it as Discord does.

- Discord shows a mention in an embed's description or a field's value by name (`#games`, `@Ada`; it pings nobody
  there); SimCord's page leaves it raw (`<#1456…>`), so `/game mine` read as a list of numbers.
- Discord shows a relative time (`<t:…:R>`) against the reader's clock; SimCord's page against the moment it last
  published after a "refresh". The sandbox's page actions publish without one, so a page used for half an hour read
  "since in 35 minutes" for a time in the past: the page's clock is brought up to the simulated one before each
  action (`follow_clock`).
- Discord lists an option's suggestions as soon as the option is chosen, before anything is typed; SimCord's page
  asks the bot only once something is typed, so `/game rules topic:` showed an empty list. The sandbox serves the
  page's command composer with one line more: focusing an option with suggestions asks for them at once
  (`ask_suggestions_at_once`, the same request typing makes).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aiohttp import web
from simcord.preview import _markdown

COMPOSER = "/commands.js"
# Where the composer shows the suggestions it already has when an option gets the focus; the line added asks the bot
# when it has none for what the field holds (nothing, at first), as typing would.
FOCUSED = "const choices = autocompleteResults.get(autocompleteKey(currentDraft(), option.name, current)) || [];"
ASK = ("if (!autocompleteResults.has(autocompleteKey(currentDraft(), option.name, current))) "
       "queryAutocomplete(option, current);")

MENTIONS_SHOWN = ("embed_description", "embed_field_value")


def show_mentions_in_embeds() -> None:
    for field in MENTIONS_SHOWN:
        _markdown._FIELD_POLICIES[field]["mentions"] = True


def follow_clock(preview: Any) -> None:
    """The page's "now", for its relative times, is the simulated clock's now."""
    preview._advance_presentation_time()


def composer_script() -> str:
    """SimCord's command composer with the line that asks for suggestions on focus; fails loudly if SimCord's script
    no longer has the place it goes (a SimCord upgrade to look at, not a silent change of behaviour)."""
    text = (Path(_markdown.__file__).with_name("static") / "commands.js").read_text(encoding="utf-8")
    assert text.count(FOCUSED) == 1, "SimCord's command composer changed: see bot/sandbox/fidelity.py"
    return text.replace(FOCUSED, f"{FOCUSED}\n            {ASK}")


def ask_suggestions_at_once(preview: Any) -> None:
    """Serve the page `composer_script()` in place of SimCord's own. Call before the page's server starts."""
    server = preview._server
    static = server._static
    script = composer_script()

    async def serve(request: web.Request) -> web.StreamResponse:
        answer = await static(request)  # SimCord's checks (host, route) and headers, then the body swapped
        if request.path != COMPOSER:
            return answer
        return web.Response(text=script, content_type="application/javascript", headers=server._SECURITY_HEADERS)

    server._static = serve
