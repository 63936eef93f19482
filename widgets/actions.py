"""How a person reads an action and a settlement: labels in the table's language, the canonical text kept aside.

An action's canonical text (``bid 3``, ``build_source a 1``) is what ``play`` and the text
box take, the same in every language; a button shows its **label** and keeps the text in its
tooltip.  The label is made from the action's parts (``game.action_parts``): the game's
verb and words in the language in use (each game's own words: ``NP_(game, verb)``), the
cards as the hand buttons show them (``♥D`` for Brokdorf's ``QH`` in German), and a word
that is a seat as the game names the seat (``game.seat_name``): ``settle 3`` is "abrechnen:
Spieler 4".  In English a label is the action's text, but for its cards and seats.

A settlement table shows each column under a readable heading (``hp_lost``: "HP lost",
"verlorene HP") and its values as words: ``True``/``False``/``None`` are yes/no/– (ja/nein/–),
a seat is its name, a word a game settles with (``win``, ``normal``) is translated.
"""

from __future__ import annotations

from typing import Any

from cardgames.core import i18n
from cardgames.core.game import Game
from cardgames.core.inputs import MAX_ACTION_TEXT, quote

from . import faces
from .texts import N_, _, decimal, in_context


def word(game: Any, text: str) -> str:
    """A verb or word of ``game``'s actions in the language in use (as written where neither game nor face has one).

    A game says its own words (``game.word``, the words of its refusals and log too); a face module's
    ``WORDS`` (``widgets/faces/<game>.py``, or the faces a registered game brings) may add words its
    game does not say itself (the five games' faces need none).
    """
    own = game.word(text) if isinstance(game, Game) else text
    if own != text:
        return own
    entry = faces.for_game(getattr(game, "name", game)).WORDS.get(text)
    return in_context(*entry) if entry is not None else text


def vocabulary(game: Any, face: Any) -> list[str]:
    """The verbs and words of ``game``'s action texts that people read in other words: the game's
    ``action_words``, then its face's ``WORDS``."""
    return list(dict.fromkeys([*getattr(game, "action_words", ()), *face.WORDS]))


def action_label(game: Any, face: Any, parts: Any) -> str:
    """The label of an action (its ``game.action_parts``) in the language in use; the action text is its tooltip.

    The face's own label comes first (Brokdorf's ``trump ♣ Kreuz``); else the game's verb in
    the language in use, then its words: a card as the hand buttons show it, a seat by its
    name, a word of the game translated, numbers and bridges as they are.
    """
    own = face.label(parts)
    if own != parts.text:
        return own
    cards = set(parts.named)
    shown = [word(game, parts.verb)]
    for i, arg in enumerate(parts.args):
        if i == 0 and parts.verb in face.SEAT_WORDS and arg.isdigit() and int(arg) < game.players:
            shown.append(game.seat_name(int(arg)))
        elif arg in cards:
            shown.append(face.card_label(arg))
        elif arg[:1] == "-" and arg[1:].isdigit():
            shown.append(minus(arg))  # a negative amount as the pictures write it: Coin −1
        else:
            shown.append(word(game, arg))
    return " ".join(shown)


def labels(game: Any, face: Any, actions: Any) -> dict[str, str]:
    """Each action's text -> its label, in the order given."""
    return {str(a): action_label(game, face, game.action_parts(a)) for a in actions}


def _typed(text: str) -> str:
    """Typed text as it is compared: case, spacing and the kind of minus forgiven ("  Gebot   2" is "gebot 2")."""
    return " ".join(text.split()).casefold().replace("−", "-")


def typed_action(game: Any, face: Any, actions: Any, text: str) -> str | None:
    """The legal action (its text) that ``text`` names, or None: its label, its English label or its text.

    The text box takes what the buttons and the legal list show ("Gebot 2", "legen E-VII A",
    "Quelle bauen c 1" at a German table) as well as the action text (``bid 2``), case and
    spacing forgiven.  A label that two actions share names neither (None: the game then reads
    the text itself and says what it does not understand).
    """
    wanted = _typed(text)
    if not wanted:
        return None
    texts = [str(a) for a in actions]
    for code in texts:  # the action text itself wins over any label
        if _typed(code) == wanted:
            return code
    found: set[str] = set()
    shown = labels(game, face, actions)
    with i18n.language("en"):
        english = labels(game, face, actions)
    for code in texts:
        if wanted in (_typed(shown[code]), _typed(english[code])):
            found.add(code)
    return found.pop() if len(found) == 1 else None


