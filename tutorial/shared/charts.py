"""SVG charts of a step's answer: the budget bar of team building and the bar chart of outcomes.
Text is sized for a phone (12 CSS px) and every bar carries its value."""

from __future__ import annotations

from fractions import Fraction

from django.utils.html import escape

BUDGET_COLOURS = 6  # --budget-0..5 in tutorial.css (light and dark); then hatched, then dotted
BUDGET_PATTERNS = ("", "hatch", "dots")
BUDGET_INSIDE = 14  # a segment at least this wide holds its number; narrower ones get it below


def budget_style(index: int) -> str:
    """The style of the index-th purchase: a colour, then the same colours hatched, then dotted.
    The same class names serve the bar (budget-part--*) and the legend (swatch--budget-*)."""
    return f"budget-{index % (BUDGET_COLOURS * len(BUDGET_PATTERNS))}"


def budget_svg(parts: list[tuple[str, int]], total: int, title: str, desc: str, uid: str = "budget") -> str:
    """A stacked bar of the budget: what each purchase takes out of the treasury. Each part has
    its own colour and pattern and carries its number (the legend's), inside the part when it
    fits, else just below it (rows staggered so numbers never collide)."""
    width, height = 320, 40
    scale = width / max(total, sum(a for _, a in parts), 1)
    bars: list[str] = []
    numbers: list[str] = []
    rows: list[float] = []  # the right edge of the last number in each row below
    x = 0.0
    shown = [(label, amount) for label, amount in parts if amount > 0]
    for index, (_label, amount) in enumerate(shown):
        w = amount * scale
        colour, pattern = index % BUDGET_COLOURS, BUDGET_PATTERNS[(index // BUDGET_COLOURS) % len(BUDGET_PATTERNS)]
        bars.append(
            f'<rect class="budget-part budget-part--{colour}" x="{x:.1f}" y="0.5" width="{w:.1f}" height="{height}"/>'
        )
        if pattern:
            bars.append(
                f'<rect class="budget-overlay" x="{x:.1f}" y="0.5" width="{w:.1f}" height="{height}" fill="url(#{uid}-{pattern})"/>'
            )
        cx = x + w / 2
        if w >= BUDGET_INSIDE:
            numbers.append(f'<text class="budget-num" x="{cx:.1f}" y="{height / 2 + 5:.1f}">{index + 1}</text>')
        else:
            row = next((i for i, right in enumerate(rows) if cx - 6 >= right), len(rows))
            if row == len(rows):
                rows.append(0.0)
            rows[row] = cx + 7
            y = height + 14 + row * 13
            cx = min(max(cx, 5.0), width - 5.0)
            numbers.append(
                f'<line class="budget-tick" x1="{x + w / 2:.1f}" y1="{height + 1}" x2="{cx:.1f}" y2="{y - 10}"/>'
                f'<text class="budget-num budget-num--below" x="{cx:.1f}" y="{y}">{index + 1}</text>'
            )
        x += w
    full = height + 4 + (13 * len(rows) + 4 if rows else 0)
    out = [
        f'<svg class="diagram diagram--budget" viewBox="0 0 {width} {full}" role="img" aria-labelledby="{uid}-t {uid}-d" '
        f'xmlns="http://www.w3.org/2000/svg"><title id="{uid}-t">{escape(title)}</title><desc id="{uid}-d">{escape(desc)}</desc>',
        f'<defs><pattern id="{uid}-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">'
        f'<rect class="budget-pattern" x="0" y="0" width="2.2" height="6"/></pattern>'
        f'<pattern id="{uid}-dots" patternUnits="userSpaceOnUse" width="6" height="6">'
        f'<circle class="budget-pattern" cx="3" cy="3" r="1.5"/></pattern></defs>',
        f'<rect class="budget-frame" x="0.5" y="0.5" width="{width - 1}" height="{height}"/>',
        *bars,
        *numbers,
        "</svg>",
    ]
    return "".join(out)


CHART_FONT = 12  # .chart-label and .chart-value in tutorial.css
_NARROW, _WIDE = set("iljtfrI.,:;!|'()[]/ ·"), set("mwMW%@")


def _text_width(text: str, size: float = CHART_FONT) -> float:
    """A generous estimate of a text's width (wide sans-serif fonts such as DejaVu Sans), so
    wrapped labels stay inside the picture whatever font the reader has."""
    return sum(
        size * (0.36 if c in _NARROW else 0.95 if c in _WIDE else 0.72 if c.isupper() or c.isdigit() else 0.62)
        for c in text
    )


def wrap_label(text: str, width: float) -> list[str]:
    """Greedy word wrap by estimated width (a single over-long word gets a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and _text_width(lines[-1] + " " + word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def chart_svg(bars: list[tuple[str, Fraction, str]], title: str, uid: str = "chart") -> str:
    """Horizontal bars. Each label sits on its own line(s) above its bar, wrapped to the
    picture's width; the chance (already formatted) sits at the end of the bar's row, in a
    column the bar never reaches, so labels, bars and values never overlap."""
    width, line, bar_h, gap, value_col = 320, 15, 14, 10, 62
    track = width - value_col
    out, y = [], 0.0
    for label, value, shown in bars:
        for text in wrap_label(label, width):
            y += line
            out.append(f'<text class="chart-label" x="0" y="{y - 3:.0f}">{escape(text)}</text>')
        y += 2
        bar = max(0.0, min(float(value), 1.0)) * track
        out.append(
            f'<rect class="chart-track" x="0" y="{y:.0f}" width="{track}" height="{bar_h}" rx="3"/>'
            f'<rect class="chart-bar" x="0" y="{y:.0f}" width="{bar:.1f}" height="{bar_h}" rx="3"/>'
            f'<text class="chart-value" x="{width}" y="{y + bar_h - 3:.0f}">{escape(shown)}</text>'
        )
        y += bar_h + gap
    height = max(y - gap + 4, 1)
    desc = "; ".join(f"{label}: {shown}" for label, _value, shown in bars)
    head = [
        f'<svg class="chart" viewBox="0 0 {width} {height:.0f}" role="img" aria-labelledby="{uid}-t {uid}-d" '
        f'xmlns="http://www.w3.org/2000/svg"><title id="{uid}-t">{escape(title)}</title><desc id="{uid}-d">{escape(desc)}</desc>'
    ]
    return "".join(head + out + ["</svg>"])


def stacked_bar_svg(parts: list[tuple[str, Fraction, str]], title: str, uid: str = "outcomes") -> str:
    """One bar split into its outcomes (label, chance, class out-*), left to right; a part wide
    enough carries its percentage. The legend (an HTML list with the same classes) names each
    part, so nothing but numbers is drawn inside the picture."""
    width, height = 320, 28
    total = sum((p for _, p, _ in parts), Fraction(0)) or Fraction(1)
    out, x = [], 0.0
    for label, p, css in parts:
        w = float(p / total) * width
        out.append(
            f'<rect class="outcome {escape(css)}" x="{x:.1f}" y="0" width="{w:.1f}" height="{height}">'
            f"<title>{escape(label)}</title></rect>"
        )
        if w >= 34:
            out.append(
                f'<text class="outcome-value" x="{x + w / 2:.1f}" y="{height / 2 + 4:.0f}">{round(float(p) * 100)}%</text>'
            )
        x += w
    desc = "; ".join(f"{label}: {round(float(p) * 100, 1)}%" for label, p, _ in parts)
    head = (
        f'<svg class="chart chart--stacked" viewBox="0 0 {width} {height}" role="img" aria-labelledby="{uid}-t {uid}-d" '
        f'xmlns="http://www.w3.org/2000/svg"><title id="{uid}-t">{escape(title)}</title><desc id="{uid}-d">{escape(desc)}</desc>'
    )
    return head + "".join(out) + "</svg>"
