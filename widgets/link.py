"""Link parameters: a teacher hands the class one link, and every page opens on the same
mode and deal, e.g. ``.../voila/render/notebooks/app.ipynb?lang=pl&guided=1`` or
``...?players=1&lich=2&seed=11`` (README, "One link for the class").

* :func:`parse_link` reads a query string into :class:`LinkSettings` (a pure function:
  only fixed words and whole numbers in small ranges are accepted; a refused value is a
  :class:`Problem` that says what was wrong and what is allowed, in the catalogue's words,
  and is otherwise ignored);
* :func:`page_query` is the query string of the page in the Voilà kernel: Voilà puts it in
  the ``QUERY_STRING`` environment variable when it starts the page's kernel, and a kernel
  it preheated (``--preheat_kernel``, ``scripts/app.sh``) gets it through
  ``voila.utils.wait_for_request`` once a visitor asks for the page;
* :meth:`papertales_widgets.App.apply_link` starts what the link asks for.

Nothing of the link is used as a path or run: values are compared with fixed words or
read as whole numbers, and a refused value is shown shortened and escaped.
"""

from __future__ import annotations

import os
import warnings
from typing import NamedTuple
from urllib.parse import parse_qsl

from papertales import i18n
from papertales.extras import require
from papertales.i18n import t
from papertales.registry import names as bot_names

from .guide import BOTS as GUIDED_BOTS, PLAYERS as GUIDED_PLAYERS, SEED as GUIDED_SEED

#: the parameters the app reads, in the order the messages name them
PARAMS = ("lang", "guided", "players", "seed", "lich", "bots")
#: parameters of the page's server, not the app's (Voilà's template and theme, a Jupyter
#: server's or hub's token): never refused
SERVER_PARAMS = ("template", "theme", "token")
#: a longer query string is not read at all (the app's own parameters need about 60 characters)
MAX_QUERY = 1000
#: a query string with more parameters is not read at all
MAX_FIELDS = 20
#: the largest seed a link may give (the stepper's seed box holds it)
MOST_SEED = 999_999_999
#: the Lich King's difficulty: 0 to this many Lich King cards (the stepper's choice)
MOST_LICH = 4
#: players: 1 is the solo game against the Lich King
PLAYERS = (1, 2, 3, 4, 5)
#: the most characters of a refused name or value repeated in a message
SHOWN = 24


def _shown(text: str) -> str:
    """A value of the link as a message repeats it: printable, at most :data:`SHOWN` characters."""
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"


class Problem(NamedTuple):
    """A part of the link that was not used: the catalogue key of the reason, the
    parameter and value as the link wrote them, and the reason's placeholders."""
    key: str
    param: str = ""
    value: str = ""
    params: tuple = ()

    def text(self, lang: str | None = None) -> str:
        reason = t(self.key, lang, **dict(self.params))
        if not self.param:
            return reason
        return t("app.link.ignored", lang, param=_shown(self.param), value=_shown(self.value), reason=reason)


class LinkSettings(NamedTuple):
    """What a link asks for (None: not given) and the :class:`Problem` of each part that
    was not used."""
    lang: str | None = None
    guided: bool = False
    players: int | None = None
    seed: int | None = None
    lich: int | None = None
    bots: tuple = ()
    problems: tuple = ()

    @property
    def new_game(self) -> bool:
        """Does the link set up a game other than the app's first one (without the guide)?"""
        return any(x is not None for x in (self.players, self.seed, self.lich)) or bool(self.bots)

    def text(self, lang: str | None = None) -> str:
        """The problems in words, one sentence each ("" when there is none)."""
        return " ".join(p.text(lang) for p in self.problems)


def _whole(text: str, lo: int, hi: int) -> int | None:
    """``text`` as a whole number from ``lo`` to ``hi`` (digits only: no sign, no spaces
    inside, at most as many digits as ``hi``), else None."""
    text = text.strip()
    if not text.isascii() or not text.isdigit() or len(text) > len(str(hi)):
        return None
    n = int(text)
    return n if lo <= n <= hi else None


