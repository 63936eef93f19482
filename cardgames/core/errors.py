"""The one error a player can cause: an illegal move."""
from __future__ import annotations


class IllegalMove(ValueError):
    """An action the rules forbid here; nothing has changed.

    ``rule`` is the clause id of the rules document that forbids it (``"BK-4.11"``),
    ``player`` the seat that tried it and ``action`` what was tried, so a widget or a
    test can show or check exactly why.
    """

    def __init__(self, message: str, *, rule: str, player: int | None = None, action: object = None):
        super().__init__(f"{message} ({rule})")
        self.message = message
        self.rule = rule
        self.player = player
        self.action = action

    def __reduce__(self):
        return (_rebuild, (self.message, self.rule, self.player, self.action))


def _rebuild(message, rule, player, action):
    return IllegalMove(message, rule=rule, player=player, action=action)
