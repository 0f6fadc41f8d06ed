"""Deep Sea Voyage's two sides are told apart by colour-blind people too: the sides' colours (their
pieces, their ships' rings, the seats' dots on the page) stay clearly apart (CIELAB difference of at
least 15) as seen with full protanopia, deuteranopia and tritanopia (Machado, Oliveira and
Fernandes 2009, severity 1, applied in linear RGB), and the page's side colours are the drawing's."""

from __future__ import annotations

import math
import pathlib
import re

from domain.deepsea.parts.svg_parts import SIDE_FILL

SIMULATIONS = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
CSS = pathlib.Path(__file__).resolve().parents[3] / "service" / "web" / "app.css"


def linear(colour: str) -> list[float]:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def seen(colour: str, matrix) -> tuple[float, float, float]:
    rgb = linear(colour)
    return lab([min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in matrix])


def test_the_sides_colours_stay_apart_for_colour_blind_eyes():
    empire, marauder = SIDE_FILL["empire"], SIDE_FILL["marauder"]
    for name, matrix in SIMULATIONS.items():
        assert math.dist(seen(empire, matrix), seen(marauder, matrix)) >= 15, name


def test_the_pages_side_colours_are_the_drawings():
    css = CSS.read_text()
    for side, colour in SIDE_FILL.items():
        assert re.search(rf"--{side}: {colour};", css, re.I), side
