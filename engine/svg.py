"""Shared helpers for drawing a game as a standalone SVG picture (pure: no Flask).

A ruleset's picture is drawn by its ``renderer`` (``engine/games/<pkg>/svg.py``'s
``render(view, highlight=None) -> str``): ``view`` is the ruleset's *view* JSON for
the requesting seat (never the raw state, so a picture cannot show more than the
JSON view), ``highlight`` the seat's legal moves to mark. A ruleset without one gets
:func:`render_generic`. :func:`frame` puts a board picture under a
banner (whose turn, who is looking) with a score box: what the service serves.

Everything here is deterministic: the same input gives the same bytes. Text is
escaped with :func:`esc`; numbers are printed by :func:`num`; no external assets.

Clickable targets: an element drawn with :func:`target_attrs` carries
``class="hl"`` and ``data-moves="i j"``: the indices into ``highlight`` of the
moves that target it (the /play page offers those moves on a click).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from xml.etree import ElementTree

from .contract import seat_label  # noqa: F401  (the rulesets' pictures name seats by it)
from .i18n import DEFAULT, N_, translate

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\""

# Seat colours, shared by every ruleset (the score box is their legend).
SEAT_COLORS = ["#d23c3c", "#2f6fd0", "#e0a81e", "#2f9a4a", "#8a4fc0", "#e07020", "#555555", "#1aa3a3"]
SEAT_NAMES = ["red", "blue", "yellow", "green", "purple", "orange", "grey", "teal"]
HIGHLIGHT = "#ff00c8"


def seat_color(seat: int | None) -> str:
    if seat is None or not isinstance(seat, int) or seat < 0:
        return "#888888"
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


# -- text and numbers ---------------------------------------------------------------
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def esc(value) -> str:
    """Text or an attribute value, escaped for XML (control characters dropped)."""
    text = _INVALID_XML.sub("", str(value))
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def num(value: float) -> str:
    """A coordinate, printed deterministically with at most two decimals."""
    if isinstance(value, int):
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def label(value) -> str:
    """A short human label for a JSON value (``[1, 2]`` -> ``1,2``)."""
    if isinstance(value, list):
        return ",".join(label(v) for v in value)
    if isinstance(value, dict):
        return " ".join(f"{k}={label(v)}" for k, v in value.items())
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def move_label(move: dict) -> str:
    """A move as one line: ``place_tile x=1 y=0 rotation=90``."""
    rest = " ".join(f"{k}={label(v)}" for k, v in move.items() if k != "type")
    return f"{move.get('type', '?')} {rest}".strip()


# -- primitives (each returns an SVG fragment string) -------------------------------------
def _attrs(attrs: dict) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f' {name}="{esc(num(value) if isinstance(value, float) else value)}"')
    return "".join(parts)


def el(tag: str, content: str | None = None, **attrs) -> str:
    """An element; ``content`` is raw SVG (escape text with :func:`esc` or use :func:`text`)."""
    if content is None:
        return f"<{tag}{_attrs(attrs)}/>"
    return f"<{tag}{_attrs(attrs)}>{content}</{tag}>"


def rect(x, y, w, h, **attrs) -> str:
    return el("rect", x=_n(x), y=_n(y), width=_n(w), height=_n(h), **attrs)


def circle(cx, cy, r, **attrs) -> str:
    return el("circle", cx=_n(cx), cy=_n(cy), r=_n(r), **attrs)


def line(x1, y1, x2, y2, **attrs) -> str:
    return el("line", x1=_n(x1), y1=_n(y1), x2=_n(x2), y2=_n(y2), **attrs)


def polygon(points: Iterable[tuple[float, float]], **attrs) -> str:
    return el("polygon", points=" ".join(f"{num(x)},{num(y)}" for x, y in points), **attrs)


def path(d: str, **attrs) -> str:
    return el("path", d=d, **attrs)


def text(x, y, content, size=12, anchor="start", weight=None, fill="#222222", **attrs) -> str:
    """A line of escaped text (``y`` is the baseline)."""
    style = f' font-size="{num(size)}" {FONT}'
    extra = _attrs({"text-anchor": anchor if anchor != "start" else None, "font-weight": weight,
                    "fill": fill, **attrs})
    return f'<text x="{_n(x)}" y="{_n(y)}"{style}{extra}>{esc(content)}</text>'


def group(content: Iterable[str] | str, **attrs) -> str:
    body = content if isinstance(content, str) else "".join(content)
    return el("g", body, **attrs)


def title(content) -> str:
    """A tooltip for the enclosing element."""
    return f"<title>{esc(content)}</title>"


def _n(value) -> str:
    return num(value) if isinstance(value, (int, float)) else str(value)


def document(width, height, body: Iterable[str] | str, doc_title: str = "", desc: str = "",
             background: str = "#fbf8f0") -> str:
    """A standalone SVG document."""
    content = body if isinstance(body, str) else "".join(body)
    head = (f"<title>{esc(doc_title)}</title>" if doc_title else "") + \
           (f"<desc>{esc(desc)}</desc>" if desc else "")
    w, h = _n(width), _n(height)
    return (f'<svg xmlns="{SVG_NS}" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
            f"{head}{rect(0, 0, width, height, fill=background)}{content}</svg>")


# -- highlights ----------------------------------------------------------------------
def target_attrs(indices: Iterable[int]) -> dict:
    """Attributes of a clickable highlight: ``class="hl"`` and the move indices."""
    return {"class_": "hl", "data-moves": " ".join(str(i) for i in sorted(set(indices)))}


def group_targets(highlight: list[dict] | None, key: Callable[[dict], object]) -> dict:
    """Indices of the highlight moves by target (``key(move)``; None = no target)."""
    targets: dict = {}
    for index, move in enumerate(highlight or []):
        try:
            k = key(move)
        except (KeyError, TypeError, ValueError, IndexError):
            k = None
        if k is not None:
            targets.setdefault(_hashable(k), []).append(index)
    return targets


def _hashable(value):
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    return value


def hl_ring(cx, cy, r, indices, tip="") -> str:
    """A highlight ring at a point, clickable."""
    inner = title(tip) if tip else ""
    return el("circle", inner or None, cx=_n(cx), cy=_n(cy), r=_n(r), fill=HIGHLIGHT, fill_opacity="0.18",
              stroke=HIGHLIGHT, stroke_width="3", **target_attrs(indices))


def hl_rect(x, y, w, h, indices, tip="", rx=3) -> str:
    """A highlight frame around a box, clickable."""
    inner = title(tip) if tip else ""
    return el("rect", inner or None, x=_n(x), y=_n(y), width=_n(w), height=_n(h), rx=_n(rx), fill=HIGHLIGHT,
              fill_opacity="0.15", stroke=HIGHLIGHT, stroke_width="3", **target_attrs(indices))


def hl_polygon(points, indices, tip="") -> str:
    inner = title(tip) if tip else ""
    return el("polygon", inner or None, points=" ".join(f"{num(x)},{num(y)}" for x, y in points),
              fill=HIGHLIGHT, fill_opacity="0.2", stroke=HIGHLIGHT, stroke_width="3", **target_attrs(indices))


# -- furniture: legend, score box, banner ---------------------------------------------------
LEGEND_ROW = 18


def legend(x, y, items: list[tuple[str, str]], heading: str = N_("Legend"), width: float = 190,
           lang: str = DEFAULT) -> str:
    """A legend box: ``items`` are ``(label, swatch)``, labels msgids (translated to ``lang``
    with the heading); a swatch is a colour or an SVG fragment drawn in a 12×12 box at the
    origin. Height: :func:`legend_height`."""
    parts = [rect(x, y, width, legend_height(items), fill="#ffffff", stroke="#999999", rx=4, class_="legend"),
             text(x + 8, y + 16, translate(lang, heading), size=12, weight="bold")]
    for row, (name, swatch) in enumerate(items):
        name = translate(lang, name)
        top = y + 24 + row * LEGEND_ROW
        if swatch.startswith("<"):
            parts.append(group(swatch, transform=f"translate({_n(x + 8)},{_n(top)})"))
        else:
            parts.append(rect(x + 8, top, 12, 12, fill=swatch, stroke="#555555"))
        parts.append(text(x + 26, top + 10, name, size=11))
    return group(parts)


def legend_height(items) -> int:
    return 30 + LEGEND_ROW * len(items)


def score_box(x, y, rows: list[dict], heading: str = N_("Scores"), width: float = 190, lang: str = DEFAULT) -> str:
    """Scores: rows of ``{"seat", "name", "total", "detail"?, "winner"?, "to_move"?}``; the heading
    a msgid, translated to ``lang``."""
    parts = [rect(x, y, width, score_box_height(rows), fill="#ffffff", stroke="#999999", rx=4, class_="scores"),
             text(x + 8, y + 16, translate(lang, heading), size=12, weight="bold")]
    for i, row in enumerate(rows):
        top = y + 24 + i * 20
        parts.append(rect(x + 8, top, 12, 12, fill=seat_color(row.get("seat")), stroke="#333333"))
        name = row.get("name") or seat_label(row.get("seat"))
        marks = (" ▶" if row.get("to_move") else "") + (" ★" if row.get("winner") else "")
        parts.append(text(x + 26, top + 10, f"{name}{marks}", size=11, class_="score-name"))
        parts.append(text(x + width - 8, top + 10, label(row.get("total")), size=12, anchor="end",
                          weight="bold", class_="score-total", data_seat=row.get("seat")))
    return group(parts)


def score_box_height(rows) -> int:
    return 30 + 20 * len(rows)


def turn_banner(x, y, width, message: str, seat: int | None = None, height: float = 28) -> str:
    """A banner across the top: whose turn it is (coloured like that seat)."""
    return group([rect(x, y, width, height, fill=seat_color(seat) if seat is not None else "#666666", rx=4),
                  text(x + 10, y + height / 2 + 5, message, size=14, weight="bold", fill="#ffffff",
                       class_="turn")], class_="banner")


# -- composing the served picture -----------------------------------------------------------
def size_of(svg: str) -> tuple[float, float]:
    """Width and height of a standalone SVG (parses it: raises on malformed XML)."""
    root = ElementTree.fromstring(svg)
    w, h = root.get("width"), root.get("height")
    if (w is None or h is None) and root.get("viewBox"):
        _, _, vw, vh = (float(v) for v in root.get("viewBox").replace(",", " ").split())
        w, h = w or vw, h or vh
    return float(str(w).removesuffix("px")), float(str(h).removesuffix("px"))


def frame(board_svg: str, *, heading: str, banner: str, banner_seat: int | None,
          scores: list[dict], note: str = "", lang: str = DEFAULT) -> str:
    """The served picture: a banner and heading on top, the board, and to its right the
    players (names in seat colours, totals, ▶ to move, ★ winners): the key from the seat
    numbers the board shows to the names of the game."""
    bw, bh = size_of(board_svg)
    side = 210
    top = 64
    width = max(bw + side + 20, 480)
    height = max(top + bh + 10, top + score_box_height(scores) + 80)
    inner = re.sub(r"^\s*<\?xml[^>]*\?>\s*", "", board_svg)
    inner = inner.replace("<svg", f'<svg x="10" y="{_n(top)}"', 1)
    parts = [turn_banner(10, 8, width - 20, banner, banner_seat),
             text(12, 56, heading, size=12, fill="#444444", class_="heading"),
             inner,
             score_box(bw + 20, top, scores, heading=N_("Players"), lang=lang)]
    if note:
        parts.append(text(bw + 20, top + score_box_height(scores) + 18, note, size=10, fill="#555555"))
    return document(width, height, parts, doc_title=f"{heading} — {banner}")


# -- finding a ruleset's renderer -------------------------------------------------------------
Renderer = Callable[..., str]


def renderer_for(ruleset) -> Renderer:
    """The ruleset's own ``renderer``, else :func:`render_generic`."""
    return ruleset.renderer or render_generic


