"""Sentences and pictures for people: ``facts`` (what a step did, naming its clauses) and
``layout`` (the table as lines of text and cards, which ``game.render`` joins into text).

:func:`facts` tells a step from the states before and after it (nothing is applied again) as
:class:`~cardgames.core.facts.Fact` records: first the decision, then everything that then
happened automatically, each with its clauses: round ends and control, the Wolf trap, the
revolution, the Schlagring, the vest, the stolen Wolf's rest, the end of the fight and the final
gong, and the settlement of every loser settled in the same step (Schlagkraft, Fluchtkarte or
Flucht, forced knock-outs, the angezählt mark), eliminations, the Donko-Haufen, the end of a game
and the next deal.  The game's ``describe`` joins their texts into the step's one sentence.

A fact's ``clauses`` are the clause ids its words write, as a clause id is read in running text
(``BD-5.8 a`` cites BD-5.8, ``BD-4.3 step 6`` cites BD-4.3), with the decision points (``DP-9``)
it names; its ``cards`` are card codes as ``hand`` and ``layout`` write them (a placed Wolf
``Wolf=Ge6``, the Wolf in a hand ``Wolf``).
"""

from __future__ import annotations

from typing import Final

from ..core.facts import ActionParts, Fact, words
from ..core.game import Action, Face, Line, line, per_seat, player_name, seat_numbers, sentence
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


def _codes(f: Formation) -> tuple[str, ...]:
    """A formation's cards as its text and the table write them: weakest first, the Wolf as ``Wolf=`` its card."""
    return tuple([("Wolf=" if c == f.wolf else "") + C.CODES[c] for c in f.members()])


def _mask_codes(mask: int) -> tuple[str, ...]:
    """The cards of a mask as ``C.codes`` writes them, weakest first."""
    return tuple([C.CODES[c] for c in sorted(C.cards_of(mask), key=C.sort_key)])


def _who(*seats: int) -> tuple[int, ...]:
    """The seats a fact concerns, each once, in the order given (the one who acted first)."""
    return tuple(dict.fromkeys(seats))


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


def _consequences(rules: BronkoDonkoRules, before: State, after: State, p: int, action: Action) -> list[Fact]:
    """What happened automatically after the decision, with its clauses, in the order it happened."""
    out: list[Fact] = []
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
        text = _("{player} is the last player standing and wins the game and a Bronko-Orden (BD-11.2)").format(
            player=player_name(winner)
        )
        out.append(Fact("game", text, ("BD-11.2",), (winner,), amounts={"game": after.match.game}))
        if after.phase == OVER:
            orden = after.match.orden
            top = max(orden)
            best = [q for q in range(rules.players) if orden[q] == top]
            if len(best) == 1:
                text = _("the match is over (BD-11.3): Orden ({orden}); {player} wins the match (BD-11.4)")
            else:
                text = _(
                    "the match is over (BD-11.3): Orden ({orden}); players {players} share the match win (BD-11.4)"
                )
            said = text.format(
                orden=per_seat(enumerate(orden)), player=player_name(best[0]), players=seat_numbers(best)
            )
            out.append(Fact("match", said, ("BD-11.3", "BD-11.4"), tuple(best), amounts={"orden": top}))
            return out
        text = _("a new game begins (BD-4.2): every player re-enters with all 8 Schläger")
        seats = tuple(range(rules.players))
        out.append(Fact("new-game", text, ("BD-4.2",), seats, amounts={"game": after.match.game + 1}))
    if new_game or new_fight:
        out += _new_fight(rules, after)
    return out


