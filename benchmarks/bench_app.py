"""Speed of the notebook app (a benchmark, not a test).

1. "Next phase" click, engine + widget update, measured in Python: the median time of
   ``stepper.next_phase.click()`` over whole 4-player bot games, for the app page as a
   user sees it (Why? tab open) and with the chart tabs open.  Measured twice: in this
   process (widgets without a front end) and inside a real ipykernel, where every widget
   update is also serialised and sent to the (absent) browser.          Goal: <= 50 ms.
2. Opening the Voilà URL -> first interactive widget (the "Next phase" button and your
   first decision) in headless Chromium, with and without Voilà's kernel preheating.
                                                                         Goal: <= 5 s.
3. The coach in the app, in this process: the guided first game (each step's suggestion,
   the check of a move of your own) and the Game review of a whole 3-player game with the
   app's time budget per decision (seconds in all and per decision).

    .venv/bin/python benchmarks/bench_app.py            # both
    .venv/bin/python benchmarks/bench_app.py --no-browser
    .venv/bin/python benchmarks/bench_app.py --coach-only     # 3. only
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from voila_server import CHROMIUM_ARGS, ByteCounter, VoilaServer  # noqa: E402

#: true once the page holds plotly's widget bundle (papertales_widgets.charts loads it once per page)
PLOTLY_LOADED = """async () => {
  const key = Object.keys(globalThis).find((k) => k.startsWith("__papertales_plotly_"));
  if (!key) return false;
  try { await globalThis[key]; return true; } catch (e) { return false; }
}"""

CLICK_CODE = r'''
import statistics, time
from papertales_widgets import App
import plotly.graph_objs._figurewidget      # imported before timing (the app does it in the background)

def clicks(tab, games):
    times = []
    for seed in range(games):
        app = App(players=4, seed=seed, humans=[])
        app.select(tab)
        while not app.game.is_over:
            t = time.perf_counter()
            app.stepper.next_phase.click()
            times.append(time.perf_counter() - t)
        assert not app.stepper.messages.errors, app.stepper.messages.errors
    return times

result = {}
for tab, name in ((0, "why_tab"), (1, "war_graph_tab"), (2, "score_race_tab")):
    t = clicks(tab, GAMES)
    result[name] = {"median_ms": round(statistics.median(t) * 1000, 2),
                    "p90_ms": round(sorted(t)[int(len(t) * 0.9)] * 1000, 2), "clicks": len(t)}
print("RESULT", __import__("json").dumps(result))
'''


def bench_clicks_in_process(games: int) -> dict:
    scope = {"GAMES": games}
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(CLICK_CODE, scope)
    return json.loads(out.getvalue().split("RESULT", 1)[1])


def bench_clicks_in_kernel(games: int) -> dict:
    from jupyter_client.manager import start_new_kernel
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        reply = kc.execute_interactive(f"GAMES = {games}\n" + CLICK_CODE, timeout=600,
                                       output_hook=lambda m: outputs.append(m))
        text = "".join(m["content"].get("text", "") for m in outputs if m["msg_type"] == "stream")
        if reply["content"]["status"] != "ok":
            raise RuntimeError(f"kernel benchmark failed: {reply['content']}")
        return json.loads(text.split("RESULT", 1)[1])
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


outputs: list = []


def bench_first_interactive(preheat: bool, visits: int) -> list[float]:
    from playwright.sync_api import sync_playwright
    server = VoilaServer(ROOT / "notebooks" / "app.ipynb", Path(tempfile.mkdtemp(prefix="bench-voila-")),
                         preheat=preheat)
    times = []
    try:
        server.wait_ready()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
            for visit in range(visits):
                # a kernel of the pool started and ran the notebook (without a pool: Voilà idle)
                server.wait_preheated(timeout=120, fills=visit + 1 if preheat else 0, quiet=2.0)
                context = browser.new_context(viewport={"width": 1400, "height": 1000})
                page = context.new_page()
                t0 = time.perf_counter()
                page.goto(server.url)
                page.locator("button.pt-next-phase").wait_for(state="visible", timeout=120_000)
                page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=120_000)
                times.append(time.perf_counter() - t0)
                page.goto("about:blank")
                context.close()
            browser.close()
    finally:
        server.stop()
    return times


def bench_first_solo_game(runs: int = 2) -> list[dict]:
    """"New game" with 1 player (solo) in a preheated page, in ``runs`` visits (each a new
    page and kernel: a second game in the same page would find the first game's decision
    and charts already shown): seconds until the first decision shows, and until the Lich
    King panel's charts show (plotly's FigureWidgets); the bytes the browser received (through
    a counting relay, as sent on the wire) for the first page (interactive, then plotly's
    bundle fetched while idle) and for the solo game's start."""
    from playwright.sync_api import sync_playwright
    server = VoilaServer(ROOT / "notebooks" / "app.ipynb", Path(tempfile.mkdtemp(prefix="bench-voila-")))
    out = []
    try:
        server.wait_ready()
        relay = ByteCounter(server.port)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
            for visit in range(1, runs + 1):
                server.wait_preheated(timeout=120, fills=visit, quiet=2.0)
                page = browser.new_page(viewport={"width": 1280, "height": 900})   # a new page: nothing cached
                start = relay.received
                page.goto(relay.url)
                page.locator(".pt-decision button.pt-choice").first.wait_for(state="visible", timeout=120_000)
                interactive = relay.received - start
                page.wait_for_function(PLOTLY_LOADED, timeout=120_000)
                first_page = relay.received - start
                page.locator(".pt-players select").select_option(index=0)        # 1 (solo)
                page.wait_for_timeout(300)
                before = relay.received
                t0 = time.perf_counter()
                page.locator("button.pt-new-game").click()
                page.locator(".pt-decision .pt-solo-pass").first.wait_for(state="visible", timeout=60_000)
                t1 = time.perf_counter()
                page.locator(".pt-lichking .js-plotly-plot").first.wait_for(state="visible", timeout=60_000)
                out.append({"decision_s": round(t1 - t0, 2), "charts_s": round(time.perf_counter() - t0, 2),
                            "solo_start_mb": round((relay.received - before) / 1e6, 3),
                            "interactive_mb": round(interactive / 1e6, 2), "first_page_mb": round(first_page / 1e6, 2)})
                page.close()
            browser.close()
        relay.close()
    finally:
        server.stop()
    return out


