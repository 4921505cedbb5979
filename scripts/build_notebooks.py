"""Write the notebooks from one source: the cells below, whose prose is the message
catalogue's (``nb.*`` keys), as Markdown cells in English (``notebooks/``) and in Polish
(``notebooks/pl/``), so that a notebook reads on GitHub, nbviewer or Binder before anybody
runs it.  Code cells are the same in both languages but for ``LANG``.

    python scripts/build_notebooks.py             # rewrite the notebooks
    python scripts/build_notebooks.py --execute   # ... and run them, keeping the checked outputs
    python scripts/build_notebooks.py --check     # exit 1 if a notebook differs from its source

Notebooks are stored without outputs but those of the ``# NBVAL_CHECK_OUTPUT`` cells (the
printed numbers ``pytest --nbval-lax`` compares), so each weighs a few kB and no widget
state is kept; a rewrite keeps those outputs while the cell is unchanged.  Cell ids are
fixed (``<notebook>-<n>``).  ``05_kingdom_legacy.ipynb`` is not built here (its own
author writes it).  ``tests/test_notebooks_source.py`` checks that the files are in sync.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from papertales.i18n import t  # noqa: E402

#: a cell is ("md", catalogue key) or ("code", source); {lang} in code is the notebook's language
NOTEBOOKS = {
    "01_learn_the_rules": {"title": None, "cells": [
        ("md", "nb.learn.intro"),
        ("code", 'LANG = "{lang}"\n\nfrom papertales.i18n import set_language\n\nset_language(LANG)'),
        ("code", "from papertales_widgets import GuidedGame\n\ntour = GuidedGame(players=3, seed=7, lang=LANG)\n"
                 "tour.panel()"),
        ("md", "nb.learn.recruitment"),
        ("code", "tour.play_phase()"),
        ("md", "nb.learn.deployment"),
        ("code", "tour.play_phase()"),
        ("code", "tour.kingdoms_now()"),
        ("md", "nb.learn.wars"),
        ("code", "tour.play_phase()"),
        ("code", "tour.war_graph()"),
        ("md", "nb.learn.income"),
        ("code", "tour.play_phase()"),
        ("md", "nb.learn.construction"),
        ("code", "tour.play_phase()"),
        ("md", "nb.learn.aging"),
        ("code", "tour.play_phase()"),
        ("md", "nb.learn.rest"),
        ("code", "tour.play_turn()"),
        ("code", "tour.play_to_end()"),
        ("md", "nb.learn.race"),
        ("code", "tour.score_race()"),
        ("md", "nb.learn.your_turn"),
        ("code", "from papertales_widgets import App\n\nApp(players=3, seed=11, humans=[0], lang=LANG)"),
    ]},
    "02_what_if": {"title": None, "cells": [
        ("md", "nb.whatif.intro"),
        ("code", 'LANG = "{lang}"\n\nfrom papertales.i18n import set_language, t\n\nset_language(LANG)'),
        ("md", "nb.whatif.cerberus"),
        ("code", 'from papertales_widgets import lesson_editor, WhatIfEditor\n\ncerberus = lesson_editor("cerberus")\n'
                 "cerberus"),
        ("md", "nb.whatif.numbers"),
        ("code", '# NBVAL_CHECK_OUTPUT\n'
                 'print(t("nb.whatif.with_farmer", LANG, n=cerberus.evaluation["players"][0]["strength"]["total"]))\n'
                 'cerberus.editors[0].cards["B1"].value = ""        # remove the Farmer\n'
                 'print(t("nb.whatif.without_farmer", LANG, n=cerberus.evaluation["players"][0]["strength"]["total"]))\n'
                 'cerberus.editors[0].cards["B1"].value = "farmer"  # and put it back'),
        ("md", "nb.whatif.mine"),
        ("code", 'mine = lesson_editor("mine")\nmine'),
        ("code", '# NBVAL_CHECK_OUTPUT\nfor e in mine.evaluation["wars"]["events"]:\n    if e["kind"] == "lp":\n'
                 '        print(t("nb.whatif.lp_from", LANG, name=mine.game.players[e["seat"]].name, n=e["amount"],'
                 ' cause=e["cause_text"]))'),
        ("md", "nb.whatif.healer"),
        ("code", 'healer = lesson_editor("healer")\nhealer'),
        ("md", "nb.whatif.own"),
        ("code", "WhatIfEditor()"),
    ]},
    "03_solo_vs_lich_king": {"title": "nb.solo.title", "cells": [
        ("md", "nb.solo.intro"),
        ("code", 'LANG = "{lang}"\n\nfrom papertales.i18n import set_language\n\nset_language(LANG)'),
        ("md", "nb.solo.play"),
        ("code", "from papertales_widgets.lichking import SoloGame\n\nplay = SoloGame(seed=5, lich_king_cards=0, "
                 "lang=LANG)\nplay"),
        ("md", "nb.solo.companion"),
        ("code", "from papertales_widgets.companion import CompanionPanel, PackEditor\n\n"
                 "companion = CompanionPanel(lang=LANG)\ncompanion"),
        ("md", "nb.solo.example"),
        ("code", "# NBVAL_CHECK_OUTPUT\nfrom papertales_widgets.companion import RULES_EXAMPLE\n\n"
                 "companion.enter(**RULES_EXAMPLE)\nprint(companion.score_text())"),
        ("md", "nb.solo.own_cards"),
        ("code", "editor = PackEditor(targets=[play, companion], lang=LANG)\neditor"),
    ]},
    "04_strategy_lab": {"title": None, "cells": [
        ("md", "nb.strategy.title"),
        ("code", 'LANG = "{lang}"\n# the strategy lab calls the package only; the panels (papertales_widgets) are not '
                 "needed here\nfrom papertales import Game, cardstats, t, tournament\nfrom papertales.lab import advise"),
        ("md", "nb.strategy.tournament"),
        ("code", 'rows = tournament.run(["ismcts", "greedy", "random"], games=12, seed=1, budget="4it", jobs=1, '
                 "progress=True)\ntournament.summary(rows)[\"bots\"]"),
        ("md", "nb.strategy.ratings"),
        ("code", "tournament.ratings(rows)"),
        ("md", "nb.strategy.cards"),
        ("code", "stats = cardstats.card_stats(rows, min_games=5)\ncardstats.tier_chart(stats, LANG)"),
        ("code", "cardstats.pick_chart(stats, LANG)"),
        ("md", "nb.strategy.coach"),
        ("code", 'game = Game.new(players=3, seed=4).advance()\n[(r["text"], r["visits"], r["win_rate"]) '
                 'for r in advise(game, 0, budget="60it", seed=1, lang=LANG)]'),
        ("md", "nb.strategy.ladder"),
    ]},
    "app": {"title": "app.app.title", "cells": [
        ("code", 'LANG = "{lang}"          # the page\'s language (the switch at the top changes it)'),
        ("code", "from papertales_widgets.pagejs import page_extras\n\n"
                 "page_extras(LANG)   # keyboard shortcuts, busy sign, focus, the kernel shut down when the page closes"),
        ("code", "from papertales_widgets import App\n\nApp(players=3, seed=7, humans=[0], lang=LANG)"),
    ]},
}

LANGS = {"en": ROOT / "notebooks", "pl": ROOT / "notebooks" / "pl"}
KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def other_language_note(name: str, lang: str) -> str:
    """The first line of a notebook: where the same notebook is in the other language."""
    link = f"pl/{name}.ipynb" if lang == "en" else f"../{name}.ipynb"
    return t("nb.other_language", lang, link=link)


def notebook(name: str, lang: str) -> dict:
    spec = NOTEBOOKS[name]
    cells = []
    source = list(spec["cells"])
    if name != "app":
        first = source[0]
        source[0] = ("md", first[1], other_language_note(name, lang))
    for i, cell in enumerate(source):
        kind, body = cell[0], cell[1]
        cid = f"{name.split('_')[0]}-{i:02d}"
        if kind == "md":
            text = t(body, lang)
            if len(cell) > 2:
                text = f"*{cell[2]}*\n\n{text}"
            cells.append({"cell_type": "markdown", "id": cid, "metadata": {}, "source": _lines(text)})
        else:
            cells.append({"cell_type": "code", "execution_count": None, "id": cid, "metadata": {}, "outputs": [],
                          "source": _lines(body.replace("{lang}", lang))})
    meta = {"kernelspec": KERNEL, "language_info": {"name": "python"}}
    if spec["title"]:
        meta["title"] = t(spec["title"], lang)
    return {"cells": cells, "metadata": meta, "nbformat": 4, "nbformat_minor": 5}


CHECKED = "# NBVAL_CHECK_OUTPUT"


def text_of(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def without_outputs(nb: dict) -> dict:
    """``nb`` as its source says it (outputs and execution counts left out)."""
    cells = [{k: v for k, v in c.items() if k not in ("outputs", "execution_count")} for c in nb["cells"]]
    return dict(nb, cells=cells)


def keep_outputs(nb: dict, old: dict | None) -> dict:
    """The checked outputs of ``old`` put into ``nb`` where the cell is the same."""
    before = {c.get("id"): c for c in (old or {}).get("cells", [])}
    for cell in nb["cells"]:
        prev = before.get(cell["id"])
        if cell["cell_type"] == "code" and prev is not None and prev.get("source") == cell["source"] \
                and "".join(cell["source"]).startswith(CHECKED):
            cell["outputs"] = [o for o in prev.get("outputs", []) if o.get("output_type") == "stream"]
            cell["execution_count"] = prev.get("execution_count") if cell["outputs"] else None
    return nb


def execute(nb: dict, path: Path) -> dict:
    """Run ``nb`` (nbclient, in the notebook's folder) and keep the checked cells' printed output."""
    import nbformat
    from nbclient import NotebookClient
    node = nbformat.reads(text_of(nb), as_version=4)
    NotebookClient(node, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell, ran in zip(nb["cells"], node.cells):
        if cell["cell_type"] == "code" and "".join(cell["source"]).startswith(CHECKED):
            cell["outputs"] = [{"name": o["name"], "output_type": "stream", "text": _lines(o["text"])}
                               for o in ran.get("outputs", []) if o.get("output_type") == "stream"]
            cell["execution_count"] = ran.get("execution_count")
    return nb


def expected() -> dict[Path, dict]:
    """Every notebook this script writes: path -> the notebook (without outputs)."""
    return {LANGS[lang] / f"{name}.ipynb": notebook(name, lang) for lang in LANGS for name in NOTEBOOKS}


def out_of_sync() -> list[Path]:
    """The notebooks whose cells, ids or metadata differ from this source."""
    stale = []
    for path, nb in expected().items():
        old = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
        if old is None or without_outputs(old) != without_outputs(nb):
            stale.append(path)
    return stale


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only check that the notebooks are in sync")
    ap.add_argument("--execute", action="store_true", help="run the notebooks and keep the checked outputs")
    args = ap.parse_args(argv)
    if args.check:
        stale = out_of_sync()
        if stale:
            print("out of sync with scripts/build_notebooks.py (run it): "
                  + ", ".join(str(p.relative_to(ROOT)) for p in stale))
        return 1 if stale else 0
    for path, nb in expected().items():
        old = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
        nb = execute(nb, path) if args.execute else keep_outputs(nb, old)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text_of(nb), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