def _round_events(rules: BronkoDonkoRules, before: State, after: State, p: int, action: Action) -> list[Fact]:
    """A formation, a duck or a Wolfsblut decision in a round (BD-5.7 - BD-5.12, BD-6, BD-7, BD-8.1)."""
    out: list[Fact] = []
    n = rules.players
    if isinstance(action, Place) and action.vest:
        if vest_off(before.fight):
            others = _seats(vest_removers(before.fight), n)
            text = ngettext(
                "{player} took off his own vest too: his hand is public as well; the Weste-Aus card is "
                "already off (player {others} took off theirs first), so every loser's Schlagkraft is still "
                "doubled only once (BD-7.10, BD-7.11)",
                "{player} took off his own vest too: his hand is public as well; the Weste-Aus card is "
                "already off (players {others} took off theirs first), so every loser's Schlagkraft is still "
                "doubled only once (BD-7.10, BD-7.11)",
                len(others),
            ).format(player=player_name(p), others=seat_numbers(others))
            out.append(Fact("vest", text, ("BD-7.10", "BD-7.11"), _who(p, *others)))
        else:
            text = _(
                "{player} took off the vest: the Weste-Aus card turns to off, his hand is public until "
                "the fight ends, and every loser's Schlagkraft will be doubled (BD-7.10, BD-7.11)"
            ).format(player=player_name(p))
            out.append(Fact("vest", text, ("BD-7.10", "BD-7.11"), (p,)))
    if after.phase == GONG and before.phase == PLAY:
        return out + _fight_won(rules, before, after, p, action)
    window = after.wolfsblut
    if window is not None and before.phase != WOLFSBLUT:
        real = C.CODES[window.formation.wolf]
        text = _("{player} holds {card} and may steal the Wolf (BD-6.5)").format(
            player=player_name(after.turn), card=real
        )
        out.append(Fact("wolfsblut", text, ("BD-6.5",), (after.turn,), (real,)))
    if after.phase == PLAY and after.round.current is None:
        out += _round_end(before, after, p, action)
    if after.round.ring and not before.round.ring and after.round.current is not None:
        text = _("three entries in a row rose by one, so a Schlagring is active (BD-7.6) until the round ends")
        out.append(Fact("schlagring", text, ("BD-7.6",)))
    return out


def _fight_won(rules: BronkoDonkoRules, before: State, after: State, p: int, action: Action) -> list[Fact]:
    """A placement that emptied the hand: the Bronko of the fight and the final gong (BD-8.1 - BD-8.3)."""
    f = _placed(action)
    text = _("{player} emptied his hand: he is the Bronko of the fight and takes the Bronko-Blut (BD-8.1)").format(
        player=player_name(p)
    )
    out = [Fact("bronko", text, ("BD-8.1",), (p,))]
    fours = before.round.fours + (1 if f.kind == GANG and f.size == 4 else 0)
    if fours == 1:
        text = _("the pending revolution never takes effect, because the fight ended in its round (BD-7.4)")
        out.append(Fact("revolution", text, ("BD-7.4",)))
    holders = [q for q in range(rules.players) if q != p and before.hands[q] >> f.wolf & 1] if f.wolf >= 0 else []
    if holders:
        text = _("nobody may steal the Wolf after a formation that ends the fight (BD-6.7)")
        out.append(Fact("wolfsblut", text, ("BD-6.7",), tuple(holders)))
    text = _(
        "the final gong begins: each loser, clockwise from {player}, may box {formation} once or pass (BD-8.3)"
    ).format(player=player_name(after.turn), formation=f.text)
    out.append(Fact("gong", text, ("BD-8.3",), (after.turn,), _codes(f)))
    rev = before.fight.revolution
    if f.nobox[rev]:
        if f.fist[rev]:
            text = _(
                "{formation} is a fist formation and can never be boxed, so every loser can only pass (BD-5.9)"
            ).format(formation=f.text)
            out.append(Fact("unboxable", text, ("BD-5.9",), (), _codes(f)))
        else:
            text = _(
                "a Solo Donko card placed in a revolution can never be boxed, so every loser can only pass (BD-5.10)"
            )
            out.append(Fact("unboxable", text, ("BD-5.10",)))
    return out


