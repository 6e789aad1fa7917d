"""The Now Boarding board's panels: the side column (stage, round, phase, complaints, cards to come, the queues at
each airport, the key) and the band under the map (each plane's pilot, figures and seats), all at 37 px or more.
"""

from __future__ import annotations

from typing import Any

from engine.now_boarding.data import catalog
from renderers.kit.paint import INK, MUTED, PAPER, Pen, fit, font, text_ink, text_width
from renderers.kit.shapes import chip
from renderers.now_boarding.style import (
    ANGER,
    ANGER_TAB,
    BAND_Y,
    BIG,
    CARD,
    FACE_DOWN,
    MAP_RIGHT,
    PAX_H,
    PAX_W,
    READ,
    ROUTE_FILL,
    ROUTE_TEXT,
    ROW_H,
    SEAT_EMPTY,
    SEAT_W,
    SIDE_RIGHT,
    SIDE_X,
    SIZE,
    STRIPE,
    TEXT,
)

LINE = 44
"""From one line of TEXT to the next in the side panel."""
PHASES = {"setup": "Set-up", "weather": "Placing weather", "flight": "Flying", "maintenance": "Maintenance",
          "over": "Game over"}


CHIP_BASE = 13
"""A code's baseline below its card's middle: its capitals centred in the card."""
NAME_BASE = 36
"""A plane row's name and figures: their baseline below the row's top, with room above for a name's tallest marks
(accents on capitals, Devanagari, Chinese) and below for its descenders, clear of the seats under it."""


def _name_size(view: dict[str, Any], room: list[float]) -> int:
    """The pilots' names in READ (what the team reads most) when every one fits its row whole, else all in TEXT."""
    fits = all(text_width(s["name"], READ) <= r for s, r in zip(view["seats"], room, strict=True))
    return READ if fits else TEXT


def name_stands_tall(name: str) -> bool:
    """Whether a name's ink at READ stays between its row's top and its seats: Devanagari's marks rise higher than a
    Latin capital's accent, and such a name alone is set in TEXT rather than poke into the row above."""
    above, below = text_ink(name, READ)
    return -above <= NAME_BASE and below < ROW_H - PAX_H - NAME_BASE


def key(view: dict[str, Any]) -> list[str]:
    """The key to the marks this picture shows: a storm's two S halves, a tailwind's T, a VIP's star and thick rim.
    A mark that is not on the board takes no room."""
    kinds = {w["kind"] for w in view["weather"]}
    cards = [c for cards in view["airports"].values() for c in cards] + [
        c for seat in view["seats"] for c in seat["cargo"]]
    items = ["S S storm: 2 spaces"] if "storm" in kinds else []
    items += ["T tailwind: fly over"] if "tailwind" in kinds else []
    items += ["* thick rim: VIP"] if any(c["face_up"] and c["vip"] for c in cards) else []
    return items


def legend(draw: Pen, items: list[str]) -> float:
    """The key at the foot of the side panel; returns where it begins."""
    top = SIZE[1] - 6 - LINE * len(items)
    for i, line in enumerate(items):
        draw.text((SIDE_X, _baseline(top + i * LINE)), fit(line, TEXT, SIDE_RIGHT - SIDE_X), fill=MUTED,
                  font=font(TEXT), anchor="ls")
    return top


def _baseline(y: float, size: int = TEXT) -> float:
    """The baseline of a line of text whose row starts at y: its capitals about a fifth of the size below y."""
    return y + round(size * 0.94)


def _line(draw: Pen, y: float, text: str, size: int = TEXT) -> None:
    draw.text((SIDE_X, _baseline(y, size)), fit(text, size, SIDE_RIGHT - SIDE_X), fill=INK, font=font(size),
              anchor="ls")


def round_line(view: dict[str, Any]) -> str:
    """The round under the stage's name: the day's count, as the panel's heading, the log and a replay say it, then
    its place in the stage ("Round 9 (5 of 6)")."""
    where = str(view.get("round_of") or "")
    if where.startswith("next: "):
        where = f"{where.removeprefix('next: ')} next"
    return f"Round {view['round']}" + (f" ({where})" if where else "")


