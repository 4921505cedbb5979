"""The documentation names the repository's files by repository-relative paths that exist,
and never a path of one machine."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TOP = ("papertales/", "widgets/", "kingdom_legacy/", "docs/", "tests/", "scripts/", "benchmarks/",
       "notebooks/", "binder/")
MACHINE = re.compile(r"(?<![\w.~])/(?:work|home|root|tmp|Users|opt|mnt)/")


def test_no_doc_names_a_path_of_one_machine():
    found = [f"{doc.relative_to(ROOT)}:{n}: {line.strip()}" for doc in DOCS
             for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1) if MACHINE.search(line)]
    assert not found, "\n".join(found)


def test_the_repository_files_the_docs_name_exist():
    missing = []
    for doc in DOCS:
        for path in re.findall(r"`([A-Za-z_./-]+)`", doc.read_text(encoding="utf-8")):
            if path.startswith(TOP) and "*" not in path and "<" not in path and not (ROOT / path).exists():
                missing.append(f"{doc.relative_to(ROOT)}: {path}")
    assert not missing, "\n".join(missing)