def _round_end(before: State, after: State, p: int, action: Action) -> list[Fact]:
    """The end of a round: who controls (BD-5.8, BD-5.12, BD-6.8), the revolution (BD-7.3), the Wolf's rest."""
    out: list[Fact] = []
    gained = control_gained(before, p, action)
    if action == DUCK:
        text = _("everybody else has ducked: the round ends and {player} controls as the owner (BD-5.8 b, BD-5.12)")
    elif (before.wolfsblut.verb if before.wolfsblut is not None else _verb(action)) == BOX:
        text = _("the round ends and {player} controls (BD-5.8 a, BD-5.12)")
    else:
        text = _("the round ends and {player} controls (BD-5.8 c, BD-5.12)")
    out.append(Fact("round", text.format(player=player_name(gained)), ("BD-5.8", "BD-5.12"), (gained,)))
    if gained != after.round.owner:
        owner = after.round.owner
        text = _("he holds only the Wolf, so {player} opens instead and becomes controller (BD-6.8)").format(
            player=player_name(owner)
        )
        out.append(Fact("control", text, ("BD-6.8",), (gained, owner), (C.CODES[C.WOLF],)))
    if after.fight.revolution != before.fight.revolution:
        if after.fight.revolution:
            text = _("exactly one 4-card Gäng was placed in the round: the revolution begins (BD-7.3)")
        else:
            text = _("exactly one 4-card Gäng was placed in the round: the revolution ends (BD-7.3)")
        out.append(Fact("revolution", text, ("BD-7.3",)))
    if before.fight.wolf_rest >= 2 or (action == STEAL and after.fight.wolf_rest == 1):
        text = _("the stolen Wolf sits out the whole round that begins now (BD-6.6)")
        out.append(Fact("wolf-rest", text, ("BD-6.6",)))
    elif before.fight.wolf_rest == 1 and after.fight.wolf_rest == 0:
        text = _("the stolen Wolf has rested its round and can be placed again (BD-6.6)")
        out.append(Fact("wolf-rest", text, ("BD-6.6",)))
    return out


def _verb(action: Action) -> int:
    return action.verb if isinstance(action, Place) else OPEN


def _log_since(before: State, after: State) -> tuple[Settled, ...]:
    """The fight-log entries (settled losers) written between ``before`` and ``after``, oldest first."""
    return after.match.log[len(before.match.log) :]


# the knock-out chain a DP-8 decision went on with: its loser, his Schläger left, the Schlagkraft left and the
# number of knock-outs told before it; (-1, (), 0, 0) for a step that was no DP-8 decision
_Chain = tuple[int, tuple[int, ...], int, int]


def _settlement_events(before: State, after: State, hands: tuple[int, ...], action: Action) -> list[Fact]:
    """The end of the gong and every loser settled (or begun) in this step (BD-8.5, BD-9)."""
    out: list[Fact] = []
    if before.phase == GONG and after.phase != GONG:
        out.append(Fact("gong-over", _("the final gong is over and the settlement begins (BD-8.5)"), ("BD-8.5",)))
    chain: _Chain = (-1, (), 0, 0)
    if before.phase == KNOCKOUT and isinstance(action, Pick):
        # this decision knocked out one of his Schläger (DP-8); the chain goes on after it
        settle = settling(before)
        left = tuple([h for h in before.standing.schlaeger[settle.loser] if h != action.value])
        chain = (settle.loser, left, settle.power - action.value, len(settle.knocked) + 1)
    for entry in _log_since(before, after):
        out += _loser_knockouts(before, hands, entry.loser, entry.schlagkraft, entry.knocked_out, chain)
        out += _leftover(entry.loser, entry)
    if after.phase == KNOCKOUT:
        settle = settling(after)
        q = settle.loser
        out += _loser_knockouts(before, hands, q, settle.start, settle.knocked, chain)
        text = _(
            "the Bronko chooses a Schläger of {player} to knock out (BD-9.4) with the Schlagkraft left, "
            "{power}: any one it can pay for (BD-9.4 c, DP-8)"
        ).format(player=player_name(q), power=settle.power)
        seats = _who(settle.winner, q)
        out.append(Fact("knock-choice", text, ("BD-9.4", "DP-8"), seats, amounts={"power": settle.power}))
    elif after.phase == ORDER:
        settle = settling(after)
        text = _(
            "the Bronko of the fight, {bronko}, chooses which loser to settle next, player {losers} (BD-9.1)"
        ).format(bronko=player_name(settle.winner), losers=_alternatives(settle.todo))
        out.append(Fact("order", text, ("BD-9.1",), _who(settle.winner, *settle.todo)))
    return out