def status(draw: Pen, view: dict[str, Any]) -> float:
    """The stage, round and phase, the complaints and the cards to come (or the weather being placed), one line each;
    returns where the panel goes on."""
    ending = "Everyone wins!" if view["result"] == "won" else "Out of business"
    _line(draw, 2, ending if view["result"] else view["stage"], BIG)
    y = 2 + BIG + 8
    _line(draw, y, round_line(view))
    _line(draw, y + LINE, PHASES[view["phase"]])
    y += 2 * LINE
    draw.text((SIDE_X, _baseline(y)), "Complaints", fill=INK, font=font(TEXT), anchor="ls")
    for i in range(3):
        left = SIDE_X + text_width("Complaints", TEXT) + 14 + i * 44
        filled = i < view["complaints"]
        draw.rectangle((left, y + 4, left + 36, y + 40), fill=ANGER if filled else CARD, outline=INK, width=2)
        if filled:
            draw.text((left + 18, y + 23), "!", fill=CARD, font=font(TEXT), anchor="mm")
    y += LINE
    placing = view.get("placing")
    if placing:
        a, b = placing["route"].split("-")
        _line(draw, y, f"{placing['kind'].capitalize()} on {a}-{b}")
    else:
        # Spaced out where the figures leave room, closer where two-digit piles would not fit the panel.
        m, a, e = view["piles"]
        lines = (f"To come: M {m}  A {a}  E {e}", f"To come: M {m} A {a} E {e}", f"To come: M{m} A{a} E{e}")
        _line(draw, y, next((t for t in lines if text_width(t, TEXT) <= SIDE_RIGHT - SIDE_X), lines[-1]))
    return y + LINE + 4


def _pax_chip(draw: Pen, left: float, top: float, card: dict[str, Any], width: float) -> None:
    """A passenger: destination, and its anger as a white number on a red tab at the card's right end; a VIP has a
    thick rim (and a star where there is room); '?' while face down. The anger is a number, not a row of marks, so
    that it still reads on a phone and never by colour alone."""
    mid = top + PAX_H / 2
    if not card["face_up"]:
        draw.rounded_rectangle((left, top, left + width, top + PAX_H), radius=6, fill=FACE_DOWN, outline=INK,
                               width=2)
        draw.text((left + width / 2, mid), "?", fill=INK, font=font(TEXT), anchor="mm")
        return
    draw.rounded_rectangle((left, top, left + width, top + PAX_H), radius=6, fill=CARD, outline=INK,
                           width=4 if card["vip"] else 2)
    anger = card["anger"]
    tab = ANGER_TAB if anger else 0
    label = card["dest"] + "*"
    if not (card["vip"] and 6 + text_width(label, TEXT) + 4 <= width - tab):
        label = card["dest"]  # no room for the star beside an anger tab: the thick rim still marks the VIP
    draw.text((left + 6, mid + CHIP_BASE), label, fill=INK, font=font(TEXT), anchor="ls")
    if not anger:
        return
    draw.rounded_rectangle((left + width - ANGER_TAB, top, left + width, top + PAX_H), radius=6, fill=ANGER,
                           outline=INK, width=2)
    draw.text((left + width - ANGER_TAB / 2, mid), str(anger), fill=CARD, font=font(TEXT), anchor="mm")


def waiting(draw: Pen, view: dict[str, Any], top: float, bottom: float) -> None:
    """Each airport's queue, two passengers a row; what does not fit above `bottom` is counted in a last line."""
    draw.text((SIDE_X, _baseline(top)), "Waiting (to, anger)", fill=MUTED, font=font(TEXT), anchor="ls")
    y = top + LINE + 4
    rows: list[tuple[str, list[dict[str, Any]]]] = []
    for code, cards in view["airports"].items():
        for i in range(0, len(cards), 2):
            rows.append((code if i == 0 else "", cards[i:i + 2]))
    pitch = PAX_H + 6
    for n, (code, cards) in enumerate(rows):
        more = n + 1 < len(rows)
        if y + PAX_H + (pitch if more else 0) > bottom:
            left = sum(len(c) for _, c in rows[n:])
            draw.text((SIDE_X, y + PAX_H / 2 + CHIP_BASE), f"+{left} more", fill=INK, font=font(TEXT), anchor="ls")
            return
        if code:
            draw.text((SIDE_X, y + PAX_H / 2 + CHIP_BASE), code, fill=INK, font=font(TEXT), anchor="ls")
        for i, card in enumerate(cards):
            _pax_chip(draw, SIDE_RIGHT - (2 - i) * PAX_W - (1 - i) * 6, y, card, PAX_W)
        y += pitch
    if not rows:
        draw.text((SIDE_X, _baseline(y)), "nobody", fill=MUTED, font=font(TEXT), anchor="ls")


