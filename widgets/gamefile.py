"""The game record as a file that goes through the browser: a download link (a data URL
of ``dumps(game)``, built only when asked for) and an upload that continues the saved
game.  Nothing is written on the server and nothing a visitor sends is used as a path: the
uploaded bytes are only parsed by ``papertales.serialize.loads`` (a broken file is refused whole)."""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import ipywidgets as W

from papertales import Game, PaperTalesError, SaveFileError
from papertales.serialize import dumps, loads
from papertales import render as R
from papertales.i18n import t
from papertales.render import escape

from .base import MessageBox, guarded, wrap
from .session import Session

T = TypeVar("T")


def take_upload(upload: W.FileUpload, change: Mapping[str, Any] | None = None) -> tuple[str, bytes] | None:
    """``(file name, bytes)`` of the file just uploaded through ``upload`` (None when
    there is none); the widget is emptied first, so that the same file can be uploaded
    again."""
    files = change["new"] if change is not None else upload.value
    if not files:
        return None
    f = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
    try:
        upload.value = ()
    except Exception:                      # noqa: BLE001 - older ipywidgets
        pass
    return str(f.get("name") or ""), f["content"]


def open_named(name: str, open_file: Callable[[], T], error_class: type[PaperTalesError]) -> T:
    """``open_file()``, and when it refuses the file, the same refusal with the file's
    name in front, so that a visitor who tried several files knows which one failed."""
    try:
        return open_file()
    except (PaperTalesError, ValueError, KeyError) as exc:
        if not name:
            raise
        reason = exc if isinstance(exc, PaperTalesError) else str(exc)
        raise error_class("app.file.refused", name=name, reason=reason) from exc

class GameFileBox(W.VBox):
    """``Download this game`` + ``Open a saved game`` upload, for a session.

    The file is built only when asked for: a save must hold every card (the bots' hands,
    face-down units and the draw pile) to be resumed, so before the game is over the link
    comes with a warning that opening the file shows the bots' hidden cards.  The link
    goes away with the next change of the game, so no secret stays in the page."""

    def __init__(self, session: Session, messages: MessageBox, lang: str | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.session, self.messages, self.lang = session, messages, lang
        self.add_class("pt-gamefile")
        self.ask = W.Button(layout=W.Layout(width="auto"))
        self.ask.add_class("pt-game-ask")
        self.ask.on_click(self._on_ask)
        self.download = W.HTML()
        self.download.add_class("pt-game-download")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, layout=W.Layout(width="auto"))
        self.upload.add_class("pt-game-upload")
        self.upload.observe(self._on_upload, names="value")
        self.children = [W.HBox([self.ask, self.upload], layout=W.Layout(flex_flow="row wrap", align_items="center")),
                         self.download]
        self._key: tuple[object, ...] | None = None
        self.refresh()

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self._key = None
        self.refresh()

    def _state_key(self) -> tuple[int, int, int, str, str]:
        g = self.session.game
        return (id(g), len(g.history), g.turn, g.phase, g.stage)

    def refresh(self) -> None:
        """Labels in the current language; the link of an earlier position is dropped."""
        key = self._state_key() + (self.lang,)
        if key == self._key:
            return
        self._key = key
        self.download.value = ""
        self.ask.description = "⬇ " + t("app.file.download", self.lang)
        self.ask.tooltip = t("app.file.download_tip", self.lang)
        self.upload.description = t("app.file.upload", self.lang)
        self.upload.tooltip = t("app.file.upload_tip", self.lang)

    @guarded()
    def _on_ask(self, _b: object = None) -> None:
        self.show_link()

    def show_link(self) -> str:
        """Build the file of the game as it is now and show its link (returns the HTML)."""
        g = self.session.game
        data = base64.b64encode(dumps(g).encode("utf-8")).decode("ascii")
        name = f"papertales-seed{g.seed}-turn{g.turn}.json"
        warning = "" if g.is_over else (
            f'<div class="pt-msg pt-warn pt-game-spoiler">{escape(t("app.file.spoiler", self.lang))}</div>')
        self.download.value = wrap(
            f'{warning}<a class="pt-game-link pt-linkbutton" download="{escape(name)}" '
            f'href="data:application/json;base64,{data}" >'
            f'⬇ {escape(t("app.file.save_as", self.lang, name=name))}</a>', css=False)
        return self.download.value

    @guarded()
    def _on_upload(self, change: Mapping[str, Any] | None = None) -> None:
        upload = take_upload(self.upload, change)
        if upload is not None:
            name, content = upload
            open_named(name, lambda: self.open_bytes(content), SaveFileError)

    def open_bytes(self, content: bytes | bytearray | memoryview | str) -> Game:
        """Continue the game saved in ``content`` (the file's bytes)."""
        if isinstance(content, memoryview):
            content = content.tobytes()
        try:
            text = bytes(content).decode("utf-8") if isinstance(content, (bytes, bytearray)) else str(content)
        except UnicodeDecodeError:
            raise SaveFileError(t("app.file.not_text", self.lang)) from None
        game = loads(text)
        self.session.load_game(game)
        turn, phase = game.turn, game.phase
        self.messages.ok("", words=lambda lang: t("app.step.loaded", lang, turn=turn, phase=R.phase_title(phase, lang)))
        return game
