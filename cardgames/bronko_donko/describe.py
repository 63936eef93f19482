"""Sentences and pictures for people: ``describe`` (one sentence naming the clauses) and ``layout``
(the table as lines of text and cards, which ``game.render`` joins into text).

``describe(rules, before, seat, action, after)`` says what the decision was and everything that
then happened automatically, read from the states before and after it, each with its clause:
round ends and control, the Wolf trap, the revolution, the Schlagring, the vest, the stolen
Wolf's rest, the end of the fight and the final gong, and the settlement of every loser
settled in the same step (Schlagkraft, Fluchtkarte or Flucht, forced knock-outs, the angezählt
mark), eliminations, the Donko-Haufen, the end of a game and the next deal.
"""

from __future__ import annotations

from ..core.game import Action, Face, Line
from . import cards as C
from .cards import Formation
from .rules import (
    BOX,
    DECLINE,
    DUCK,
    GANG,
    GIVE,
    GONG,
    HAUFEN,
    KNOCKOUT,
    OPEN,
    ORDER,
    OVER,
    PASS,
    PHASE_NAMES,
    PLAY,
    RETURN,
    STEAL,
    WOLFSBLUT,
    BronkoDonkoRules,
    Hand2,
    Pick,
    Place,
    Settled,
    State,
    control_gained,
    settling,
    vest_off,
    vest_removers,
)


def _formation(f: Formation, rev: bool) -> str:
    return f"{f.text} ({f.kind_name}, size {f.size}, strength {f.strength[rev]}{', fist' if f.fist[rev] else ''})"


def _seats(mask: int, n: int) -> list[int]:
    return [q for q in range(n) if mask >> q & 1]


def _names(seats: list[int] | tuple[int, ...]) -> str:
    names = [str(q) for q in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 'n' if word.endswith('e') else 's'}"


def _placed(action: Action) -> Formation:
    """The formation of a placement (an offered action always carries it)."""
    assert isinstance(action, Place) and action.form is not None
    return action.form


# ---------------------------------------------------------------------------
# what happens automatically


def _consequences(rules: BronkoDonkoRules, before: State, after: State, p: int, action: Action) -> list[str]:
    """What happened automatically after the decision, with its clauses, in the order it happened."""
    out: list[str] = []
    if before.phase in (PLAY, WOLFSBLUT):
        out += _round_events(rules, before, after, p, action)
    if before.phase in (GONG, ORDER, KNOCKOUT):
        out += _settlement_events(before, after, _hands_at_settlement(before, p, action), action)
    new_game = after.match.game != before.match.game
    new_fight = after.match.fights != before.match.fights
    settled = new_game or new_fight or (after.phase == HAUFEN and before.phase != HAUFEN)
    if settled or before.phase == HAUFEN:
        out += _after_settlement(rules, before, after, p, action)
    if new_game:
        winner = after.match.results[-1].winner
        out.append(f"player {winner} is the last player standing and wins the game and a Bronko-Orden (BD-11.2)")
        if after.phase == OVER:
            orden = after.match.orden
            top = max(orden)
            best = [q for q in range(rules.players) if orden[q] == top]
            who = (
                f"player {best[0]} wins the match" if len(best) == 1 else f"players {_names(best)} share the match win"
            )
            out.append(f"the match is over (BD-11.3): Orden {list(orden)}, {who} (BD-11.4)")
            return out
        out.append("a new game begins (BD-4.2): every player re-enters with all 8 Schläger")
    if new_game or new_fight:
        out += _new_fight(rules, after)
    return out


