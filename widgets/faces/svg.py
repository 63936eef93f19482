"""Drawing blocks for card faces: suit symbols as SVG paths, a card frame, a card back.

Everything is inline SVG in HTML, so cards show offline (classroom without network,
exported HTML, Voila) and scale on a projector.  Colours are the Okabe-Ito palette,
which stays distinct for the common colour-vision deficiencies; every suit is also
a distinct *shape* and a letter, so no card is told apart by colour alone.
"""

from __future__ import annotations

from html import escape

from ..texts import _

# Okabe & Ito (2008) colour-blind safe palette, with a dark "ink" for text on white
BLACK = "#000000"
ORANGE = "#E69F00"
SKY = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"
GREY = "#666666"
INK = {
    BLACK: "#000000",
    ORANGE: "#8a5a00",
    SKY: "#1f6f99",
    GREEN: "#006b4f",
    YELLOW: "#6b6200",
    BLUE: "#00507d",
    VERMILLION: "#a34400",
    PURPLE: "#8f3f72",
    GREY: "#333333",
}

# Symbols drawn in a 24 x 24 box.
_SHAPES = {
    "heart": '<path d="M12 21.5C5 15.5 1 11.5 1 7.5A5.2 5.2 0 0 1 12 5.2A5.2 5.2 0 0 1 23 7.5C23 11.5 19 15.5 12 21.5Z"/>',
    "diamond": '<path d="M12 1L21.5 12L12 23L2.5 12Z"/>',
    "spade": '<path d="M12 1.5C18 8 23 11.5 23 15.3A5 5 0 0 1 13.3 16.8L15 22.5H9L10.7 16.8A5 5 0 0 1 1 15.3C1 11.5 6 8 12 1.5Z"/>',
    "club": '<circle cx="12" cy="6.5" r="5"/><circle cx="6.3" cy="14" r="5"/><circle cx="17.7" cy="14" r="5"/>'
    '<path d="M11 13L9 22.5H15L13 13Z"/>',
    "acorn": '<path d="M3.5 11Q12 1 20.5 11Z"/><rect x="11" y="1" width="2" height="4"/>'
    '<ellipse cx="12" cy="16" rx="6" ry="7"/>',
    "bell": '<circle cx="12" cy="13" r="8.5"/><rect x="10" y="1.5" width="4" height="4" rx="1"/>'
    '<rect x="3.5" y="11.3" width="17" height="2.2" fill="white"/><circle cx="12" cy="18" r="1.8" fill="white"/>',
    "leaf": '<path d="M12 1.5C20 6 22 15 12 20.5C2 15 4 6 12 1.5Z"/><rect x="11.2" y="17" width="1.6" height="6"/>'
    '<path d="M12 4V18" stroke="white" stroke-width="1.2"/>',
    "hat": '<rect x="6.5" y="2.5" width="11" height="14" rx="1"/><rect x="1.5" y="16" width="21" height="3.5" rx="1.5"/>'
    '<rect x="6.5" y="12" width="11" height="2.2" fill="white"/>',
    "horseshoe": '<path d="M5.5 2.5V12A6.5 6.5 0 0 0 18.5 12V2.5" fill="none" stroke-width="4.6"/>',
    "star": '<path d="M12 1L14.9 8.6L23 9L16.7 14.1L18.8 22L12 17.5L5.2 22L7.3 14.1L1 9L9.1 8.6Z"/>',
    "grave": '<path d="M4.5 23V10A7.5 7.5 0 0 1 19.5 10V23Z"/><path d="M12 7V18M8.5 10.5H15.5" stroke="white" stroke-width="2"/>',
    "circle": '<circle cx="12" cy="12" r="10"/>',
    "triangle": '<path d="M12 1.5L23 21.5H1Z"/>',
    "square": '<rect x="2.5" y="2.5" width="19" height="19"/>',
    "rhombus": '<path d="M12 0.5L23.5 12L12 23.5L0.5 12Z"/>',
    "skull": '<circle cx="12" cy="10" r="8.5"/><rect x="7.5" y="15" width="9" height="7" rx="1.5"/>'
    '<circle cx="8.8" cy="10" r="2.4" fill="white"/><circle cx="15.2" cy="10" r="2.4" fill="white"/>',
    "wild": '<path d="M12 1L14.9 8.6L23 9L16.7 14.1L18.8 22L12 17.5L5.2 22L7.3 14.1L1 9L9.1 8.6Z" fill="none" stroke-width="2.2"/>'
    '<circle cx="12" cy="12.5" r="3.2"/>',
}