def _loser_knockouts(
    before: State, hands: tuple[int, ...], q: int, schlagkraft: int, knocked: tuple[int, ...], chain: _Chain
) -> list[Fact]:
    """Loser ``q``'s settlement in this step: his Schlagkraft and the knock-outs ``knocked`` (BD-9.2 - BD-9.4);
    for the loser of ``chain``, only the knock-outs after the decision."""
    current, left, power, done = chain
    if q == current:
        return _knockouts(q, left, False, power, knocked[done:])
    standing = before.standing
    return _settle_start(before, hands, q, schlagkraft) + _knockouts(
        q, standing.schlaeger[q], standing.counted[q], schlagkraft, knocked
    )


def _settle_start(before: State, hands: tuple[int, ...], q: int, power: int) -> list[Fact]:
    """Schlagkraft (BD-9.2) and the Flucht of the Donko (BD-9.3) of loser ``q``."""
    if vest_off(before.fight):
        text = _(
            "{player}'s Schlagkraft is {power}: the damage in his hand, {damage}, doubled because the "
            "vest is off (BD-9.2, BD-7.11)"
        ).format(player=player_name(q), power=power, damage=power // 2)
        amounts = {"schlagkraft": power, "damage": power // 2}
        out = [Fact("schlagkraft", text, ("BD-9.2", "BD-7.11"), (q,), amounts=amounts)]
    else:
        text = _("{player}'s Schlagkraft is {power}, the damage in his hand (BD-9.2)").format(
            player=player_name(q), power=power
        )
        out = [Fact("schlagkraft", text, ("BD-9.2",), (q,), amounts={"schlagkraft": power, "damage": power})]
    flucht = before.standing.flucht
    if q == before.standing.donko and power == 0:
        if not hands[q]:
            text = _("as the Donko who emptied his hand in the final gong he takes no Fluchtkarte (BD-9.3)")
            out.append(Fact("flucht", text, ("BD-9.3",), (q,), amounts={"fluchtkarten": flucht}))
        elif flucht < 3:
            text = ngettext(
                "as the Donko holding no star card he takes a Fluchtkarte from the centre, now {n} Fluchtkarte "
                "(BD-9.3)",
                "as the Donko holding no star card he takes a Fluchtkarte from the centre, now {n} Fluchtkarten "
                "(BD-9.3)",
                flucht + 1,
            ).format(n=flucht + 1)
            out.append(Fact("flucht", text, ("BD-9.3",), (q,), amounts={"fluchtkarten": flucht + 1}))
        else:
            text = _("as the Donko holding no star card with 3 Fluchtkarten already, he escapes (BD-9.3)")
            out.append(Fact("flucht", text, ("BD-9.3",), (q,), amounts={"fluchtkarten": flucht}))
    return out


def _knockouts(q: int, schlaeger: tuple[int, ...], counted: bool, power: int, knocked: tuple[int, ...]) -> list[Fact]:
    """The knock-outs ``knocked`` made automatically against loser ``q`` (BD-9.4 b/c, BD-9.5), replayed from his
    Schläger, his angezählt mark and the Schlagkraft ``power`` before them (after a DP-8 choice: after it)."""
    out = []
    left = list(schlaeger)
    for hp in knocked:
        if counted and left[0] <= power:
            text = _("{player}'s angezählt Schläger {hp} is knocked out first (BD-9.4 b)").format(
                player=player_name(q), hp=hp
            )
            out.append(Fact("knockout", text, ("BD-9.4",), (q,), amounts={"hp": hp, "power": power}))
            power -= hp
        elif counted:  # unaffordable: it blocks every other knock-out, then goes as leftover
            text = _(
                "{player}'s angezählt Schläger {hp} costs more than the Schlagkraft left, {power}, so "
                "nothing else may be knocked out (BD-9.4 b); it was angezählt already, so the leftover "
                "knocks it out (BD-9.5)"
            ).format(player=player_name(q), hp=hp, power=power)
            out.append(Fact("knockout", text, ("BD-9.4", "BD-9.5"), (q,), amounts={"hp": hp, "power": power}))
            power = 0
        else:
            text = _(
                "{player}'s Schläger {hp} is knocked out, the only one the Schlagkraft left ({power}) "
                "can pay for (BD-9.4 c)"
            ).format(player=player_name(q), hp=hp, power=power)
            out.append(Fact("knockout", text, ("BD-9.4",), (q,), amounts={"hp": hp, "power": power}))
            power -= hp
        counted = False
        left.remove(hp)
    return out


def _leftover(q: int, entry: Settled) -> list[Fact]:
    """What the leftover did to loser ``q`` when his settlement ended with a new angezählt mark (BD-9.5)."""
    if entry.counted is not None:
        text = _("Schlagkraft is left over, so {player}'s weakest Schläger {hp} becomes angezählt (BD-9.5)").format(
            player=player_name(q), hp=entry.counted
        )
        return [Fact("angezaehlt", text, ("BD-9.5",), (q,), amounts={"hp": entry.counted})]
    if entry.schlagkraft == 0:
        text = _("with Schlagkraft 0 nothing is knocked out of {player} (BD-9.4)").format(player=player_name(q))
        return [Fact("no-knockout", text, ("BD-9.4",), (q,), amounts={"power": 0})]
    return []


def _hands_at_settlement(before: State, p: int, action: Action) -> tuple[int, ...]:
    """The hands as the settlement finds them: after the final gong, this decision's box included."""
    hands = before.hands
    if before.phase == GONG and isinstance(action, Place):
        return tuple([h & ~_placed(action).req if q == p else h for q, h in enumerate(hands)])
    return hands


#: why the Donko gives up the Donko-Haufen (BD-10.3 a-d): the sentence (a message to translate, with the field
#: ``{player}``, the Donko) and the clauses it cites
DEPARTURES: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "a": (N_("the Donko, {player}, won the fight and gives up the Donko-Haufen (BD-10.3 a)"), ("BD-10.3",)),
    "b": (
        N_("the Donko, {player}, escaped with his fourth Flucht and gives up the Donko-Haufen (BD-9.3, BD-10.3 b)"),
        ("BD-9.3", "BD-10.3"),
    ),
    "c": (
        N_("the Donko, {player}, emptied his hand in the final gong and gives up the Donko-Haufen (BD-8.4, BD-10.3 c)"),
        ("BD-8.4", "BD-10.3"),
    ),
    "d": (N_("the Donko, {player}, is out of the game and gives up the Donko-Haufen (BD-10.3 d)"), ("BD-10.3",)),
}


def _departure(before: State, after: State, p: int, action: Action, gone: int) -> str:
    """Why the Donko gives up the Donko-Haufen after this fight: the letter of BD-10.3 (a key of
    :data:`DEPARTURES`), or "" when he keeps it (BD-10.4)."""
    d = before.standing.donko
    settle = settling(before)
    if before.fight.donko_at_start < 0 or d < 0:
        return ""
    if d == settle.winner:
        return "a"
    if not _hands_at_settlement(before, p, action)[d]:
        return "c"
    escaped_now = (
        any(e.loser == d and e.schlagkraft == 0 for e in _log_since(before, after)) and before.standing.flucht >= 3
    )
    if settle.escaped or escaped_now:
        return "b"
    if gone >> d & 1:
        return "d"
    return ""


def _after_settlement(rules: BronkoDonkoRules, before: State, after: State, p: int, action: Action) -> list[Fact]:
    """Eliminations (BD-11.1) and the Donko-Haufen (BD-10) once every loser is settled."""
    out: list[Fact] = []
    new_game = after.match.game != before.match.game
    alive_after = after.match.results[-1].alive if new_game else after.standing.alive
    gone = before.standing.alive & ~alive_after
    if before.phase != HAUFEN:
        out.append(Fact("settled", _("the fight is settled (BD-9)"), ("BD-9",)))
    for q in _seats(gone, rules.players):
        text = _("{player} has no Schläger left and is out of the game (BD-9.6, BD-11.1)").format(player=player_name(q))
        out.append(Fact("eliminated", text, ("BD-9.6", "BD-11.1"), (q,)))
    if new_game:
        return out  # one player left: no Donko-Haufen movement (BD-10.1)
    winner = settling(before).winner
    d = before.standing.donko
    if before.phase != HAUFEN:
        why = _departure(before, after, p, action, gone)
        if why:
            # (an emptying gong box of the Donko says so itself: BD-8.4)
            if not (why == "c" and before.phase == GONG and p == d and isinstance(action, Place)):
                message, cited = DEPARTURES[why]
                out.append(Fact("departure", _(message).format(player=player_name(d)), cited, (d,)))
            k = before.standing.flucht
            if k:
                text = ngettext(
                    "his {n} Fluchtkarte returns to the centre (BD-10.5)",
                    "his {n} Fluchtkarten return to the centre (BD-10.5)",
                    k,
                ).format(n=k)
                out.append(Fact("flucht-return", text, ("BD-10.5",), (d,), amounts={"fluchtkarten": k}))
    clauses: tuple[str, ...]
    if after.phase == HAUFEN:
        ties = settling(after).ties
        if after.fight.donko_at_start < 0:
            text = _(
                "players {players} tie for the Donko-Haufen on damage suffered and cards in hand: "
                "the Bronko of the fight, {bronko}, chooses (BD-10.2, DP-9)"
            )
            clauses, chooser = ("BD-10.2", "DP-9"), winner
        else:
            text = _(
                "players {players} tie for the Donko-Haufen on damage suffered and cards in hand: "
                "the departing Donko, {donko}, chooses (BD-10.3, DP-10)"
            )
            clauses, chooser = ("BD-10.3", "DP-10"), d
        said = text.format(players=seat_numbers(ties), bronko=player_name(winner), donko=player_name(d))
        out.append(Fact("haufen-tie", said, clauses, _who(*ties, chooser)))
        return out
    picked = isinstance(action, Pick) and action.word == "donko"
    donko_after = after.standing.donko
    if donko_after < 0 and after.standing.bronko < 0 and before.standing.bronko >= 0:
        text = _(
            "with two players left the Donko-Haufen would go to the Bronko-Blut holder, {player}: "
            "both return to the centre (BD-10.6), and the next fight starts like a first fight"
        ).format(player=player_name(winner))
        out.append(Fact("cancellation", text, ("BD-10.6",), (winner,)))
    elif donko_after != d and not picked:
        if before.fight.donko_at_start < 0:
            text = _(
                "{player} takes the Donko-Haufen (BD-10.2), as the loser who suffered the most "
                "damage (ties: more cards in hand)"
            )
            clauses = ("BD-10.2",)
        else:
            text = _(
                "{player} takes the Donko-Haufen (BD-10.3), as the player who suffered the most "
                "damage (ties: more cards in hand)"
            )
            clauses = ("BD-10.3",)
        out.append(Fact("haufen", text.format(player=player_name(donko_after)), clauses, (donko_after,)))
    return out


def _new_fight(rules: BronkoDonkoRules, after: State) -> list[Fact]:
    """The deal of the next fight and what follows automatically: the betrayal's forced cards, the opener."""
    seats = _seats(after.standing.alive, rules.players)
    per = 10 if len(seats) <= 3 else 8
    d, b = after.standing.donko, after.standing.bronko
    dealer = d if d >= 0 else seats[0]
    text = _("fight {fight} begins (BD-4.3): {dealer} deals {per} cards to each player").format(
        fight=after.fight.number, dealer=player_name(dealer), per=per
    )
    out = [Fact("deal", text, ("BD-4.3",), (dealer,), amounts={"fight": after.fight.number, "cards": per})]
    if after.phase == GIVE:
        text = _(
            "the Donko, {donko}, chooses which two of his strongest cards to give the Bronko, "
            "{bronko} (BD-10.7 a, DP-1)"
        ).format(donko=player_name(d), bronko=player_name(b))
        out.append(Fact("betrayal", text, ("BD-10.7", "DP-1"), (d, b)))
    elif after.phase == RETURN:
        text = _(
            "the Donko, {donko}, gives his two strongest cards, {cards}, to the Bronko, {bronko} (BD-10.7 a)"
        ).format(donko=player_name(d), cards=C.codes(after.fight.public), bronko=player_name(b))
        out.append(Fact("betrayal", text, ("BD-10.7",), (d, b), _mask_codes(after.fight.public)))
    elif after.phase == PLAY and after.fight.required >= 0:
        required = C.CODES[after.fight.required]
        text = _(
            "{player} holds {card}, the weakest card in play, and opens with a formation containing it (BD-4.3 step 6)"
        ).format(player=player_name(after.turn), card=required)
        out.append(Fact("opener", text, ("BD-4.3",), (after.turn,), (required,)))
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
#: the clauses each sentence of :data:`PLACED` cites before the Wolf's BD-5.2, and the kind of its fact
PLACED_FACTS: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "gong": ("gong-box", ("BD-8.3",)),
    "gong donko": ("gong-box", ("BD-8.3", "BD-8.4")),
    "gong emptied": ("gong-box", ("BD-8.3", "BD-8.4")),
    "open": ("open", ("BD-5.6",)),
    "beat": ("beat", ("BD-5.7",)),
    "box": ("box", ("BD-5.7", "BD-5.8")),
    "box last": ("box", ("BD-5.7", "BD-5.8")),
}


