"""Why a file could not be read or written, in the reader's language.

The system's own words (``strerror``) are English; the CLI and the position loader both
report file errors, so the wording lives below either of them.
"""

from __future__ import annotations

import errno

from .i18n import t

#: the largest whole number (gold, LP, a count) a game file may hold, a save or a what-if
#: position: a whole game gives far less
MOST = 999


def os_reason(exc: OSError, lang: str | None = None) -> str:
    """Why a file could not be read, in words (the system's own words are English)."""
    name = errno.errorcode.get(exc.errno or 0, "")
    if name in ("ENOENT", "EACCES", "EISDIR", "ENOTDIR"):
        return t(f"cli.oserror.{name}", lang)
    return t("cli.oserror.other", lang, detail=exc.strerror or str(exc))
