"""Bronko-Donko: what the player to act may do, and why anything else is refused (section 12).

Both come from the same rules.  Each kind of decision has one judge:

* :func:`placements` the opening and the counter of a round (DP-3, DP-4) and the box of the final gong (DP-6);
* :func:`gives` and :func:`returns` the betrayal (DP-1, DP-2);
* :func:`settle_orders` the next loser to settle (DP-7), :func:`knocks` the knock-out (DP-8),
  :func:`haufen_choices` the Donko-Haufen on a tie (DP-9, DP-10).

Asked with ``refused`` None, a judge gives the legal actions of its decision: :func:`legal` asks the
judge of the decision due, which is the hot path of every simulation.  Asked with an action it did
not offer, the same judge raises the IllegalMove of the first rule that action breaks, in the order
its rules are written here; :func:`refusal` first checks that the action is of a kind the decision
due takes (:func:`_due`, which says what it takes otherwise) and then asks that judge.  So a rule is
written once, and a refusal cannot name another rule than the one legality applies.  The Wolfsblut
window (DP-5) needs no judge: 'steal' and 'decline' are always both allowed.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.errors import IllegalMove
from ..core.game import Action, Game
from ..core.i18n import Catalog
from ..core.inputs import either
from . import cards as C
from .cards import BASE, CODES, KOSE, SOLO, WOLF_BIT, Formation
from .rules import (
    BEAT,
    BOX,
    DECLINE,
    DONKO,
    DUCK,
    GIVE,
    GIVE_OF,
    GONG,
    HAUFEN,
    KNOCK,
    KNOCKOUT,
    OPEN,
    ORDER,
    PASS,
    PLACE,
    PLAY,
    RETURN,
    SETTLE,
    STEAL,
    WOLFSBLUT,
    Hand2,
    Pick,
    Place,
    State,
    Word,
    canonical,
    formations,
    give_options,
    openings,
    return_options,
    settling,
    turn_rule,
)
from .words import said

_, ngettext = Catalog("bronko_donko").functions()

WOLFSBLUT_CHOICES: Final[tuple[Action, ...]] = (STEAL, DECLINE)  # DP-5 (BD-6.5): always both
# the word of the Hand2 or Pick each decision takes (DP-1, DP-2, DP-7 - DP-10), by phase; "" for the others
WORD_DUE: Final[tuple[str, ...]] = ("give", "return", "", "", "", "settle", "knock", "donko", "")


def _offered(a: Any, actions: tuple[Action, ...]) -> bool:
    """Is ``a`` one of ``actions`` as ``apply`` admits it: the very action, or an equal one with the same text
    (``settle 1.0`` names no seat)."""
    for offer in actions:
        if offer is a or (offer == a and str(offer) == str(a)):
            return True
    return False


# ---------------------------------------------------------------------------
# The decision due and its judge


def legal(game: Game[Any, Any], s: State, p: int, refused: Any = None) -> tuple[Action, ...]:
    """What ``p``, who is to act, may do now: the judge of the decision due.  Given ``refused``, an action of
    the kind that decision takes, the judge raises the refusal of the first rule it breaks."""
    phase = s.phase
    if phase == PLAY or phase == GONG:
        return placements(s, p, refused)
    if phase == WOLFSBLUT:
        return WOLFSBLUT_CHOICES
    if phase == GIVE:
        return gives(s, p, refused)
    if phase == RETURN:
        return returns(s, p, refused)
    if phase == ORDER:
        return settle_orders(game, s, p, refused)
    if phase == KNOCKOUT:
        return knocks(game, s, p, refused)
    if phase == HAUFEN:
        return haufen_choices(game, s, p, refused)
    return ()  # pragma: no cover - nobody acts when the match is over


def refusal(game: Game[Any, Any], s: State, p: int, a: Any) -> IllegalMove:
    """Why ``p`` may not take ``a`` now (it is not among the legal actions): the refusal of the first rule it
    breaks, asked of the same judges that make the legal actions."""
    try:
        _due(s, p, a)
        legal(game, s, p, a)
    except IllegalMove as refused:
        return refused
    return wrong(s, p, a)  # pragma: no cover - every rule allows it, so it was offered


def _due(s: State, p: int, a: Any) -> None:
    """Refuse an action of a kind the decision due does not take (section 12), saying what it takes."""
    phase = s.phase
    if phase == PLAY:  # DP-3 / DP-4: a placement, or 'duck'
        due = isinstance(a, Place) or a == DUCK
    elif phase == GONG:  # DP-6: a box ('pass' is always allowed)
        due = isinstance(a, Place) and a.verb == BOX
    elif phase == GIVE or phase == RETURN:  # DP-1, DP-2
        due = isinstance(a, Hand2) and a.word == WORD_DUE[phase]
    elif phase == WOLFSBLUT:  # DP-5: 'steal' and 'decline' are always allowed, anything else is not
        due = False
    else:  # DP-7 - DP-10
        due = isinstance(a, Pick) and a.word == WORD_DUE[phase]
    if not due:
        raise wrong(s, p, a)


def wrong(s: State, p: int, a: Any) -> IllegalMove:
    """An action of a kind the decision now asked does not take: what it takes."""
    phase = s.phase
    if phase == PLAY:
        opening = s.round.current is None
        if opening:
            what = _("Now (round) open with a formation, e.g. 'open Ro5 Ge5', not {action}")
        else:
            what = _("Now (round) beat or box the current formation, or 'duck', not {action}")
        rule = "BD-5.6" if opening else "BD-5.7"
    else:
        what, rule = {
            GIVE: (
                _("Now (betrayal: give) the Donko gives two cards, e.g. 'give Ro8 Bl7', not {action}"),
                "BD-10.7",
            ),
            RETURN: (
                _("Now (betrayal: return) the Bronko returns two cards, e.g. 'return Bl7 Ge2', not {action}"),
                "BD-10.7",
            ),
            WOLFSBLUT: (_("Now (Wolfsblut) 'steal' the Wolf or 'decline', not {action}"), "BD-6.5"),
            GONG: (_("Now (final gong) 'box' the final formation or 'pass', not {action}"), "BD-8.3"),
            ORDER: (
                _("Now (settlement order) the Bronko chooses the next loser to settle, e.g. 'settle 1', not {action}"),
                "BD-9.1",
            ),
            KNOCKOUT: (
                _("Now (knock-out) the Bronko chooses a Schläger to knock out, e.g. 'knock 20', not {action}"),
                "BD-9.4",
            ),
            HAUFEN: (
                _("Now (Donko-Haufen) choose who gets the Donko-Haufen, e.g. 'donko 1', not {action}"),
                turn_rule(s),
            ),
        }[phase]
    return IllegalMove(what.format(action=said(a)), rule=rule, player=p, action=a)


# ---------------------------------------------------------------------------
# DP-3, DP-4, DP-6 placing a formation (BD-5, BD-6, BD-7, BD-8.3)


def placements(s: State, p: int, refused: Any) -> tuple[Action, ...]:
    """The formations ``p`` may place now: in a round (DP-3 open, DP-4 beat or box), then the same with
    'vest-off', and 'duck' for a counter; in the final gong (DP-6) the boxes of the final formation and 'pass'.

    Given a refused placement or duck, raise the refusal of the first rule it breaks.
    """
    gong = s.phase == GONG
    current = s.round.current
    form: Formation | None = None  # the formation a refused placement names
    if refused is not None:
        if isinstance(refused, Word):  # 'duck' (DP-4) or 'pass' (DP-6)
            if current is None:  # BD-5.6: ducking is a counter; the opener places a formation
                raise _refuse(
                    _("You open this round: place a formation; ducking is only a counter"), "BD-5.6", p, refused
                )
            return placements(s, p, None)  # a counter may always duck (BD-5.7), a loser in the gong pass (BD-8.3)
        form = _named_formation(p, refused, gong, current)
    fight = s.fight
    hand = s.hands[p]
    if form is not None and form.req & hand != form.req:  # BD-5.1: only cards of one's hand
        raise _refuse(
            _("You do not hold {cards}: place only cards of your hand").format(cards=C.codes(form.req & ~hand)),
            "BD-5.1",
            p,
            refused,
        )
    wolf_ok = bool(hand & WOLF_BIT) and not fight.wolf_rest  # BD-6.6: a stolen Wolf rests
    if form is not None and form.wolf >= 0 and not wolf_ok:
        raise _refuse(_resting(s, gong, current is None), "BD-6.6", p, refused)
    vest = not gong and not fight.placed >> p & 1  # BD-7.10: with one's first formation of the fight, not in the gong
    if form is not None and refused.vest and not vest:
        if gong:
            raise _refuse(
                _("The vest cannot be taken off in the final gong: box without 'vest-off' or pass"),
                "BD-7.10",
                p,
                refused,
            )
        raise _refuse(
            _(
                "You can take off your vest only with your first formation of the fight, and "
                "you have placed one already: leave out 'vest-off'"
            ),
            "BD-7.10",
            p,
            refused,
        )
    if current is None:  # DP-3: the controller opens with any formation (BD-5.6)
        forms = openings(hand, wolf_ok)
        required = fight.required
        if required >= 0:  # BD-4.3 step 6: the first opening contains the weakest card in play
            forms = [f for f in forms if f.cards >> required & 1]
            if form is not None and not form.cards >> required & 1:
                raise _refuse(
                    _("The first opening must contain {card}, the weakest card in play").format(card=CODES[required]),
                    "BD-4.3",
                    p,
                    refused,
                )
        return _as_actions(OPEN, forms, OPEN, [], vest, False)
    # DP-4, DP-6 (BD-5.5): the same type and size, stronger (a beat) or of equal strength (a box)
    rev = fight.revolution
    target = current.strength[rev]
    ring = s.round.ring and not gong  # BD-7.7: a Schlagring asks for strength exactly one higher, and no box
    top = target + 1 if ring else 8  # the strongest beat allowed
    boxable = not ring and not current.nobox[rev]  # BD-5.9, BD-5.10: some formations are never boxed
    if form is not None:
        refused_counter = _refused_counter(s, p, refused, form, current, gong, ring, top, boxable)
        if refused_counter is not None:
            raise refused_counter
    kind, size = current.kind, current.size
    boxes = formations(hand, wolf_ok, kind, size, rev, target, target) if boxable else []
    if gong:  # the final formation is boxed, never beaten (BD-8.3)
        return tuple([PLACE[BOX][0][f.id] for f in boxes]) + (PASS,)
    beats = formations(hand, wolf_ok, kind, size, rev, target + 1, top)
    if not beats and not boxes:
        return (DUCK,)  # without a beat or box he must duck
    return _as_actions(BEAT, beats, BOX, boxes, vest, True)  # duck is always allowed


def _as_actions(
    verb: int, forms: list[Formation], verb2: int, forms2: list[Formation], vest: bool, duck: bool
) -> tuple[Action, ...]:
    """The actions placing ``forms`` with ``verb`` and ``forms2`` with ``verb2``, then all with 'vest-off'
    (if ``vest``), then 'duck' (if ``duck``)."""
    acts, acts2 = PLACE[verb][0], PLACE[verb2][0]
    out: list[Action] = [acts[f.id] for f in forms]
    for f in forms2:
        out.append(acts2[f.id])
    if vest and out:
        acts, acts2 = PLACE[verb][1], PLACE[verb2][1]
        for f in forms:
            out.append(acts[f.id])
        for f in forms2:
            out.append(acts2[f.id])
    if duck:
        out.append(DUCK)
    return tuple(out)


def _refuse(text: str, rule: str, p: int, a: Any) -> IllegalMove:
    """The refusal of ``p``'s action ``a``: the sentence ``text`` and the clause ``rule`` it enforces."""
    return IllegalMove(text, rule=rule, player=p, action=a)