def _round_events(rules: BronkoDonkoRules, before: State, after: State, p: int, action: Action) -> list[str]:
    """A formation, a duck or a Wolfsblut decision in a round (BD-5.7 - BD-5.12, BD-6, BD-7, BD-8.1)."""
    out: list[str] = []
    n = rules.players
    if isinstance(action, Place) and action.vest:
        if vest_off(before.fight):
            others = _seats(vest_removers(before.fight), n)
            out.append(
                f"player {p} took off his own vest too: his hand is public as well; the Weste-Aus card is "
                f"already off (player{'s' if len(others) > 1 else ''} {_names(others)} took off theirs "
                f"first), so every loser's Schlagkraft is still doubled only once (BD-7.10, BD-7.11)"
            )
        else:
            out.append(
                f"player {p} took off the vest: the Weste-Aus card turns to off, his hand is public until the "
                f"fight ends, and every loser's Schlagkraft will be doubled (BD-7.10, BD-7.11)"
            )
    if after.phase == GONG and before.phase == PLAY:
        f = _placed(action)
        out.append(f"player {p} emptied his hand: he is the Bronko of the fight and takes the Bronko-Blut (BD-8.1)")
        fours = before.round.fours + (1 if f.kind == GANG and f.size == 4 else 0)
        if fours == 1:
            out.append("the pending revolution never takes effect, because the fight ended in its round (BD-7.4)")
        if f.wolf >= 0 and any(q != p and before.hands[q] >> f.wolf & 1 for q in range(n)):
            out.append("nobody may steal the Wolf after a formation that ends the fight (BD-6.7)")
        out.append(
            f"the final gong begins: each loser, clockwise from player {after.turn}, may box "
            f"{f.text} once or pass (BD-8.3)"
        )
        rev = before.fight.revolution
        if f.nobox[rev]:
            if f.fist[rev]:
                out.append(
                    f"{f.text} is a fist formation and can never be boxed, so every loser can only pass (BD-5.9)"
                )
            else:
                out.append(
                    "a Solo Donko card placed in a revolution can never be boxed, so every loser can only "
                    "pass (BD-5.10)"
                )
        return out
    window = after.wolfsblut
    if window is not None and before.phase != WOLFSBLUT:
        out.append(f"player {after.turn} holds {C.CODES[window.formation.wolf]} and may steal the Wolf (BD-6.5)")
    if after.phase == PLAY and after.round.current is None:
        gained = control_gained(before, p, action)
        if action == DUCK:
            out.append(
                f"everybody else has ducked: the round ends and player {gained} controls as the owner "
                f"(BD-5.8 b, BD-5.12)"
            )
        else:
            boxed = (before.wolfsblut.verb if before.wolfsblut is not None else _verb(action)) == BOX
            out.append(f"the round ends and player {gained} controls ({'BD-5.8 a' if boxed else 'BD-5.8 c'}, BD-5.12)")
        if gained != after.round.owner:
            out.append(
                f"he holds only the Wolf, so player {after.round.owner} opens instead and becomes controller (BD-6.8)"
            )
        if after.fight.revolution != before.fight.revolution:
            out.append(
                f"exactly one 4-card Gäng was placed in the round: the revolution "
                f"{'begins' if after.fight.revolution else 'ends'} (BD-7.3)"
            )
        if before.fight.wolf_rest >= 2 or (action == STEAL and after.fight.wolf_rest == 1):
            out.append("the stolen Wolf sits out the whole round that begins now (BD-6.6)")
        elif before.fight.wolf_rest == 1 and after.fight.wolf_rest == 0:
            out.append("the stolen Wolf has rested its round and can be placed again (BD-6.6)")
    if after.round.ring and not before.round.ring and after.round.current is not None:
        out.append("three entries in a row rose by one, so a Schlagring is active (BD-7.6) until the round ends")
    return out


def _verb(action: Action) -> int:
    return action.verb if isinstance(action, Place) else OPEN


def _log_since(before: State, after: State) -> tuple[Settled, ...]:
    """The fight-log entries (settled losers) written between ``before`` and ``after``, oldest first."""
    return after.match.log[len(before.match.log) :]


