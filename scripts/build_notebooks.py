"""Write the notebooks from one source: the cells below, whose prose is the message
catalogue's (``nb.*`` keys), as Markdown cells in English (``notebooks/``) and in Polish
(``notebooks/pl/``), so that a notebook reads on GitHub, nbviewer or Binder before anybody
runs it.  Code cells are the same in both languages but for ``{lang}`` (the language) and
``{root}`` (the way from the notebook's folder to ``notebooks/``: data files live in
``notebooks/data/``).

    python scripts/build_notebooks.py             # rewrite the notebooks
    python scripts/build_notebooks.py --execute   # ... and run them, keeping the checked outputs
    python scripts/build_notebooks.py --execute --only 04_strategy_lab   # run only this one
    python scripts/build_notebooks.py --check     # exit 1 if a notebook differs from its source

Notebooks are stored without outputs but those of the ``# NBVAL_CHECK_OUTPUT`` cells (what
``pytest --nbval-lax`` compares): their printed text, and the tables (HTML) and static
charts (SVG) they display (:data:`STORED_TYPES`; any other kind of output, a plotly figure
or a widget, makes ``--execute`` fail, as does an output over :data:`MAX_OUTPUT_BYTES`), so
each notebook stays small and no widget state is kept; a rewrite keeps those outputs while
the cell is unchanged.  Cell ids are fixed (``<notebook>-<n>``).  ``05_kingdom_legacy.ipynb``
is not built here (its own author writes it).  ``tests/test_notebooks_source.py`` checks
that the files are in sync.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from papertales.i18n import DEFAULT, LANGUAGES, t  # noqa: E402

#: the first line of a cell whose outputs are stored and compared by nbval
CHECKED = "# NBVAL_CHECK_OUTPUT"
#: what the checked cells may store: printed text, and displayed text, tables and static charts
STORED_TYPES = ("text/plain", "text/html", "image/svg+xml")
MAX_OUTPUT_BYTES = 100_000

#: a cell is ("md", catalogue key) or ("code", source); in code, {lang} is the notebook's
#: language and {root} the way from its folder to notebooks/
NOTEBOOKS = {
    "01_learn_the_rules": {"title": None, "cells": [
        ("md", "nb.learn.intro"),
        ("code", 'LANG = "{lang}"\n\nfrom papertales.i18n import set_language\n\nset_language(LANG)'),
        ("code", "from papertales_widgets import GuidedGame\n\ntour = GuidedGame(lang=LANG)\ntour.panel()"),
        ("md", "nb.learn.how"),
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
        ("md", "nb.learn.review"),
        ("code", "tour.review()"),
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
        ("code", 'LANG = "{lang}"\n'
                 'DATA = "{root}data/strategy_lab.json"   # written by python scripts/strategy_lab_data.py\n'
                 "from papertales import Game, cardstats, tournament\nfrom papertales.lab import advise\n"
                 "from papertales_widgets import labview   # this page's tables and static (SVG) charts"),
        ("md", "nb.strategy.tournament"),
        ("code", f"{CHECKED}\ndata = labview.load(DATA)\n"
                 'spec, rows = data["tournament"], data["tournament"]["rows"]\n'
                 "summary = tournament.summary(rows)\nprint(labview.tournament_text(spec, summary, LANG))\n"
                 "labview.summary_table(summary, LANG)"),
        ("code", f"{CHECKED}\nlabview.win_rate_chart(summary, LANG)"),
        ("md", "nb.strategy.ratings"),
        ("code", f"{CHECKED}\nlabview.ratings_table(tournament.ratings(rows), LANG)"),
        ("md", "nb.strategy.replay"),
        ("code", f"{CHECKED}\n"
                 'live = tournament.run(spec["bots"], games=8, seed=spec["seed"], jobs=1, progress=False)\n'
                 "print(labview.replay_text(live, rows, LANG))\nlabview.summary_table(tournament.summary(live), LANG)"),
        ("md", "nb.strategy.cards"),
        ("code", f"{CHECKED}\n"
                 'cards = data["cards"]\nstats = cards["stats"]   # papertales.cardstats.card_stats of its rows\n'
                 "print(labview.cards_text(cards, stats, LANG))\nlabview.tier_table(stats, LANG)"),
        ("code", f"{CHECKED}\nlabview.card_table(stats, LANG)"),
        ("code", f"{CHECKED}\n# the static chart, stored with the page\nlabview.tier_chart(stats, LANG)"),
        ("code", "# the same, interactive (plotly: shown when the page runs)\ncardstats.tier_chart(stats, LANG)"),
        ("md", "nb.strategy.picks"),
        ("code", f"{CHECKED}\nlabview.pick_chart(stats, LANG)"),
        ("code", "# the interactive chart: pick rate against mean pick index\ncardstats.pick_chart(stats, LANG)"),
        ("md", "nb.strategy.buildings"),
        ("code", f"{CHECKED}\nlabview.building_table(stats, LANG)"),
        ("md", "nb.strategy.coach"),
        ("code", f"{CHECKED}\ngame = Game.new(players=3, seed=4).advance()\n"
                 'advice = advise(game, 0, budget="50it", seed=1, lang=LANG)   # 50 worlds per option\n'
                 "labview.advice_table(advice, LANG)"),
        ("md", "nb.strategy.ladder"),
    ]},
    "app": {"title": "app.app.title", "cells": [
        ("code", 'LANG = "{lang}"          # the page\'s language (the switch at the top changes it)'),
        ("code", "from papertales_widgets.pagejs import page_extras\n\n"
                 "page_extras(LANG)   # keyboard shortcuts, busy sign, focus, the kernel shut down when the page closes"),
        ("code", "from papertales_widgets import App\n\napp = App(players=3, seed=7, humans=[0], lang=LANG)\napp"),
        ("code", "from papertales_widgets.link import page_query\n\n"
                 "# the page's link: ?lang=pl&guided=1 or ?players=1&lich=2&seed=11 ... (README: \"One link for the class\")\n"
                 "link = app.apply_link(page_query())"),
    ]},
}


def folder(lang: str) -> str:
    """The way from notebooks/ to ``lang``'s notebooks: the default language's are in
    notebooks/ itself, every other one's in notebooks/<lang>/ (scripts/build_site.py finds
    the site's notebooks by it too)."""
    return "" if lang == DEFAULT else f"{lang}/"