def _named_formation(p: int, a: Place, gong: bool, current: Formation | None) -> Formation:
    """The formation ``a`` places, or the refusal of its form: no formation (BD-5.1, BD-5.2, BD-6.1, BD-6.3),
    or a verb the round does not take now (BD-5.6 open, BD-5.7 beat or box)."""
    f = canonical(a).form
    if f is None:
        raise _bad_formation(a, p)
    if not gong and current is None and a.verb != OPEN:
        raise _refuse(_("You open this round: write 'open {formation}'").format(formation=f.text), "BD-5.6", p, a)
    if not gong and current is not None and a.verb == OPEN:
        raise _refuse(
            _("The round is open: 'beat' or 'box' {current}, or 'duck'").format(current=current.text), "BD-5.7", p, a
        )
    return f


def _bad_formation(a: Place, p: int) -> IllegalMove:
    """Why the cards of ``a`` form no formation (BD-5.1, BD-5.2, BD-6.1, BD-6.3)."""
    real = C.cards_of(a.cards)
    if a.wolf >= 0:
        if a.wolf >= KOSE:  # BD-5.2: the Wolf is declared as a coloured card
            return _refuse(_("The Wolf is never declared as Kose; declare a colour and strength 1-8"), "BD-5.2", p, a)
        if a.cards >> a.wolf & 1:  # BD-5.2: ... that is not in the formation
            return _refuse(
                _("The Wolf cannot be declared as {card}, a real card of the formation").format(card=CODES[a.wolf]),
                "BD-5.2",
                p,
                a,
            )
        if not real:  # BD-6.3: never a Solo
            return _refuse(
                _("The Wolf is never a Solo: place it with real cards in a Gäng or a street"), "BD-6.3", p, a
            )
    if KOSE in real and len(real) + (a.wolf >= 0) > 1:  # BD-6.1: Kose fights alone
        return _refuse(_("Kose only ever fights Solo: place him alone"), "BD-6.1", p, a)
    return _refuse(  # BD-5.1: the formations
        _(
            "Not a formation: a Solo, a Gäng (2-4 cards of equal strength) or a street "
            "(3+ cards of one colour in an unbroken run)"
        ),
        "BD-5.1",
        p,
        a,
    )


