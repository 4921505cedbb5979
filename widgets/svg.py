"""Static charts as SVG markup drawn with the standard library (rectangles, lines, text):
a stored notebook shows them without running, and a downloaded review carries its graph
inside the file."""

from __future__ import annotations

import os
from html import escape
from pathlib import Path


class Svg:
    """A static chart: SVG markup that a notebook shows as an image (``_repr_svg_``) and
    stores with the notebook; :meth:`save` writes it to a file."""

    def __init__(self, width: int, height: int, title: str) -> None:
        self.width, self.height, self.title = width, height, title
        self.parts = [f"<title>{escape(title)}</title>",
                      f'<text x="{width / 2:g}" y="18" text-anchor="middle" font-size="13" '
                      f'font-weight="bold">{escape(title)}</text>']

    def rect(self, x: float, y: float, w: float, h: float, fill: str) -> None:
        self.parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{max(w, 0):.1f}" height="{h:.1f}" fill="{fill}"/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = "#333", width: float = 1,
             dash: str | None = None) -> None:
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{stroke}" '
                          f'stroke-width="{width}"{extra}/>')

    def circle(self, x: float, y: float, r: float, fill: str) -> None:
        self.parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}"/>')

    def text(self, x: float, y: float, words: object, anchor: str = "start", size: float = 11,
             fill: str = "#222") -> None:
        self.parts.append(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}" '
                          f'fill="{fill}">{escape(str(words))}</text>')

    @property
    def markup(self) -> str:
        body = "\n".join(self.parts)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}" font-family="sans-serif">\n'
                f'<rect width="100%" height="100%" fill="white"/>\n{body}\n</svg>')

    def _repr_svg_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return f"<SVG chart: {self.title}>"

    def save(self, path: str | os.PathLike[str]) -> str:
        Path(path).write_text(self.markup + "\n", encoding="utf-8")
        return str(path)