def symbol(shape: str, colour: str, x: float, y: float, size: float) -> str:
    """The suit symbol ``shape`` drawn in ``colour`` with its top-left at (x, y), ``size`` wide."""
    s = size / 24
    outline = ' stroke="#222" stroke-width="0.9"' if colour == YELLOW else ""
    stroke = f' stroke="{colour}"' if shape in ("horseshoe", "wild") else outline
    return f'<g transform="translate({x:.1f},{y:.1f}) scale({s:.3f})" fill="{colour}"{stroke}>{_SHAPES[shape]}</g>'


WIDTH, HEIGHT = 52, 74  # px at size 1: a rank of ~20 px stays readable on a projector


def card(
    code: str,
    rank: str,
    shape: str,
    colour: str,
    title: str,
    *,
    corner: str = "",
    note: str = "",
    fill: str = "#ffffff",
    size: float = 1.0,
    legal: bool = False,
) -> str:
    """One card as an inline-block HTML span holding an SVG.

    ``rank`` is the big text, ``shape`` the suit symbol, ``corner`` a small text at the
    bottom (e.g. the suit letter or a damage value), ``note`` a small text at the top right.
    ``title`` (German name and code) is the tooltip and the accessible label.
    """
    w, h = WIDTH * size, HEIGHT * size
    ink = INK.get(colour, "#000")
    big = 22 if len(rank) <= 2 else (17 if len(rank) == 3 else 14)
    parts = [
        f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="6" fill="{fill}" '
        f'stroke="{ink}" stroke-width="1.6"/>',
        f'<text x="5" y="22" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" '
        f'font-size="{big}" fill="{ink}">{escape(rank)}</text>',
        symbol(shape, colour, WIDTH / 2 - 13, 30, 26),
    ]
    if corner:
        # a longer word (German "Ereignis") is squeezed to the card's width instead of running off it
        fit = f' textLength="{WIDTH - 10}" lengthAdjust="spacingAndGlyphs"' if len(corner) > 6 else ""
        parts.append(
            f'<text x="{WIDTH - 5}" y="{HEIGHT - 6}" text-anchor="end" font-family="DejaVu Sans, Arial, '
            f'sans-serif" font-size="11" font-weight="bold" fill="{ink}"{fit}>{escape(corner)}</text>'
        )
    if note:
        parts.append(
            f'<text x="{WIDTH - 5}" y="13" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" '
            f'font-size="10" fill="{ink}">{escape(note)}</text>'
        )
    return _wrap(code, title, "".join(parts), w, h, legal)


def back(size: float = 1.0, label: str = "") -> str:
    """A face-down card: a hatched back that no face could be mistaken for."""
    w, h = WIDTH * size, HEIGHT * size
    hatch = "".join(
        f'<path d="M{x} 4L{x + 30} {HEIGHT - 4}" stroke="#9fc3e0" stroke-width="2"/>' for x in range(-26, WIDTH, 8)
    )
    body = (
        f'<defs><clipPath id="cg-bk"><rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="4"/>'
        f'</clipPath></defs><rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="6" '
        f'fill="#1f4e79" stroke="#0b2239" stroke-width="1.6"/><g clip-path="url(#cg-bk)">{hatch}</g>'
    )
    if label:
        body += (
            f'<text x="{WIDTH / 2}" y="{HEIGHT / 2 + 6}" text-anchor="middle" font-family="DejaVu Sans, Arial, '
            f'sans-serif" font-size="16" font-weight="bold" fill="white">{escape(label)}</text>'
        )
    hidden = escape(_("hidden card"), quote=True)
    return (
        f'<span class="cg-card cg-back" title="{hidden}" role="img" aria-label="{hidden}">'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">{body}</svg></span>'
    )


def text_card(code: str, size: float = 1.0, legal: bool = False) -> str:
    """A plain card for codes no face module knows: the code itself on a white card."""
    w, h = WIDTH * size, HEIGHT * size
    font = 16 if len(code) <= 4 else 11
    body = (
        f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="6" fill="white" stroke="#333" '
        f'stroke-width="1.6"/><text x="{WIDTH / 2}" y="{HEIGHT / 2 + 5}" text-anchor="middle" '
        f'font-family="DejaVu Sans, Arial, sans-serif" font-size="{font}" font-weight="bold">{escape(code)}</text>'
    )
    return _wrap(code, code, body, w, h, legal)


def _wrap(code: str, title: str, body: str, w: float, h: float, legal: bool) -> str:
    cls = "cg-card cg-legal" if legal else "cg-card"
    label = escape(f"{title} ({code})" if title != code else code, quote=True)
    return (
        f'<span class="{cls}" data-code="{escape(code, quote=True)}" title="{label}" role="img" '
        f'aria-label="{label}"><svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">{body}</svg></span>'
    )