def typed_text(game: Any, face: Any, state: Any, seat: Any, text: str) -> str:
    """The action text that typed ``text`` names, for the game to play or to refuse with its rule.

    A label of a legal action is that action (:func:`typed_action`).  Otherwise the words a
    person reads are put back into the action text's words, so that a move that is legal in
    general but not now gets the game's own refusal with its clause: "spielen ♦A" (or the hand
    button's "♦A" alone) is ``play AD``, "legen E-VII A" is ``place E-VII A``, "abrechnen:
    Spieler 4" ``settle 3``.  Words it does not know stay as they are.
    """
    if len(text) > MAX_ACTION_TEXT:  # no move is that long: the game says so
        return text
    legal = game.legal_actions(state, seat) if seat in game.to_act(state) else ()
    found = typed_action(game, face, legal, text)
    if found is not None:
        return found
    phrases = _phrases(game, face, state, seat, legal)
    longest = max((len(p.split()) for p in phrases), default=1)
    typed, written = _typed(text).split(), text.split()
    out: list[str] = []
    i = 0
    while i < len(typed):
        for n in range(min(longest, len(typed) - i), 0, -1):
            phrase = " ".join(typed[i : i + n])
            meaning = phrases.get(phrase)
            if meaning is None:
                continue
            kind, code = meaning
            if kind == "seat" and not (len(out) == 1 and out[0] in face.SEAT_WORDS):
                continue  # a seat's name stands for its number only where the verb takes a seat
            out.append(code)
            i += n
            break
        else:
            out.append(written[i].replace("−", "-"))  # a word it does not know, as written (−1 is -1)
            i += 1
    if len(out) == 1 and phrases.get(" ".join(typed), ("", ""))[0] == "card":
        using = card_moves(game, legal, out[0])
        if len(using) == 1:  # a card alone that one legal move uses (Three Bridges' "L-U" on one bridge): that move
            return str(using[0])
        verbs = [parts.verb for parts in map(game.action_parts, legal) if len(parts.named) == 1]
        if verbs:  # a card alone, as its hand button shows it: the move that plays a card
            out.insert(0, max(set(verbs), key=verbs.count))
    return " ".join(out)


def _phrases(game: Any, face: Any, state: Any, seat: Any, legal: Any) -> dict[str, tuple[str, str]]:
    """What a person may type (case and spacing forgiven) -> (kind, the action text's word), in both languages.

    The kinds are ``word`` (a verb or word of the game's actions), ``card`` (a card of the seat's
    hand or of a legal action, as its button shows it) and ``seat`` (a seat by its name).
    """
    hand = game.hand(state, seat) if seat is not None else None
    cards = {c for c in hand or () if c is not None}
    for action in legal:
        cards.update(game.action_parts(action).named)
    words = vocabulary(game, face)
    phrases: dict[str, tuple[str, str]] = {}
    for language in dict.fromkeys((i18n.get_language(), "en")):
        with i18n.language(language):
            for key in words:
                phrases.setdefault(_typed(word(game, key)), ("word", key))
            for code in cards:
                phrases.setdefault(_typed(face.card_label(code)), ("card", code))
            for s in range(game.players):
                phrases.setdefault(_typed(game.seat_name(s)), ("seat", str(s)))
    return phrases


def card_moves(game: Any, legal: Any, card: str) -> list[Any]:
    """The legal actions that use ``card`` (a card's code), in their order."""
    return [a for a in legal if card in game.action_parts(a).named]


def typed_card(game: Any, face: Any, legal: Any, text: str) -> str | None:
    """The card (its code) of a legal action that ``text`` names alone, as its button shows it or as its code."""
    wanted = _typed(text)
    for language in dict.fromkeys((i18n.get_language(), "en")):
        with i18n.language(language):
            for action in legal:
                for card in game.action_parts(action).named:
                    if wanted in (_typed(face.card_label(card)), _typed(card)):
                        return str(card)
    return None