def _settlement_events(before: State, after: State, hands: tuple[int, ...], action: Action) -> list[str]:
    """The end of the gong and every loser settled (or begun) in this step (BD-8.5, BD-9)."""
    out: list[str] = []
    if before.phase == GONG and after.phase != GONG:
        out.append("the final gong is over and the settlement begins (BD-8.5)")
    schlaeger, counted = before.standing.schlaeger, before.standing.counted
    current = -1
    left: tuple[int, ...] = ()
    power = done = 0
    if before.phase == KNOCKOUT and isinstance(action, Pick):
        # this decision knocked out one of his Schläger (DP-8); the chain goes on after it
        settle = settling(before)
        current = settle.loser
        left = tuple([h for h in schlaeger[current] if h != action.value])
        power = settle.power - action.value
        done = len(settle.knocked) + 1
    for entry in _log_since(before, after):
        q = entry.loser
        if q == current:
            out += _knockouts(q, left, False, power, entry.knocked_out[done:])
        else:
            out += _settle_start(before, hands, q, entry.schlagkraft)
            out += _knockouts(q, schlaeger[q], counted[q], entry.schlagkraft, entry.knocked_out)
        out += _leftover(q, entry)
    if after.phase == KNOCKOUT:
        settle = settling(after)
        q = settle.loser
        if q == current:
            out += _knockouts(q, left, False, power, settle.knocked[done:])
        else:
            out += _settle_start(before, hands, q, settle.start)
            out += _knockouts(q, schlaeger[q], counted[q], settle.start, settle.knocked)
        out.append(
            f"the Bronko chooses a Schläger of player {q} to knock out (BD-9.4) with the Schlagkraft left, "
            f"{settle.power}: any one it can pay for (BD-9.4 c, DP-8)"
        )
    elif after.phase == ORDER:
        settle = settling(after)
        out.append(
            f"the Bronko of the fight, player {settle.winner}, chooses which loser to settle next, "
            f"player {_names(settle.todo).replace(' and ', ' or ')} (BD-9.1)"
        )
    return out


def _settle_start(before: State, hands: tuple[int, ...], q: int, power: int) -> list[str]:
    """Schlagkraft (BD-9.2) and the Flucht of the Donko (BD-9.3) of loser ``q``."""
    if vest_off(before.fight):
        out = [
            f"player {q}'s Schlagkraft is {power}: the damage in his hand, {power // 2}, doubled because the "
            f"vest is off (BD-9.2, BD-7.11)"
        ]
    else:
        out = [f"player {q}'s Schlagkraft is {power}, the damage in his hand (BD-9.2)"]
    flucht = before.standing.flucht
    if q == before.standing.donko and power == 0:
        if not hands[q]:
            out.append("as the Donko who emptied his hand in the final gong he takes no Fluchtkarte (BD-9.3)")
        elif flucht < 3:
            out.append(
                f"as the Donko holding no star card he takes a Fluchtkarte from the centre, now "
                f"{_plural(flucht + 1, 'Fluchtkarte')} (BD-9.3)"
            )
        else:
            out.append("as the Donko holding no star card with 3 Fluchtkarten already, he escapes (BD-9.3)")
    return out


def _knockouts(q: int, schlaeger: tuple[int, ...], counted: bool, power: int, knocked: tuple[int, ...]) -> list[str]:
    """The knock-outs ``knocked`` made automatically against loser ``q`` (BD-9.4 b/c, BD-9.5), replayed from his
    Schläger, his angezählt mark and the Schlagkraft ``power`` before them (after a DP-8 choice: after it)."""
    out = []
    left = list(schlaeger)
    for hp in knocked:
        if counted and left[0] <= power:
            out.append(f"player {q}'s angezählt Schläger {hp} is knocked out first (BD-9.4 b)")
            power -= hp
        elif counted:  # unaffordable: it blocks every other knock-out, then goes as leftover
            out.append(
                f"player {q}'s angezählt Schläger {hp} costs more than the Schlagkraft left, {power}, so "
                f"nothing else may be knocked out (BD-9.4 b); it was angezählt already, so the leftover "
                f"knocks it out (BD-9.5)"
            )
            power = 0
        else:
            out.append(
                f"player {q}'s Schläger {hp} is knocked out, the only one the Schlagkraft left ({power}) "
                f"can pay for (BD-9.4 c)"
            )
            power -= hp
        counted = False
        left.remove(hp)
    return out


def _leftover(q: int, entry: Settled) -> list[str]:
    """What the leftover did to loser ``q`` when his settlement ended with a new angezählt mark (BD-9.5)."""
    if entry.counted is not None:
        return [
            f"Schlagkraft is left over, so player {q}'s weakest Schläger {entry.counted} becomes angezählt (BD-9.5)"
        ]
    if entry.schlagkraft == 0:
        return [f"with Schlagkraft 0 nothing is knocked out of player {q} (BD-9.4)"]
    return []


