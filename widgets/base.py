"""What every panel shares: a message box and the guard that shows callback errors.

An exception raised inside a widget callback is invisible in a notebook or in Voilà (it
only reaches the kernel's log).  Every callback of the panels is wrapped by
:func:`guarded`: a refused action (the engine's :class:`PaperTalesError`, a bad value)
shows the engine's message; any other exception shows its type, message and traceback
in the panel.  Nothing is swallowed: the last error also stays in ``box.last_error``.
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

import ipywidgets as W
from ipywidgets.widgets.widget_string import HTMLStyle

from papertales import PaperTalesError
from papertales.i18n import check_language, get_language, has, t
from papertales.render import CSS, escape

#: a message in any language: ``words(lang) -> text``
Words = Callable[[str], str]
P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S")
V = TypeVar("V")


class MessageBox(W.HTML):
    """A one-message area: errors in red, information in blue, success in green.

    A message given with ``words`` (a function of the language) is said again in the new
    language after :meth:`set_language`; one given only as text is taken away then, so
    that no message of the old language stays on the page."""

    def __init__(self, lang: str | None = None, **kw: Any) -> None:      # kw: ipywidgets' options
        kw.setdefault("style", shared_style(HTMLStyle))
        super().__init__(**kw)
        self.lang = lang or get_language()
        self.add_class("pt-messages")
        self.last_error: str | None = None
        self.errors: list[str] = []
        self._said: tuple[str, Words] | None = None            # (kind, words) of the message shown, or None
        self._crash = False          # a crash report stays as it is (it is for a bug report)
        self.clear()

    def clear(self) -> None:
        self.value = ""
        self.layout.display = "none"
        self._said = None
        self._crash = False

    def _show(self, kind: str, html: str) -> None:
        self.value = f'{CSS}<div class="pt-root"><div class="pt-msg pt-{kind}">{html}</div></div>'
        self.layout.display = None

    def _show_words(self, kind: str, words: Words) -> str:
        """Show ``words`` (a function of the language) as a ``kind`` message, remembered so
        that a language switch says it again; returns the text shown."""
        self._crash = False
        text = words(self.lang)
        if kind == "error":
            self._show(kind, f"<b>{escape(t('app.msg.not_allowed', self.lang))}</b> {escape(text)}")
        else:
            self._show(kind, escape(text))
        self._said = (kind, words)
        return text

    def info(self, text: str, words: Words | None = None) -> None:
        self._show_words("info", words or (lambda _lang: text))
        self._said = ("info", words) if words else None

    def warn(self, text: str, words: Words | None = None) -> None:
        """Something the page could not do as asked, though nothing was refused (in amber)."""
        self._show_words("warn", words or (lambda _lang: text))
        self._said = ("warn", words) if words else None

    def ok(self, text: str, words: Words | None = None) -> None:
        self._show_words("ok", words or (lambda _lang: text))
        self._said = ("ok", words) if words else None

    def refused(self, text: str, words: Words | None = None) -> None:
        """An action the rules (or the input checks) do not allow: the engine's message."""
        self.last_error = text
        self.errors.append(text)
        self._show_words("error", words or (lambda _lang: text))
        self._said = ("error", words) if words else None

    def crashed(self, exc: BaseException) -> None:
        """An unexpected error: show it whole, with its traceback."""
        text = f"{type(exc).__name__}: {exc}"
        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.last_error = text
        self.errors.append(text)
        self._said = None
        self._crash = True
        self._show("error", f"<b>{escape(t('app.msg.crashed', self.lang))}</b> {escape(text)}"
                            f"<details><summary>{escape(t('app.msg.bug_details', self.lang))}</summary>"
                            f'<pre style="white-space:pre-wrap">{escape(tb)}</pre></details>')

    def set_language(self, lang: str) -> None:
        """Later messages in ``lang``; the one shown is said again in ``lang``, or taken
        away when it cannot be (a text already in words)."""
        self.lang = check_language(lang)
        if self._said is not None:
            self._show_words(*self._said)
        elif self.value and not self._crash:
            self.clear()


def words_of(exc: BaseException) -> Words | None:
    """``exc`` in any language (``lang -> text``) when it is one of the engine's catalogue
    errors, else None (its text is all there is)."""
    if isinstance(exc, PaperTalesError) and has(exc.key, "en"):
        return exc.text
    return None


#: errors that mean "refused", not "crashed": the engine's, and bad user input
REFUSALS = (PaperTalesError, ValueError, KeyError)


class Speaking:
    """A panel that speaks one language (``self.lang``, default the current language of
    :mod:`papertales.i18n`) and redraws itself in another with :meth:`set_language`."""

    if TYPE_CHECKING:
        lang: str                               # set by _init_language

        def refresh(self) -> None: ...          # the panel's own
    else:
        lang = None

    def _init_language(self, lang: str | None) -> str:
        self.lang = check_language(lang) if lang else get_language()
        return self.lang

    def set_language(self, lang: str) -> None:
        self.lang = check_language(lang)
        messages = getattr(self, "messages", None)
        if isinstance(messages, MessageBox):
            messages.set_language(lang)
        self.relabel()
        self.redraw()

    def relabel(self) -> None:
        """Put the labels of the controls in ``self.lang`` (panels override this)."""

    def redraw(self) -> None:
        self.refresh()

    def t(self, key: str, **params: object) -> str:
        """The message ``key`` in the panel's language."""
        return t(key, self.lang, **params)


