"""The news of a step in words and as data: each log entry (``state.news``) as a fact with its clauses.

The rules record what happened as entries, tuples whose first item says what they are:
``("income", p, amount, ge)``, ``("shots", shooter, target, district, kind, rolls, hits)``
and so on (:mod:`.resolve`, :mod:`.orders`); :func:`entry_fact` tells one as a
:class:`~cardgames.core.facts.Fact` (its words, the clauses they cite, the seats, the event
card and the amounts it settled), and :func:`explain` says it in words alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..core.facts import Fact
from ..core.i18n import N_
from .board import CAPACITY, CATALOG, DISTRICTS, EVENT_TEXT, ROUNDS, THUG, Entry, pname, pnames
from .orders import said_orders

_, ngettext = CATALOG.functions()

#: a use of influence against another player (BH-4.11.4), by its verb (shown translated)
INFLUENCE_TEXT: Final = {
    "inf_remove": N_(
        "{player} uses influence in {district}: 2 markers remove an influence marker of {target} (BH-4.11.4)"
    ),
    "inf_jail": N_("{player} uses influence in {district}: 1 marker jails a thug of {target} (BH-4.11.4)"),
    "inf_close": N_("{player} uses influence in {district}: 1 marker closes a source of {target} (BH-4.11.4)"),
}


def _dice(rolls: tuple[int, ...]) -> str:
    """The rolls of an event card, as said after its effect: " (rolls 2, 5)", or nothing."""
    return _(" (rolls {rolls})").format(rolls=", ".join([str(r) for r in rolls])) if rolls else ""


def _seats(*seats: int | Iterable[int]) -> tuple[int, ...]:
    """The seats a fact concerns, each once in the order given (a seat or a group of seats)."""
    flat: list[int] = []
    for s in seats:
        flat.extend([s] if isinstance(s, int) else s)
    return tuple(dict.fromkeys(flat))


def _event(card: int, x: int, rnd: int, ended: int | None) -> str:
    """What event ``card`` does in district ``x``, drawn in round ``rnd`` (BH-2.5, BH-4.10)."""
    if card not in (2, 3):
        return _(EVENT_TEXT[card])
    # stored for the next round's income phase (BH-4.10), which may not come
    if rnd >= ROUNDS:
        if card == 2:
            return _(
                "sources there would yield nothing in the next round's income phase, but round {round} is the last "
                "and no income phase follows: no effect"
            ).format(round=rnd)
        return _(
            "sources there would yield half in the next round's income phase, but round {round} is the last "
            "and no income phase follows: no effect"
        ).format(round=rnd)
    if ended == rnd:
        if card == 2:
            return _(
                "sources there would yield nothing in round {next}'s income phase, but the game ends after "
                "this round: no effect"
            ).format(next=rnd + 1)
        return _(
            "sources there would yield half in round {next}'s income phase, but the game ends after "
            "this round: no effect"
        ).format(next=rnd + 1)
    if card == 2:
        return _("sources there yield nothing in round {next}'s income phase").format(next=rnd + 1)
    return _("sources there yield half in round {next}'s income phase").format(next=rnd + 1)


def explain(e: Entry, ended: int | None = None) -> str:
    """One log entry of a resolution step in words, with its clause (the text of :func:`entry_fact`)."""
    return entry_fact(e, ended).text


def entry_fact(e: Entry, ended: int | None = None) -> Fact:
    """One log entry of a resolution step as a fact: its words, the clauses they cite, its seats and amounts.

    The fact's ``kind`` is the entry's tag (``"income"``, ``"shots"`` ...); its seats are the
    player it is about first, then the others it names (a target, an heir, the victim).
    ``ended`` is the round after which the game ends, when the same news says so (an event
    stored for the next round then has no effect).
    """
    tag = e[0]
    if tag == "income":
        text = _("{player} earns {amount} GE and has {ge} (BH-4.2)").format(player=pname(e[1]), amount=e[2], ge=e[3])
        return Fact(tag, text, ("BH-4.2",), (e[1],), amounts={"ge": e[2], "purse": e[3]})
    if tag == "upkeep":
        text = _("{player} pays {amount} GE upkeep, {ge} left (BH-4.2.3)").format(
            player=pname(e[1]), amount=e[2], ge=e[3]
        )
        return Fact(tag, text, ("BH-4.2.3",), (e[1],), amounts={"ge": e[2], "purse": e[3]})
    if tag == "dismiss":
        if e[3] == THUG:
            text = _("{player} withdraws a thug from {district}: his upkeep exceeds his GE (BH-4.2.4)")
        else:
            text = _("{player} withdraws a killer from {district}: his upkeep exceeds his GE (BH-4.2.4)")
        return Fact(tag, text.format(player=pname(e[1]), district=DISTRICTS[e[2]]), ("BH-4.2.4",), (e[1],))
    if tag == "transfer":
        text = _("{player} gives {amount} GE to {to} (BH-4.3)").format(player=pname(e[1]), amount=e[3], to=pname(e[2]))
        return Fact(tag, text, ("BH-4.3",), _seats(e[1], e[2]), amounts={"ge": e[3]})
    if tag == "orders":
        text = _("{player}'s orders revealed: {orders} (BH-4.9)").format(player=pname(e[1]), orders=said_orders(e[2]))
        return Fact(tag, text, ("BH-4.9",), (e[1],), amounts={"orders": len(e[2])})
    if tag == "refused":
        text = ngettext(
            "{player}'s build of {n} source(s) in {district} is refused: the district is full "
            "(capacity {capacity}), and a refused build is not paid (BH-4.7.3)",
            "{player}'s build of {n} source(s) in {district} is refused: the district is full "
            "(capacity {capacity}), and a refused build is not paid (BH-4.7.3)",
            e[3],
        ).format(player=pname(e[1]), n=e[3], district=DISTRICTS[e[2]], capacity=CAPACITY[e[2]])
        return Fact(tag, text, ("BH-4.7.3",), (e[1],), amounts={"sources": e[3]})
    if tag == "event":
        return _event_fact(e, ended)
    if tag == "removed" or tag == "to_jail":
        return _removed_fact(e)
    if tag == "influence":
        text = _(INFLUENCE_TEXT[e[3]]).format(player=pname(e[1]), target=pname(e[4]), district=DISTRICTS[e[2]])
        return Fact(tag, text, ("BH-4.11.4",), _seats(e[1], e[4]))
    if tag == "shots":
        if e[4] == THUG:
            text = _("{player}'s thugs fire at {target} in {district}: rolls {rolls} give {hits} hit(s) (BH-4.12.3)")
        else:
            text = _("{player}'s killers fire at {target} in {district}: rolls {rolls} give {hits} hit(s) (BH-4.12.3)")
        text = text.format(
            player=pname(e[1]),
            target=pname(e[2]),
            district=DISTRICTS[e[3]],
            rolls=" ".join([str(r) for r in e[5]]),
            hits=e[6],
        )
        return Fact(tag, text, ("BH-4.12.3",), _seats(e[1], e[2]), amounts={"hits": e[6]})
    if tag == "losses":
        return _losses_fact(e)
    if tag in ("claimants", "inherit", "inherit_part", "estate_removed", "agreement"):
        return _estate_fact(e)
    if tag == "concede":
        text = _("{player} concedes in {district} (BH-4.15.2)").format(player=pname(e[1]), district=DISTRICTS[e[2]])
        return Fact(tag, text, ("BH-4.15.2",), (e[1],))
    if tag == "fight_won":
        return _fight_fact(e)
    if tag == "fight_cap":
        text = _("the fight in {district} reaches 100 volleys: nobody wins (BH-4.15.6)").format(
            district=DISTRICTS[e[1]]
        )
        return Fact(tag, text, ("BH-4.15.6",))
    if tag == "takeover":
        return _takeover_fact(e)
    if tag == "over":
        if e[1] < ROUNDS:
            text = _("the game ends early after round {round}: at most one player is still active (BH-6.2)").format(
                round=e[1]
            )
            return Fact(tag, text, ("BH-6.2",), amounts={"round": e[1]})
        text = _("the game ends after round {round} (BH-6.1)").format(round=e[1])
        return Fact(tag, text, ("BH-6.1",), amounts={"round": e[1]})
    return Fact(str(tag), str(e))


def _event_fact(e: Entry, ended: int | None) -> Fact:
    """An event card drawn for a district (BH-4.10): the card is named as the map shows it (``E03``)."""
    card, x, rnd = e[1], e[2], e[3]
    code = f"E{card:02d}"
    text = _("event {card} hits district {district}: {effect} (BH-4.10)").format(
        card=code, district=DISTRICTS[x], effect=_event(card, x, rnd, ended)
    )
    return Fact("event", text, ("BH-4.10",), (), (code,), amounts={"round": rnd})


def _removed_fact(e: Entry) -> Fact:
    """Markers an event card sends back to the stock or to the Jail (BH-2.5), or a godfather jailed (BH-4.8)."""
    tag = e[0]
    fields = {"player": pname(e[1]), "district": DISTRICTS[e[2]], "n": e[4], "dice": _dice(e[5])}
    amounts = {"markers": e[4]}
    clauses: tuple[str, ...] = ("BH-2.5",)
    if tag == "removed":
        if e[3] == "source":
            if not e[4]:
                text = _("none of {player}'s source(s) in {district} is removed{dice} (BH-2.5)").format(**fields)
            else:
                text = ngettext(
                    "{n} source(s) of {player} in {district} go back to his stock{dice} (BH-2.5)",
                    "{n} source(s) of {player} in {district} go back to his stock{dice} (BH-2.5)",
                    e[4],
                ).format(**fields)
        elif not e[4]:
            text = _("none of {player}'s influence marker(s) in {district} is removed{dice} (BH-2.5)").format(**fields)
        else:
            text = ngettext(
                "{n} influence marker(s) of {player} in {district} go back to his stock{dice} (BH-2.5)",
                "{n} influence marker(s) of {player} in {district} go back to his stock{dice} (BH-2.5)",
                e[4],
            ).format(**fields)
    elif e[3] == "godfather":
        text = _("{player}'s godfather in {district} goes to the Jail (BH-2.5, BH-4.8)").format(**fields)
        clauses = ("BH-2.5", "BH-4.8")
    elif e[3] == "thug":
        if not e[4]:
            text = _("none of {player}'s thugs in {district} goes to the Jail{dice} (BH-2.5)").format(**fields)
        else:
            text = ngettext(
                "{n} thug(s) of {player} in {district} go to the Jail{dice} (BH-2.5)",
                "{n} thug(s) of {player} in {district} go to the Jail{dice} (BH-2.5)",
                e[4],
            ).format(**fields)
    elif not e[4]:
        text = _("none of {player}'s killers in {district} goes to the Jail{dice} (BH-2.5)").format(**fields)
    else:
        text = ngettext(
            "{n} killer(s) of {player} in {district} go to the Jail{dice} (BH-2.5)",
            "{n} killer(s) of {player} in {district} go to the Jail{dice} (BH-2.5)",
            e[4],
        ).format(**fields)
    return Fact(tag, text, clauses, (e[1],), amounts=amounts)


def _losses_fact(e: Entry) -> Fact:
    """A shootout's losses of one player (BH-4.12.4), and his death when the hit reaches his godfather."""
    fields = {"player": pname(e[1]), "district": DISTRICTS[e[2]], "thugs": e[3], "killers": e[4]}
    amounts = {"thugs": e[3], "killers": e[4]}
    if e[5] and not (e[3] or e[4]):
        text = _(
            "{player} has no thug or killer in {district} to lose, so the hit kills his godfather "
            "(BH-4.12.4, BH-4.12.5) and he is eliminated (BH-4.13.1)"
        ).format(**fields)
        return Fact("losses", text, ("BH-4.12.4", "BH-4.12.5", "BH-4.13.1"), (e[1],), amounts=amounts)
    if e[5]:
        text = _(
            "{player} loses {thugs} thug(s) and {killers} killer(s) in {district} (BH-4.12.4); his godfather is "
            "killed and he is eliminated (BH-4.12.5, BH-4.13.1)"
        ).format(**fields)
        return Fact("losses", text, ("BH-4.12.4", "BH-4.12.5", "BH-4.13.1"), (e[1],), amounts=amounts)
    text = _("{player} loses {thugs} thug(s) and {killers} killer(s) in {district} (BH-4.12.4)").format(**fields)
    return Fact("losses", text, ("BH-4.12.4",), (e[1],), amounts=amounts)


