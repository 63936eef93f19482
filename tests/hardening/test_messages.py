"""Issue 18, item 1: an error quotes at most a short excerpt of what was given, never the whole text."""

from __future__ import annotations

import pytest

import cardgames

GAMES = cardgames.games()
LONG_TEXTS = [
    "zz;" * 333,  # many ';'-separated parts (an order set of The Brotherhood)
    "x" * 999,  # one long unknown word
    "zz " * 333,  # many words
    "play " + "Q" * 990,  # a known verb with a long card code
    "bid " + "9" * 990,  # a known verb with a huge number
    "transfer P2 " + "9" * 980,
    "free thug 1;" * 80,  # many readable orders
    ";".join(["build_source c 1"] * 60),
]


def _quoted_run(message: str, text: str, run: int = 80) -> bool:
    """Does ``message`` hold ``run`` consecutive characters of ``text``?"""
    return any(text[i : i + run] in message for i in range(0, max(1, len(text) - run + 1), 7))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", LONG_TEXTS, ids=lambda t: t[:12])
def test_a_long_action_text_gives_a_short_message_in_every_game(name, text):
    game = cardgames.load(name)
    state = game.new(seed=1)
    seat = game.to_act(state)[0]
    for player in (seat, None):
        with pytest.raises(ValueError) as error:
            game.parse_action(state, text, player)
        message = str(error.value)
        assert len(message) < 300, message[:400]
        assert not _quoted_run(message, " ".join(text.split()))


@pytest.mark.parametrize("name", GAMES)
def test_a_text_over_the_limit_is_refused_before_it_is_read(name):
    game = cardgames.load(name)
    state = game.new(seed=1)
    with pytest.raises(ValueError, match="at most 1000 characters") as error:
        game.parse_action(state, "zz;" * 333_334, game.to_act(state)[0])
    assert len(str(error.value)) < 300


def test_the_brotherhood_names_each_different_error_of_a_long_order_set_once():
    game = cardgames.load("brotherhood", players=4)
    state = game.new(seed=1)
    while state.stage != "orders":  # everybody passes in the transfer window
        seat = game.to_act(state)[0]
        state = game.apply(state, game.legal_actions(state, seat)[0], seat)
    seat = game.to_act(state)[0]
    with pytest.raises(ValueError) as error:
        game.parse_action(state, "zz;" * 300, seat)
    message = str(error.value)
    assert message.count("'zz'") == 1 and len(message) < 300


@pytest.mark.parametrize("name", GAMES)
def test_a_stacked_deck_of_a_huge_item_is_quoted_short(name):
    game = cardgames.load(name)
    if "deck" not in game.spec.setup_keys:
        pytest.skip(f"{name} takes no stacked deck")
    for deck in (["Q" * 100_000], [["Q" * 100_000]], [list(range(100_000))]):
        with pytest.raises((TypeError, ValueError)) as error:
            game.new(seed=1, deck=deck)
        assert len(str(error.value)) < 400, str(error.value)[:500]
