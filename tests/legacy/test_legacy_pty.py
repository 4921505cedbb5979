"""The terminal with a person at it (a pseudo-terminal driven by pexpect): a prompt, line
editing and history, and Ctrl-C or Ctrl-D that save and leave cleanly, no traceback."""

import json
import os
import signal
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[2]
WAIT = 120              # a guard against a hung test, not a speed limit


def spawn(tmp_path, *args, prompt="kingdom> "):
    env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm")
    # Ctrl-C as at a terminal: a shell that starts a job in the background without job
    # control (nohup ... &, some CI runners) makes its children ignore SIGINT, and Python
    # then never turns Ctrl-C into KeyboardInterrupt
    child = pexpect.spawn(sys.executable, ["-m", "kingdom_legacy.cli", "play", *args], env=env, cwd=str(tmp_path),
                          encoding="utf-8", timeout=WAIT, dimensions=(50, 200),
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    child.expect_exact(prompt)
    return child


def test_ctrl_c_at_the_prompt_saves_and_leaves_without_a_traceback(tmp_path):
    save = tmp_path / "kingdom.json"
    child = spawn(tmp_path, "--demo", "--seed", "1", "--save", str(save))
    child.sendline("skip 9 1")
    child.expect_exact("kingdom> ")
    child.sendintr()
    child.expect_exact("Stopped (Ctrl-C).")
    child.expect_exact(f"The campaign is saved in {save}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in child.before
    assert json.loads(save.read_text(encoding="utf-8"))["history"] == ["skip 9 1"]


def test_ctrl_d_saves_and_leaves_and_the_language_comes_back_with_the_file(tmp_path):
    save = tmp_path / "kingdom.json"
    child = spawn(tmp_path, "--demo", "--seed", "1", "--save", str(save), "--lang", "pl", prompt="królestwo> ")
    child.sendline("pomiń 9 1")
    child.expect_exact("królestwo> ")
    child.sendeof()
    child.expect_exact(f"Kampania jest zapisana w pliku {save}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in child.before
    child = spawn(tmp_path, "--resume", str(save), prompt="królestwo> ")      # still Polish, without --lang
    child.sendeof()
    child.expect(pexpect.EOF)


def test_line_editing_and_history(tmp_path):
    child = spawn(tmp_path, "--demo", "--seed", "1")
    child.send("developx\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7fskip 9 1\r")        # a word corrected with backspace
    child.expect_exact("▶ Skip #9 Harbour")
    child.expect_exact("kingdom> ")
    child.sendline("log 1")
    child.expect_exact("kingdom> ")
    first = child.before
    child.send("\x1b[A\r")                             # the arrow up brings back 'log 1'
    child.expect_exact("kingdom> ")
    assert child.before.strip().splitlines()[-1] == first.strip().splitlines()[-1]
    assert "is not an action" not in first + child.before
    child.sendeof()
    child.expect(pexpect.EOF)
