"""Rowdy Partners says its moves itself now (issue 31): a table's buttons read as they did when the widgets held its words.

The labels below were recorded from the widgets before the words moved from the face's ``WORDS``
(the widgets' catalog) to the game (``cardgames/rowdy_partners/words.py``, its own catalog).  Every
legal action met along a few seeded games is labelled exactly so, in English and in German.
"""

from __future__ import annotations

import random

import pytest
from cardgames_widgets import faces
from cardgames_widgets.actions import labels

import cardgames

#: the German label of every action text met below, as the widgets showed it before the move
GERMAN = {
    "bury Gr1": "vergraben Gr1",
    "bury Gr2": "vergraben Gr2",
    "bury Gr3": "vergraben Gr3",
    "bury Gr4": "vergraben Gr4",
    "bury Gr5": "vergraben Gr5",
    "bury Gr6": "vergraben Gr6",
    "bury Gr8": "vergraben Gr8",
    "bury Ha3": "vergraben Ha3",
    "bury Ha5": "vergraben Ha5",
    "bury Ha7": "vergraben Ha7",
    "bury Ho1": "vergraben Ho1",
    "bury Ho2": "vergraben Ho2",
    "bury Ho4": "vergraben Ho4",
    "bury Ho5": "vergraben Ho5",
    "bury Ho6": "vergraben Ho6",
    "bury Ho7": "vergraben Ho7",
    "bury St5": "vergraben St5",
    "bury W4": "vergraben W4",
    "bury W6": "vergraben W6",
    "cheat C01": "Cheat C01",
    "cheat C02": "Cheat C02",
    "cheat C03": "Cheat C03",
    "cheat C04 Gr": "Cheat C04 Grabstein",
    "cheat C04 Ha": "Cheat C04 Hut",
    "cheat C04 Ho": "Cheat C04 Hufeisen",
    "cheat C04 St": "Cheat C04 Stern",
    "cheat C05": "Cheat C05",
    "cheat C06": "Cheat C06",
    "cheat C07 1 cheat": "Cheat C07 1 cheat",
    "cheat C07 1 coin": "Cheat C07 1 coin",
    "cheat C08": "Cheat C08",
    "cheat C09": "Cheat C09",
    "cheat C10": "Cheat C10",
    "coin +1": "Coin +1",
    "coin -1": "Coin −1",
    "damage": "Damage-Token",
    "name Gr": "Farbe nennen Grabstein",
    "name Ha": "Farbe nennen Hut",
    "name Ho": "Farbe nennen Hufeisen",
    "name St": "Farbe nennen Stern",
    "pass": "nicht abklatschen",
    "play Gr1": "spielen Gr1",
    "play Gr2": "spielen Gr2",
    "play Gr3": "spielen Gr3",
    "play Gr4": "spielen Gr4",
    "play Gr5": "spielen Gr5",
    "play Gr6": "spielen Gr6",
    "play Gr7": "spielen Gr7",
    "play Gr8": "spielen Gr8",
    "play Ha1": "spielen Ha1",
    "play Ha2": "spielen Ha2",
    "play Ha3": "spielen Ha3",
    "play Ha4": "spielen Ha4",
    "play Ha5": "spielen Ha5",
    "play Ha6": "spielen Ha6",
    "play Ha7": "spielen Ha7",
    "play Ha8": "spielen Ha8",
    "play Ho1": "spielen Ho1",
    "play Ho2": "spielen Ho2",
    "play Ho3": "spielen Ho3",
    "play Ho4": "spielen Ho4",
    "play Ho5": "spielen Ho5",
    "play Ho6": "spielen Ho6",
    "play Ho7": "spielen Ho7",
    "play Ho8": "spielen Ho8",
    "play St1": "spielen St1",
    "play St2": "spielen St2",
    "play St3": "spielen St3",
    "play St4": "spielen St4",
    "play St5": "spielen St5",
    "play St6": "spielen St6",
    "play St7": "spielen St7",
    "play St8": "spielen St8",
    "play W2": "spielen W2",
    "play W4": "spielen W4",
    "play W6": "spielen W6",
    "play W8": "spielen W8",
    "sig W1": "Signature Move W1",
    "sig W2": "Signature Move W2",
    "sig W3 Gr": "Signature Move W3 Grabstein",
    "sig W3 Ha": "Signature Move W3 Hut",
    "sig W3 Ho": "Signature Move W3 Hufeisen",
    "sig W3 St": "Signature Move W3 Stern",
    "sig W4 -1": "Signature Move W4 −1",
    "sig W4 -2": "Signature Move W4 −2",
    "sig W4 -3": "Signature Move W4 −3",
    "sig W5": "Signature Move W5",
    "sig W6": "Signature Move W6",
    "tag": "abklatschen",
    "wrestler W1": "wrestler W1",
    "wrestler W2": "wrestler W2",
    "wrestler W3": "wrestler W3",
    "wrestler W4": "wrestler W4",
    "wrestler W5": "wrestler W5",
    "wrestler W6": "wrestler W6",
}
#: the English labels that differ from the action text: a suit in its name, ``sig`` as the Signature Move it is,
#: a negative amount with a typographic minus
SUIT_NAMES = {"Ha": "Hat", "Ho": "Horseshoe", "St": "Star", "Gr": "Gravestone"}
ENGLISH = {
    "coin -1": "coin −1",
    **{f"name {code}": f"name {name}" for code, name in SUIT_NAMES.items()},
    **{f"cheat C04 {code}": f"cheat C04 {name}" for code, name in SUIT_NAMES.items()},
    **{f"sig W{n}": f"Signature Move W{n}" for n in (1, 2, 5, 6)},
    **{f"sig W3 {code}": f"Signature Move W3 {name}" for code, name in SUIT_NAMES.items()},
    **{f"sig W4 -{n}": f"Signature Move W4 −{n}" for n in (1, 2, 3)},
}
#: players, seed and options of the games played (one with wrestlers chosen, headliners at 2 and 3 players)
GAMES = ((4, 1, {}), (4, 7, {"choose_wrestlers": True}), (2, 3, {}), (3, 11, {}))


def _positions(players: int, seed: int, options: dict[str, object]):
    """The game and the legal actions of each decision of a random game (120 decisions at most)."""
    game = cardgames.load("rowdy_partners", players=players, **options)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(120):
        if game.is_over(state):
            return
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        yield game, legal
        state = game.apply(state, rng.choice(legal), seat)


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_the_buttons_read_as_before_in_both_languages(players, seed, options):
    face = faces.for_game("rowdy_partners")
    for game, legal in _positions(players, seed, options):
        texts = [str(a) for a in legal]
        with cardgames.language("de"):
            assert labels(game, face, legal) == {t: GERMAN[t] for t in texts}
        with cardgames.language("en"):
            assert labels(game, face, legal) == {t: ENGLISH.get(t, t) for t in texts}


def test_the_face_holds_no_word_the_game_says():
    game = cardgames.load("rowdy_partners")
    assert set(faces.for_game("rowdy_partners").WORDS).isdisjoint(game.action_words)
