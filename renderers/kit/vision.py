"""Colour-vision checks: how a colour looks to a dichromat, and how far apart two colours look.

Simulation: Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for Simulation of Color Vision
Deficiency", IEEE TVCG 15(6), the matrices for severity 1.0 (full protanopia, deuteranopia, tritanopia), applied to
linear-light sRGB. Full severity is the hardest case: a palette that survives it also survives the milder, commoner
anomalous trichromacies.

Difference: CIEDE2000 (Sharma, Wu and Dalal 2005 give the formula and the test pairs tests/renderers uses) between
the CIELAB (D65) values of the simulated colours.
"""

from __future__ import annotations

import math
from itertools import combinations

from PIL import Image

from renderers.kit.rules import MIN_DELTA_E

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

IDENTITY: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
SIMULATIONS: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS: dict[str, Matrix] = {"normal vision": IDENTITY, **SIMULATIONS}


def _to_linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(linear: float) -> int:
    c = min(1.0, max(0.0, linear))
    c = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(c * 255)


def simulate(colour: RGB, kind: str) -> RGB:
    """`colour` as a viewer with the `kind` of dichromacy sees it (a key of VISIONS)."""
    matrix = VISIONS[kind]
    lin = [_to_linear(c) for c in colour]
    r, g, b = (_to_srgb(sum(m * c for m, c in zip(row, lin, strict=True))) for row in matrix)
    return r, g, b


def lab(colour: RGB) -> tuple[float, float, float]:
    """CIELAB (D65 white) of an sRGB colour."""
    r, g, b = (_to_linear(c) for c in colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dlp, dcp = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    elif h2p - h1p > 180:
        dhp = h2p - h1p - 360
    else:
        dhp = h2p - h1p + 360
    d_hp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    l_bar, c_bar_p = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_bar_p ** 7 / (c_bar_p ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * c_bar_p
    s_h = 1 + 0.015 * c_bar_p * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dlp / s_l) ** 2 + (dcp / s_c) ** 2 + (d_hp / s_h) ** 2 + r_t * (dcp / s_c) * (d_hp / s_h))


def difference(a: RGB, b: RGB, kind: str = "normal vision") -> float:
    return delta_e2000(lab(simulate(a, kind)), lab(simulate(b, kind)))


def palette_problems(palette: dict[str, RGB], minimum: float = MIN_DELTA_E) -> list[str]:
    """Every pair of colours closer than `minimum` (CIEDE2000) in normal vision or any simulation, as sentences."""
    problems = []
    for kind in VISIONS:
        for (name_a, a), (name_b, b) in combinations(palette.items(), 2):
            de = difference(a, b, kind)
            if de < minimum:
                problems.append(f"{name_a} and {name_b}: {de:.1f} apart under {kind} (at least {minimum} needed)")
    return problems


def simulate_image(image: Image.Image, kind: str) -> Image.Image:
    """The whole picture as the `kind` of viewer sees it (exact on a palette image: each palette entry is mapped)."""
    source = image if image.mode == "P" else image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    out = source.copy()
    palette = source.getpalette() or []
    mapped: list[int] = []
    for i in range(0, len(palette) - len(palette) % 3, 3):
        mapped.extend(simulate((palette[i], palette[i + 1], palette[i + 2]), kind))
    out.putpalette(mapped)
    return out
