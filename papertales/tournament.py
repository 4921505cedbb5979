"""Tournaments between bots: seat-rotated seeded games, one row per game and seat, a summary.

``run(["ismcts", "greedy", "random", "random"], games=100, seed=1)`` plays 100 games; in game
``i`` seat ``s`` is played by bot ``(s + i) % len(bots)`` of the list, so every bot sits in
every seat equally often.  Game ``i`` and its bots are seeded from ``(seed, i)`` only
(:func:`game_seed`), so the rows are identical whatever the number of processes or Dask
workers -- as long as the bots' budget is counted in iterations (``"50it"``): a budget in
seconds (``"0.2s"``) depends on the machine's speed.

A row (:func:`play_game`) holds facts read from ``game.results`` (never from the words of
the log): the bot, seat, final LP and gold, the win share (1/k on a k-way tie), wars won,
every pick with the pack it was taken from (recorded by the runner before each pick, from
the seat's own pack), the cards kept per turn (``DraftResult``), the units revealed with
their turn (``DeploymentResult``), the buildings built with their turn and level
(``ConstructionResult``) and the final level of each building.

:func:`summary` pools the seats of each bot: win rate with a 95 % Wilson interval, mean LP
with a 95 % interval, and a Plackett-Luce rating (``openskill``) over the games in order.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NotRequired, TypedDict, TypeVar, cast

from . import registry
from .actions import DRAFT, Action
from .bots import play
from .budget import Budget, parse_budget
from .cards import card_set
from .errors import PaperTalesError
from .extras import require
from .game import Game
from .stats import mean_ci, wilson
from .registry import Bot
from .results import ConstructionResult, DeploymentResult, DraftResult, SoloWarsResult, WarsResult

T = TypeVar("T")

LICH_KING = "lich_king"          # the Lich King's name in the ratings of a solo tournament
LIST_FIELDS = ("picks", "drafted", "revealed", "built", "buildings")
CHUNK = 4                        # games per task handed to a worker

_MASK = (1 << 64) - 1


class Row(TypedDict):
    """One seat of one game (:func:`play_game`); the list fields are JSON lists."""
    game: int
    seed: int
    players: int
    seat: int
    bot: str
    lp: int
    gold: int
    win: float
    rank: int
    wars_won: int
    picks: list[list[Any]]        # [turn, pick number, card id, [the ids of the pack picked from]]
    drafted: list[list[Any]]      # [turn, card id] of each card kept
    revealed: list[list[Any]]     # [turn, card id] of each unit revealed
    built: list[list[Any]]        # [turn, building id, level]
    buildings: dict[str, int]     # building id -> final level (built ones)
    lich_lp: NotRequired[int]             # solo: the Lich King's final LP
    lich_king_cards: NotRequired[int]     # solo: his difficulty cards


#: a chunk of games for a worker: (bots, first game, count, seed, players, budget, options)
_Job = tuple[list[str], int, int, int, int, str | Budget | None, dict[str, Any]]
#: the progress bar to close (or None) and the function told each finished game
_Progress = tuple[Any, Callable[[int], object]]


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return (x ^ (x >> 31)) & ((1 << 62) - 1)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a tournament seeded ``seed``: a function of both only."""
    return _splitmix(_splitmix(seed & _MASK) ^ index)


