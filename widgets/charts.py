"""plotly's interactive figures, with plotly.js sent to a page once.

A plotly ``FigureWidget`` is an anywidget whose ``_esm`` is plotly's whole widget bundle
(about 5 MB).  That text is part of every figure's synced state, so each chart the app drew
sent it again: a solo game's start received 15 MB.  Our figures carry a small module instead
(:data:`SHIM`): the page's first figure asks the kernel for the bundle in one custom message,
imports it, and every other figure of the page reuses that import.  The app asks as soon as
the page is idle (:class:`BundlePreload`), so a chart opened later finds plotly already there.
It works wherever widgets work (Voilà, Binder, JupyterLab, a static Voici site), since it
needs no file served by anybody: the bundle travels over the kernel's own connection.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import threading
from typing import Any

import anywidget

#: the page-wide loader: one promise per plotly version on ``globalThis``; the first model
#: that needs it sends ``{"type": "plotly-bundle?"}``, the kernel answers with the code
_LOADER = r"""// # i18n: not prose (JavaScript)
const KEY = "__papertales_plotly_" + VERSION;
function plotly(model) {
  const g = globalThis;
  if (!g[KEY]) {
    g[KEY] = new Promise((resolve, reject) => {
      const answer = (msg) => {
        if (!msg || msg.type !== "plotly-bundle") return;
        model.off("msg:custom", answer);
        const url = URL.createObjectURL(new Blob([msg.code], {type: "text/javascript"}));
        import(url).then(resolve, reject).finally(() => URL.revokeObjectURL(url));
      };
      model.on("msg:custom", answer);
      model.send({type: "plotly-bundle?"});
    });
    g[KEY].catch(() => { delete g[KEY]; });     // a failed load is tried again by the next figure
  }
  return g[KEY];
}
"""

#: a figure's ``_esm``: plotly's own widget (a factory of ``{initialize, render}`` per model),
#: once the page has the bundle.  ``initialize`` must not wait for it: a widget manager (such
#: as JupyterLab's) delivers a model's messages, the bundle among them, only once the model's
#: ``initialize`` has returned; ``render`` waits instead.
SHIM = _LOADER + r"""// # i18n: not prose
export default () => {
  let started = null;
  return {
    initialize(ctx) {
      started = plotly(ctx.model).then((mod) => {
        const inner = typeof mod.default === "function" ? mod.default() : mod.default;
        inner.initialize?.(ctx);
        return inner;
      });
      started.catch((err) => console.error("plotly:", err));
    },
    async render(ctx) { const inner = await started; return inner.render?.(ctx); },
  };
};
"""

#: :class:`BundlePreload`'s ``_esm``: fetch the bundle when the page has nothing else to do
PRELOAD = _LOADER + r"""// # i18n: not prose
export default {
  initialize({model}) {
    const go = () => plotly(model).catch((err) => console.warn("plotly preload:", err));
    if (globalThis.requestIdleCallback) requestIdleCallback(go, {timeout: 3000}); else setTimeout(go, 1000);
  },
  render() {},
};
"""


#: a plotly ``FigureWidget`` (plotly ships no type hints)
Figure = Any


@functools.cache
def plotly_version() -> str:
    """The installed plotly's version (read without importing plotly, which takes seconds)."""
    from importlib.metadata import version
    return version("plotly")


@functools.cache
def plotly_bundle() -> str:
    """The installed plotly's widget bundle (the ``_esm`` of its own ``FigureWidget``)."""
    import plotly.graph_objects as go
    return str(go.FigureWidget._esm)


def _with_version(module: str) -> str:
    return module.replace("VERSION", json.dumps(plotly_version()), 1)


def _answer(widget: Any, content: object, buffers: object) -> None:      # widget: a plotly or anywidget widget (untyped)
    """The kernel's side of the loader: the bundle, to the page that asked."""
    if isinstance(content, dict) and content.get("type") == "plotly-bundle?":
        widget.send({"type": "plotly-bundle", "code": plotly_bundle()})