class DrawnWhenVisible:
    """For panels that sit in tabs: drawing is the costly part, so a hidden panel only
    remembers that it is out of date (``_stale()``) and is drawn again (``redraw()``) when
    ``set_active(True)`` makes it visible."""

    active = True
    _dirty = False

    if TYPE_CHECKING:
        def refresh(self) -> None: ...          # the panel's own

    def _stale(self) -> bool:
        """True, and remembered, while the panel is hidden: draw later, not now."""
        if not self.active:
            self._dirty = True
            return True
        self._dirty = False
        return False

    def set_active(self, active: bool) -> None:
        self.active = active
        if active and self._dirty:
            self.redraw()

    def redraw(self) -> None:
        self.refresh()


def guarded(box_attr: str = "messages") -> Callable[[Callable[Concatenate[S, P], R]], Callable[Concatenate[S, P], R | None]]:
    """Decorator for panel methods used as callbacks: show errors in ``self.<box_attr>``."""

    def deco(fn: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R | None]:
        @functools.wraps(fn)
        def wrapper(self: S, *args: P.args, **kwargs: P.kwargs) -> R | None:
            box: MessageBox = getattr(self, box_attr)
            try:
                return fn(self, *args, **kwargs)
            except REFUSALS as exc:
                text = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
                box.refused(text, words_of(exc))
            except Exception as exc:          # noqa: BLE001 - shown to the user, not hidden
                box.crashed(exc)
            return None
        return wrapper

    return deco


#: ids of the style and layout widgets that redrawn HTMLs and buttons share (:func:`shared_style`,
#: :func:`shared_layout`): never closed with the widgets that use them
_SHARED: set[int] = set()


@functools.cache
def shared_style(cls: type[W.Widget]) -> W.Widget:
    """One ``cls`` (``HTMLStyle``, ``W.ButtonStyle``) per kernel for widgets whose style
    never changes.  Each widget otherwise gets a style widget of its own, which the page is
    sent when the widget opens and told to drop when it closes: a decision's panel made a
    dozen of them per click, a measurable share of a class's server (docs/classroom.md)."""
    style = cls()
    _SHARED.add(id(style))
    return style


@functools.cache
def _shared_layout(props: tuple[tuple[str, object], ...]) -> W.Layout:
    layout = W.Layout(**dict(props))
    _SHARED.add(id(layout))
    return layout


def shared_layout(**props: object) -> W.Layout:
    """One ``W.Layout(**props)`` per kernel, for widgets that never change their layout
    (a Layout is a widget of its own, sent and dropped with each widget: see
    :func:`shared_style`).  Never set a property of it: every widget using it would change."""
    return _shared_layout(tuple(sorted(props.items())))


def html(value: str = "", **kw: Any) -> W.HTML:
    """``W.HTML`` with the shared default style."""
    kw.setdefault("style", shared_style(HTMLStyle))
    return W.HTML(value, **kw)


def fixed_html(value: str) -> W.HTML:
    """An HTML whose layout never changes (a card, a label): shared style and layout."""
    return html(value, layout=shared_layout())


def button(**kw: Any) -> W.Button:
    """``W.Button`` with the shared default style (its colour is ``button_style``, kept per button)."""
    kw.setdefault("style", shared_style(W.ButtonStyle))
    return W.Button(**kw)


def widgets_under(*roots: object, keep: Iterable[object] = ()) -> list[W.Widget]:
    """``roots`` and every widget they hold (children, pages, layouts, styles ...), each
    once, leaving out the widgets of ``keep`` and what is under them."""
    seen = {id(k) for k in keep} | _SHARED
    out: list[W.Widget] = []
    todo = list(roots)
    while todo:
        w = todo.pop()
        if not isinstance(w, W.Widget) or id(w) in seen:
            continue
        seen.add(id(w))
        out.append(w)
        for name in w.keys:
            value = getattr(w, name, None)
            if isinstance(value, W.Widget):
                todo.append(value)
            elif isinstance(value, (list, tuple)):
                todo.extend(v for v in value if isinstance(v, W.Widget))
    return out


def close_all(*roots: object, keep: Iterable[object] = ()) -> None:
    """Close widgets that have been replaced, with everything under them but ``keep``: a
    closed widget's model is freed in the kernel and in the page.  Without this every
    redraw leaves its old widgets alive on both sides (thousands per game)."""
    for w in widgets_under(*roots, keep=keep):
        w.close()


def replace_children(box: W.Box, children: Iterable[W.Widget], keep: Iterable[W.Widget] = ()) -> None:
    """``box.children = children``; the old children that are not among the new ones
    (nor in ``keep``) are closed, after the page has stopped showing them."""
    old = list(box.children)
    box.children = list(children)
    close_all(*old, keep=tuple(keep) + tuple(box.children))


def field_flag() -> W.HTML:
    """The place beside a form's control where its refusal is shown (hidden while empty)."""
    f = W.HTML(layout=W.Layout(display="none"))
    f.add_class("pt-field-error")
    return f


def set_flag(flag: W.HTML, text: str) -> None:
    """Show ``text`` as the refusal of the control beside ``flag`` (empty: none)."""
    if text:
        flag.value = wrap(f"<span class='pt-msg pt-error pt-flag'>⚠ {escape(text)}</span>", css=False)
        flag.layout.display = None
    elif flag.value:
        flag.value = ""
        flag.layout.display = "none"


def wrap(html: str, css: bool = True) -> str:
    """HTML in the panels' root element, with the shared stylesheet.  ``css=False`` for
    widgets that always sit next to one that carries it (a <style> applies to the page)."""
    return f'{CSS if css else ""}<div class="pt-root">{html}</div>'


def options(pairs: Iterable[tuple[str, V]], lang: str | None = None) -> list[tuple[str, V]]:
    """Dropdown options ``[(label, value)]`` from ``[(key, value)]`` in ``lang``."""
    return [(t(key, lang), value) for key, value in pairs]
