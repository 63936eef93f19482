"""A game's own words for its actions, for the faces of games whose engine says them (Brokdorf, The Brotherhood).

Where the engine writes refusals and log lines that name a move, it keeps the words of its
moves in one table translated by the game's catalog (``cardgames.brokdorf.words.ACTION_WORDS``,
``cardgames.brotherhood.board.ACTION_WORDS``).  :class:`GameWords` gives that table to a face as
its ``WORDS``, so that the buttons, the text box and the refusals use the same words.

The widgets now ask the game itself (``game.word``, ``game.action_words``: ``actions.word`` and
``actions.vocabulary``), so these faces' ``WORDS`` only list the same verbs again; they stay while
tests still list a game's verbs as its face's ``WORDS``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping


class GameWords(Mapping[str, tuple[str, str]]):
    """A face's ``WORDS`` from the game's own table: each verb -> (game, its word in the language in use).

    The word comes translated from the game's catalog (``word``); the widgets' catalog holds none
    of these words, so the widgets show it as it is.
    """

    def __init__(self, game: str, table: Mapping[str, object], word: Callable[[str], str]) -> None:
        self.game, self.table, self.word = game, table, word

    def __getitem__(self, text: str) -> tuple[str, str]:
        if text not in self.table:
            raise KeyError(text)
        return self.game, self.word(text)

    def __iter__(self) -> Iterator[str]:
        return iter(self.table)

    def __len__(self) -> int:
        return len(self.table)
