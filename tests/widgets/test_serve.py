"""``papertales app`` (papertales_widgets.serve): the Voilà command it runs, from a checkout.
Serving the app from an installed wheel: tests/test_package.py."""

from __future__ import annotations

import io
import os
from pathlib import Path

from papertales.i18n import t
from papertales_widgets import serve

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_serves_its_own_notebook_and_template():
    """From a checkout, the repository's files; from an installed package (the compiled
    build's test run), the copies the package carries."""
    files = ROOT if serve.HERE == ROOT / "widgets" else serve.HERE
    assert serve.NOTEBOOK == files / "notebooks" / "app.ipynb" and serve.NOTEBOOK.is_file()
    assert str(files / "share" / "jupyter") == serve.jupyter_path().split(os.pathsep)[0]
    assert (files / "share" / "jupyter" / "voila" / "templates" / "papertales" / "conf.json").is_file()


def test_the_callers_options_replace_the_apps_own():
    default = serve.voila_command([])
    assert default[1:4] == ["-m", "voila", str(serve.NOTEBOOK)] and f"--port={serve.PORT}" in default
    given = serve.voila_command(["--port=8900", "--Voila.ip=0.0.0.0"])
    assert [o for o in given if o.startswith(("--port", "--Voila.ip"))] == ["--port=8900", "--Voila.ip=0.0.0.0"]
    assert "--template=papertales" in given


def test_a_pool_for_a_class_refills_after_the_class_has_arrived():
    assert not any("fill_delay" in o for o in serve.voila_command([]) + serve.voila_command(["--pool_size=1"]))
    command = serve.voila_command(["--pool_size=30"])
    assert "--pool_size=30" in command and f"--VoilaKernelManager.fill_delay={serve.CLASS_FILL_DELAY}" in command
    mine = serve.voila_command(["--pool_size=30", "--VoilaKernelManager.fill_delay=5"])
    assert [o for o in mine if "fill_delay" in o] == ["--VoilaKernelManager.fill_delay=5"]


def test_binder_serves_with_the_apps_own_server_settings():
    """binder/jupyter_server_config.json (Binder's Voilà runs inside Jupyter Server) holds the
    settings ``papertales app`` gives Voilà on its command line."""
    import ast
    import json
    binder = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    options = dict(o.split("=", 1) for o in serve.VOILA_OPTIONS if "=" in o)
    compression = options["--Voila.tornado_settings"].split("=", 1)[1]
    assert binder["ServerApp"]["websocket_compression_options"] == ast.literal_eval(compression)
    assert binder["VoilaConfiguration"]["extension_denylist"] == [options["--VoilaConfiguration.extension_denylist"]]


def test_help_is_the_catalogues_in_the_current_language():
    out = io.StringIO()
    assert serve.main(["--help"], out) == 0
    assert out.getvalue() == t("app.serve.help", port=serve.PORT) + "\n"
    assert "8866" in out.getvalue()
