"""Exceptions the engine raises.  Every message says what was wrong and what is allowed."""


class PaperTalesError(Exception):
    """Base class of every error the package raises on purpose."""


class IllegalActionError(PaperTalesError):
    """An action that the rules do not allow now.  The game state is left untouched."""


class NotYourTurnError(IllegalActionError):
    """A player acted while no decision of theirs was pending."""


class PackError(PaperTalesError):
    """A card pack (JSON) is malformed: the message names file, card and field."""


class SaveFileError(PaperTalesError):
    """A saved game (JSON) cannot be loaded; nothing is half-loaded."""


class PositionError(PaperTalesError):
    """A what-if position (JSON) is malformed or breaks a rule."""