def _hands_at_settlement(before: State, p: int, action: Action) -> tuple[int, ...]:
    """The hands as the settlement finds them: after the final gong, this decision's box included."""
    hands = before.hands
    if before.phase == GONG and isinstance(action, Place):
        return tuple([h & ~_placed(action).req if q == p else h for q, h in enumerate(hands)])
    return hands


def _departure(before: State, after: State, p: int, action: Action, gone: int) -> tuple[str, str] | None:
    """Why the Donko gives up the Donko-Haufen after this fight (BD-10.3 a-d), or None (BD-10.4)."""
    d = before.standing.donko
    settle = settling(before)
    if before.fight.donko_at_start < 0 or d < 0:
        return None
    if d == settle.winner:
        return "won the fight", "BD-10.3 a"
    if not _hands_at_settlement(before, p, action)[d]:
        return "emptied his hand in the final gong", "BD-8.4, BD-10.3 c"
    escaped_now = (
        any(e.loser == d and e.schlagkraft == 0 for e in _log_since(before, after)) and before.standing.flucht >= 3
    )
    if settle.escaped or escaped_now:
        return "escaped with his fourth Flucht", "BD-9.3, BD-10.3 b"
    if gone >> d & 1:
        return "is out of the game", "BD-10.3 d"
    return None


def _after_settlement(rules: BronkoDonkoRules, before: State, after: State, p: int, action: Action) -> list[str]:
    """Eliminations (BD-11.1) and the Donko-Haufen (BD-10) once every loser is settled."""
    out: list[str] = []
    new_game = after.match.game != before.match.game
    alive_after = after.match.results[-1].alive if new_game else after.standing.alive
    gone = before.standing.alive & ~alive_after
    if before.phase != HAUFEN:
        out.append("the fight is settled (BD-9)")
    for q in _seats(gone, rules.players):
        out.append(f"player {q} has no Schläger left and is out of the game (BD-9.6, BD-11.1)")
    if new_game:
        return out  # one player left: no Donko-Haufen movement (BD-10.1)
    winner = settling(before).winner
    d = before.standing.donko
    if before.phase != HAUFEN:
        why = _departure(before, after, p, action, gone)
        if why is not None:
            if not (before.phase == GONG and p == d and isinstance(action, Place) and "BD-10.3 c" in why[1]):
                # (an emptying gong box says so itself: BD-8.4)
                out.append(f"the Donko, player {d}, {why[0]} and gives up the Donko-Haufen ({why[1]})")
            k = before.standing.flucht
            if k:
                out.append(f"his {_plural(k, 'Fluchtkarte')} return{'s' if k == 1 else ''} to the centre (BD-10.5)")
    if after.phase == HAUFEN:
        ties = settling(after).ties
        if after.fight.donko_at_start < 0:
            out.append(
                f"players {_names(ties)} tie for the Donko-Haufen on damage suffered and cards in hand: "
                f"the Bronko of the fight, player {winner}, chooses (BD-10.2, DP-9)"
            )
        else:
            out.append(
                f"players {_names(ties)} tie for the Donko-Haufen on damage suffered and cards in hand: "
                f"the departing Donko, player {d}, chooses (BD-10.3, DP-10)"
            )
        return out
    picked = isinstance(action, Pick) and action.word == "donko"
    donko_after = after.standing.donko
    if donko_after < 0 and after.standing.bronko < 0 and before.standing.bronko >= 0:
        out.append(
            f"with two players left the Donko-Haufen would go to the Bronko-Blut holder, player {winner}: "
            f"both return to the centre (BD-10.6), and the next fight starts like a first fight"
        )
    elif donko_after != d and not picked:
        if before.fight.donko_at_start < 0:
            out.append(
                f"player {donko_after} takes the Donko-Haufen (BD-10.2), as the loser who suffered the most "
                f"damage (ties: more cards in hand)"
            )
        else:
            out.append(
                f"player {donko_after} takes the Donko-Haufen (BD-10.3), as the player who suffered the most "
                f"damage (ties: more cards in hand)"
            )
    return out