def empty_help(game: Any, face: Any, legal: Any) -> str:
    """What to tell a person who sent an empty text box: type a move, with one that is possible now."""
    if not legal:
        return _("Type a move when it is your turn")
    example = next(iter(labels(game, face, list(legal)[:1]).values()))
    return _("Type a move, e.g. {move}").format(move=example)


def unknown_help(game: Any, face: Any, legal: Any, text: str) -> str | None:
    """What to tell a person whose typed ``text`` names no move, in the words the table shows; None: the game's reason.

    Text in the action texts' words (``bid 9``: its first word is a verb of the game's actions)
    is best answered by the game's own reason, which speaks of them.  Anything else (a label
    with a typing error, a sentence) gets the moves possible now as the buttons label them, so a
    German class never meets the English action words.
    """
    if len(text) > MAX_ACTION_TEXT:
        return None  # the game's reason says how long an action may be
    first = _typed(text).split()[:1]
    verbs = {v.casefold() for v in {*vocabulary(game, face), *[game.action_parts(a).verb for a in legal]}}
    if first and first[0] in verbs:
        return None
    if not legal:
        return _("{text} is not understood, and it is not your turn").format(text=quote(text))
    card = typed_card(game, face, legal, text)
    using = card_moves(game, legal, card) if card is not None else []
    if len(using) > 1:  # a card alone that several moves use (Three Bridges: on which bridge?): those moves
        moves = ", ".join(labels(game, face, using).values())
        return _("{card} alone is not a move; with it now: {moves}").format(card=quote(text), moves=moves)
    shown = [
        f"{head} {', '.join(last for last, _text in members)}".strip()
        for head, members in grouped(labels(game, face, legal))
    ]
    return _("{text} is not understood; possible now: {moves}").format(text=quote(text), moves="; ".join(shown))


def grouped(shown: dict[str, str], run: int = 8) -> list[tuple[str, list[tuple[str, str]]]]:
    """Labels (action text -> label) in groups that share all words but the last, to show them compactly.

    Each group is (the shared words, [(the last word, the tooltip)]): "Zahlung an P2" with 1 ... 20,
    "legen E-VII" with A, B, C.  Fewer than three labels with the same words stay alone
    (``("", [(label, text)])``).  A run of ``run`` or more whole numbers one after another is one
    element "1–20" whose tooltip names its first and last action.  Groups keep the order in which
    their first label comes.
    """
    heads: dict[str, list[tuple[str, str]]] = {}
    for text, label in shown.items():
        head, _sep, last = label.rpartition(" ")
        heads.setdefault(head, []).append((last, text))
    groups: list[tuple[str, list[tuple[str, str]]]] = []
    for head, members in heads.items():
        if not head or len(members) < 3:
            groups.extend(("", [(f"{head} {last}".strip(), text)]) for last, text in members)
            continue
        groups.append((head, _runs(members, run)))
    # a label alone keeps its place among the groups: order by where each group's first action comes
    order = {text: i for i, text in enumerate(shown)}
    return sorted(groups, key=lambda group: order.get(_first(group), 0))


def _first(group: tuple[str, list[tuple[str, str]]]) -> str:
    """The first action text a group shows (a run's tooltip starts with it)."""
    return group[1][0][1].split(" … ", 1)[0]