def render_generic(view, highlight: list[dict] | None = None, lang: str = DEFAULT) -> str:
    """A fallback picture: the view's fields as text, and the moves to choose from."""
    rows: list[tuple[int, str]] = []

    def walk(value, depth, prefix):
        if len(rows) > 60:
            return
        if isinstance(value, dict):
            for key in sorted(value):
                item = value[key]
                if isinstance(item, (dict, list)) and item:
                    rows.append((depth, f"{prefix}{key}:"))
                    walk(item, depth + 1, "")
                else:
                    rows.append((depth, f"{prefix}{key}: {_short(item)}"))
        elif isinstance(value, list):
            for i, item in enumerate(value[:12]):
                if isinstance(item, (dict, list)) and item:
                    rows.append((depth, f"[{i}]"))
                    walk(item, depth + 1, "")
                else:
                    rows.append((depth, f"[{i}] {_short(item)}"))
            if len(value) > 12:
                rows.append((depth, f"… {len(value) - 12} more"))
        else:
            rows.append((depth, _short(value)))

    walk(view, 0, "")
    rows = rows[:60]
    moves = list(highlight or [])[:20]
    height = 40 + 16 * len(rows) + (30 + 22 * len(moves) if moves else 0)
    parts = [text(10, 22, translate(lang, N_("State")), size=14, weight="bold")]
    for i, (depth, line_text) in enumerate(rows):
        parts.append(text(14 + 14 * depth, 42 + 16 * i, line_text[:90], size=11, class_="field"))
    y = 50 + 16 * len(rows)
    if moves:
        parts.append(text(10, y, translate(lang, N_("Your moves")), size=14, weight="bold"))
        for i, move in enumerate(moves):
            parts.append(hl_rect(10, y + 8 + 22 * i, 580, 18, [i], tip=move_label(move)))
            parts.append(text(16, y + 21 + 22 * i, move_label(move)[:90], size=11))
    return document(600, height, parts, doc_title="state")


def _short(value) -> str:
    if isinstance(value, (dict, list)):
        return json.dumps(value, sort_keys=True)[:60]
    return label(value)
