"""Checks every game's board SVG must pass: valid XML with a title, and no caption clipped -- every
``<text>`` lies inside the viewBox by an estimate of its width (0.6 em a character, sans-serif)."""

from __future__ import annotations

from xml.etree import ElementTree

SVG = "{http://www.w3.org/2000/svg}"


def text_box(text: ElementTree.Element) -> tuple[float, float, float, float]:
    """``(left, top, right, bottom)`` of a ``<text>`` by an estimate of its size."""
    content, size = "".join(text.itertext()), float(text.get("font-size", "16"))
    width, x, y = 0.6 * size * len(content), float(text.get("x", "0")), float(text.get("y", "0"))
    left = x - {"start": 0, "middle": width / 2, "end": width}[text.get("text-anchor", "start")]
    if text.get("dominant-baseline") == "central":
        return left, y - size / 2, left + width, y + size / 2
    return left, y - 0.8 * size, left + width, y + 0.25 * size


def checked_svg(svg: str) -> ElementTree.Element:
    """Parse ``svg`` and check it (title, nothing moved by a transform, no text outside the viewBox)."""
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.find(f"{SVG}title") is not None
    assert not [e for e in root.iter() if e.get("transform")], "texts are placed by x and y only"
    x0, y0, width, height = map(float, root.get("viewBox", "").split())
    for text in root.iter(f"{SVG}text"):
        left, top, right, bottom = text_box(text)
        assert x0 <= left and right <= x0 + width and y0 <= top and bottom <= y0 + height, (
            f"clipped: {''.join(text.itertext())!r} at {left:.0f},{top:.0f}-{right:.0f},{bottom:.0f} "
            f"in {width:.0f}x{height:.0f}")
    return root