def _runs(members: list[tuple[str, str]], run: int) -> list[tuple[str, str]]:
    """(last word, action text) with each run of consecutive whole numbers made one element "first–last"."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(members):
        j = i
        while (
            j + 1 < len(members)
            and members[j][0].isdigit()
            and members[j + 1][0].isdigit()
            and int(members[j + 1][0]) == int(members[j][0]) + 1
        ):
            j += 1
        if j - i + 1 >= run:
            out.append((f"{members[i][0]}–{members[j][0]}", f"{members[i][1]} … {members[j][1]}"))
        else:
            out.extend(members[i : j + 1])
        i = j + 1
    return out


# ---------------------------------------------------------------------------
# settlements

#: a settlement column as a person reads it (the data keeps the column's name)
COLUMNS = {
    "player": N_("player"),
    "points": N_("points"),
    "euros": N_("euros"),
    "loser": N_("loser"),
    "end": N_("end"),
    "durchmarsch": N_("Durchmarsch"),
    "games": N_("games"),
    "declared": N_("declared"),
    "contracts_made": N_("contracts made"),
    "tricks": N_("tricks"),
    "plus_fives": N_("plus fives"),
    "left": N_("left"),
    "hp_lost": N_("HP lost"),
    "schlaeger_left": N_("Schläger left"),
    "fights": N_("fights"),
    "fights_won": N_("fights won"),
    "times_donko": N_("times Donko"),
    "fluchtkarten": N_("Fluchtkarten"),
    "eliminated_in_fight": N_("eliminated in fight"),
    "damage_suffered": N_("damage suffered"),
    "orden": N_("Orden"),
    "winner": N_("winner"),
    "role": N_("role"),
    "bridge_A": N_("bridge A"),
    "bridge_B": N_("bridge B"),
    "bridge_C": N_("bridge C"),
    "bridges_won": N_("bridges won"),
    "margin": N_("bridge margin"),
    "result": N_("result"),
    "ge": N_("GE"),
    "rank": N_("rank"),
    "eliminated": N_("eliminated"),
    "sources": N_("sources"),
    "sources_a": N_("sources a"),
    "sources_b": N_("sources b"),
    "sources_c": N_("sources c"),
    "sources_d": N_("sources d"),
    "sources_e": N_("sources e"),
    "sources_f": N_("sources f"),
    "yield_per_round": N_("yield per round"),
    "shooters_lost": N_("shooters lost"),
    "income_earned": N_("income earned"),
    "label": N_("label"),
    "side": N_("side"),
    "wrestler": N_("wrestler"),
    "position": N_("position"),
    "pinned": N_("pinned"),
    "tricks_won": N_("tricks won"),
    "damage_dealt": N_("damage dealt"),
    "tokens_gained": N_("tokens gained"),
    "tokens_spent": N_("tokens spent"),
    "pop": N_("pop"),
    "won": N_("won"),
    "winning_side": N_("winning side"),
    "rounds": N_("rounds"),
}
#: where a game calls a column by its own word: a game of Brokdorf is one Spiel of a round (BK-3.1)
#: the words a settlement column holds, as a person reads them
VALUES = {
    "normal": N_("normal"),
    "durchmarsch": N_("Durchmarsch"),
    "misdeal": N_("misdeal"),
    "expulsion": N_("expulsion"),
    "win": N_("win"),
    "loss": N_("loss"),
    "draw": N_("draw"),
    "declarer": N_("declarer"),
    "mit": N_("MIT"),
    "weg": N_("WEG"),
}


def column_label(column: str, game: Any = None) -> str:
    """A settlement column's heading in the language in use: ``hp_lost`` is "HP lost" ("HP verloren")."""
    own = faces.for_game(game.name if hasattr(game, "name") else game).COLUMNS.get(column) if game else None
    if own is not None:
        return in_context(*own)
    if column in COLUMNS:
        return _(COLUMNS[column])
    return column.replace("_", " ")


def own_value(game: Any, column: str, value: Any) -> str | None:
    """A word of ``game``'s own in a settlement column as a person reads it (its face's ``VALUES``), else None."""
    if game is None or not isinstance(value, str):
        return None
    entry = faces.for_game(getattr(game, "name", game)).VALUES.get(column, {}).get(value)
    return in_context(*entry) if entry is not None else None


def cell(value: Any) -> str:
    """A settlement value as a person reads it: yes/no for booleans, – for none, decimals as the language writes them."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, float):
        return minus(decimal(f"{value:.2f}"))
    if isinstance(value, int):
        return minus(str(value))
    if isinstance(value, str) and value in VALUES:
        return _(VALUES[value])
    return str(value)


def minus(text: str) -> str:
    """A number with a typographic minus (−3,00, not -3,00), as the pictures and the game's sentences write it."""
    return "−" + text[1:] if text.startswith("-") else text


def settlement_rows(settlement: Any, game: Any = None) -> tuple[list[str], list[list[str]]]:
    """The headings and the rows of a settlement as a person reads them (the player column by the seats' names)."""
    rows = settlement.rows()
    keys = list(rows[0]) if rows else []
    body = []
    for row in rows:
        shown = []
        for key in keys:
            value = row[key]
            if key == "player" and game is not None and isinstance(value, int) and not isinstance(value, bool):
                shown.append(game.seat_name(value))
            else:
                shown.append(own_value(game, key, value) or cell(value))
        body.append(shown)
    return [column_label(k, game) for k in keys], body