def _estate_fact(e: Entry) -> Fact:
    """Who claims, inherits or loses the estate of an eliminated player (BH-4.13, BH-4.15.1)."""
    tag = e[0]
    if tag == "claimants":
        v, x, claimants = e[1], e[2], e[3]
        if not claimants:
            text = _(
                "no other participant of the shootout in {district} is still active, so nobody "
                "claims {victim}'s estate (BH-4.13.2)"
            ).format(district=DISTRICTS[x], victim=pname(v))
            return Fact(tag, text, ("BH-4.13.2",), (v,))
        if len(claimants) == 1:
            text = _(
                "{claimant}, the only other participant of the shootout in {district} "
                "still active, is the only claimant of {victim}'s estate (BH-4.13.2)"
            ).format(claimant=pname(claimants[0]), district=DISTRICTS[x], victim=pname(v))
            return Fact(tag, text, ("BH-4.13.2",), _seats(claimants, v))
        text = _(
            "{claimants} took part in the shootout in {district} and are still active: they "
            "claim {victim}'s estate and must agree on a division or fight for it in {district} "
            "(BH-4.13.2, BH-4.13.5)"
        ).format(claimants=pnames(claimants), district=DISTRICTS[x], victim=pname(v))
        return Fact(tag, text, ("BH-4.13.2", "BH-4.13.5"), _seats(claimants, v))
    if tag == "inherit":
        text = _("{heir} inherits the whole estate of {victim}, every marker where it lies (BH-4.13.4)").format(
            heir=pname(e[2]), victim=pname(e[1])
        )
        return Fact(tag, text, ("BH-4.13.4",), _seats(e[2], e[1]))
    if tag == "inherit_part":
        text = _("{heir} inherits {n} marker(s) of {victim}'s estate as agreed (BH-4.15.1)").format(
            heir=pname(e[2]), n=e[3], victim=pname(e[1])
        )
        return Fact(tag, text, ("BH-4.15.1",), _seats(e[2], e[1]), amounts={"markers": e[3]})
    if tag == "estate_removed":
        if len(e) > 2 and e[2] == "no winner":
            text = _(
                "nobody wins the fight over {victim}'s estate: his markers leave the game (BH-4.13.5, BH-4.13.3)"
            ).format(victim=pname(e[1]))
            return Fact(tag, text, ("BH-4.13.5", "BH-4.13.3"), (e[1],))
        text = _("nobody claims {victim}'s estate: his markers leave the game (BH-4.13.3)").format(victim=pname(e[1]))
        return Fact(tag, text, ("BH-4.13.3",), (e[1],))
    # "agreement": the claimants agree on a division (BH-4.15.1)
    if e[3] == "takeover":
        parts = ", ".join(f"{pname(p)} {n}" for p, n in zip(e[1], e[5]))
    else:
        heirs = sorted({d[2] for d in e[5]})
        parts = ", ".join(
            _("{player} {n} markers").format(player=pname(h), n=sum(d[3] for d in e[5] if d[2] == h)) for h in heirs
        )
    if e[3] == "estate":
        text = _("{players} agree on dividing {victim}'s estate: {parts} (BH-4.15.1)")
    else:
        text = _("{players} agree on dividing the contested sources of {victim}: {parts} (BH-4.15.1)")
    text = text.format(players=pnames(e[1]), victim=pname(e[4]), parts=parts or _("nothing to anybody"))
    return Fact(tag, text, ("BH-4.15.1",), _seats(e[1], e[4]))


