"""The classroom benchmark's client reads what a browser reads: the kernel's binary
websocket frames, and which buttons of the widget tree are on screen (the benchmark itself
runs Voilà and is run by hand: benchmarks/bench_classroom.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_classroom import Visitor, _decode, _encode  # noqa: E402


def test_a_v1_frame_is_the_channel_the_message_and_its_buffers():
    """jupyter_server's v1 websocket protocol, the one a browser's page speaks: a count of
    offsets and the offsets (8 bytes each, little-endian), the channel, then the header,
    parent header, metadata, content and buffers."""
    parts = [b"iopub", json.dumps({"msg_type": "comm_msg"}).encode(), b"{}", b"{}", json.dumps({"a": 1}).encode(),
             b"\x00\x01buffer"]
    offsets = [8 * (1 + len(parts) + 1)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    frame = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets) + b"".join(parts)
    out = _decode(frame)
    assert out["channel"] == "iopub" and out["header"] == {"msg_type": "comm_msg"}
    assert out["content"] == {"a": 1} and out["buffers"] == [b"\x00\x01buffer"]


def test_a_message_sent_is_read_back_the_same():
    msg = {"header": {"msg_type": "comm_msg", "msg_id": "1"}, "parent_header": {}, "metadata": {"v": 2},
           "content": {"data": {"method": "custom"}}, "channel": "shell", "buffers": []}
    assert _decode(_encode(msg)) == msg


def _model(name, classes=(), children=(), layout="L0", **state):
    return dict(state, _model_name=name, _dom_classes=list(classes),
                children=[f"IPY_MODEL_{c}" for c in children], layout=f"IPY_MODEL_{layout}")


def test_only_buttons_on_screen_are_clicked():
    v = Visitor(0, "http://127.0.0.1:1/", leaves_properly=True)
    v.root = "app"
    v.models = {
        "L0": {"_model_name": "LayoutModel"}, "hidden": {"_model_name": "LayoutModel", "display": "none"},
        "app": _model("VBoxModel", children=["decision", "tabs", "gone"]),
        "decision": _model("VBoxModel", ["pt-decision"], children=["b1", "b2", "b3"]),
        "b1": _model("ButtonModel", ["pt-choice"]),
        "b2": _model("ButtonModel", ["pt-choice"], disabled=True),
        "b3": _model("ButtonModel", ["pt-choice"], layout="hidden"),
        "tabs": _model("TabModel", children=["t0", "t1"], selected_index=0),
        "t0": _model("VBoxModel", children=["end"]), "t1": _model("VBoxModel", children=["b4"]),
        "end": _model("ButtonModel", ["pt-to-end"]), "b4": _model("ButtonModel", ["pt-choice"]),
        "gone": _model("VBoxModel", layout="hidden", children=["b5"]), "b5": _model("ButtonModel", ["pt-to-end"]),
    }
    assert v._buttons("pt-choice", inside="pt-decision") == ["b1"]
    assert v._buttons("pt-to-end") == ["end"]
    v.models["tabs"]["selected_index"] = 1
    assert v._buttons("pt-choice") == ["b1", "b4"] and v._buttons("pt-to-end") == []
