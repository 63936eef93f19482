"""The exercises of the 02-probability notebooks ask the question that their stored answer answers.

Each test reads the question and the solution as the notebook stores them, recomputes the answer by
enumerating the cards or sets themselves (not through the game's ``probability`` module), and checks
that the library, the notebook's text and the enumeration agree (issue 31).
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from math import comb
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _exercise(game: str, number: int) -> str:
    """The markdown of exercise ``number`` of a game's 02-probability notebook, question and solution."""
    notebook = json.loads((ROOT / "notebooks" / game / "02-probability.ipynb").read_text(encoding="utf-8"))
    text = "\n".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    start = text.index(f"## Exercise {number} ")
    end = text.find("\n## ", start + 1)
    return " ".join(text[start : end if end > 0 else None].split())  # one line: wrapping does not matter


def _share(hands, good) -> Fraction:
    hands = list(hands)
    return Fraction(sum(1 for hand in hands if good(hand)), len(hands))


def test_brokdorf_exercise_3_fixes_the_card_before_the_deal():
    """Trump is named after the deal, so "the trump Ace" has no 5n/32; a card fixed in advance has."""
    from cardgames.brokdorf import probability as pr

    text = _exercise("brokdorf", 3)
    assert "♥A" in text and "before the deal" in text
    for n in range(2, 7):
        # the sets of 5n dealt places out of 32 that hold the ♥A's place: choose the other 5n - 1 places
        assert Fraction(comb(31, 5 * n - 1), comb(32, 5 * n)) == pr.trump_ace_in_play_probability(n)
    # and by enumeration, with 2 players on a deck cut to 12 cards (4 dealt): 4 places of 12 hold it
    places = list(itertools.combinations(range(12), 4))
    assert _share(places, lambda dealt: 0 in dealt) == Fraction(4, 12)


def test_brokdorf_exercise_4_is_asked_before_a_card_is_led():
    """With no card played, the opponent's hand is 5 of 27 unseen cards (8 Pik): 646/4485 ≈ 14.4 %."""
    from cardgames.brokdorf import probability as pr

    text = _exercise("brokdorf", 4)
    question = text[: text.index("Try it yourself")]
    assert "no card has been played yet" in question and "A Pik is led" not in question
    unseen = ["S"] * 8 + ["x"] * 19  # 32 cards less your five non-Pik ones
    before = _share(itertools.combinations(unseen, 5), lambda hand: "S" not in hand)
    assert before == pr.opponent_void_probability() == Fraction(646, 4485)
    assert "646/4485 ≈ 14.4 %" in text
    # after a third player has led a Pik, that Pik is seen too: 5 of 26 unseen cards, 7 of them Pik
    after = _share(itertools.combinations(unseen[1:], 5), lambda hand: "S" not in hand)
    assert after == Fraction(2907, 16445) and "2907/16445 ≈ 17.7 %" in text


def test_bronko_donko_exercise_5_has_a_tie_rule_and_its_answer():
    """The most HP often comes with different numbers of Schläger; the exercise counts the most."""
    from cardgames.bronko_donko import probability as pr

    text = _exercise("bronko_donko", 5)
    assert "the **most** Schläger" in text and "**25 HP, three Schläger**" in text
    hp = (2, 4, 6, 8, 10, 12, 15, 20)
    sets = [chosen for k in range(len(hp) + 1) for chosen in itertools.combinations(hp, k)]
    table = pr.knockout_table()
    ambiguous = 0
    for s in range(1, 78):
        best = max(sum(chosen) for chosen in sets if sum(chosen) <= s)
        counts = {len(chosen) for chosen in sets if sum(chosen) == best}
        ambiguous += len(counts) > 1
        assert table[s] == (best, max(counts)), s
    assert table[25] == (25, 3)
    assert ambiguous == 61  # why the exercise needs its tie rule


def test_rowdy_partners_exercise_2_separates_following_from_the_duty():
    """RP-4.6: a Hat or a wildcard follows, but only a printed Hat makes following a duty."""
    from cardgames.rowdy_partners import probability as pr
    from cardgames.rowdy_partners.cards import DECK, SUIT_T

    text = _exercise("rowdy_partners", 2)
    assert "only a printed Hat creates the duty" in text and "halve" not in text
    others = [SUIT_T[card] for card in DECK if card != 0]  # the 35 cards other than the led Ha1 (suit 0)
    for size in (1, 2, 3, 4):  # every hand of these sizes, card by card
        hands = list(itertools.combinations(others, size))
        assert _share(hands, lambda hand: any(suit in (0, -1) for suit in hand)) == pr.follow_probability(size)
    # eight cards: count the hands by how many Hats, wildcards and other cards they hold
    counts = {"hat": others.count(0), "wild": others.count(-1), "other": sum(1 for s in others if s > 0)}
    assert counts == {"hat": 7, "wild": 4, "other": 24}
    total = comb(35, 8)

    def hands(hats, wilds):
        return comb(7, hats) * comb(4, wilds) * comb(24, 8 - hats - wilds) if hats + wilds <= 8 else 0

    nothing = Fraction(hands(0, 0), total)
    duty = Fraction(sum(hands(h, w) for h in range(1, 8) for w in range(5)), total)
    wild_only = Fraction(sum(hands(0, w) for w in range(1, 5)), total)
    assert 1 - nothing == pr.follow_probability(8) == Fraction(121927, 125860)
    assert nothing == Fraction(3933, 125860) and duty == Fraction(53059, 61132)
    assert nothing + duty + wild_only == 1
    no_hat = Fraction(comb(28, 8), total)
    assert no_hat / nothing > 4 and round(float(no_hat), 3) == 0.132  # a quarter of it, not a half
    for stated in ("121927/125860 ≈ 96.9 %", "3.1 %", "53059/61132", "86.8 %", "13.2 % → 3.1 %"):
        assert stated in text


def test_three_bridges_exercise_4_says_what_the_card_is_drawn_from():
    """The placed card is one of the 33 other cards, also when a Schellen card opposite halves it."""
    from cardgames.three_bridges import probability as pr

    text = _exercise("three_bridges", 4)
    assert "33 other cards" in text and "not taken out" in text
    suits, values = "HESL", (7, 8, 9, 10, 4, 4, 4, 4)  # VII, VIII, IX, X, Unter, Ober, König, Ass (TB-5.2)
    suited = [(suit, value) for suit in suits for value in values]
    deck = suited + [("Chr", 4), ("Chr", 4)]

    def value(card, bridge_suit):
        suit, base = card
        return base + 2 if suit in (bridge_suit, "Chr") else base  # a Chronist is declared the bridge's suit

    def mean(halved):
        per_bridge = []
        for place, (bridge_suit, _) in enumerate(suited):
            placed = [value(card, bridge_suit) for i, card in enumerate(deck) if i != place]
            assert len(placed) == 33
            per_bridge.append(Fraction(sum(v // 2 if halved else v for v in placed), 33))
        return sum(per_bridge) / 32

    assert mean(False) == pr.expected_card_value() == Fraction(293, 44)
    assert mean(True) == pr.expected_card_value(schellen_opposite=True) == Fraction(106, 33)
    assert "293/44" in text and "106/33" in text
