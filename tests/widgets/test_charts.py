"""plotly.js once per page (papertales_widgets.charts): figures carry a small module, and the
kernel hands the bundle to the page only when the page asks."""

from __future__ import annotations

import plotly.graph_objects as go

from papertales_widgets.charts import BundlePreload, bundle_preload, figure_widget


def replies(widget, content):
    sent = []
    widget.send = lambda msg, buffers=None: sent.append(msg)
    widget._handle_custom_msg(content, [])
    return sent


def test_a_figure_carries_a_small_module_instead_of_the_bundle():
    bundle = str(go.FigureWidget._esm)
    fig = figure_widget(data=[go.Bar(x=[1], y=[2])])
    assert isinstance(fig, go.FigureWidget) and fig.data[0].y == (2,)
    assert len(bundle) > 1_000_000
    assert len(fig._esm) < 5_000 and "as FigureModel" not in fig._esm
    assert '"__papertales_plotly_" + "' in fig._esm            # one copy per plotly version


def test_the_kernel_sends_the_bundle_only_when_asked():
    bundle = str(go.FigureWidget._esm)
    for widget in (figure_widget(), BundlePreload()):
        assert replies(widget, {"type": "something else"}) == []
        assert replies(widget, "plotly-bundle?") == []
        assert replies(widget, {"type": "plotly-bundle?"}) == [{"type": "plotly-bundle", "code": bundle}]


def test_a_kernel_in_the_browser_does_not_preload_plotly(monkeypatch):
    """In Pyodide (the static site) the kernel's one thread would import plotly while the
    page's cells still run: no preload there; the first chart loads plotly."""
    assert isinstance(bundle_preload(), BundlePreload)
    monkeypatch.setattr("sys.platform", "emscripten")
    assert bundle_preload() is None