def facts(rules: BronkoDonkoRules, before: State, seat: int | None, action: Action, after: State) -> tuple[Fact, ...]:
    """What the step did: the decision ``action`` of ``seat``, then what followed from it, read from the two states.

    The first fact's words begin the sentence (with a capital letter); each fact is one part of it.
    """
    p = before.turn if seat is None else seat
    first = _decision(before, p, action)
    told = [Fact(first.kind, sentence(first.text), first.clauses, first.seats, first.cards, first.amounts)]
    told += _consequences(rules, before, after, p, action)
    return tuple(told)


def _decision(before: State, p: int, action: Action) -> Fact:
    """The decision itself, with its clauses (it was admitted: it is legal in ``before``)."""
    if isinstance(action, Place):
        return _placement(before, p, action)
    if action == DUCK:
        text = _("{player} ducks and is out of this round (BD-5.7)").format(player=player_name(p))
        return Fact("duck", text, ("BD-5.7",), (p,))
    if action == PASS:
        text = _("{player} passes in the final gong (BD-8.3)").format(player=player_name(p))
        return Fact("pass", text, ("BD-8.3",), (p,))
    if action == STEAL:
        assert before.wolfsblut is not None
        real = C.CODES[before.wolfsblut.formation.wolf]
        text = _(
            "{player} steals the Wolf: his real {card} takes its place in the formation and the Wolf goes "
            "into his hand (BD-6.5); it rests for the rest of this round and the whole next round (BD-6.6)"
        ).format(player=player_name(p), card=real)
        seats = _who(p, before.wolfsblut.placer)
        return Fact("steal", text, ("BD-6.5", "BD-6.6"), seats, (real, C.CODES[C.WOLF]))
    if action == DECLINE:
        assert before.wolfsblut is not None
        text = _("{player} lets the Wolf be (BD-6.5)").format(player=player_name(p))
        return Fact("decline", text, ("BD-6.5",), _who(p, before.wolfsblut.placer))
    if isinstance(action, Hand2) and action.word == "give":
        text = _("The Donko, {player}, gives {cards} to the Bronko (BD-10.7 a)").format(
            player=player_name(p), cards=C.codes(action.cards)
        )
        return Fact("give", text, ("BD-10.7",), _who(p, before.standing.bronko), _mask_codes(action.cards))
    if isinstance(action, Hand2):
        donko = before.standing.donko
        text = _(
            "The Bronko, {player}, hands back {cards}; the Donko, {donko}, opens the first round (BD-10.7 b, BD-10.8)"
        ).format(player=player_name(p), cards=C.codes(action.cards), donko=player_name(donko))
        return Fact("return", text, ("BD-10.7", "BD-10.8"), _who(p, donko), _mask_codes(action.cards))
    assert isinstance(action, Pick)
    if action.word == "settle":
        text = _("The Bronko settles {player} next (BD-9.1)").format(player=player_name(action.value))
        return Fact("settle", text, ("BD-9.1",), _who(p, action.value))
    if action.word == "knock":
        loser = settling(before).loser
        text = _("The Bronko knocks out {player}'s Schläger {hp} (BD-9.4 c)").format(
            player=player_name(loser), hp=action.value
        )
        return Fact("knock", text, ("BD-9.4",), _who(p, loser), amounts={"hp": action.value})
    # donko N
    clauses: tuple[str, ...]
    if before.fight.donko_at_start < 0:
        text = _("{player} gets the Donko-Haufen, chosen among the tied by the Bronko of the fight (BD-10.2, DP-9)")
        clauses = ("BD-10.2", "DP-9")
    else:
        text = _("{player} gets the Donko-Haufen, chosen among the tied by the departing Donko (BD-10.3, DP-10)")
        clauses = ("BD-10.3", "DP-10")
    return Fact("donko", text.format(player=player_name(action.value)), clauses, _who(p, action.value))