def _resting(s: State, gong: bool, opening: bool) -> str:
    """Why a stolen Wolf cannot be placed now (BD-6.6), right for the round or the final gong, with what the
    player may do instead (``opening``: he opens the round)."""
    if gong:
        return _(
            "The stolen Wolf rests for the rest of the round of its theft and the whole next round, and the "
            "fight ended before its rest was over: it stays unusable in the final gong: box without it or pass"
        )
    if s.fight.wolf_rest >= 2:
        if opening:
            return _(
                "The stolen Wolf rests for the rest of this round, the round of its theft, and for the whole next "
                "round: open without it"
            )
        return _(
            "The stolen Wolf rests for the rest of this round, the round of its theft, and for the whole next "
            "round: beat or box without it, or duck"
        )
    if opening:
        return _(
            "The stolen Wolf sits out this whole round, the round after its theft; it is usable from the next "
            "round: open without it"
        )
    return _(
        "The stolen Wolf sits out this whole round, the round after its theft; it is usable from the next "
        "round: beat or box without it, or duck"
    )


def _refused_counter(
    s: State, p: int, a: Place, f: Formation, cur: Formation, gong: bool, ring: bool, top: int, boxable: bool
) -> IllegalMove | None:
    """Why the counter ``a`` of ``cur`` with the held formation ``f`` is not allowed (None: it is), by the
    bounds :func:`placements` offers: a beat of strength above the current one up to ``top``, a box of equal
    strength if ``boxable``."""
    if f.kind != cur.kind or f.size != cur.size:  # BD-5.5 (BD-8.3 in the gong): the same type and size
        if gong:
            text = ngettext(
                "A gong box must match the type and size of {current} ({kind}, {n} card): place such a "
                "formation or pass",
                "A gong box must match the type and size of {current} ({kind}, {n} cards): place such a "
                "formation or pass",
                cur.size,
            )
        else:
            text = ngettext(
                "A counter must match the type and size of {current} ({kind}, {n} card): place such a "
                "formation or duck",
                "A counter must match the type and size of {current} ({kind}, {n} cards): place such a "
                "formation or duck",
                cur.size,
            )
        return _refuse(
            text.format(current=cur.text, kind=cur.kind_name, n=cur.size), "BD-8.3" if gong else "BD-5.5", p, a
        )
    rev = s.fight.revolution
    t, target = f.strength[rev], cur.strength[rev]
    solo_donko = cur.kind == SOLO and rev and BASE[C.cards_of(cur.cards)[0]] == 1  # BD-5.10
    if a.verb == BEAT:
        if target < t <= top:
            return None
        if ring:  # BD-7.7
            return _refuse(
                _("Schlagring: beat with strength exactly {need} or duck; {formation} has strength {strength}").format(
                    need=target + 1, formation=f.text, strength=t
                ),
                "BD-7.7",
                p,
                a,
            )
        if solo_donko:  # BD-5.10: only Kose beats it
            return _refuse(
                _(
                    "In a revolution a Solo Donko card is beaten only by Kose (strength 8); "
                    "{formation} has {strength}: beat with Kose or duck"
                ).format(formation=f.text, strength=t),
                "BD-5.10",
                p,
                a,
            )
        return _refuse(  # BD-5.5: stronger
            ngettext(
                "To beat {current} you need strength above {target}; {formation} has {strength}: beat "
                "with a stronger {kind} of {n} card or duck",
                "To beat {current} you need strength above {target}; {formation} has {strength}: beat "
                "with a stronger {kind} of {n} cards or duck",
                cur.size,
            ).format(current=cur.text, target=target, formation=f.text, strength=t, kind=cur.kind_name, n=cur.size),
            "BD-5.5",
            p,
            a,
        )
    if boxable and t == target:
        return None
    if ring:  # BD-7.7: no box during a Schlagring
        return _refuse(
            _(
                "Schlagring: boxing is forbidden for the rest of the round; beat with strength exactly {need} or duck"
            ).format(need=target + 1),
            "BD-7.7",
            p,
            a,
        )
    if not boxable:
        if solo_donko:  # BD-5.10: a Solo Donko card placed in a revolution is never boxed
            return _refuse(
                _("A Solo Donko card placed in a revolution can never be boxed: pass")
                if gong
                else _("A Solo Donko card placed in a revolution can never be boxed: beat it with Kose or duck"),
                "BD-5.10",
                p,
                a,
            )
        return _refuse(  # BD-5.9: nor is a fist formation
            (
                _("{current} is a fist formation and can never be boxed: pass")
                if gong
                else _("{current} is a fist formation and can never be boxed: duck")
            ).format(current=cur.text),
            "BD-5.9",
            p,
            a,
        )
    return _refuse(  # BD-5.5 (BD-8.3 in the gong): equal strength
        (
            _(
                "To box {current} you need equal strength {target}; {formation} has {strength}: box with a "
                "formation of strength {target} or pass"
            )
            if gong
            else _(
                "To box {current} you need equal strength {target}; {formation} has {strength}: box with a "
                "formation of strength {target} or duck"
            )
        ).format(current=cur.text, target=target, formation=f.text, strength=t),
        "BD-8.3" if gong else "BD-5.5",
        p,
        a,
    )