#: each language's notebooks, in its folder (:func:`folder`)
LANGS = {lang: ROOT / "notebooks" / folder(lang) for lang in LANGUAGES}
ROOTS = {lang: "" if lang == DEFAULT else "../" for lang in LANGUAGES}
KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def message(key: str, lang: str, **values: object) -> str:
    """A message of the notebooks' prose (``nb.*``, the panels' catalogue: imported when first
    needed, so that scripts/build_site.py reads :func:`folder` without the app's packages)."""
    import papertales_widgets  # noqa: F401
    return t(key, lang, **values)


def other_language_note(name: str, lang: str) -> str:
    """The first line of a notebook: a link to the same notebook in every other language,
    each said in that language (its reader may not read ``lang``)."""
    links = [message("nb.in_language", other, link=f"{ROOTS[lang]}{folder(other)}{name}.ipynb")
             for other in LANGUAGES if other != lang]
    return message("nb.other_languages", lang, languages=" · ".join(links))


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
            text = message(body, lang)
            if len(cell) > 2:
                text = f"*{cell[2]}*\n\n{text}"
            cells.append({"cell_type": "markdown", "id": cid, "metadata": {}, "source": _lines(text)})
        else:
            cells.append({"cell_type": "code", "execution_count": None, "id": cid, "metadata": {}, "outputs": [],
                          "source": _lines(body.replace("{lang}", lang).replace("{root}", ROOTS[lang]))})
    meta = {"kernelspec": KERNEL, "language_info": {"name": "python"}}
    if spec["title"]:
        meta["title"] = message(spec["title"], lang)
    return {"cells": cells, "metadata": meta, "nbformat": 4, "nbformat_minor": 5}