def plane_rows(draw: Pen, view: dict[str, Any]) -> None:
    """One row per plane: its chip, pilot and figures (where, speed, fares, extra routes), then its seats."""
    # Whole pixels: a box on whole pixels is stamped from the kit's cached masks, not drawn afresh.
    row_h = min(ROW_H + 24, (SIZE[1] - BAND_Y) // max(len(view["seats"]), 1))
    size = _name_size(view, [_name_room(view, seat) for seat in view["seats"]])
    for n, seat in enumerate(view["seats"]):
        if n % 2:  # every other row on a shaded band: which seats belong to which pilot reads at a glance
            draw.rectangle((0, BAND_Y + n * row_h - 1, MAP_RIGHT - 1, BAND_Y + (n + 1) * row_h - 1), fill=STRIPE)
        top = BAND_Y + n * row_h + (row_h - ROW_H) // 2
        done = _done(view, seat)
        if not seat["colour"]:
            chip(draw, (10, top, 50, top + 38), SEAT_EMPTY, "?", TEXT, INK)
            _name(draw, top, seat["name"], done, size, _name_room(view, seat))
            draw.text((58, top + NAME_BASE + 35), "choosing a plane", fill=MUTED, font=font(TEXT), anchor="ls")
            continue
        chip(draw, (10, top, 50, top + 38), ROUTE_FILL[seat["colour"]], seat["letter"], TEXT,
             ROUTE_TEXT[seat["colour"]])
        draw.text((MAP_RIGHT - 12, top + NAME_BASE), _figures(view, seat), fill=INK, font=font(TEXT), anchor="rs")
        _name(draw, top, seat["name"], done, size, _name_room(view, seat))
        _seats(draw, 10, top + ROW_H - PAX_H, seat, view["temp"]["seat"] == seat["seat"])


def _figures(view: dict[str, Any], seat: dict[str, Any]) -> str:
    """Where the plane is, its speed, its money and its extra routes' letters."""
    where = seat["at"] if "." not in seat["at"] else "in air"
    extra = " ".join(ROUTE_LETTER(c) for c in seat["routes"][1:])
    speed = f"spd {seat['speed']}" + ("+1" if view["temp"]["speed"] == seat["seat"] else "")
    return f"{where} · {speed} · ${seat['money']}" + (f" · +{extra}" if extra else "")


def _done(view: dict[str, Any], seat: dict[str, Any]) -> str:
    return " (done)" if seat["done"] and view["phase"] in ("flight", "maintenance") else ""


def _name_room(view: dict[str, Any], seat: dict[str, Any]) -> float:
    """The room a pilot's name has on its row: beside the figures (or the whole row while choosing a plane), less
    its "(done)"."""
    done = text_width(_done(view, seat), TEXT)
    if not seat["colour"]:
        return MAP_RIGHT - 70 - done
    return MAP_RIGHT - 12 - text_width(_figures(view, seat), TEXT) - 24 - 58 - done


def _name(draw: Pen, top: float, name: str, done: str, size: int, room: float) -> None:
    size = size if size != READ or name_stands_tall(name) else TEXT
    x = 58 + text_width(fit(name, size, room), size)
    draw.text((58, top + NAME_BASE), fit(name, size, room), fill=INK, font=font(size), anchor="ls")
    if done:
        draw.text((x, top + NAME_BASE), done, fill=INK, font=font(TEXT), anchor="ls")


def ROUTE_LETTER(colour: str) -> str:  # noqa: N802 - reads like the table it stands for
    return catalog().plane(colour).letter


MAX_SEATS = 6


def _seats(draw: Pen, left: float, top: float, seat: dict[str, Any], temp: bool) -> None:
    """One box per seat: the passenger in it (a Fugitive fills two), empty boxes for free seats, an extra box
    marked +1 for the temporary seat token held."""
    boxes: list[dict[str, Any] | None] = []
    for card in seat["cargo"]:
        boxes.append(card)
        if card.get("vip") == "Captured Fugitive":
            boxes.append(card)
    boxes += [None] * max(seat["seats"] - len(boxes), 0)
    for i, card in enumerate(boxes[:MAX_SEATS]):
        x = left + i * (SEAT_W + 6)
        if card is None:
            draw.rounded_rectangle((x, top, x + SEAT_W, top + PAX_H), radius=6, fill=SEAT_EMPTY, outline=MUTED,
                                   width=2)
        else:
            _pax_chip(draw, x, top, card, SEAT_W)
    if temp and len(boxes) < MAX_SEATS:
        x = left + len(boxes) * (SEAT_W + 6)
        draw.rounded_rectangle((x, top, x + SEAT_W, top + PAX_H), radius=6, fill=PAPER, outline=INK, width=1)
        draw.text((x + SEAT_W / 2, top + PAX_H / 2), "+1", fill=INK, font=font(TEXT), anchor="mm")
