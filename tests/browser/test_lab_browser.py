"""The app's charts in JupyterLab (not only in Voilà): two plotly figures made by
``papertales_widgets.charts`` draw in a notebook, and plotly.js reaches the page once.

JupyterLab's widget manager hands a model its messages only once the model's ``initialize``
has returned, so a figure that waited there for the bundle (sent as a message) drew nothing."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
import time
import urllib.request

import nbformat
import pytest

from voila_server import CHROMIUM_ARGS, free_port

pytestmark = pytest.mark.browser

CELL = """from papertales_widgets.charts import figure_widget
import ipywidgets as W
import plotly.graph_objects as go
W.VBox([figure_widget(data=[go.Bar(x=[1, 2], y=[3, 4])]), figure_widget(data=[go.Bar(x=[1, 2], y=[4, 1])])])"""


@pytest.fixture
def lab(tmp_path, chromium_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CELL)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, tmp_path / "charts.ipynb")
    env = dict(os.environ)
    for var, sub in (("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTER_CONFIG_DIR", "config"), ("IPYTHONDIR", "ipython")):
        env[var] = str(tmp_path / sub)
    port = free_port()
    log = open(tmp_path / "lab.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}",
                             "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
                             f"--ServerApp.root_dir={tmp_path}", "--allow-root"],
                            env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(240):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=2)
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(f"JupyterLab exited: {(tmp_path / 'lab.log').read_text()}")
                time.sleep(0.5)
        yield f"http://127.0.0.1:{port}/lab/tree/charts.ipynb"
    finally:
        proc.terminate()
        proc.wait(30)
        log.close()


def test_two_figures_draw_in_jupyterlab_from_one_bundle(lab, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    bundles = []

    def frame(event):
        data = event["response"]["payloadData"]
        text = base64.b64decode(data).decode("utf-8", "replace") if event["response"]["opcode"] == 2 else data
        if "as FigureModel" in text:                  # the last line of plotly's widget bundle
            bundles.append(1)
    cdp.on("Network.webSocketFrameReceived", frame)
    page.goto(lab, timeout=120_000)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=120_000)
    page.wait_for_function("() => document.querySelector('.jp-Notebook-ExecutionIndicator, #jp-main-statusbar')"
                           " && /Idle/.test(document.body.innerText)", timeout=120_000)
    page.locator(".jp-Cell").first.click()
    page.keyboard.press("Shift+Enter")
    page.locator(".jp-OutputArea .js-plotly-plot").nth(1).wait_for(state="visible", timeout=120_000)
    assert page.locator(".jp-OutputArea .js-plotly-plot").count() == 2
    assert len(bundles) == 1
    page.close()
