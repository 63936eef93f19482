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

from ..core.facts import ActionParts, words
from ..core.game import Action, Face, Line, line, player_name, seat_numbers, sentence
from ..core.i18n import N_, Catalog
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
    VERBS,
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

_, ngettext = Catalog("bronko_donko").functions()


def _formation(f: Formation, rev: bool) -> str:
    if f.fist[rev]:
        text = _("{formation} ({kind}, size {size}, strength {strength}, fist)")
    else:
        text = _("{formation} ({kind}, size {size}, strength {strength})")
    return text.format(formation=f.text, kind=f.kind_name, size=f.size, strength=f.strength[rev])


def _seats(mask: int, n: int) -> list[int]:
    return [q for q in range(n) if mask >> q & 1]


def _alternatives(seats: list[int] | tuple[int, ...]) -> str:
    """Seat numbers to choose from, counting from 1: ``1``, ``1 or 2``, ``1, 2 or 3``."""
    names = [str(q + 1) for q in seats]
    if len(names) == 1:
        return names[0]
    return _("{seats} or {last}").format(seats=", ".join(names[:-1]), last=names[-1])


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
        out.append(
            _("{player} is the last player standing and wins the game and a Bronko-Orden (BD-11.2)").format(
                player=player_name(winner)
            )
        )
        if after.phase == OVER:
            orden = after.match.orden
            top = max(orden)
            best = [q for q in range(rules.players) if orden[q] == top]
            if len(best) == 1:
                text = _("the match is over (BD-11.3): Orden {orden}, {player} wins the match (BD-11.4)")
            else:
                text = _("the match is over (BD-11.3): Orden {orden}, players {players} share the match win (BD-11.4)")
            out.append(text.format(orden=list(orden), player=player_name(best[0]), players=seat_numbers(best)))
            return out
        out.append(_("a new game begins (BD-4.2): every player re-enters with all 8 Schläger"))
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
                ngettext(
                    "{player} took off his own vest too: his hand is public as well; the Weste-Aus card is "
                    "already off (player {others} took off theirs first), so every loser's Schlagkraft is still "
                    "doubled only once (BD-7.10, BD-7.11)",
                    "{player} took off his own vest too: his hand is public as well; the Weste-Aus card is "
                    "already off (players {others} took off theirs first), so every loser's Schlagkraft is still "
                    "doubled only once (BD-7.10, BD-7.11)",
                    len(others),
                ).format(player=player_name(p), others=seat_numbers(others))
            )
        else:
            out.append(
                _(
                    "{player} took off the vest: the Weste-Aus card turns to off, his hand is public until "
                    "the fight ends, and every loser's Schlagkraft will be doubled (BD-7.10, BD-7.11)"
                ).format(player=player_name(p))
            )
    if after.phase == GONG and before.phase == PLAY:
        f = _placed(action)
        out.append(
            _("{player} emptied his hand: he is the Bronko of the fight and takes the Bronko-Blut (BD-8.1)").format(
                player=player_name(p)
            )
        )
        fours = before.round.fours + (1 if f.kind == GANG and f.size == 4 else 0)
        if fours == 1:
            out.append(_("the pending revolution never takes effect, because the fight ended in its round (BD-7.4)"))
        if f.wolf >= 0 and any(q != p and before.hands[q] >> f.wolf & 1 for q in range(n)):
            out.append(_("nobody may steal the Wolf after a formation that ends the fight (BD-6.7)"))
        out.append(
            _(
                "the final gong begins: each loser, clockwise from {player}, may box {formation} once or pass (BD-8.3)"
            ).format(player=player_name(after.turn), formation=f.text)
        )
        rev = before.fight.revolution
        if f.nobox[rev]:
            if f.fist[rev]:
                out.append(
                    _(
                        "{formation} is a fist formation and can never be boxed, so every loser can only pass (BD-5.9)"
                    ).format(formation=f.text)
                )
            else:
                out.append(
                    _(
                        "a Solo Donko card placed in a revolution can never be boxed, so every loser can only "
                        "pass (BD-5.10)"
                    )
                )
        return out
    window = after.wolfsblut
    if window is not None and before.phase != WOLFSBLUT:
        out.append(
            _("{player} holds {card} and may steal the Wolf (BD-6.5)").format(
                player=player_name(after.turn), card=C.CODES[window.formation.wolf]
            )
        )
    if after.phase == PLAY and after.round.current is None:
        gained = control_gained(before, p, action)
        if action == DUCK:
            text = _("everybody else has ducked: the round ends and {player} controls as the owner (BD-5.8 b, BD-5.12)")
        elif (before.wolfsblut.verb if before.wolfsblut is not None else _verb(action)) == BOX:
            text = _("the round ends and {player} controls (BD-5.8 a, BD-5.12)")
        else:
            text = _("the round ends and {player} controls (BD-5.8 c, BD-5.12)")
        out.append(text.format(player=player_name(gained)))
        if gained != after.round.owner:
            out.append(
                _("he holds only the Wolf, so {player} opens instead and becomes controller (BD-6.8)").format(
                    player=player_name(after.round.owner)
                )
            )
        if after.fight.revolution != before.fight.revolution:
            if after.fight.revolution:
                out.append(_("exactly one 4-card Gäng was placed in the round: the revolution begins (BD-7.3)"))
            else:
                out.append(_("exactly one 4-card Gäng was placed in the round: the revolution ends (BD-7.3)"))
        if before.fight.wolf_rest >= 2 or (action == STEAL and after.fight.wolf_rest == 1):
            out.append(_("the stolen Wolf sits out the whole round that begins now (BD-6.6)"))
        elif before.fight.wolf_rest == 1 and after.fight.wolf_rest == 0:
            out.append(_("the stolen Wolf has rested its round and can be placed again (BD-6.6)"))
    if after.round.ring and not before.round.ring and after.round.current is not None:
        out.append(_("three entries in a row rose by one, so a Schlagring is active (BD-7.6) until the round ends"))
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
        out.append(_("the final gong is over and the settlement begins (BD-8.5)"))
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
            _(
                "the Bronko chooses a Schläger of {player} to knock out (BD-9.4) with the Schlagkraft left, "
                "{power}: any one it can pay for (BD-9.4 c, DP-8)"
            ).format(player=player_name(q), power=settle.power)
        )
    elif after.phase == ORDER:
        settle = settling(after)
        out.append(
            _("the Bronko of the fight, {bronko}, chooses which loser to settle next, player {losers} (BD-9.1)").format(
                bronko=player_name(settle.winner), losers=_alternatives(settle.todo)
            )
        )
    return out


