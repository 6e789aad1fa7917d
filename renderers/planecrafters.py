"""Planecrafters images: the public board (Depot, factories, employee pool, awards) and one seat's hand.

Pure functions of an engine view. Every card carries its model name and slot in text, so colour is only a help.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.kit.paint import to_png

W = 800
BG, INK, MUTED, LINE = (246, 242, 232), (30, 30, 30), (110, 110, 110), (180, 170, 150)
SLOT_SHORT = {"nose": "NOSE", "lwing": "L WING", "rwing": "R WING", "tail": "TAIL", "fuselage": "FUSE",
              "spare": "SPARE"}
SLOT_ORDER = ("nose", "lwing", "fuselage", "rwing", "tail")
PALETTE = [(231, 111, 81), (42, 157, 143), (233, 196, 106), (38, 70, 83), (244, 162, 97), (131, 56, 236),
           (58, 134, 255), (255, 0, 110), (106, 153, 78), (188, 108, 37), (96, 108, 56)]
SHORT = {"agent": "Agent", "contractor": "Contr", "logistician": "Logist", "recruiter": "Recruit",
         "technician": "Tech", "accountant": "Acct", "taxcollector": "Tax", "spy": "Spy", "factorymanager": "FactMgr",
         "thief": "Thief", "acepilot": "Ace", "bossesboss": "BossBoss", "jack": "Jack", "guard": "Guard",
         "investigator": "Invest"}


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


_MEASURE = ImageDraw.Draw(Image.new("L", (1, 1)))


@lru_cache(maxsize=4096)
def _mask(text: str, fnt: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> tuple[Image.Image, tuple[int, int]]:
    """The antialiased coverage of a text, rendered once: labels, model names and pool lines repeat on every move."""
    left, top, right, bottom = (int(v) for v in _MEASURE.multiline_textbbox((0, 0), text, font=fnt))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).multiline_text((-left, -top), text, fill=255, font=fnt)
    return mask, (left, top)


class Pen(ImageDraw.ImageDraw):
    """ImageDraw whose text() stamps cached masks: FreeType rendering was most of a board's drawing time."""

    def __init__(self, img: Image.Image) -> None:
        super().__init__(img)
        self.img = img

    def text(self, xy: Any, text: Any, fill: Any = None, font: Any = None, *args: Any, **kwargs: Any) -> None:
        mask, (dx, dy) = _mask(str(text), font)
        self.img.paste(fill, (int(xy[0]) + dx, int(xy[1]) + dy), mask)


def _colour(model: str) -> tuple[int, int, int]:
    if not model:
        return (200, 200, 200)
    return PALETTE[sum(map(ord, model)) % len(PALETTE)]


