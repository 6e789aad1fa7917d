"""bot/discord/limits.py, the one place every message passes on its way out: each text cut to Discord's limit
with "…", crowd and role mentions defused; and names escaped as they are written into text (bot/naming.py)."""

from __future__ import annotations

import io

import discord

from bot.discord import limits
from bot.discord.limits import choice, code_block, fit, latest
from bot.discord.panel import ChoiceButton, ChoiceSelect
from bot.naming import escape, typed_line
from engine.core.typed import commands_for
from engine.planecrafters.game import GAME
from tests.planecrafters.helpers import give, start
from tests.support.discord_limits import message_problems

TYPED = commands_for(GAME)
"""The game's typed moves."""

ZW = "\u200b"


def test_content_is_cut_with_an_ellipsis_and_crowd_mentions_are_defused() -> None:
    sent = fit(content="@everyone and @here and <@&123456789012345678> meet <@42>. " + "word " * 1000)
    content = sent["content"]
    assert len(content) <= limits.CONTENT and content.endswith("…")
    assert content.startswith(f"@{ZW}everyone and @{ZW}here and <@{ZW}&123456789012345678> meet <@42>.")
    assert fit(content=content)["content"] == content, "fitting twice changes nothing"


def test_every_embed_text_fits_its_limit_and_the_total() -> None:
    embed = discord.Embed(title="T" * 300, description="d" * 5000)
    for n in range(6):
        embed.add_field(name=f"{n}" * 300, value="v" * 2000)
    embed.set_footer(text="f" * 3000)
    embed.set_author(name="a" * 300)
    fit(embed=embed)
    body = {"embeds": [embed.to_dict()]}
    assert message_problems(body, creates=True) == []
    assert embed.title.endswith("…") and len(embed.title) == limits.EMBED_TITLE
    assert all(len(f.value) <= limits.FIELD_VALUE for f in embed.fields)


def test_labels_placeholders_and_select_entries_are_cut() -> None:
    view = discord.ui.View()
    view.add_item(ChoiceButton(1, 2, 0, 0, "b" * 200))
    options = [discord.SelectOption(label="l" * 200, value="0", description="@everyone " + "x" * 200)]
    view.add_item(ChoiceSelect(1, 2, 0, 0, options, "p" * 300))
    fit(content="x", view=view)
    button, select = (child.item for child in view.children)
    assert len(button.label) == limits.BUTTON_LABEL and button.label.endswith("…")
    assert len(select.placeholder) == limits.PLACEHOLDER
    assert len(select.options[0].label) == limits.OPTION_TEXT
    assert select.options[0].description.startswith(f"@{ZW}everyone")
    assert len(select.options[0].description) <= limits.OPTION_TEXT
    assert select.options[0].value == "0", "a value is an id: never cut"


def test_alt_text_is_cut() -> None:
    picture = discord.File(io.BytesIO(b"png"), filename="board.png", description="A board. " * 200)
    fit(file=picture)
    assert len(picture.description) <= limits.ALT_TEXT and picture.description.endswith("…")


def test_the_newest_lines_are_kept_and_a_code_block_keeps_its_fences() -> None:
    lines = [f"line {n} " + "x" * 40 for n in range(100)]
    shown = latest(lines, 500)
    assert len(shown) <= 500 and shown.startswith("…\n") and shown.endswith(lines[-1])
    block = code_block("{" + "x" * 5000 + "}", 300, "json")
    assert len(block) <= 300 and block.startswith("```json\n") and block.endswith("…\n```")


def test_a_suggestion_keeps_its_value_whole_up_to_the_limit() -> None:
    suggested = choice("n" * 150, "v" * 150)
    assert len(suggested.name) == limits.CHOICE_TEXT and suggested.name.endswith("…")
    assert suggested.value == "v" * limits.CHOICE_TEXT


def test_a_name_is_shown_as_typed_and_pings_nobody() -> None:
    assert escape("**bold**") == "\\*\\*bold\\*\\*"
    assert escape("@everyone") == f"@{ZW}everyone"
    assert escape("@Here") == f"@{ZW}Here", "Discord reads them in any case"
    assert escape("<@&123>") == f"<@{ZW}&123\\>"
    assert escape("<@!42>") == f"<@{ZW}!42\\>", "a name may not pose as another member's mention"
    assert escape("ana@example") == "ana@example"
    # A name copied from a message, zero-width space and all, is still the member's name in a typed move.
    state = start(3)
    state.step, state.uses = "abilities", {"spy": 1}
    give(state, 0, "spy")
    assert TYPED.parse_command(state, 0, typed_line(f"spy on @{ZW}everyone"), {1: "@everyone"}).ids == ["spy:1"]


def test_a_v2_layout_keeps_its_texts_within_4000_its_code_block_whole_and_its_alt_text_within_1024() -> None:
    from bot.discord.layout import card, gallery, text

    words = [f"line {n}: ana moved a{n} > G{n}." for n in range(300)]
    board = code_block("{" + '"x": 1, ' * 400 + "}", 2000, "json")
    layout = card([text("### Toy — move 3"), text("\n".join(words)), text(board), gallery("board.png", "a" * 3000),
                   text("@everyone " + "go " * 500)])
    fit(view=layout)
    said = [c.content for c in layout.walk_children() if isinstance(c, discord.ui.TextDisplay)]
    assert sum(map(len, said)) <= limits.TEXT_TOTAL
    assert said[0] == "### Toy — move 3", "the short heading is left alone"
    assert said[1].endswith("line 299: ana moved a299 > G299."), "the newest lines of a long summary are kept"
    assert said[2] == board, "a code block is cut only when nothing else is left, so its fences stay whole"
    assert said[-1].startswith(f"@{ZW}everyone"), "crowd mentions defused"
    [picture] = next(c for c in layout.walk_children() if isinstance(c, discord.ui.MediaGallery)).items
    assert picture.description is not None and len(picture.description) <= limits.ALT_TEXT