def text_of(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def without_outputs(nb: dict) -> dict:
    """``nb`` as its source says it (outputs and execution counts left out)."""
    cells = [{k: v for k, v in c.items() if k not in ("outputs", "execution_count")} for c in nb["cells"]]
    return dict(nb, cells=cells)


def _checked(cell: dict) -> bool:
    return cell["cell_type"] == "code" and "".join(cell["source"]).startswith(CHECKED)


def keep_outputs(nb: dict, old: dict | None) -> dict:
    """The checked outputs of ``old`` put into ``nb`` where the cell is the same."""
    before = {c.get("id"): c for c in (old or {}).get("cells", [])}
    for cell in nb["cells"]:
        prev = before.get(cell["id"])
        if _checked(cell) and prev is not None and prev.get("source") == cell["source"]:
            cell["outputs"] = [o for o in prev.get("outputs", [])
                               if o.get("output_type") in ("stream", "display_data", "execute_result")]
            cell["execution_count"] = prev.get("execution_count") if cell["outputs"] else None
    return nb


def stored_output(output: dict, where: str) -> dict | None:
    """An output of a checked cell as the notebook stores it: printed text (stderr too:
    nbval compares it), or what a cell displays in :data:`STORED_TYPES` only -- anything
    else is refused, as is an output over :data:`MAX_OUTPUT_BYTES`."""
    kind = output.get("output_type")
    if kind == "stream":
        out = {"name": output["name"], "output_type": "stream", "text": _lines(output["text"])}
    elif kind in ("display_data", "execute_result"):
        data = dict(output.get("data", {}))
        other = sorted(set(data) - set(STORED_TYPES))
        if other:
            raise SystemExit(f"{where}: a checked cell displays {', '.join(other)}; store only {STORED_TYPES}")
        out = {"data": {k: _lines(v) if isinstance(v, str) else v for k, v in data.items()}, "metadata": {},
               "output_type": kind}
        if kind == "execute_result":
            out["execution_count"] = output.get("execution_count")
    elif kind == "error":
        raise SystemExit(f"{where}: {output.get('ename')}: {output.get('evalue')}")
    else:
        return None
    size = len(json.dumps(out, ensure_ascii=False).encode())
    if size > MAX_OUTPUT_BYTES:
        raise SystemExit(f"{where}: an output of {size:,} bytes (at most {MAX_OUTPUT_BYTES:,} are stored)")
    return out


def execute(nb: dict, path: Path) -> dict:
    """Run ``nb`` (nbclient, in the notebook's folder) and keep the checked cells' outputs."""
    import nbformat
    from nbclient import NotebookClient
    node = nbformat.reads(text_of(nb), as_version=4)
    NotebookClient(node, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell, ran in zip(nb["cells"], node.cells):
        if _checked(cell):
            outputs = [stored_output(o, f"{path.relative_to(ROOT)} {cell['id']}") for o in ran.get("outputs", [])]
            cell["outputs"] = [o for o in outputs if o is not None]
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
    ap.add_argument("--only", action="append", metavar="NAME", choices=sorted(NOTEBOOKS),
                    help="with --execute: run only this notebook (both languages; repeatable)")
    args = ap.parse_args(argv)
    if args.check:
        stale = out_of_sync()
        if stale:
            print("out of sync with scripts/build_notebooks.py (run it): "
                  + ", ".join(str(p.relative_to(ROOT)) for p in stale))
        return 1 if stale else 0
    for path, nb in expected().items():
        old = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
        run = args.execute and (not args.only or path.stem in args.only)
        nb = execute(nb, path) if run else keep_outputs(nb, old)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text_of(nb), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