@functools.cache
def _figure_class() -> type[Figure]:
    import plotly.graph_objects as go

    class FigureWidget(go.FigureWidget):
        """plotly's ``FigureWidget`` with :data:`SHIM` for ``_esm`` (see the module's docstring)."""

        _esm = _with_version(SHIM)

        def __init__(self, *args: Any, **kwargs: Any) -> None:      # plotly's FigureWidget's arguments
            super().__init__(*args, **kwargs)
            self.on_msg(_answer)

    return FigureWidget


def figure_widget(*args: Any, **kwargs: Any) -> Figure:
    """A plotly ``FigureWidget`` (same arguments) whose page loads plotly.js once."""
    return _figure_class()(*args, **kwargs)


class BundlePreload(anywidget.AnyWidget):
    """An invisible widget that makes the page fetch plotly's bundle while it is idle."""

    _esm = _with_version(PRELOAD)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(_answer)


def bundle_preload() -> BundlePreload | None:
    """The page's :class:`BundlePreload`, or None where the kernel has one thread and no
    plotly yet (Pyodide: the static site).  There the page's "idle" came while the kernel
    still ran the notebook's cells, and its answer (unpacking and importing plotly, seconds
    in WebAssembly) held the app back: a visit's first choice came 1.5 to 3 s later in about
    one visit of three (docs/publishing.md).  The first chart opened loads plotly instead."""
    return None if sys.platform == "emscripten" else BundlePreload()


def warm_up_plotly() -> threading.Timer | None:
    """Import plotly's FigureWidget ahead of the chart tabs: its import chain (plotly.io ->
    nbformat -> jsonschema) takes seconds; then build one throwaway figure of the traces
    the panels draw (bars, lines): plotly loads each one's validators on first use, which
    made the first chart of a game 0.15 s slower.  In a kernel that Voilà preheats, do it
    now (nobody waits yet); elsewhere in a background thread, a little later, so that the
    page becomes interactive first."""
    # plotly imports nbformat, which imports jsonschema, which builds the IRI grammar of
    # rfc3987-syntax when that package is installed (Jupyter's pins install it): 1.1 of the
    # 1.4 s of CPU the import cost every visitor's kernel.  Nothing in the app's kernel checks
    # an IRI (jsonschema then leaves that one format unchecked).
    if "jsonschema" not in sys.modules:
        # None blocks the import (the import system's rule); typeshed types sys.modules' values as modules
        sys.modules.setdefault("rfc3987_syntax", None)      # type: ignore[arg-type]

    def work() -> None:
        try:
            import plotly.graph_objs._figurewidget  # noqa: F401
            import plotly.graph_objects as go
            go.Figure([go.Bar(x=[0], y=[0], marker=dict(color="#000")),
                       go.Scatter(x=[0], y=[0], mode="lines+markers+text", text=[""])],
                      dict(title="", barmode="group", xaxis=dict(title=""), yaxis=dict(title=""),
                           margin=dict(l=0), legend=dict(orientation="h")))
        except Exception:          # noqa: BLE001 - the tab that needs it will show the error
            pass
    if os.environ.get("VOILA_PREHEAT") == "True":
        work()
        return None
    timer = threading.Timer(8.0, work)
    timer.daemon = True
    try:
        timer.start()
    except RuntimeError:        # no threads (Pyodide, the static site): the chart tabs import plotly
        return None
    return timer


def sync_figure_state(fig: Figure) -> None:
    """Keep a ``FigureWidget``'s synced state equal to the figure.

    Changes made after a FigureWidget is created travel as one-off messages; a browser
    that connects later (Voilà renders the page after running the notebook, a reloaded
    page) only reads the state, which plotly itself refreshes only when the figure is
    displayed on its own (``_repr_mimebundle_``).  Panels put their figures in boxes, so
    they refresh it here."""
    from copy import deepcopy
    try:
        fig._widget_data = deepcopy(fig._data)
        fig._widget_layout = deepcopy(fig._layout_obj._props)
    except AttributeError:         # another plotly version: its own messages must do
        pass
