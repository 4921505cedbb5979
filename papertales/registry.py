"""Every bot by name: one registry, built from each class's ``name`` and the options its
constructor takes.

* :func:`names` -- the names, for command lines (``--bots``) and seat menus;
* :func:`get` -- a new bot by name, seeded, with its options (an unknown name or option is
  refused, saying what exists);
* :func:`make` -- the same with a search budget as written (``"50it"``, ``"0.2s"``), given
  to the bots whose constructor takes ``iterations`` / ``seconds`` and to no other.

A new bot is one more class in :data:`CLASSES` (and the lists docs/architecture.md names).

>>> names()
['random', 'greedy', 'ismcts', 'strongest', 'economist', 'builder', 'warlord', 'merchant', 'spoiler', 'advisor']
>>> budget_options("ismcts"), budget_options("greedy")
(('iterations', 'seconds'), ())
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import Any, Protocol

from .actions import Action
from .advisor import AdvisorBot
from .bots import RandomBot
from .budget import Budget, parse_budget
from .errors import PaperTalesError
from .game import Game
from .greedy import GreedyBot
from .ismcts import IsmctsBot
from .scripted import EconomistBot, StrongestBot
from .styles import BuilderBot, MerchantBot, SpoilerBot, WarlordBot



class Bot(Protocol):
    """What plays a seat: ``choose(game, seat)`` gives the seat's next action."""

    def choose(self, game: Game, seat: int) -> Action: ...


class BotClass(Protocol):
    """A registered bot's class: its ``name``, and a constructor taking ``seed`` (and keyword options)."""

    name: str          # the class's ClassVar (a protocol's ClassVar cannot match a class object)

    def __call__(self, seed: int = ...) -> Bot: ...    # and its keyword options (OPTIONS)


#: the bots, in the order menus list them
CLASSES: tuple[BotClass, ...] = (RandomBot, GreedyBot, IsmctsBot, StrongestBot, EconomistBot, BuilderBot, WarlordBot,
                             MerchantBot, SpoilerBot, AdvisorBot)
BOTS: dict[str, BotClass] = {cls.name: cls for cls in CLASSES}
#: the constructor options that a search budget sets
BUDGET_OPTIONS = ("iterations", "seconds")


def _options(cls: BotClass) -> tuple[str, ...]:
    """The keyword options of ``cls``'s constructor but ``seed``: its ``options`` when it
    declares them (a compiled class's signature cannot be read), else read off the
    signature (none readable: none)."""
    declared = getattr(cls, "options", None)
    if declared is not None:
        return tuple(declared)
    try:
        params = inspect.signature(getattr(cls, "__init__")).parameters   # the class's, not BotClass.__call__
    except (TypeError, ValueError):          # a compiled class without a readable signature
        return ()
    return tuple(p for p in params if p not in ("self", "seed")
                 and params[p].kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY))


OPTIONS: dict[str, tuple[str, ...]] = {name: _options(cls) for name, cls in BOTS.items()}


def names() -> list[str]:
    """The names of every bot, for command lines and seat menus."""
    return list(BOTS)


def budget_options(name: str) -> tuple[str, ...]:
    """The budget options (``iterations``, ``seconds``) the bot ``name`` takes."""
    return tuple(o for o in BUDGET_OPTIONS if o in OPTIONS.get(name, ()))


def get(name: str, seed: int = 0, **options: Any) -> Bot:
    """A new bot by name with its options; an unknown name or option is refused, saying
    what exists."""
    if name not in BOTS:
        raise PaperTalesError("err.bot.unknown", name=name, allowed=", ".join(BOTS))
    try:
        return BOTS[name](seed=seed, **options)
    except PaperTalesError as exc:
        raise PaperTalesError("err.bot.option", name=name, reason=exc) from None
    except TypeError:
        raise PaperTalesError("err.bot.options", name=name, options=", ".join(sorted(options))) from None


def make(name: str, seed: int, budget: str | Budget | None = None) -> Bot:
    """:func:`get` with a budget as written (``"50it"``, ``"0.2s"``): it goes to the bots
    that take one, the others ignore it."""
    opts: Budget = parse_budget(budget) if budget_options(name) else {}
    return get(name, seed=seed, **opts)


def check(names_: str | Iterable[str], extra: Iterable[str] = ()) -> list[str]:
    """The bot names of a comma list (or a list), each a registered bot or one of ``extra``."""
    if isinstance(names_, str):
        names_ = [n.strip() for n in names_.split(",") if n.strip()]
    chosen = list(names_)
    allowed = names() + list(extra)
    bad = [n for n in chosen if n not in allowed]
    if bad or not chosen:
        raise PaperTalesError("err.bot.unknown", name=", ".join(bad) or "-", allowed=", ".join(allowed))
    return chosen
