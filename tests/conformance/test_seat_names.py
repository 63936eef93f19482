"""One name for each seat: everything a person reads counts the seats from 1, through ``game.seat_name``.

The API's seats are 0-based (``legal_actions(state, 0)``, the ``player`` column, records); what a
person reads names seat 0 as ``game.seat_name(0)``: ``player 1`` (``Spieler 1``) in Brokdorf,
Bronko-Donko and Three Bridges, ``P1`` in The Brotherhood, ``A1`` or ``H1`` in Rowdy Partners.  For
every registered game and player count a seeded random playout is read in English and in German:
every step's sentence, the table now and then, every player's view of the end, the refusals of
action texts that are not legal where they are tried, the settlement's texts and the command
line's replay of the game.  No text may name a seat by a number outside 1 to the number of players,
and seat 0 must appear by its name.  The test knows nothing about any one game.
"""

from __future__ import annotations

import io
import random
import re

import pytest

import cardgames
from cardgames import IllegalMove
from cardgames.__main__ import main
from cardgames.core.i18n import language
from cardgames.core.registry import game_class
from cardgames.core.replay import save

LANGUAGES = ("en", "de")
RENDER_EVERY = 7  # steps between two rendered tables
REFUSED_AT = 5  # positions of a playout where action texts are tried
TRIED = 12  # action texts tried at each of them

# "player 3", "players 1, 2 and 3", "Spieler 1 oder 2": a seat named by its number
NUMBERED = re.compile(
    r"\b(?:[Pp]layers?|Spielers?|Spielern)\s+(\d+(?:(?:,\s*|\s+(?:and|und|or|oder)\s+)\d+)*)(?![\d.,/])"
)
# "P1", as The Brotherhood's rules name its seats (and Three Bridges' its first player)
SHORT = re.compile(r"\bP(\d+)\b")


def player_counts(name: str) -> list[int]:
    spec = game_class(name).spec
    return list(range(spec.min_players, spec.max_players + 1))


def custom_text(value: object) -> bool:
    """A settlement detail that a person reads as text: one of the game's own types with its own ``__str__``."""
    kind = type(value)
    return kind.__module__.startswith("cardgames.") and kind.__str__ is not object.__str__


def texts(game, seed: int) -> dict[str, list[str]]:
    """Every text of a seeded random playout of ``game``, in each language."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    steps = []
    positions = []
    for _ in range(game.spec.max_decisions):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        positions.append((state, seat))
        after = game.apply(state, action, seat)
        steps.append((state, action, seat, after))
        state = after
    assert game.is_over(state), f"{game!r} seed {seed} did not end"
    vocabulary = sorted({str(action) for _before, action, _seat, _after in steps})
    tried = [positions[i] for i in sorted(rng.sample(range(len(positions)), min(REFUSED_AT, len(positions))))]
    found: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        with language(lang):
            out = [game.explain(before, action, after, seat).sentence for before, action, seat, after in steps]
            out += [game.render(before) for before, _action, _seat, _after in steps[::RENDER_EVERY]]
            out += [game.render(state)] + [game.render(state, seat) for seat in range(game.players)]
            for position, seat in tried:
                for text in random.Random(seed).sample(vocabulary, min(TRIED, len(vocabulary))):
                    for who in {seat, (seat + 1) % game.players}:  # the player to act, and one who is not
                        try:
                            game.apply(position, game.parse_action(position, text, who), who)
                        except IllegalMove as refusal:
                            out.append(str(refusal))
            settlement = game.settlement(state)
            out += [str(value) for value in settlement.details.values() if custom_text(value)]
        found[lang] = out
    return found


def misnamed(text: str, players: int) -> list[str]:
    """The seat names in ``text`` whose number is not one of 1 to ``players``."""
    wrong = []
    for match in NUMBERED.finditer(text):
        numbers = [int(n) for n in re.findall(r"\d+", match.group(1))]
        if not all(1 <= n <= players for n in numbers):
            wrong.append(match.group(0))
    wrong += [match.group(0) for match in SHORT.finditer(text) if not 1 <= int(match.group(1)) <= players]
    return wrong


@pytest.mark.parametrize("name", cardgames.games())
def test_every_text_names_the_seats_counting_from_1(name):
    for players in player_counts(name):
        game = cardgames.load(name, players=players)
        found = texts(game, seed=players)
        for lang, out in found.items():
            for text in out:
                assert not misnamed(text, players), (
                    f"{name}, {players} players, {lang}: {misnamed(text, players)} in {text!r}"
                )
            with language(lang):
                first = game.seat_name(0)
                last = game.seat_name(players - 1)
            assert any(first in text for text in out), (
                f"{name}, {players} players, {lang}: seat 0 never named {first!r}"
            )
            assert first != last


@pytest.mark.parametrize("name", cardgames.games())
def test_the_seat_names_count_from_1_in_both_languages(name):
    for players in player_counts(name):
        game = cardgames.load(name, players=players)
        for lang in LANGUAGES:
            with language(lang):
                names = [game.seat_name(seat) for seat in range(players)]
            assert len(set(names)) == players, names
            assert not any(misnamed(n, players) for n in names), names
            assert re.search(r"1\b", names[0]), f"{name}: seat 0 is {names[0]!r}, not named with 1"


@pytest.mark.parametrize("name", cardgames.games())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_command_line_replay_names_the_seats_as_the_game_does(name, lang, tmp_path):
    game = cardgames.load(name)
    rng = random.Random(1)
    state = game.new(seed=1)
    while acting := game.to_act(state):
        legal = game.legal_actions(state, acting[0])
        state = game.apply(state, legal[rng.randrange(len(legal))], acting[0])
    path = tmp_path / "game.json"
    save(cardgames.record(game, state), str(path))
    out = io.StringIO()
    assert main(["--language", lang, "replay", str(path)], out=out) == 0
    text = out.getvalue()
    assert not misnamed(text, game.players), misnamed(text, game.players)
    with language(lang):
        assert game.seat_name(0) in text
