"""No English words hard-coded in the app's panels: every label, heading, tooltip, status
line and message must come from the catalogue (``widgets/locales/*/*.json``).

The files are read with ``ast``: a string (or the text parts of an f-string) that a person
would read is flagged with file:line.  "Would read" means: the visible text once HTML tags
are removed (plus the tags' ``title=`` / ``aria-label=`` texts) holds two or more words of
letters, or one capitalised word when the string is given as a widget's ``description=``, ``tooltip=``,
``placeholder=``, ``title=`` / ``text=`` / ``label=`` / ``name=``, or to ``HTML(...)`` /
``Label(...)`` / ``Button(...)``.  Not flagged: docstrings, the stylesheet (``CSS``),
catalogue keys (``app.step.done``), identifiers (``pt-muted``, ``draft_discard``, file
names), and keyword arguments that are no text (``layout=``, ``flex_flow=``,
``button_style=``, plotly's ``mode=`` ...).  A line may end with ``# i18n: not prose``
to allow one string on purpose.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: every module of the panel layer, found by itself (a new panel is scanned without being
#: listed), and the engine's modules that draw for a person
FILES = sorted((ROOT / "widgets").glob("*.py")) + [ROOT / "papertales" / "render.py", ROOT / "papertales" / "coach.py"]

#: keyword arguments that carry text a person reads
TEXT_KWARGS = {"description", "tooltip", "placeholder", "title", "text", "label", "name", "value",
               "hovertext", "prompt", "summary"}
#: calls whose positional string arguments are shown as they are
TEXT_CALLS = {"HTML", "Label", "Button", "Markdown", "ToggleButton", "Checkbox", "ok", "info", "refused"}
#: calls whose string arguments are never prose (styling, DOM classes, observers ...)
NOT_TEXT_CALLS = {"add_class", "remove_class", "observe", "getattr", "setattr", "hasattr", "startswith",
                  "endswith", "split", "join", "replace", "compile", "sub", "get", "fullmatch", "match"}
CATALOGUE_KEY = re.compile(r"(app|nb|phase|card|pack|rules|solo|who|resource|cause|action|decision|ev|cli)"
                           r"(\.[A-Za-z0-9_{}\x00]+)+\.?")
WORD = re.compile(r"[A-Za-z][a-z]+(['’][a-z]+)?|[A-Z][A-Z]+|[A-Za-z]")
ALLOW = "# i18n: not prose"
HOLE = "\x00"                     # where an f-string has a {value}


def visible_text(s: str) -> str:
    """What a person reads of a string: its text without HTML tags (and tag fragments),
    plus the tags' title / aria-label attributes."""
    tips = re.findall(r"""(?:title|aria-label)=(["'])([^"'\x00]*)\1""", s)
    s = re.sub(r"<style>.*?</style>", " ", s, flags=re.S)
    s = re.sub(r"<[^<>]*>", " ", s)
    s = re.sub(r"^[^<>]*>", " ", s)            # the end of a tag begun in another string
    s = re.sub(r"<[^<>]*$", " ", s)            # a tag ended in another string
    s = re.sub(r"&[a-z]+;|&#\d+;", " ", s)
    return " ".join([s] + [tip for _, tip in tips])


def words(text: str) -> list[str]:
    """The words of letters in ``text``: chunks with digits, dots, dashes, underscores,
    braces, slashes, colons or # (ids, CSS, file names, keys, placeholders) are no words."""
    out = []
    for chunk in text.replace(HOLE, " ").split():
        chunk = chunk.strip(".,;:!?()[]\"'—–…*|")
        if chunk and WORD.fullmatch(chunk) and (len(chunk) > 1 or chunk in ("a", "A", "I")):
            out.append(chunk)
    return out


def string_value(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else HOLE for v in node.values)
    return None


def call_name(node) -> str:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def english_literals(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skip: set[int] = set()              # ids of string nodes that are not prose
    strong: set[int] = set()            # ids of strings shown as they are (one word is enough)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                and isinstance(body[0], ast.Expr) and string_value(body[0].value) is not None:
            skip.add(id(body[0].value))                                         # docstring
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in ("CSS", "__all__")
                                                for t in node.targets):
            skip.update(id(n) for n in ast.walk(node.value))
        if isinstance(node, ast.Call):
            name = call_name(node)
            if name in NOT_TEXT_CALLS:
                skip.update(id(n) for a in node.args for n in ast.walk(a))
            if name in TEXT_CALLS:
                strong.update(id(a) for a in node.args)
            for kw in node.keywords:
                if kw.arg in TEXT_KWARGS:
                    strong.add(id(kw.value))
                elif kw.arg is not None:
                    skip.update(id(n) for n in ast.walk(kw.value) if isinstance(n, ast.Constant))
        if isinstance(node, ast.JoinedStr):      # the parts of an f-string are judged as one string
            skip.update(id(v) for v in node.values)
            for v in node.values:
                if isinstance(v, ast.FormattedValue):
                    skip.discard(id(v.value))
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []
    for node in ast.walk(tree):
        value = string_value(node)
        if value is None or id(node) in skip or CATALOGUE_KEY.fullmatch(value.strip()):
            continue
        if ALLOW in lines[node.lineno - 1]:
            continue
        shown = words(visible_text(value))
        if len(shown) >= 2 or (shown and id(node) in strong and shown[0][0].isupper()):
            found.append((node.lineno, f"{where}:{node.lineno}: {value[:70]!r}"))
    return [hit for _, hit in sorted(found)]


def test_the_app_panels_have_no_english_literals():
    assert len(FILES) > 20 and ROOT / "widgets" / "lichking.py" in FILES
    found = [hit for path in FILES for hit in english_literals(path)]
    assert not found, "user-facing English outside the catalogue:\n" + "\n".join(found)


def test_the_scan_would_catch_a_new_english_label(tmp_path):
    """The checker itself: new English labels are caught, CSS, tags, keys and ids are not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A docstring in English is fine."""\n'
        'import ipywidgets as W\n'
        'CSS = "<style>.pt-root{font-family:system-ui}</style>"\n'
        'def f(t, n, lang):\n'
        '    b = W.Button(description="Done", tooltip=t("app.step.done"), layout=W.Layout(flex_flow="row wrap"))\n'
        '    b.add_class("pt-new-game pt-choice")\n'
        '    h = W.HTML(f"<div class=\'pt-msg pt-info\' style=\'margin:4px 0\'>{t(\'app.x\', lang)}</div>")\n'
        '    s = f"{n} new units were placed"\n'
        '    e = "<span title=\'strength now\'>4</span>"\n'
        '    k = ("draft", "draft_discard", "position.json", "T{turn}", "lines+markers")\n'
        '    return W.Label("Strength")\n',
        encoding="utf-8")
    hits = [h.split(": ", 1)[0].rsplit(":", 1)[1] for h in english_literals(sample)]
    assert hits == ["5", "8", "9", "11"], english_literals(sample)