def _settle_start(before: State, hands: tuple[int, ...], q: int, power: int) -> list[str]:
    """Schlagkraft (BD-9.2) and the Flucht of the Donko (BD-9.3) of loser ``q``."""
    if vest_off(before.fight):
        out = [
            _(
                "{player}'s Schlagkraft is {power}: the damage in his hand, {damage}, doubled because the "
                "vest is off (BD-9.2, BD-7.11)"
            ).format(player=player_name(q), power=power, damage=power // 2)
        ]
    else:
        out = [
            _("{player}'s Schlagkraft is {power}, the damage in his hand (BD-9.2)").format(
                player=player_name(q), power=power
            )
        ]
    flucht = before.standing.flucht
    if q == before.standing.donko and power == 0:
        if not hands[q]:
            out.append(_("as the Donko who emptied his hand in the final gong he takes no Fluchtkarte (BD-9.3)"))
        elif flucht < 3:
            out.append(
                ngettext(
                    "as the Donko holding no star card he takes a Fluchtkarte from the centre, now {n} Fluchtkarte "
                    "(BD-9.3)",
                    "as the Donko holding no star card he takes a Fluchtkarte from the centre, now {n} Fluchtkarten "
                    "(BD-9.3)",
                    flucht + 1,
                ).format(n=flucht + 1)
            )
        else:
            out.append(_("as the Donko holding no star card with 3 Fluchtkarten already, he escapes (BD-9.3)"))
    return out


def _knockouts(q: int, schlaeger: tuple[int, ...], counted: bool, power: int, knocked: tuple[int, ...]) -> list[str]:
    """The knock-outs ``knocked`` made automatically against loser ``q`` (BD-9.4 b/c, BD-9.5), replayed from his
    Schläger, his angezählt mark and the Schlagkraft ``power`` before them (after a DP-8 choice: after it)."""
    out = []
    left = list(schlaeger)
    for hp in knocked:
        if counted and left[0] <= power:
            out.append(
                _("{player}'s angezählt Schläger {hp} is knocked out first (BD-9.4 b)").format(
                    player=player_name(q), hp=hp
                )
            )
            power -= hp
        elif counted:  # unaffordable: it blocks every other knock-out, then goes as leftover
            out.append(
                _(
                    "{player}'s angezählt Schläger {hp} costs more than the Schlagkraft left, {power}, so "
                    "nothing else may be knocked out (BD-9.4 b); it was angezählt already, so the leftover "
                    "knocks it out (BD-9.5)"
                ).format(player=player_name(q), hp=hp, power=power)
            )
            power = 0
        else:
            out.append(
                _(
                    "{player}'s Schläger {hp} is knocked out, the only one the Schlagkraft left ({power}) "
                    "can pay for (BD-9.4 c)"
                ).format(player=player_name(q), hp=hp, power=power)
            )
            power -= hp
        counted = False
        left.remove(hp)
    return out


def _leftover(q: int, entry: Settled) -> list[str]:
    """What the leftover did to loser ``q`` when his settlement ended with a new angezählt mark (BD-9.5)."""
    if entry.counted is not None:
        return [
            _("Schlagkraft is left over, so {player}'s weakest Schläger {hp} becomes angezählt (BD-9.5)").format(
                player=player_name(q), hp=entry.counted
            )
        ]
    if entry.schlagkraft == 0:
        return [_("with Schlagkraft 0 nothing is knocked out of {player} (BD-9.4)").format(player=player_name(q))]
    return []


def _hands_at_settlement(before: State, p: int, action: Action) -> tuple[int, ...]:
    """The hands as the settlement finds them: after the final gong, this decision's box included."""
    hands = before.hands
    if before.phase == GONG and isinstance(action, Place):
        return tuple([h & ~_placed(action).req if q == p else h for q, h in enumerate(hands)])
    return hands


def _departure(before: State, after: State, p: int, action: Action, gone: int) -> tuple[str, str] | None:
    """Why the Donko gives up the Donko-Haufen after this fight (BD-10.3 a-d), or None (BD-10.4): the sentence
    (a message to translate, with the field ``{player}``, the Donko) and its clauses."""
    d = before.standing.donko
    settle = settling(before)
    if before.fight.donko_at_start < 0 or d < 0:
        return None
    if d == settle.winner:
        return N_("the Donko, {player}, won the fight and gives up the Donko-Haufen (BD-10.3 a)"), "BD-10.3 a"
    if not _hands_at_settlement(before, p, action)[d]:
        return (
            N_(
                "the Donko, {player}, emptied his hand in the final gong and gives up the Donko-Haufen "
                "(BD-8.4, BD-10.3 c)"
            ),
            "BD-8.4, BD-10.3 c",
        )
    escaped_now = (
        any(e.loser == d and e.schlagkraft == 0 for e in _log_since(before, after)) and before.standing.flucht >= 3
    )
    if settle.escaped or escaped_now:
        return (
            N_("the Donko, {player}, escaped with his fourth Flucht and gives up the Donko-Haufen (BD-9.3, BD-10.3 b)"),
            "BD-9.3, BD-10.3 b",
        )
    if gone >> d & 1:
        return N_("the Donko, {player}, is out of the game and gives up the Donko-Haufen (BD-10.3 d)"), "BD-10.3 d"
    return None


def _after_settlement(rules: BronkoDonkoRules, before: State, after: State, p: int, action: Action) -> list[str]:
    """Eliminations (BD-11.1) and the Donko-Haufen (BD-10) once every loser is settled."""
    out: list[str] = []
    new_game = after.match.game != before.match.game
    alive_after = after.match.results[-1].alive if new_game else after.standing.alive
    gone = before.standing.alive & ~alive_after
    if before.phase != HAUFEN:
        out.append(_("the fight is settled (BD-9)"))
    for q in _seats(gone, rules.players):
        out.append(
            _("{player} has no Schläger left and is out of the game (BD-9.6, BD-11.1)").format(player=player_name(q))
        )
    if new_game:
        return out  # one player left: no Donko-Haufen movement (BD-10.1)
    winner = settling(before).winner
    d = before.standing.donko
    if before.phase != HAUFEN:
        why = _departure(before, after, p, action, gone)
        if why is not None:
            if not (before.phase == GONG and p == d and isinstance(action, Place) and "BD-10.3 c" in why[1]):
                # (an emptying gong box says so itself: BD-8.4)
                out.append(_(why[0]).format(player=player_name(d)))
            k = before.standing.flucht
            if k:
                out.append(
                    ngettext(
                        "his {n} Fluchtkarte returns to the centre (BD-10.5)",
                        "his {n} Fluchtkarten return to the centre (BD-10.5)",
                        k,
                    ).format(n=k)
                )
    if after.phase == HAUFEN:
        ties = settling(after).ties
        if after.fight.donko_at_start < 0:
            text = _(
                "players {players} tie for the Donko-Haufen on damage suffered and cards in hand: "
                "the Bronko of the fight, {bronko}, chooses (BD-10.2, DP-9)"
            )
        else:
            text = _(
                "players {players} tie for the Donko-Haufen on damage suffered and cards in hand: "
                "the departing Donko, {donko}, chooses (BD-10.3, DP-10)"
            )
        out.append(text.format(players=seat_numbers(ties), bronko=player_name(winner), donko=player_name(d)))
        return out
    picked = isinstance(action, Pick) and action.word == "donko"
    donko_after = after.standing.donko
    if donko_after < 0 and after.standing.bronko < 0 and before.standing.bronko >= 0:
        out.append(
            _(
                "with two players left the Donko-Haufen would go to the Bronko-Blut holder, {player}: "
                "both return to the centre (BD-10.6), and the next fight starts like a first fight"
            ).format(player=player_name(winner))
        )
    elif donko_after != d and not picked:
        if before.fight.donko_at_start < 0:
            text = _(
                "{player} takes the Donko-Haufen (BD-10.2), as the loser who suffered the most "
                "damage (ties: more cards in hand)"
            )
        else:
            text = _(
                "{player} takes the Donko-Haufen (BD-10.3), as the player who suffered the most "
                "damage (ties: more cards in hand)"
            )
        out.append(text.format(player=player_name(donko_after)))
    return out


def _new_fight(rules: BronkoDonkoRules, after: State) -> list[str]:
    """The deal of the next fight and what follows automatically: the betrayal's forced cards, the opener."""
    seats = _seats(after.standing.alive, rules.players)
    per = 10 if len(seats) <= 3 else 8
    d, b = after.standing.donko, after.standing.bronko
    dealer = d if d >= 0 else seats[0]
    out = [
        _("fight {fight} begins (BD-4.3): {dealer} deals {per} cards to each player").format(
            fight=after.fight.number, dealer=player_name(dealer), per=per
        )
    ]
    if after.phase == GIVE:
        out.append(
            _(
                "the Donko, {donko}, chooses which two of his strongest cards to give the Bronko, "
                "{bronko} (BD-10.7 a, DP-1)"
            ).format(donko=player_name(d), bronko=player_name(b))
        )
    elif after.phase == RETURN:
        out.append(
            _("the Donko, {donko}, gives his two strongest cards, {cards}, to the Bronko, {bronko} (BD-10.7 a)").format(
                donko=player_name(d), cards=C.codes(after.fight.public), bronko=player_name(b)
            )
        )
    elif after.phase == PLAY and after.fight.required >= 0:
        out.append(
            _(
                "{player} holds {card}, the weakest card in play, and opens "
                "with a formation containing it (BD-4.3 step 6)"
            ).format(player=player_name(after.turn), card=C.CODES[after.fight.required])
        )
    return out


# ---------------------------------------------------------------------------


# the sentence of a placement by its kind, without and with a declared Wolf (BD-5.2): every variant a whole
# sentence, since German orders its parts differently
PLACED: dict[str, tuple[str, str]] = {
    "gong": (
        N_("{player} boxes the final formation with {formation} in the final gong (BD-8.3)"),
        N_(
            "{player} boxes the final formation with {formation} in the final gong (BD-8.3), the Wolf "
            "declared as {wolf} (BD-5.2)"
        ),
    ),
    "gong donko": (
        N_(
            "{player} boxes the final formation with {formation} in the final gong (BD-8.3), emptying his "
            "hand: as the Donko he sheds the Donko-Haufen (BD-8.4)"
        ),
        N_(
            "{player} boxes the final formation with {formation} in the final gong (BD-8.3), emptying his "
            "hand: as the Donko he sheds the Donko-Haufen (BD-8.4), the Wolf declared as {wolf} (BD-5.2)"
        ),
    ),
    "gong emptied": (
        N_(
            "{player} boxes the final formation with {formation} in the final gong (BD-8.3), emptying his "
            "hand: his Schlagkraft is 0 (BD-8.4)"
        ),
        N_(
            "{player} boxes the final formation with {formation} in the final gong (BD-8.3), emptying his "
            "hand: his Schlagkraft is 0 (BD-8.4), the Wolf declared as {wolf} (BD-5.2)"
        ),
    ),
    "open": (
        N_("{player} opens with {formation} (BD-5.6)"),
        N_("{player} opens with {formation} (BD-5.6), the Wolf declared as {wolf} (BD-5.2)"),
    ),
    "beat": (
        N_("{player} beats {current} with {formation} (BD-5.7)"),
        N_("{player} beats {current} with {formation} (BD-5.7), the Wolf declared as {wolf} (BD-5.2)"),
    ),
    "box": (
        N_("{player} boxes {current} with {formation} (BD-5.7, BD-5.8 a)"),
        N_("{player} boxes {current} with {formation} (BD-5.7, BD-5.8 a), the Wolf declared as {wolf} (BD-5.2)"),
    ),
    "box last": (
        N_("{player} boxes {current} with {formation} (BD-5.7, BD-5.8 d)"),
        N_("{player} boxes {current} with {formation} (BD-5.7, BD-5.8 d), the Wolf declared as {wolf} (BD-5.2)"),
    ),
}


def describe(rules: BronkoDonkoRules, before: State, seat: int | None, action: Action, after: State) -> str:
    """One sentence: the decision ``action`` of ``seat`` and what followed from it, read from the two states."""
    p = before.turn if seat is None else seat
    rev = before.fight.revolution
    if isinstance(action, Place):
        f = _placed(action)
        emptied = not before.hands[p] & ~f.req
        current = before.round.current
        if before.phase == GONG:
            kind = "gong" if not emptied else "gong donko" if p == before.standing.donko else "gong emptied"
        elif action.verb == OPEN or current is None:
            kind = "open"
        elif action.verb != BOX:
            kind = "beat"
        else:  # the fight ends, or the round
            kind = "box last" if emptied else "box"
        text = _(PLACED[kind][f.wolf >= 0]).format(
            player=player_name(p),
            formation=_formation(f, rev),
            current=current.text if current is not None else "",
            wolf=C.CODES[f.wolf] if f.wolf >= 0 else "",
        )
    elif action == DUCK:
        text = _("{player} ducks and is out of this round (BD-5.7)").format(player=player_name(p))
    elif action == PASS:
        text = _("{player} passes in the final gong (BD-8.3)").format(player=player_name(p))
    elif action == STEAL:
        assert before.wolfsblut is not None
        text = _(
            "{player} steals the Wolf: his real {card} takes its place in the formation and the Wolf goes "
            "into his hand (BD-6.5); it rests for the rest of this round and the whole next round (BD-6.6)"
        ).format(player=player_name(p), card=C.CODES[before.wolfsblut.formation.wolf])
    elif action == DECLINE:
        text = _("{player} lets the Wolf be (BD-6.5)").format(player=player_name(p))
    elif isinstance(action, Hand2) and action.word == "give":
        text = _("The Donko, {player}, gives {cards} to the Bronko (BD-10.7 a)").format(
            player=player_name(p), cards=C.codes(action.cards)
        )
    elif isinstance(action, Hand2):
        text = _(
            "The Bronko, {player}, hands back {cards}; the Donko, {donko}, opens the first round (BD-10.7 b, BD-10.8)"
        ).format(player=player_name(p), cards=C.codes(action.cards), donko=player_name(before.standing.donko))
    elif isinstance(action, Pick) and action.word == "settle":
        text = _("The Bronko settles {player} next (BD-9.1)").format(player=player_name(action.value))
    elif isinstance(action, Pick) and action.word == "knock":
        text = _("The Bronko knocks out {player}'s Schläger {hp} (BD-9.4 c)").format(
            player=player_name(settling(before).loser), hp=action.value
        )
    else:
        assert isinstance(action, Pick)  # donko N
        if before.fight.donko_at_start < 0:
            text = _("{player} gets the Donko-Haufen, chosen among the tied by the Bronko of the fight (BD-10.2, DP-9)")
        else:
            text = _("{player} gets the Donko-Haufen, chosen among the tied by the departing Donko (BD-10.3, DP-10)")
        text = text.format(player=player_name(action.value))
    more = _consequences(rules, before, after, p, action)
    return sentence(text + ("; " + "; ".join(more) if more else "") + ".")


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
        parts.append(Face(None, _("+{n} hidden").format(n=hidden), hidden))


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
    m, standing, fight, rnd = s.match, s.standing, s.fight, s.round
    in_round = s.phase in (PLAY, WOLFSBLUT, GONG)
    head = [
        _("Bronko-Donko, game {game}/{games}, fight {fight}: {phase}").format(
            game=min(m.game + 1, m.games),
            games=m.games,
            fight=fight.number,
            phase=_(PHASE_NAMES[s.phase]),
        )
    ]
    if s.phase != OVER:
        head.append(_("{player} to act").format(player=player_name(s.turn)))
    if fight.revolution:
        head.append(_("REVOLUTION"))
    if rnd.ring and s.phase == PLAY:
        head.append("Schlagring")  # the same word in every language
    if removers:
        head.append(
            ngettext("vest off (player {players})", "vest off (players {players})", len(removers)).format(
                players=seat_numbers(removers)
            )
        )
    else:
        head.append(_("vest on"))
    if fight.wolf_rest and in_round:
        head.append(_("the stolen Wolf rests"))
    centre = _("centre")
    lines: list[Line] = [
        (", ".join(head),),
        (
            _("Bronko-Blut: {bronko}; Donko-Haufen: {donko} (Fluchtkarten {flucht}); Orden {orden}").format(
                bronko=player_name(standing.bronko) if standing.bronko >= 0 else centre,
                donko=player_name(standing.donko) if standing.donko >= 0 else centre,
                flucht=standing.flucht,
                orden=list(m.orden),
            ),
        ),
    ]
    current = rnd.current
    if current is not None and in_round:
        if s.phase == GONG:
            text = _("final formation: {cards} by {player} (strength {strength})")
        else:
            text = _("current: {cards} by {player} (strength {strength})")
        # the cards are Faces between the two texts of the sentence
        before_cards, after_cards = text.split("{cards}", 1)
        fields = {"player": player_name(rnd.owner), "strength": current.strength[fight.revolution]}
        parts: list[str | Face] = [before_cards.format(**fields)]
        _cards(parts, [("Wolf=" if c == current.wolf else "") + C.CODES[c] for c in current.members()])
        parts.append(after_cards.format(**fields))
        lines.append(line(parts))
    for q in range(n):
        marked = standing.counted[q]  # the weakest is angezählt (BD-9.5)
        sl = " ".join(f"{h}{'*' if marked and i == 0 else ''}" for i, h in enumerate(standing.schlaeger[q]))
        if not standing.alive >> q & 1:
            lines.append(("  " + _("{seat}: out of the game").format(seat=q + 1),))  # seats counted from 1
            continue
        parts = [f"  {q + 1}: ["]
        _hand(parts, s.hands[q], s.hidden[q] if s.hidden else 0)
        if rnd.ducked >> q & 1 and s.phase == PLAY:
            parts.append("] " + _("ducked Schläger {schlaeger}").format(schlaeger=sl))
        else:
            parts.append("] Schläger " + sl)  # the same word in every language
        lines.append(line(parts))
    return tuple(lines)


def action_parts(action: object) -> ActionParts:
    """An action's verb, words and cards, from its fields (the same words as its text).

    A formation names its cards weakest first, the Wolf as ``Wolf=`` its declared card (the
    hand holds it as ``Wolf``); ``vest-off`` is a word of its own.
    """
    if isinstance(action, Place):
        real = C.cards_of(action.cards)
        items = [(C.sort_key(c), C.CODES[c], C.CODES[c]) for c in real]
        if action.wolf >= 0:
            items.append((C.sort_key(action.wolf), "Wolf=" + C.CODES[action.wolf], C.CODES[C.WOLF]))
        items.sort()
        named = tuple(word for _key, word, _card in items)
        held = tuple(card for _key, _word, card in items)
        return ActionParts(VERBS[action.verb], named + (("vest-off",) if action.vest else ()), named, held)
    if isinstance(action, Hand2):
        given = tuple(C.CODES[c] for c in sorted(C.cards_of(action.cards), key=C.sort_key))
        return ActionParts(action.word, given, given, given)
    if isinstance(action, Pick):
        return words(action.word, action.value)
    return words(str(action))  # duck, pass, steal, decline: a word alone
