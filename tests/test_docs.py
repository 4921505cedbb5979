"""The documentation names the repository's files by repository-relative paths that exist,
and never a path of one machine."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
#: a user's README: the engineering notes live in docs/
README_LINES = 250
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


def test_the_readme_is_short_and_links_every_doc():
    """At most README_LINES lines, and every document of docs/ and CONTRIBUTING.md is
    reachable from it: named in the README or in a document it names."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_LINES
    named = set(re.findall(r"(?:docs/[\w-]+\.md|CONTRIBUTING\.md)", readme))
    reached = named | {m for doc in named for m in re.findall(r"docs/[\w-]+\.md",
                                                               (ROOT / doc).read_text(encoding="utf-8"))}
    every = {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")} | {"CONTRIBUTING.md"}
    assert not every - reached, sorted(every - reached)