def _new_fight(rules: BronkoDonkoRules, after: State) -> list[str]:
    """The deal of the next fight and what follows automatically: the betrayal's forced cards, the opener."""
    seats = _seats(after.standing.alive, rules.players)
    per = 10 if len(seats) <= 3 else 8
    d, b = after.standing.donko, after.standing.bronko
    dealer = d if d >= 0 else seats[0]
    out = [f"fight {after.fight.number} begins (BD-4.3): player {dealer} deals {per} cards to each player"]
    if after.phase == GIVE:
        out.append(
            f"the Donko, player {d}, chooses which two of his strongest cards to give the Bronko, "
            f"player {b} (BD-10.7 a, DP-1)"
        )
    elif after.phase == RETURN:
        out.append(
            f"the Donko, player {d}, gives his two strongest cards, {C.codes(after.fight.public)}, to the "
            f"Bronko, player {b} (BD-10.7 a)"
        )
    elif after.phase == PLAY and after.fight.required >= 0:
        out.append(
            f"player {after.turn} holds {C.CODES[after.fight.required]}, the weakest card in play, and opens "
            f"with a formation containing it (BD-4.3 step 6)"
        )
    return out


# ---------------------------------------------------------------------------


def describe(rules: BronkoDonkoRules, before: State, seat: int | None, action: Action, after: State) -> str:
    """One sentence: the decision ``action`` of ``seat`` and what followed from it, read from the two states."""
    p = before.turn if seat is None else seat
    rev = before.fight.revolution
    if isinstance(action, Place):
        f = _placed(action)
        emptied = not before.hands[p] & ~f.req
        current = before.round.current
        if before.phase == GONG:
            text = f"Player {p} boxes the final formation with {_formation(f, rev)} in the final gong (BD-8.3)"
            if emptied:
                text += (
                    ", emptying his hand: as the Donko he sheds the Donko-Haufen (BD-8.4)"
                    if p == before.standing.donko
                    else ", emptying his hand: his Schlagkraft is 0 (BD-8.4)"
                )
        elif action.verb == OPEN or current is None:
            text = f"Player {p} opens with {_formation(f, rev)} (BD-5.6)"
        elif action.verb != BOX:
            text = f"Player {p} beats {current.text} with {_formation(f, rev)} (BD-5.7)"
        else:  # the fight ends, or the round
            text = (
                f"Player {p} boxes {current.text} with {_formation(f, rev)} (BD-5.7, "
                f"{'BD-5.8 d' if emptied else 'BD-5.8 a'})"
            )
        if f.wolf >= 0:
            text += f", the Wolf declared as {C.CODES[f.wolf]} (BD-5.2)"
    elif action == DUCK:
        text = f"Player {p} ducks and is out of this round (BD-5.7)"
    elif action == PASS:
        text = f"Player {p} passes in the final gong (BD-8.3)"
    elif action == STEAL:
        assert before.wolfsblut is not None
        wolf = C.CODES[before.wolfsblut.formation.wolf]
        text = (
            f"Player {p} steals the Wolf: his real {wolf} takes its place in the formation and the Wolf goes "
            f"into his hand (BD-6.5); it rests for the rest of this round and the whole next round (BD-6.6)"
        )
    elif action == DECLINE:
        text = f"Player {p} lets the Wolf be (BD-6.5)"
    elif isinstance(action, Hand2) and action.word == "give":
        text = f"The Donko, player {p}, gives {C.codes(action.cards)} to the Bronko (BD-10.7 a)"
    elif isinstance(action, Hand2):
        text = (
            f"The Bronko, player {p}, hands back {C.codes(action.cards)}; the Donko, player "
            f"{before.standing.donko}, opens the first round (BD-10.7 b, BD-10.8)"
        )
    elif isinstance(action, Pick) and action.word == "settle":
        text = f"The Bronko settles player {action.value} next (BD-9.1)"
    elif isinstance(action, Pick) and action.word == "knock":
        text = f"The Bronko knocks out player {settling(before).loser}'s Schläger {action.value} (BD-9.4 c)"
    else:
        assert isinstance(action, Pick)  # donko N
        if before.fight.donko_at_start < 0:
            text = (
                f"Player {action.value} gets the Donko-Haufen, chosen among the tied by the Bronko of the fight "
                f"(BD-10.2, DP-9)"
            )
        else:
            text = (
                f"Player {action.value} gets the Donko-Haufen, chosen among the tied by the departing Donko "
                f"(BD-10.3, DP-10)"
            )
    more = _consequences(rules, before, after, p, action)
    return text + ("; " + "; ".join(more) if more else "") + "."