def _fight_fact(e: Entry) -> Fact:
    """Who wins a decision fight (BH-4.15.4), if anybody."""
    estate = e[2][0] == "estate"
    if e[3] is None:
        if estate:
            text = _("nobody wins the decision fight in {district} over {victim}'s estate (BH-4.15.4)")
        else:
            text = _("nobody wins the decision fight in {district} over the contested sources of {victim} (BH-4.15.4)")
    elif estate:
        text = _("{winner} wins the decision fight in {district} over {victim}'s estate (BH-4.15.4)")
    else:
        text = _("{winner} wins the decision fight in {district} over the contested sources of {victim} (BH-4.15.4)")
    text = text.format(winner=pname(e[3]) if e[3] is not None else "", district=DISTRICTS[e[1]], victim=pname(e[2][1]))
    seats = _seats(e[2][1]) if e[3] is None else _seats(e[3], e[2][1])
    return Fact("fight_won", text, ("BH-4.15.4",), seats)


def _takeover_fact(e: Entry) -> Fact:
    """Claimed sources of another player taken over (BH-4.14.5), and why the rest, if any, is skipped."""
    fields = {
        "player": pname(e[1]),
        "done": e[4],
        "count": e[5],
        "victim": pname(e[2]),
        "district": DISTRICTS[e[3]],
    }
    if e[4] < e[5]:
        text = ngettext(
            "{player} takes over {done} of {count} claimed source(s) of {victim} in {district}; the rest is "
            "skipped: he has no source left in his stock, already as many takeovers here as shooters, or "
            "{victim} has no source left there (BH-4.14.5)",
            "{player} takes over {done} of {count} claimed source(s) of {victim} in {district}; the rest is "
            "skipped: he has no source left in his stock, already as many takeovers here as shooters, or "
            "{victim} has no source left there (BH-4.14.5)",
            e[5],
        ).format(**fields)
    else:
        text = ngettext(
            "{player} takes over {done} of {count} claimed source(s) of {victim} in {district} (BH-4.14.5)",
            "{player} takes over {done} of {count} claimed source(s) of {victim} in {district} (BH-4.14.5)",
            e[5],
        ).format(**fields)
    return Fact("takeover", text, ("BH-4.14.5",), _seats(e[1], e[2]), amounts={"sources": e[4], "claimed": e[5]})
