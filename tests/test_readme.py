"""The examples in the README and the docs run as printed: a newcomer copies them first.

The README's ```python blocks are run (each prints what it shows); the docs' ```pycon
blocks are doctests, read with ``doctest.DocTestParser`` and compared line by line."""

from __future__ import annotations

import contextlib
import doctest
import io
import re
from pathlib import Path

import pytest

from papertales import i18n

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))


def test_the_readmes_python_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks
    for block in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, str(README), "exec"), {})
        assert out.getvalue()          # each example prints what it shows


def _pycon_blocks(path: Path) -> list[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in re.finditer(r"```pycon\n(.*?)```", text, re.S)]


def test_the_docs_show_examples_as_doctests_only():
    """A ```python block in the docs would go untested: they are written as ```pycon."""
    untested = [p.name for p in DOCS if "```python" in p.read_text(encoding="utf-8")]
    assert not untested, untested
    assert sum(len(_pycon_blocks(p)) for p in DOCS) >= 2


@pytest.mark.parametrize("path", [p for p in DOCS if _pycon_blocks(p)], ids=lambda p: p.name)
def test_the_docs_examples_print_what_they_show(path):
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = io.StringIO()
    i18n.set_language("en")            # the errors shown are in English, whatever ran before
    try:
        for line, block in _pycon_blocks(path):
            test = parser.get_doctest(block, {}, f"{path.name}:{line}", str(path), line)
            runner.run(test, out=out.write)
    finally:
        i18n.set_language(None)
    assert runner.failures == 0 and runner.tries > 0, out.getvalue()
