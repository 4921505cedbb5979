"""A card written into the text of an owner's pack file, leaving the rest of the file as it
was: their indentation, order, spacing, line endings, escapes and byte-order mark.  Only the
card's own text is added (or replaced, when the file has a card of that number already), in
the style of the cards around it."""

from __future__ import annotations

import json
from typing import Any

_WS = " \t\r\n"
_BOM = "\ufeff"


def with_card(text: str, raw: dict[str, Any]) -> str:
    """``text`` (a pack file) with card ``raw`` in its ``cards`` list, in number order.
    Raises ``ValueError`` when the text is not a pack object with a list of cards."""
    bom = _BOM if text.startswith(_BOM) else ""
    body = text[len(bom):]
    start, spans = _cards(body)
    n = raw["number"]
    same = [s for s in spans if s[2] == n]
    card = _styled(body, spans, raw)
    if same:
        out = body[:same[0][0]] + card + body[same[0][1]:]
    else:
        before = [s for s in spans if s[2] < n]
        after = [s for s in spans if s[2] > n]
        gap = _gap(body, start, spans)
        if before:
            at = before[-1][1]
            out = body[:at] + "," + gap + card + body[at:]
        elif after:
            at = after[0][0]
            out = body[:at] + card + "," + gap + body[at:]
        else:
            out = body[:start + 1] + card + body[start + 1:]
    return bom + out


def _skip(s: str, i: int) -> int:
    while i < len(s) and s[i] in _WS:
        i += 1
    return i


def _expect(s: str, i: int, chars: str) -> int:
    i = _skip(s, i)
    if i >= len(s) or s[i] not in chars:
        raise ValueError(f"expected one of {chars!r} at {i}")
    return i


def _cards(s: str) -> tuple[int, list[tuple[int, int, int]]]:
    """Where the ``cards`` list opens, and each card's (start, end, number) in ``s``."""
    dec = json.JSONDecoder()
    i = _expect(s, 0, "{") + 1
    found: tuple[int, list[tuple[int, int, int]]] | None = None
    while True:
        i = _skip(s, i)
        if s[i] == "}":
            if found is None:
                raise ValueError("no cards")
            return found
        key, i = dec.raw_decode(s, i)
        i = _expect(s, i, ":") + 1
        i = _skip(s, i)
        if key == "cards":
            found = (i, _elements(s, i, dec))
        _, i = dec.raw_decode(s, i)
        i = _expect(s, i, ",}")
        if s[i] == ",":
            i += 1


def _elements(s: str, i: int, dec: json.JSONDecoder) -> list[tuple[int, int, int]]:
    if s[i] != "[":
        raise ValueError("cards is not a list")
    spans: list[tuple[int, int, int]] = []
    i = _skip(s, i + 1)
    if s[i] == "]":
        return spans
    while True:
        value, end = dec.raw_decode(s, i)
        spans.append((i, end, value["number"]))
        i = _expect(s, end, ",]")
        if s[i] == "]":
            return spans
        i = _skip(s, i + 1)


def _gap(s: str, start: int, spans: list[tuple[int, int, int]]) -> str:
    """The white space the file puts between two cards (or before its first one)."""
    if len(spans) >= 2:
        return s[s.index(",", spans[0][1]) + 1:spans[1][0]]
    if spans:
        return s[start + 1:spans[0][0]]
    return ""


def _styled(s: str, spans: list[tuple[int, int, int]], raw: dict[str, Any]) -> str:
    """``raw`` as JSON the way the file's last card is written: on one line or indented (by
    the same step, from the same column), with the same separators and escapes."""
    ascii_only = "\\u" in s and s.isascii()
    if not spans:
        return json.dumps(raw, ensure_ascii=ascii_only)
    a, b, _ = spans[-1]
    last = s[a:b]
    compact = '":' in last and '": ' not in last
    separators = (",", ":") if compact else (", ", ": ")
    if "\n" not in last:
        return json.dumps(raw, ensure_ascii=ascii_only, separators=separators)
    newline = "\r\n" if "\r\n" in last else "\n"
    line_start = s.rfind("\n", 0, a) + 1
    base = s[line_start:a] if not s[line_start:a].strip() else ""
    second = last.split("\n")[1].rstrip("\r")
    step = second[:len(second) - len(second.lstrip(" \t"))][len(base):] or " "
    dumped = json.dumps(raw, ensure_ascii=ascii_only, indent=step, separators=(",", separators[1]))
    return (newline + base).join(dumped.split("\n"))