def _cards(parts: list[str | Face], codes: list[str]) -> None:
    """Append the cards ``codes`` one space apart, each a :class:`Face` whose text is its code."""
    for i, code in enumerate(codes):
        if i:
            parts.append(" ")
        parts.append(Face(code, code))


def _hand(parts: list[str | Face], hand: int, hidden: int) -> None:
    """Append a hand as render prints it between its brackets: the cards shown, weakest first, each a Face
    (``Ro5``), then the cards the viewer may not see as one back, ``Face(None, "+6 hidden", 6)``."""
    _cards(parts, [C.CODES[c] for c in sorted(C.cards_of(hand), key=C.sort_key)])
    if hidden:
        if hand:
            parts.append(" ")
        parts.append(Face(None, f"+{hidden} hidden", hidden))


def _joined(parts: list[str | Face]) -> Line:
    """The parts with neighbouring texts joined and empty texts left out."""
    out: list[str | Face] = []
    for part in parts:
        if isinstance(part, str):
            if not part:
                continue
            if out:
                prev = out[-1]
                if isinstance(prev, str):
                    out[-1] = prev + part
                    continue
        out.append(part)
    return tuple(out)


def layout(rules: BronkoDonkoRules, state: State, viewer: int | None = None) -> tuple[Line, ...]:
    """The table as lines of text and cards: the match, the tokens, the current formation and every seat
    (with ``viewer``, only what that player may see: BD-4.5, BD-7.11).

    The cards of the current (or final) formation and of the hands are :class:`Face` parts whose code
    is the card code of action texts and ``game.hand`` (``Ro5``, ``Kose``, ``Wolf``; a placed Wolf
    ``Wolf=Ge6``), printed as that code. The cards of a hand the viewer may not see are one
    ``Face(None, "+6 hidden", 6)``. Everything else (``the stolen Wolf rests`` too) is text; joined,
    the parts are the text ``render`` prints.
    """
    s = state if viewer is None else rules.view(state, viewer)
    n = rules.players
    removers = _seats(vest_removers(s.fight), n)
    vest = f", vest off (player{'s' if len(removers) > 1 else ''} {_names(removers)})" if removers else ", vest on"
    m, standing, fight, rnd = s.match, s.standing, s.fight, s.round
    in_round = s.phase in (PLAY, WOLFSBLUT, GONG)
    lines: list[Line] = [
        (
            f"Bronko-Donko, game {min(m.game + 1, m.games)}/{m.games}, fight {fight.number}: {PHASE_NAMES[s.phase]}"
            + ("" if s.phase == OVER else f", player {s.turn} to act")
            + (", REVOLUTION" if fight.revolution else "")
            + (", Schlagring" if rnd.ring and s.phase == PLAY else "")
            + vest
            + (", the stolen Wolf rests" if fight.wolf_rest and in_round else ""),
        ),
        (
            f"Bronko-Blut: {standing.bronko if standing.bronko >= 0 else 'centre'}; Donko-Haufen: "
            f"{standing.donko if standing.donko >= 0 else 'centre'} (Fluchtkarten {standing.flucht}); "
            f"Orden {list(m.orden)}",
        ),
    ]
    current = rnd.current
    if current is not None and in_round:
        label = "final formation" if s.phase == GONG else "current"
        parts: list[str | Face] = [f"{label}: "]
        _cards(parts, [("Wolf=" if c == current.wolf else "") + C.CODES[c] for c in current.members()])
        parts.append(f" by player {rnd.owner} (strength {current.strength[fight.revolution]})")
        lines.append(_joined(parts))
    for q in range(n):
        marked = standing.counted[q]  # the weakest is angezählt (BD-9.5)
        sl = " ".join(f"{h}{'*' if marked and i == 0 else ''}" for i, h in enumerate(standing.schlaeger[q]))
        if not standing.alive >> q & 1:
            lines.append((f"  {q}: out of the game",))
            continue
        parts = [f"  {q}: ["]
        _hand(parts, s.hands[q], s.hidden[q] if s.hidden else 0)
        marks = "ducked " if rnd.ducked >> q & 1 and s.phase == PLAY else ""
        parts.append(f"] {marks}Schläger {sl}")
        lines.append(_joined(parts))
    return tuple(lines)
