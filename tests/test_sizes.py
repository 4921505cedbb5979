"""No class over 400 lines and no function over 80 in ``papertales`` and the panels, unless
a comment right above it (``# long: why``, on one line or more) says why it is better whole: a reader should
find each room at once (kingdom_legacy keeps the same rule without exceptions:
``tests/legacy/test_legacy_structure.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMITS = {ast.ClassDef: 400, ast.FunctionDef: 80}


def oversized(path: Path, root: Path = ROOT) -> list[str]:
    """The classes and functions of ``path`` over their limit without a comment starting
    ``# long:`` right above them (above their decorators)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for node in ast.walk(ast.parse("\n".join(lines))):
        limit = LIMITS.get(type(node))
        if limit is None:
            continue
        size = node.end_lineno - node.lineno + 1
        if size <= limit:
            continue
        at = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
        comment = []                          # the comment lines right above, top first
        while at > 0 and lines[at - 1].strip().startswith("#"):
            at -= 1
            comment.insert(0, lines[at].strip())
        if not (comment and comment[0].startswith("# long:") and len(" ".join(comment)) > len("# long:") + 10):
            out.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({size} lines)")
    return out


def test_no_long_class_or_function_without_a_reason():
    long = [row for package in ("papertales", "widgets") for path in sorted((ROOT / package).glob("*.py"))
            for row in oversized(path)]
    assert long == []


def test_the_check_sees_a_long_function_and_its_reason(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(85))
    bare = tmp_path / "bare.py"
    bare.write_text(f"def f():\n{body}\n", encoding="utf-8")
    reasoned = tmp_path / "reasoned.py"
    reasoned.write_text(f"# long: one table, read top to bottom\ndef f():\n{body}\n", encoding="utf-8")
    assert oversized(bare, tmp_path) == ["bare.py:1 f (86 lines)"]
    assert oversized(reasoned, tmp_path) == []
