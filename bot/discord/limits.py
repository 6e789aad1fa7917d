"""Discord's limits on the texts the bot sends, and `fit`, the one place every message passes through on its way out.

Discord refuses a whole message when one of its texts is over its limit (400), and the member then gets nothing at all,
not even a refusal. So every text is cut to its limit with "…", so a reader knows something was left out, and every
crowd or role mention in it is defused (bot/mentions.py): the bot never means to ping one, whatever a member typed.
The limits are Discord's own (its developer documentation); tests/support/discord_limits.py checks them in tests.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.mentions import defuse_crowds
from engine.core.text import shorten

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000  # titles, descriptions, field names and values, footers and authors of one message's embeds
EMBEDS = 10  # embeds in one message
BUTTON_LABEL = 80
PLACEHOLDER = 150
OPTION_TEXT = 100  # a select entry's label, value and description
CHOICE_TEXT = 100  # an autocomplete suggestion's name and value
MODAL_TITLE = 45
INPUT_LABEL = 45
INPUT_PLACEHOLDER = 100
INPUT_VALUE = 4000
ALT_TEXT = 1024  # an attachment's description, which Discord shows as the picture's alt text
THREAD_NAME = 100
TEXT_TOTAL = 4000  # the text displays of one Components V2 message, in all
FILE_BYTES = 10 * 1024 * 1024  # one attachment, by default (an interaction may tell a larger attachment_size_limit)


def cut(text: str, limit: int) -> str:
    """`text` as a message may carry it: crowd mentions defused, then cut to `limit` (at a word when one is near)."""
    return shorten(defuse_crowds(text), limit)


def latest(lines: list[str], limit: int) -> str:
    """The lines that fit in `limit`, newest kept: a panel edited through a long turn lists every click of it, and a
    log many turns; the oldest lines are the ones a reader can spare ("…" first says some were left out)."""
    lines = [defuse_crowds(line) for line in lines]
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    used = 1  # the "…" line
    for line in reversed(lines):
        if used + len(line) + 1 > limit:
            break
        kept.insert(0, line)
        used += len(line) + 1
    return "\n".join(["…", *kept]) if kept else shorten(lines[-1], limit)


def paragraphs(text: str, limit: int, sep: str = "\n\n") -> list[str]:
    """`text` in pieces of at most `limit` characters, each made of whole paragraphs (split at blank lines, or at
    `sep`) where they fit: a long page goes out as several embeds rather than be cut. A paragraph longer than `limit`
    is cut."""
    pieces: list[str] = []
    for paragraph in text.split(sep):
        if pieces and len(pieces[-1]) + len(sep) + len(paragraph) <= limit:
            pieces[-1] += sep + paragraph
        else:
            pieces.append(cut(paragraph, limit))
    return pieces


def code_block(text: str, limit: int, language: str = "") -> str:
    """`text` in a code block of at most `limit` characters: the text is what is cut, so the fences stay whole."""
    head, tail = f"```{language}\n", "\n```"
    return f"{head}{cut(text, limit - len(head) - len(tail))}{tail}"


def fit(**message: Any) -> dict[str, Any]:
    """The keyword arguments of a send or edit (content, embed/embeds, view, file/files/attachments, …) with every text
    they carry fitted to its limit. Embeds, views and files are fitted in place; the rest passes through."""
    if isinstance(message.get("content"), str):
        message["content"] = cut(message["content"], CONTENT)
    embeds = [message["embed"]] if message.get("embed") is not None else list(message.get("embeds") or [])
    fit_embeds(embeds)
    if message.get("view") is not None:
        fit_view(message["view"])
    files = [message["file"]] if message.get("file") is not None else []
    for file in [*files, *(message.get("files") or []), *(message.get("attachments") or [])]:
        if isinstance(file, discord.File) and file.description:
            file.description = cut(file.description, ALT_TEXT)
    return message


def fit_embeds(embeds: list[discord.Embed]) -> None:
    """Each text of each embed cut to its own limit; then, while the message's embeds hold more than EMBED_TOTAL
    characters in all, the longest description or field value is cut by the excess."""
    for embed in embeds:
        if embed.title:
            embed.title = cut(embed.title, EMBED_TITLE)
        if embed.description:
            embed.description = cut(embed.description, EMBED_DESCRIPTION)
        for index, field in enumerate(embed.fields):
            embed.set_field_at(index, name=cut(field.name or "", FIELD_NAME), value=cut(field.value or "", FIELD_VALUE),
                               inline=bool(field.inline))
        if embed.footer.text:
            embed.set_footer(text=cut(embed.footer.text, FOOTER), icon_url=embed.footer.icon_url)
        if embed.author.name:
            embed.set_author(name=cut(embed.author.name, AUTHOR), url=embed.author.url,
                             icon_url=embed.author.icon_url)
    while (excess := sum(map(_embed_length, embeds)) - EMBED_TOTAL) > 0:
        _shorten_longest(embeds, excess)


def _embed_length(embed: discord.Embed) -> int:
    fields = sum(len(f.name or "") + len(f.value or "") for f in embed.fields)
    return (len(embed.title or "") + len(embed.description or "") + fields + len(embed.footer.text or "")
            + len(embed.author.name or ""))


def _shorten_longest(embeds: list[discord.Embed], excess: int) -> None:
    texts: list[tuple[int, discord.Embed, int | None]] = [(len(e.description or ""), e, None) for e in embeds]
    texts += [(len(f.value or ""), e, i) for e in embeds for i, f in enumerate(e.fields)]
    length, embed, index = max(texts, key=lambda t: t[0])
    keep = max(length - excess, 1)
    if index is None:
        embed.description = shorten(embed.description or "", keep)
    else:
        field = embed.fields[index]
        embed.set_field_at(index, name=field.name, value=shorten(field.value or "", keep), inline=bool(field.inline))


def fit_view(view: discord.ui.View | discord.ui.LayoutView) -> None:
    """Button labels, select placeholders and select entries cut to their limits (an entry's value is an id, never
    cut: the bot writes it and keeps it short); on a V2 layout, its texts and the alt text of its pictures too."""
    children = list(view.walk_children()) if isinstance(view, discord.ui.LayoutView) else view.children
    if isinstance(view, discord.ui.LayoutView):
        fit_layout(children)
    for child in children:
        item = getattr(child, "item", child)  # a DynamicItem wraps the button or select it shows
        if isinstance(item, discord.ui.Button) and item.label:
            item.label = cut(item.label, BUTTON_LABEL)
        elif isinstance(item, discord.ui.Select):
            if item.placeholder:
                item.placeholder = cut(item.placeholder, PLACEHOLDER)
            for option in item.options:
                option.label = cut(option.label, OPTION_TEXT)
                if option.description:
                    option.description = cut(option.description, OPTION_TEXT)


def fit_layout(children: list[discord.ui.Item[Any]]) -> None:
    """Alt texts cut to ALT_TEXT; then, while the text displays hold more than TEXT_TOTAL characters in all, the
    longest is cut by the excess (its newest lines kept: they are what a reader looks for)."""
    for child in children:
        if isinstance(child, discord.ui.MediaGallery):
            for picture in child.items:
                if picture.description:
                    picture.description = cut(picture.description, ALT_TEXT)
    texts = [c for c in children if isinstance(c, discord.ui.TextDisplay)]
    for display in texts:
        display.content = defuse_crowds(display.content)
    before = None
    while texts and (excess := sum(len(t.content) for t in texts) - TEXT_TOTAL) > 0 and excess != before:
        before = excess  # a pass that cuts nothing more ends it
        # Words first; a code block (a board drawn as text) only when nothing else is left to cut, and whole.
        words = [t for t in texts if not t.content.startswith("```")]
        longest = max(words if any(len(t.content) > 1 for t in words) else texts, key=lambda t: len(t.content))
        keep = max(len(longest.content) - excess, 1)
        if longest.content.startswith("```"):
            language, _newline, inner = longest.content.removesuffix("\n```").partition("\n")
            longest.content = code_block(inner, max(keep, 16), language.removeprefix("```"))
        else:
            longest.content = latest(longest.content.split("\n"), keep)


def choice(name: str, value: str) -> app_commands.Choice[str]:
    """An autocomplete suggestion: its name cut like any label. Its value is what the member's command sends back,
    where a "…" would be read as typed, so it is only sliced to the limit."""
    return app_commands.Choice(name=cut(name, CHOICE_TEXT), value=value[:CHOICE_TEXT])