def _text_on(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    return INK if sum(rgb) > 420 else (255, 255, 255)


def _card(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, c: dict[str, Any] | None, slot: str = "") -> None:
    if c is None:
        d.rectangle((x, y, x + w, y + h), outline=LINE, width=2)
        if slot:
            d.text((x + 6, y + 6), SLOT_SHORT[slot].lower(), fill=MUTED, font=font(16))
        return
    rgb = _colour(c["model"])
    d.rectangle((x, y, x + w, y + h), fill=rgb, outline=INK, width=2)
    fg = _text_on(rgb)
    d.text((x + 6, y + 4), SLOT_SHORT[c["slot"]] + (" *" if c["star"] else ""), fill=fg, font=font(16))
    words = (c["model"] or "wild").split(" ")
    for i, word in enumerate(words[:2]):
        d.text((x + 6, y + 24 + 18 * i), word[:11], fill=fg, font=font(17))


def _png(img: Image.Image) -> bytes:
    # The shared palette encoder: a board has few colours, so a 64-colour PNG at zlib level 3 encodes in a third of
    # the time of a plain RGB one (paid on every move) and is a third of the size.
    return to_png(img)


def render_board(view: dict[str, Any]) -> bytes:
    return _png(board_image(view))


def board_image(view: dict[str, Any]) -> Image.Image:
    seats = view["seats"]
    plane_rows = sum(max(1, (len(s["planes"]) + 1) // 2) for s in seats)
    h = 250 + len(seats) * 150 + plane_rows * 10 + 360
    img = Image.new("RGB", (W, h), BG)
    d = Pen(img)
    turn = view["turn"]
    status = "GAME OVER" if view["over"] else f"Round {view['round']} - {_name(view, turn)}: {view['step_name']}"
    d.text((16, 10), f"PLANECRAFTERS  {status}", fill=INK, font=font(28))
    if view["ending"] and not view["over"]:
        d.text((16, 44), "Stack ran out: last round", fill=(170, 30, 30), font=font(20))
    y = 76
    d.text((16, y), "PARTS DEPOT", fill=INK, font=font(22))
    for i, c in enumerate(view["depot"]):
        _card(d, 16 + i * 118, y + 30, 108, 74, c)
    d.rectangle((500, y + 30, 600, y + 104), fill=(90, 80, 70), outline=INK, width=2)
    d.text((510, y + 40), f"STACK\n{view['stack']}", fill=(255, 255, 255), font=font(22))
    y += 124
    for s in seats:
        y = _factory(d, y, s, view)
    y = _pool(d, y + 6, view)
    _awards(d, y + 6, view)
    return img.crop((0, 0, W, min(h, y + 120)))


def _name(view: dict[str, Any], seat: int) -> str:
    """The seat's name as the view gives it (the bot fills in members' names), else its number."""
    seats = view.get("seats") or []
    entry = seats[seat] if 0 <= seat < len(seats) else {}
    name = str(entry.get("name") or f"Player {seat + 1}")
    return name if len(name) <= 18 else name[:17] + "…"  # Discord names run to 32 characters; the rows do not


def _factory(d: ImageDraw.ImageDraw, y: int, s: dict[str, Any], view: dict[str, Any]) -> int:
    seat = s["seat"]
    active = seat == view["turn"] and not view["over"]
    d.rectangle((8, y, W - 8, y + 24), fill=(60, 60, 60) if active else (215, 205, 185))
    fg = (255, 255, 255) if active else INK
    marker = ">> " if active else ""
    score = f"  FINAL {view['scores'][seat]}" if view.get("scores") else ""
    d.text((14, y + 2), f"{marker}{_name(view, seat)}   {s['crowns']} crowns{score}   hand {s['hand_count']}   "
           f"sold {s['parts_sold']} parts / {s['planes_sold']} planes", fill=fg, font=font(19))
    y += 30
    staff = ", ".join(SHORT[k] for k in s["employees"]) or "no employees"
    d.text((14, y), f"Staff: {staff}", fill=INK, font=font(17))
    y += 24
    for p, plane in enumerate(s["planes"]):
        x = 14 + (p % 2) * 392
        if p and p % 2 == 0:
            y += 76
        d.text((x, y + 24), f"P{p + 1}", fill=MUTED, font=font(16))
        for i, slot in enumerate(SLOT_ORDER):
            _card(d, x + 28 + i * 72, y, 68, 66, plane.get(slot), slot)
    return y + 80


def _pool(d: ImageDraw.ImageDraw, y: int, view: dict[str, Any]) -> int:
    d.text((16, y), "EMPLOYEES  (tier, cost, cards left, owners)", fill=INK, font=font(22))
    y += 30
    for i, e in enumerate(view["pool"]):
        x, row = 16 + (i % 3) * 262, y + (i // 3) * 26
        owners = ",".join(f"P{o + 1}" for o in e["owners"]) or "-"
        d.text((x, row), f"T{e['tier']} {SHORT[e['kind']]} ${e['cost']} x{e['left']} {owners}", fill=INK,
               font=font(17))
    return y + 5 * 26


def _awards(d: ImageDraw.ImageDraw, y: int, view: dict[str, Any]) -> None:
    dist = view["distinction"]
    text = "Distinction: none yet"
    if dist is not None:
        text = f"Distinction: P{dist['seat'] + 1} ({dist['value']} crowns plane)"
    d.text((16, y), "AWARDS (8 crowns each)", fill=INK, font=font(22))
    d.text((16, y + 30), text, fill=INK, font=font(18))
    for i, kind in enumerate(("industry", "enterprise")):
        leaders = ", ".join(f"P{int(s) + 1}" for s in view["awards"][kind]) or "nobody"
        d.text((16 + i * 390, y + 56), f"{kind.title()} now: {leaders}", fill=INK, font=font(18))
    if view["objectives"]:
        objs = "; ".join(f"{o['text']} (+{o['crowns']})" for o in view["objectives"])
        d.text((16, y + 82), f"Objectives: {objs}"[:95], fill=INK, font=font(15))


def render_hand(view: dict[str, Any]) -> bytes:
    return _png(hand_image(view))


def hand_image(view: dict[str, Any]) -> Image.Image:
    cards = view.get("hand") or []
    per_row = 6
    rows = max(1, (len(cards) + per_row - 1) // per_row)
    img = Image.new("RGB", (W, 60 + rows * 120), BG)
    d = Pen(img)
    seat = view["seat"]
    d.text((16, 10), f"{_name(view, seat)}'s hand ({len(cards)} cards; * = 5-part model)", fill=INK, font=font(26))
    for i, c in enumerate(cards):
        _card(d, 16 + (i % per_row) * 128, 50 + (i // per_row) * 120, 118, 108, c)
    if not cards:
        d.text((16, 60), "No cards", fill=MUTED, font=font(22))
    return img