# ---------------------------------------------------------------------------
# DP-1, DP-2 the betrayal (BD-10.7)


def gives(s: State, p: int, refused: Any) -> tuple[Action, ...]:
    """DP-1 (BD-10.7 a): the Donko gives two cards of highest base strength, Kose and Wolf excluded."""
    options = give_options(s.hands[p])
    gifts = tuple([GIVE_OF[m] for m in options])
    if refused is not None and not _offered(refused, gifts):
        raise _refuse(
            _("The Donko gives the two cards of highest base strength (Kose and Wolf excluded): {options}").format(
                options=either([C.codes(m) for m in options])
            ),
            "BD-10.7",
            p,
            refused,
        )
    return gifts


def returns(s: State, p: int, refused: Any) -> tuple[Action, ...]:
    """DP-2 (BD-10.7 b): the Bronko hands back any two coloured cards of his hand."""
    options = return_options(s.hands[p])
    if refused is not None and not _offered(refused, options):
        raise _refuse(
            _("The Bronko hands back any two cards of his hand except Kose and the Wolf"), "BD-10.7", p, refused
        )
    return options


# ---------------------------------------------------------------------------
# DP-7 - DP-10 the settlement (BD-9) and the Donko-Haufen (BD-10)


def settle_orders(game: Game[Any, Any], s: State, p: int, refused: Any) -> tuple[Action, ...]:
    """DP-7 (BD-9.1): the Bronko settles one of the losers not yet settled."""
    todo = settling(s).todo
    orders = tuple([SETTLE[q] for q in todo])
    if refused is not None and not _offered(refused, orders):
        raise _refuse(
            _("Settle one of the losers not yet settled: {losers}").format(losers=_picks(game, "settle", todo)),
            "BD-9.1",
            p,
            refused,
        )
    return orders


