"""What a grid of numbers costs WeasyPrint, laid out in different ways, against its floor.

    .venv/bin/python benchmarks/pdf_layouts.py [--quick]

(after the README's set-up; ``--quick`` is the smoke run ``bin/test`` makes: one render of each,
the same code path.)

The 33-deal, 7-player score sheet holds about a thousand numbers. This prints
the time WeasyPrint takes for 33 rows x 32 numbers without any stylesheet of
ours, as a table, as other box layouts, as SVG text, and as plain lines of text,
each as a multiple of a one-page minimal document. It shows where the cost of
a long sheet comes from: each positioned piece of text costs WeasyPrint about
as much, whatever the layout (benchmarks/pdf.py compares the real sheet with
the first of these, a bare table of its own numbers).
Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from weasyprint import HTML

ROWS, COLUMNS, RUNS = 33, 32, 5
FIXED = "table { table-layout: fixed; width: 100% }"
SVG_ATTRIBUTES = 'xmlns="http://www.w3.org/2000/svg" width="700" height="480"'


def median_seconds(render: Callable[[], object], runs: int = RUNS) -> float:
    """The median wall time of ``runs`` renders, after one warm-up."""
    render()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        render()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def number(row: int, column: int) -> str:
    return str(row * column % 97)


def layouts() -> dict[str, str]:
    """The same numbers as documents laid out in different ways."""
    cells = [[number(row, column) for column in range(COLUMNS)] for row in range(ROWS)]
    table_rows = "".join("<tr>" + "".join(f"<td>{n}</td>" for n in row) + "</tr>" for row in cells)
    spans = "".join("<div>" + "".join(f"<span>{n}</span> " for n in row) + "</div>" for row in cells)
    svg_text = "".join(
        f'<text x="{column * 20 + 5}" y="{row * 14 + 12}" font-size="9">{n}</text>'
        for row, numbers in enumerate(cells)
        for column, n in enumerate(numbers)
    )
    return {
        "a table, one cell per number": f"<table>{table_rows}</table>",
        "a fixed-layout table": f"<style>{FIXED}</style><table>{table_rows}</table>",
        "a span per number, a line per row": spans,
        "SVG, a <text> per number": f"<svg {SVG_ATTRIBUTES}>{svg_text}</svg>",
        "a paragraph of text per row": "".join(f"<p>{' '.join(row)}</p>" for row in cells),
        "one <pre> block of text": "<pre>"
        + "\n".join(" ".join(f"{n:>3}" for n in row) for row in cells)
        + "</pre>",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smoke run of bin/test: one render each")
    runs = 1 if parser.parse_args().quick else RUNS
    floor = median_seconds(lambda: HTML(string="<p>Scorekeeper</p>").write_pdf(), runs)
    print(f"{ROWS} rows x {COLUMNS} numbers, no stylesheet; median of {runs} renders, in seconds")
    print(f"{'minimal one-page document (floor)':38} {floor:7.3f}")
    for label, document in layouts().items():
        seconds = median_seconds(lambda document=document: HTML(string=document).write_pdf(), runs)
        print(f"{label:38} {seconds:7.3f}   {seconds / floor:5.1f} x floor")


if __name__ == "__main__":
    main()
