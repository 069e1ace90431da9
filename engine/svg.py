"""Shared helpers for drawing a game as a standalone SVG picture (pure: no Flask).

A ruleset's picture is drawn by its ``renderer`` (``engine/games/<pkg>/svg.py``'s
``render(view, highlight=None) -> str``): ``view`` is the ruleset's *view* JSON for
the requesting seat (never the raw state, so a picture cannot show more than the
JSON view), ``highlight`` the seat's legal moves to mark. A ruleset without one gets
:func:`render_generic`. :func:`frame` puts a board picture under a
banner (whose turn, who is looking) with the players (or, once the game has ended, the final
score sheet): what the service serves.

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

from .contract import seat_label
from .i18n import DEFAULT, N_, translate

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\""

# Seat colours, shared by every ruleset (the players box is their legend, each beside its seat
# number): the Okabe–Ito palette, told apart with any colour vision.
SEAT_COLORS = ["#0072B2", "#D55E00", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]
SEAT_NAMES = ["blue", "vermillion", "green", "orange", "pink", "sky blue", "yellow", "black"]
HIGHLIGHT = "#ff00c8"


def seat_color(seat: int | None) -> str:
    if seat is None or not isinstance(seat, int) or seat < 0:
        return "#888888"
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def ink_on(color: str) -> str:
    """Black or white: whichever reads better on ``color`` (``#rrggbb``)."""
    red, green, blue = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#ffffff"


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


def seat_mark(x, y, seat: int | None, size: float = 16) -> str:
    """A seat's colour with its number in it: the seat told by number as well as by colour."""
    colour = seat_color(seat)
    number = "" if seat is None or not isinstance(seat, int) else seat + 1
    return group([rect(x, y, size, size, rx=3, fill=colour, stroke="#333333"),
                  text(x + size / 2, y + size - 4, number, size=11, anchor="middle", weight="bold",
                       fill=ink_on(colour))], class_="seat-mark")


def score_box(x, y, rows: list[dict], heading: str = N_("Scores"), width: float = 190, lang: str = DEFAULT) -> str:
    """Scores: rows of ``{"seat", "name", "total", "winner"?, "to_move"?}``; the heading a msgid,
    translated to ``lang``."""
    parts = [rect(x, y, width, score_box_height(rows), fill="#ffffff", stroke="#999999", rx=4, class_="scores"),
             text(x + 8, y + 17, translate(lang, heading), size=13, weight="bold")]
    for i, row in enumerate(rows):
        top = y + 26 + i * 22
        parts.append(seat_mark(x + 8, top, row.get("seat")))
        name = row.get("name") or seat_label(row.get("seat"))
        marks = (" ▶" if row.get("to_move") else "") + (" ★" if row.get("winner") else "")
        parts.append(text(x + 30, top + 12, fit(name, width - 80, 12) + marks, size=12, class_="score-name"))
        parts.append(text(x + width - 8, top + 12, label(row.get("total")), size=13, anchor="end",
                          weight="bold", class_="score-total", data_seat=row.get("seat")))
    return group(parts)


def score_box_height(rows) -> int:
    return 32 + 22 * len(rows)


def fit(content: str, width: float, size: float = 12) -> str:
    """``content`` shortened with "…" to about ``width`` units at font ``size``."""
    room = max(int(width / (size * 0.6)), 2)
    return content if len(content) <= room else content[:room - 1] + "…"


def wrap(words: str, width: float, size: float = 11, lines: int | None = None) -> list[str]:
    """``words`` in lines of about ``width`` units at font ``size`` (an estimate: 0.56 em a
    character); with ``lines``, at most that many, the last one cut with "…"."""
    limit = max(4, int(width / (size * 0.56)))
    out: list[str] = []
    for word in words.split():
        if out and len(out[-1]) + 1 + len(word) <= limit:
            out[-1] += " " + word
        else:
            out.append(word)
    if lines is not None and len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][:limit - 1] + "…"
    return [row if len(row) <= limit else row[:limit - 1] + "…" for row in out]