# long: one check per link parameter, each refusal beside its parameter, in the order
# docs/classroom.md lists them
def parse_link(query: str | None) -> LinkSettings:
    """The settings a query string (``"lang=pl&guided=1&players=3&seed=5"``, with or
    without its leading ``?``) asks for.  Every value is checked: one that is not allowed
    (or a parameter given twice, or one the app does not know) is left out and said in
    ``problems``; the others are used."""
    query = (query or "").lstrip("?")
    if not query:
        return LinkSettings()
    if len(query) > MAX_QUERY:
        return LinkSettings(problems=(Problem("app.link.too_long", params=(("most", MAX_QUERY),)),))
    try:
        pairs = parse_qsl(query, keep_blank_values=True, max_num_fields=MAX_FIELDS, errors="replace")
    except ValueError:                     # more fields than MAX_FIELDS
        return LinkSettings(problems=(Problem("app.link.too_many", params=(("most", MAX_FIELDS),)),))
    problems: list[Problem] = []
    given: dict[str, str] = {}
    twice: set[str] = set()
    for name, value in pairs:
        key = name.strip().lower()
        if key in SERVER_PARAMS:
            continue
        if key not in PARAMS:
            problems.append(Problem("app.link.unknown", name, value, (("params", ", ".join(PARAMS)),)))
        elif key in given:
            twice.add(key)
        else:
            given[key] = value
    for key in sorted(twice, key=PARAMS.index):
        problems.append(Problem("app.link.twice", params=(("param", key),)))
        del given[key]
    out: dict = {}

    def refuse(key, reason, **params: object):
        problems.append(Problem(reason, key, given[key], tuple(params.items())))

    if "lang" in given:
        lang = given["lang"].strip().lower()
        if lang in i18n.LANGUAGES:
            out["lang"] = lang
        else:
            refuse("lang", "app.link.lang", allowed=", ".join(i18n.LANGUAGES))
    if "guided" in given:
        value = given["guided"].strip()
        if value in ("0", "1"):
            out["guided"] = value == "1"
        else:
            refuse("guided", "app.link.guided")
    for name, low, most in (("players", PLAYERS[0], PLAYERS[-1]), ("seed", 0, MOST_SEED)):
        if name in given:
            n = _whole(given[name], low, most)
            if n is None:
                refuse(name, f"app.link.{name}", most=most)
            else:
                out[name] = n
    if "lich" in given:
        n = _whole(given["lich"], 0, MOST_LICH)
        if n is None:
            refuse("lich", "app.link.lich", most=MOST_LICH)
        elif out.get("players", 1) != 1:
            refuse("lich", "app.link.lich_solo")
        else:
            out["lich"] = n                 # the Lich King's difficulty: the solo game
    solo = out.get("players") == 1 or "lich" in out
    if "bots" in given:
        known = bot_names()
        bots = tuple(b.strip().lower() for b in given["bots"].split(","))
        if not all(b in known for b in bots):
            refuse("bots", "app.link.bots", names=", ".join(known))
        elif solo:
            refuse("bots", "app.link.bots_solo")
        else:
            out["bots"] = bots
    if out.get("guided"):
        deal = {"players": GUIDED_PLAYERS, "seed": GUIDED_SEED, "bots": (GUIDED_BOTS,)}
        for key in ("players", "seed", "lich", "bots"):
            if key in out and out[key] != deal.get(key):
                refuse(key, "app.link.guided_deal", players=GUIDED_PLAYERS, seed=GUIDED_SEED)
                del out[key]
    elif "lich" in out:
        out["players"] = 1
    problems.sort(key=lambda p: PARAMS.index(p.param.strip().lower()) if p.param.strip().lower() in PARAMS
                  else len(PARAMS))
    return LinkSettings(**out, problems=tuple(problems))


def page_query() -> str:
    """The query string of the page this kernel serves ("" outside Voilà).

    Voilà gives a page's kernel the ``QUERY_STRING`` of its request in the environment.
    A kernel Voilà preheated ran the notebook before anybody asked for the page: there
    ``voila.utils.wait_for_request`` waits for the visitor's request and then puts its
    variables into the environment (so the notebook calls this in its last cell, after
    the app is built).  Should that fail, the page opens as without parameters."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        try:
            utils = require("voila.utils", "app")
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")       # "Failed to connect": the page opens as without a link
                utils.wait_for_request()
        except Exception:                  # noqa: BLE001 - no parameters rather than no page
            return ""
    return os.environ.get("QUERY_STRING", "") or ""