def knocks(game: Game[Any, Any], s: State, p: int, refused: Any) -> tuple[Action, ...]:
    """DP-8 (BD-9.4): the Bronko knocks out a Schläger of the loser that the Schlagkraft left pays for (c); an
    angezählt Schläger goes first (b)."""
    settle = settling(s)
    q = settle.loser
    left = s.standing.schlaeger[q]
    counted = s.standing.counted[q]
    if counted and refused is not None and refused.value != left[0]:  # (b)
        raise _refuse(
            _("The angezählt Schläger {hp} of {player} goes first").format(hp=left[0], player=game.seat_name(q)),
            "BD-9.4",
            p,
            refused,
        )
    allowed = tuple([KNOCK[hp] for hp in (left[:1] if counted else left) if hp <= settle.power])  # (c)
    if refused is not None and not _offered(refused, allowed):
        raise _refuse(
            _("Knock out an affordable Schläger of {player} (Schlagkraft left {power}): {options}").format(
                player=game.seat_name(q),
                power=settle.power,
                options=", ".join([str(hp) for hp in left if hp <= settle.power]),
            ),
            "BD-9.4",
            p,
            refused,
        )
    return allowed


def haufen_choices(game: Game[Any, Any], s: State, p: int, refused: Any) -> tuple[Action, ...]:
    """DP-9 / DP-10 (BD-10.2, BD-10.3): the Donko-Haufen goes to one of the tied players."""
    ties = settling(s).ties
    choices = tuple([DONKO[q] for q in ties])
    if refused is not None and not _offered(refused, choices):
        raise _refuse(
            _("Give the Donko-Haufen to one of the tied players: {players}").format(
                players=_picks(game, "donko", ties)
            ),
            turn_rule(s),
            p,
            refused,
        )
    return choices


def _picks(game: Game[Any, Any], word: str, seats: tuple[int, ...]) -> str:
    """The seats one may pick, as a refusal lists them: ``player 2 (`settle 1`), player 3 (`settle 2`)``."""
    return ", ".join([f"{game.seat_name(q)} (`{word} {q}`)" for q in seats])
