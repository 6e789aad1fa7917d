"""What a player sees, for looking at by eye: the picture at the size Discord shows it, and the three colour-blind
simulations side by side."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.kit.paint import INK, PAPER, font
from renderers.kit.rules import PHONE
from renderers.kit.vision import SIMULATIONS, simulate_image

SHEET_MAX = PHONE  # the gallery's "at 400 px" copies: an embed image in a wide channel column, a phone


def shown(image: Image.Image) -> Image.Image:
    """The picture scaled as Discord shows it in a wide channel column (an embed image: at most 400x300; the text
    rule is measured at the narrower rules.SHOWN_MAX)."""
    scale = min(SHEET_MAX[0] / image.width, SHEET_MAX[1] / image.height, 1.0)
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.convert("RGB").resize(size, Image.Resampling.LANCZOS)


def colour_blind_sheet(image: Image.Image) -> Image.Image:
    """The picture as seen with protanopia, deuteranopia and tritanopia (Machado 2009, severity 1.0), each at the
    shown size, side by side under its name."""
    panels = [shown(simulate_image(image, kind)) for kind in SIMULATIONS]
    gap, caption = 12, 28
    width = sum(p.width for p in panels) + gap * (len(panels) + 1)
    height = max(p.height for p in panels) + caption + gap * 2
    sheet = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(sheet)
    x = gap
    for kind, panel in zip(SIMULATIONS, panels, strict=True):
        draw.text((x, gap), kind, font=font(18), fill=INK)
        sheet.paste(panel, (x, gap + caption))
        x += panel.width + gap
    return sheet