def final_sheet(x, y, rows: list[dict], width: float, lang: str = DEFAULT) -> str:
    """The final screen's score sheet: a column per seat (colour and number, name, ★ winner or
    "gave up" for a seat that resigned or ran out of time: ``row["forfeited"]``), a line per
    part of the score (``row["breakdown"]``: ``(words, points)`` pairs, the same parts in every
    row) and the totals."""
    parts_of = [name for name, _ in rows[0]["breakdown"]] if rows else []
    label_w = min(300, width * 0.4)
    column = (width - label_w - 8) / max(len(rows), 1)
    out = [rect(x, y, width, final_sheet_height(rows), fill="#ffffff", stroke="#666666", rx=5, class_="final"),
           text(x + 10, y + 22, translate(lang, N_("Final scores")), size=15, weight="bold")]
    head = y + 34
    for i, row in enumerate(rows):
        left = x + label_w + i * column
        if row.get("winner"):
            out.append(rect(left + 2, head - 2, column - 4, final_sheet_height(rows) - 38, rx=4,
                            fill="#fff1c2", class_="winner-column"))
        out.append(seat_mark(left + 6, head + 2, row.get("seat")))
        name = row.get("name") or seat_label(row.get("seat"))
        out.append(text(left + 28, head + 14, fit(name, column - 32), size=12, weight="bold", class_="final-name"))
        if row.get("winner"):
            out.append(text(left + 6, head + 34, "★ " + translate(lang, N_("winner")), size=12, weight="bold",
                            fill="#8a5a00", class_="final-winner"))
        elif row.get("forfeited"):
            out.append(text(left + 6, head + 34, translate(lang, N_("gave up")), size=12, fill="#555555",
                            class_="final-forfeited"))
    lines = [(name, [dict(row["breakdown"]).get(name, 0) for row in rows]) for name in parts_of]
    lines.append((translate(lang, N_("Total")), [row.get("total") for row in rows]))
    for n, (name, values) in enumerate(lines):
        base = head + 64 + n * 24
        total = n == len(lines) - 1
        if total:
            out.append(line(x + 8, base - 17, x + width - 8, base - 17, stroke="#666666"))
        out.append(text(x + 10, base, fit(name, label_w - 14), size=12, weight="bold" if total else None,
                        class_="final-part"))
        for i, value in enumerate(values):
            out.append(text(x + label_w + i * column + column / 2, base, label(value), size=13 if total else 12,
                            anchor="middle", weight="bold" if total else None,
                            class_="final-total" if total else "final-points", data_seat=rows[i].get("seat")))
    return group(out, class_="final-sheet")


def final_sheet_height(rows) -> int:
    parts = len(rows[0]["breakdown"]) if rows else 0
    return 84 + 24 * (parts + 1)


def turn_banner(x, y, width, message: str, seat: int | None = None, height: float = 30) -> str:
    """A banner across the top: whose turn it is (coloured like that seat)."""
    colour = seat_color(seat) if seat is not None else "#555555"
    return group([rect(x, y, width, height, fill=colour, rx=4),
                  text(x + 10, y + height / 2 + 5, message, size=15, weight="bold", fill=ink_on(colour),
                       class_="turn")], class_="banner")


# -- composing the served picture -----------------------------------------------------------
#: the served picture's width at most: a board wider than BOARD_MAX is scaled down to it; one
#: wider than BESIDE has the players below it, a narrower one beside it
WIDTH, BOARD_MAX, BESIDE, SIDE = 800, 780, 560, 210


def size_of(svg: str) -> tuple[float, float]:
    """Width and height of a standalone SVG (parses it: raises on malformed XML)."""
    root = ElementTree.fromstring(svg)
    w, h = root.get("width"), root.get("height")
    if (w is None or h is None) and root.get("viewBox"):
        _, _, vw, vh = (float(v) for v in root.get("viewBox").replace(",", " ").split())
        w, h = w or vw, h or vh
    return float(str(w).removesuffix("px")), float(str(h).removesuffix("px"))


def placed(board_svg: str, x: float, y: float, width: float, height: float) -> str:
    """A standalone SVG as a nested one at ``x, y`` scaled to ``width × height``."""
    inner = re.sub(r"^\s*<\?xml[^>]*\?>\s*", "", board_svg)
    head, rest = inner.split(">", 1)
    if "viewBox" not in head:
        w, h = size_of(board_svg)
        head += f' viewBox="0 0 {_n(w)} {_n(h)}"'
    head = re.sub(r'\s(?:width|height|x|y)="[^"]*"', "", head)
    return f'{head} x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}">{rest}'


def frame(board_svg: str, *, heading: str, banner: str, banner_seat: int | None,
          scores: list[dict], lang: str = DEFAULT) -> str:
    """The served picture, at most :data:`WIDTH` wide: a banner and heading on top, the board,
    and the players (seat colour and number, name, total, ▶ to move, ★ winners: the key from
    the seats the board shows to the names of the game) beside or below it. Once the game has
    ended (every row has its ``breakdown``) the final score sheet takes the players' place."""
    bw, bh = size_of(board_svg)
    scale = min(1.0, BOARD_MAX / bw)
    bw, bh = bw * scale, bh * scale
    top = 64
    final = bool(scores) and all("breakdown" in row for row in scores)
    beside = bw <= BESIDE and not final
    width = bw + 30 + SIDE if beside else WIDTH
    parts = [turn_banner(10, 8, width - 20, banner, banner_seat),
             text(12, 54, fit(heading, width - 24), size=12, fill="#444444", class_="heading"),
             placed(board_svg, 10 if beside else (width - bw) / 2, top, bw, bh)]
    if final:
        box_x, box_y, box_h = 10, top + bh + 12, final_sheet_height(scores)
        parts.append(final_sheet(box_x, box_y, scores, width - 20, lang))
    else:
        box_x, box_y = (bw + 20, top) if beside else (10, top + bh + 12)
        box_h = score_box_height(scores)
        parts.append(score_box(box_x, box_y, scores, heading=N_("Players"), width=SIDE if beside else 300, lang=lang))
    height = max(top + bh, box_y + box_h) + 10
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