def bench_coach(games: int = 2) -> dict:
    """The guided game followed to the end of its guided turns (seconds per step: the
    suggestion and the page redrawn), a move of your own checked (seconds), and the Game
    review of whole games with the app's world count (seconds in all, per decision)."""
    from papertales import Action
    from papertales.registry import get
    from papertales_widgets import GameStepper, Session
    from papertales import coach
    from papertales_widgets.coach import ReviewPanel
    from papertales_widgets.guide import GuidePanel
    st = GameStepper(Session(players=3, seed=1, humans=[0]))
    panel = GuidePanel(st)
    st.guide_slot.children = [panel]
    t0 = time.perf_counter()
    st.do(panel.guide.start)
    steps = []
    while panel.guide.guided(st.session.game):
        t = time.perf_counter()
        if panel.play.layout.display != "none":
            panel.play.click()
            steps.append(time.perf_counter() - t)
        else:
            panel.go_on.click()
    guided = time.perf_counter() - t0
    st.do(panel.guide.start)
    t = time.perf_counter()
    st.act(0, Action("pick", st.game.players[0].pack[-1].id))          # your own pick, checked
    own = time.perf_counter() - t
    reviews = []
    for seed in range(games):
        session = Session(players=3, seed=seed, humans=[0])
        bot = get("greedy", seed)
        while not session.game.is_over:
            if session.waiting_humans():
                session.act(0, bot.choose(session.game, 0))
            else:
                session.advance("end")
        review = ReviewPanel(session)
        t = time.perf_counter()
        rows = review.run()
        total = time.perf_counter() - t
        reviews.append({"decisions": len(rows), "seconds": round(total, 2),
                        "per_decision_s": round(total / len(rows), 3)})
    return {"guided_steps": len(steps), "guided_step_median_s": round(statistics.median(steps), 3),
            "guided_step_max_s": round(max(steps), 3), "guided_turns_s": round(guided, 2),
            "own_move_checked_s": round(own, 3), "review_worlds": coach.WORLDS, "reviews": reviews}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=5, help="bot games per measurement (25 clicks each)")
    ap.add_argument("--visits", type=int, default=3, help="page visits per Voilà mode")
    ap.add_argument("--no-browser", action="store_true", help="skip the Voilà / Chromium measurement")
    ap.add_argument("--solo-only", action="store_true", help="only the solo game's start and the bytes received")
    ap.add_argument("--coach-only", action="store_true", help="only the guided game and the Game review (3.)")
    args = ap.parse_args(argv)
    report = {}
    if args.solo_only:
        report["first solo games"] = solo_report(args.visits)
        return save(report)
    clicks = () if args.coach_only else (("in this process", bench_clicks_in_process),
                                          ("inside an ipykernel", bench_clicks_in_kernel))
    if clicks:
        print(f"'Next phase' click (engine + widget update), {args.games} games of 4 bots:")
    for where, fn in clicks:
        r = fn(args.games)
        report[where] = r
        for tab, v in r.items():
            print(f"  {where:20s} {tab:15s} median {v['median_ms']:7.2f} ms   p90 {v['p90_ms']:7.2f} ms"
                  f"   ({v['clicks']} clicks)   goal <= 50 ms")
    print("The coach in the app (this process): the guided first game and the Game review")
    report["coach"] = c = bench_coach()
    print(f"  guided game: {c['guided_steps']} steps, median {c['guided_step_median_s']:.3f} s a step "
          f"(max {c['guided_step_max_s']:.3f} s), the guided turns in {c['guided_turns_s']:.1f} s; "
          f"a move of your own checked in {c['own_move_checked_s']:.3f} s")
    for r in c["reviews"]:
        print(f"  review of a 3-player game: {r['decisions']} decisions in {r['seconds']:.1f} s "
              f"({r['per_decision_s']:.3f} s each; budget {c['review_budget_s']} s)")
    if not args.no_browser and not args.coach_only:
        print("Voilà URL -> first interactive widget in headless Chromium:")
        for preheat in (True, False):
            t = bench_first_interactive(preheat, args.visits)
            name = "preheated kernel" if preheat else "no preheating"
            report[name] = [round(x, 2) for x in t]
            print(f"  {name:20s} median {statistics.median(t):5.2f} s  (visits: {', '.join(f'{x:.2f}' for x in t)})"
                  "   goal <= 5 s")
        report["first solo games"] = solo_report()
    return save(report)


def solo_report(runs: int = 2) -> list[dict]:
    print("'New game' with 1 player (solo), preheated page: first decision / Lich King charts shown")
    solo = bench_first_solo_game(runs)
    for i, r in enumerate(solo, 1):
        print(f"  game {i}: decision {r['decision_s']:.2f} s, charts {r['charts_s']:.2f} s   goal <= 1 s;"
              f" received {r['solo_start_mb']:.3f} MB (goal <= 1 MB); the first page before it"
              f" {r['first_page_mb']:.2f} MB (goal <= 8 MB; {r['interactive_mb']:.2f} MB when interactive)")
    return solo


def save(report: dict) -> int:
    out = ROOT / "test-artifacts" / "bench_app.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(report, indent=2))
    print(f"(saved to {out.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