def seat_seed(game: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game`` (:func:`game_seed`)."""
    return _splitmix(game ^ (seat + 1) * 0x9E37)


def check_bots(names: str | Iterable[str], extra: Iterable[str] = ()) -> list[str]:
    """The bot names of a comma list (or a list), each known to the registry
    (:func:`papertales.registry.names`) or one of ``extra``."""
    return registry.check(names, extra)


def lineup(bots: Sequence[str], index: int, players: int) -> list[str]:
    """The bot of each seat in game ``index``: the list rotated by the game index."""
    k = len(bots)
    return [bots[(s + index) % k] for s in range(players)]


def make_bot(name: str, seed: int, budget: str | Budget | None = None) -> Bot:
    """The bot ``name`` seeded ``seed``, with ``budget`` if its constructor takes one."""
    return registry.make(name, seed, budget)


def new_game(players: int, seed: int, options: dict[str, Any] | None = None) -> Game:
    """A tournament's game: ``options`` as :func:`run` takes them (``packs``: pack ids or
    files, loaded here, so that the options stay picklable)."""
    opts = dict(options or {})
    packs = opts.pop("packs", None)
    if packs:
        opts["cards"] = card_set(*packs)
    return Game.new(players=players, seed=seed, **opts)


def seated_game(bots: Sequence[str], index: int, seed: int, players: int, options: dict[str, Any] | None = None,
                budget: str | Budget | None = None) -> tuple[Game, int, list[str], list[Bot]]:
    """Game ``index`` of a tournament, set up: ``(game, game seed, the bot name of each
    seat, the seated bots)``, the list ``bots`` rotated and every bot seeded from the game
    (:func:`seat_seed`), so anything that plays "game ``index``" plays the same game."""
    gs = game_seed(seed, index)
    seats = lineup(bots, index, players)
    game = new_game(players, gs, options)
    return game, gs, seats, [make_bot(name, seat_seed(gs, s), budget) for s, name in enumerate(seats)]


def play_game(bots: Sequence[str], index: int, seed: int = 0, players: int | None = None,
              budget: str | Budget | None = None, options: dict[str, Any] | None = None) -> list[Row]:
    """Play game ``index`` of a tournament and return its rows (one per seat).  ``options``
    go to :meth:`Game.new` (``rules``, ``expansion``, ``lich_king_cards``; ``packs``: pack
    ids or files, loaded here so that the options stay picklable)."""
    players = players or len(bots)
    game, gs, seats, players_bots = seated_game(bots, index, seed, players, options, budget)
    picks: list[list[list[Any]]] = [[] for _ in range(players)]
    pick_no = [0] * players
    turn_of_pick = [0] * players

    def record_pick(game: Game, s: int, action: Action) -> None:
        d = game.pending[s]
        assert d is not None, "a choice is made for a pending decision"
        if d.kind == DRAFT:
            if turn_of_pick[s] != game.turn:
                turn_of_pick[s], pick_no[s] = game.turn, 0
            pack = [t.id for t in game.players[s].pack]         # the seat's own pack: visible
            picks[s].append([game.turn, pick_no[s], action.card, pack])
            pick_no[s] += 1

    play(game, players_bots, checked=True, on_choice=record_pick)
    return _rows(game, index, gs, seats, picks)


def _rows(game: Game, index: int, gs: int, seats: list[str], picks: list[list[list[Any]]]) -> list[Row]:
    n = game.n
    winners = game.winners()
    drafted: list[list[list[Any]]] = [[] for _ in range(n)]
    revealed: list[list[list[Any]]] = [[] for _ in range(n)]
    built: list[list[list[Any]]] = [[] for _ in range(n)]
    wars_won = [0] * n
    for r in game.results:
        if isinstance(r, DraftResult):
            for s in range(n):
                kept = r.kept[s]
                assert kept is not None, "hidden only in an observation"
                drafted[s] += [[r.turn, c] for c in kept]
        elif isinstance(r, DeploymentResult):
            for s in range(n):
                revealed[s] += [[r.turn, c] for _, c in r.revealed[s]]
        elif isinstance(r, WarsResult):
            for w in r.wars:
                wars_won[w.seat] += w.won
        elif isinstance(r, SoloWarsResult):
            wars_won[0] += sum(1 for x in r.player_won if x)
        elif isinstance(r, ConstructionResult):
            for s in range(n):
                made = r.built[s]
                if made is not None:
                    b, level, _ = made
                    built[s].append([r.turn, b, level])
    rows: list[Row] = []
    for s, p in enumerate(game.players):
        row: Row = {"game": index, "seed": gs, "players": n, "seat": s, "bot": seats[s], "lp": p.lp,
               "gold": p.gold, "win": (1.0 / len(winners)) if s in winners else 0.0,
               "rank": 1 + sum(1 for q in game.players if q.lp > p.lp), "wars_won": wars_won[s],
               "picks": picks[s], "drafted": drafted[s], "revealed": revealed[s], "built": built[s],
               "buildings": {game.buildings[i].id: lvl for i, lvl in enumerate(p.buildings) if lvl}}
        if game.lich is not None:
            row["lich_lp"] = game.lich.lp
            row["lich_king_cards"] = len(game.lich.cards)
        rows.append(row)
    return rows


def _play_chunk(job: _Job) -> list[list[Row]]:
    bots, first, count, seed, players, budget, options = job
    return [play_game(bots, i, seed, players, budget, options) for i in range(first, first + count)]


def run(bots: str | Iterable[str], games: int = 100, seed: int = 1, players: int | None = None, jobs: int | None = None,
        budget: str | Budget | None = None, rules: dict[str, str] | None = None,
        progress: bool | Callable[[int, int], object] = True, dask: str | None = None, packs: Iterable[str] = (),
        first: int = 0, **options: Any) -> list[Row]:
    """Play a tournament and return its rows in game and seat order.  ``bots``: names (a
    list or a comma string); ``players``: seats per game (default: one per listed bot;
    with more seats than bots the list repeats); ``jobs``: processes (default: every core;
    1: in this process); ``dask``: ``"local"`` for a LocalCluster of ``jobs`` workers or a
    scheduler address; ``progress``: a ``tqdm`` bar on stderr (True), a callable
    ``progress(done, total)``, or False; ``first``: the index of the first game (a
    tournament continued in slices gives the rows of one long tournament)."""
    bots = check_bots(bots)
    players = players or len(bots)
    if games < 1:
        raise PaperTalesError("err.tournament.games", games=games)
    parse_budget(budget)                                    # refuse a bad budget before starting
    if dask:
        require("dask.distributed", "lab")                  # say which extra is missing before starting
    if rules:
        options["rules"] = dict(rules)
    if packs:
        options["packs"] = list(packs)
    if players == 1 and "packs" not in options:
        options["packs"] = ["lich-king-illustrative"]
    new_game(players, 0, options)                           # refuse bad options before starting
    jobs = jobs or os.cpu_count() or 1
    chunk = max(1, min(CHUNK, games // (4 * jobs) or 1))
    end = first + games
    tasks: list[_Job] = [(bots, i, min(chunk, end - i), seed, players, budget, options)
             for i in range(first, end, chunk)]
    bar, tick = _progress(progress, games)
    rows: list[Row] = []
    try:
        for result in _results(tasks, jobs, dask):
            for game_rows in result:
                rows += game_rows
                tick(1)
    finally:
        if bar is not None:
            bar.close()
    return rows


def _progress(progress: bool | Callable[[int, int], object], total: int) -> _Progress:
    if progress is True:
        from tqdm import tqdm  # type: ignore[import-untyped]   # tqdm ships no type hints (types-tqdm has them)
        bar = tqdm(total=total, unit="game", desc="tournament", leave=False)
        return bar, bar.update
    if callable(progress):
        done = [0]

        def tick(k: int) -> None:
            done[0] += k
            progress(done[0], total)
        return None, tick
    return None, lambda k: None


def _results(tasks: list[_Job], jobs: int, dask: str | None) -> Iterator[list[list[Row]]]:
    if dask:
        yield from _dask_results(tasks, jobs, dask)
    elif jobs == 1 or len(tasks) == 1:
        for task in tasks:
            yield _play_chunk(task)
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            yield from pool.imap(_play_chunk, tasks)


def _dask_results(tasks: list[_Job], jobs: int, address: str) -> Iterator[list[list[Row]]]:
    distributed = require("dask.distributed", "lab")
    Client, LocalCluster = distributed.Client, distributed.LocalCluster
    cluster = None
    if address == "local":
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=40)
        client = Client(cluster)
    else:
        client = Client(address)
    try:
        futures = client.map(_play_chunk, tasks, pure=False)
        for f in futures:                 # in game order, whatever order they finish in
            yield f.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def ratings(rows: Iterable[Row]) -> dict[str, dict[str, float]]:
    """Plackett-Luce ratings (``openskill``) of every bot over the games in order, each game a
    ranking of its seats by final LP (ties share a rank; in solo the Lich King is a player).
    Seats of the same bot in one game update one rating: their new values are averaged."""
    model = require("openskill.models", "lab").PlackettLuce()
    table: dict[str, Any] = {}         # bot name -> its openskill rating (a library object)
    for game_rows in _by_game(rows):
        teams: list[list[Any]] = []
        names: list[str] = []
        scores: list[float] = []
        for r in game_rows:
            names.append(r["bot"])
            scores.append(r["lp"])
        if "lich_lp" in game_rows[0]:
            names.append(LICH_KING)
            scores.append(game_rows[0]["lich_lp"] + 0.5)   # he wins ties
        for name in names:
            if name not in table:
                table[name] = model.rating(name=name)
            teams.append([table[name]])
        ranks = [1 + sum(1 for x in scores if x > v) for v in scores]
        new = model.rate(teams, ranks=ranks)
        acc: dict[str, list[Any]] = {}
        for name, team in zip(names, new):
            acc.setdefault(name, []).append(team[0])
        for name, rs in acc.items():
            r = table[name]
            r.mu = sum(x.mu for x in rs) / len(rs)
            r.sigma = sum(x.sigma for x in rs) / len(rs)
    return {name: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "ordinal": round(r.ordinal(), 3)}
            for name, r in table.items()}


def _by_game(rows: Iterable[Row]) -> list[list[Row]]:
    out: dict[int, list[Row]] = {}
    for r in rows:
        out.setdefault(r["game"], []).append(r)
    return [out[k] for k in sorted(out)]


def summary(rows: Iterable[Row]) -> dict[str, Any]:
    """Per bot (its seats pooled): ``seats``, ``wins`` (shares), ``win_rate``,
    ``win_rate_ci`` (95 % Wilson), ``mean_lp``, ``mean_lp_ci``, ``mean_gold``, ``rating``
    (the Plackett-Luce ordinal mu - 3 sigma, with ``mu`` and ``sigma``); and the games,
    players and seeds it came from."""
    rows = list(rows)
    by_bot: dict[str, list[Row]] = {}
    for r in rows:
        by_bot.setdefault(r["bot"], []).append(r)
    rated = ratings(rows) if rows else {}
    bots: dict[str, dict[str, Any]] = {}
    for name, rs in by_bot.items():
        n = len(rs)
        wins = sum(r["win"] for r in rs)
        low, high = wilson(wins, n)
        m, ml, mh = mean_ci([r["lp"] for r in rs])
        rating = rated.get(name, {})
        bots[name] = {"seats": n, "wins": round(wins, 3), "win_rate": round(wins / n, 4),
                      "win_rate_ci": [round(low, 4), round(high, 4)], "mean_lp": round(m, 3),
                      "mean_lp_ci": [round(ml, 3), round(mh, 3)],
                      "mean_gold": round(sum(r["gold"] for r in rs) / n, 3),
                      "mean_wars_won": round(sum(r["wars_won"] for r in rs) / n, 3),
                      "rating": rating.get("ordinal"), "mu": rating.get("mu"), "sigma": rating.get("sigma")}
    games = len({r["game"] for r in rows})
    out: dict[str, Any] = {"games": games, "players": rows[0]["players"] if rows else None, "bots": bots}
    solo = [r for r in rows if "lich_lp" in r]
    if solo:
        lk_wins = sum(1 for r in solo if r["win"] == 0)
        low, high = wilson(lk_wins, len(solo))
        out["lich_king"] = {"games": len(solo), "win_rate": round(lk_wins / len(solo), 4),
                            "win_rate_ci": [round(low, 4), round(high, 4)],
                            "mean_lp": round(sum(r["lich_lp"] for r in solo) / len(solo), 3),
                            "rating": rated.get(LICH_KING, {}).get("ordinal")}
    return out


# ------------------------------------------------------------------ files

def write(rows: Iterable[Row], path: str | os.PathLike[str]) -> str:
    """Write the rows to ``.parquet`` (pandas + pyarrow) or ``.csv`` (standard library); the
    list fields are stored as JSON text.  Returns the path."""
    path = str(path)
    flat: list[dict[str, Any]] = [{k: (json.dumps(v, separators=(",", ":")) if k in LIST_FIELDS else v) for k, v in r.items()}
            for r in rows]
    if path.endswith(".parquet"):
        pd = require("pandas", "lab")
        require("pyarrow", "lab")            # pandas' Parquet engine
        pd.DataFrame(flat).to_parquet(path, index=False)
    elif path.endswith(".csv"):
        import csv
        fields = list(dict.fromkeys(k for r in flat for k in r))
        with open(path, "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=fields)
            w.writeheader()
            w.writerows(flat)
    else:
        raise PaperTalesError("err.tournament.out", path=str(path))
    return path


def read(path: str | os.PathLike[str]) -> list[Row]:
    """Rows written by :func:`write`, back as Python values."""
    path = str(path)
    flat: list[dict[str, Any]]
    if path.endswith(".parquet"):
        pd = require("pandas", "lab")
        require("pyarrow", "lab")
        flat = pd.read_parquet(path).to_dict("records")
    else:
        import csv
        with open(path, newline="", encoding="utf-8") as f:
            flat = list(csv.DictReader(f))
    ints = ("game", "seed", "players", "seat", "lp", "gold", "rank", "wars_won", "lich_lp", "lich_king_cards")
    out: list[Row] = []
    for r in flat:
        row: dict[str, Any] = {}
        for k, v in r.items():
            if v is None or v == "" or (isinstance(v, float) and math.isnan(v)):
                continue
            if k in LIST_FIELDS:
                v = json.loads(v)
            elif k in ints:
                v = int(v)
            elif k == "win":
                v = float(v)
            row[k] = v
        out.append(cast(Row, row))       # the fields write() wrote
    return out


def timed(fn: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[T, float]:
    """(result, seconds) of a call: for the benchmark's speed lines."""
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - start