def _placement(before: State, p: int, action: Place) -> Fact:
    """Open, beat or box with a formation (BD-5.6 - BD-5.8, BD-8.3, BD-8.4), a declared Wolf (BD-5.2)."""
    rev = before.fight.revolution
    f = _placed(action)
    emptied = not before.hands[p] & ~f.req
    current = before.round.current
    if before.phase == GONG:
        key = "gong" if not emptied else "gong donko" if p == before.standing.donko else "gong emptied"
    elif action.verb == OPEN or current is None:
        key = "open"
    elif action.verb != BOX:
        key = "beat"
    else:  # the fight ends, or the round
        key = "box last" if emptied else "box"
    text = _(PLACED[key][f.wolf >= 0]).format(
        player=player_name(p),
        formation=_formation(f, rev),
        current=current.text if current is not None else "",
        wolf=C.CODES[f.wolf] if f.wolf >= 0 else "",
    )
    kind, clauses = PLACED_FACTS[key]
    if f.wolf >= 0:
        clauses += ("BD-5.2",)
    cards = _codes(f)
    seats: tuple[int, ...] = (p,)
    if current is not None and key in ("beat", "box", "box last"):  # the formation beaten or boxed is named too
        cards += _codes(current)
        seats = _who(p, before.round.owner)
    amounts = {"strength": f.strength[rev], "size": f.size}
    return Fact(kind, text, clauses, seats, cards, amounts)


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
            _("Bronko-Blut: {bronko}; Donko-Haufen: {donko} (Fluchtkarten {flucht}); Orden: {orden}").format(
                bronko=player_name(standing.bronko) if standing.bronko >= 0 else centre,
                donko=player_name(standing.donko) if standing.donko >= 0 else centre,
                flucht=standing.flucht,
                orden=per_seat(enumerate(m.orden)),
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
