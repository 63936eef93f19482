"""The one error a player can cause: an illegal move."""

from __future__ import annotations


class IllegalMove(ValueError):
    """An action the rules forbid here; nothing has changed.

    ``rule`` is the clause id of the rules document that forbids it (``"BK-4.11"``),
    ``player`` the seat that tried it and ``action`` what was tried, so a widget or a
    test can show or check exactly why; ``code`` is the rules document's own error code
    where it defines them (Rowdy Partners' X-codes).
    """

    def __init__(
        self, message: str, *, rule: str, player: int | None = None, action: object = None, code: str | None = None
    ):
        super().__init__(f"{message} ({rule})")
        self.message = message
        self.rule = rule
        self.player = player
        self.action = action
        self.code = code  # a rules document's own error code, where it has them ("X03", "V11")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # rebuilt from its text and attributes, so subclasses with other signatures pickle too
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


class InputError(ValueError, TypeError):
    """An argument of the wrong type (a text where a list of card codes belongs, a float for a count).

    A ValueError, as every bad argument of the library is, so one ``except ValueError``
    catches every mistake a user can make; also a TypeError, which such a mistake raised
    before, so code that caught that still catches it.
    """


class SeatError(ValueError, TypeError):
    """A seat argument that is not a seat of the game (a number out of range, a text, a bool).

    A ValueError as every bad argument of a game is; also a TypeError, which a seat of the
    wrong type raised before, so code that caught that still catches it.
    """


def _rebuild(cls: type[IllegalMove], args: tuple[object, ...], attributes: dict[str, object]) -> IllegalMove:
    err = cls.__new__(cls)
    err.args = args
    err.__dict__.update(attributes)
    return err
