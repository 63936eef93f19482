"""The news of a step in words: each log entry (``state.news``) as a sentence with its clause.

The rules record what happened as entries, tuples whose first item says what they are:
``("income", p, amount, ge)``, ``("shots", shooter, target, district, kind, rolls, hits)``
and so on (:mod:`.resolve`, :mod:`.orders`); :func:`explain` says one in words.
"""

from __future__ import annotations

from .board import CAPACITY, CATALOG, DISTRICTS, EVENT_TEXT, ROUNDS, THUG, Entry, pname, pnames

_, ngettext = CATALOG.functions()


def _dice(rolls: tuple[int, ...]) -> str:
    """The rolls of an event card, as said after its effect: " (rolls 2, 5)", or nothing."""
    return _(" (rolls {rolls})").format(rolls=", ".join([str(r) for r in rolls])) if rolls else ""


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
    """One log entry of a resolution step in words, with its clause.

    ``ended`` is the round after which the game ends, when the same news says so (an event
    stored for the next round then has no effect).
    """
    tag = e[0]
    if tag == "income":
        return _("{player} earns {amount} GE and has {ge} (BH-4.2)").format(player=pname(e[1]), amount=e[2], ge=e[3])
    if tag == "upkeep":
        return _("{player} pays {amount} GE upkeep, {ge} left (BH-4.2.3)").format(
            player=pname(e[1]), amount=e[2], ge=e[3]
        )
    if tag == "dismiss":
        if e[3] == THUG:
            text = _("{player} withdraws a thug from {district}: his upkeep exceeds his GE (BH-4.2.4)")
        else:
            text = _("{player} withdraws a killer from {district}: his upkeep exceeds his GE (BH-4.2.4)")
        return text.format(player=pname(e[1]), district=DISTRICTS[e[2]])
    if tag == "transfer":
        return _("{player} gives {amount} GE to {to} (BH-4.3)").format(player=pname(e[1]), amount=e[3], to=pname(e[2]))
    if tag == "orders":
        return _("{player}'s orders revealed: {orders} (BH-4.9)").format(
            player=pname(e[1]), orders="; ".join([str(o) for o in e[2]])
        )
    if tag == "refused":
        return ngettext(
            "{player}'s build of {n} source(s) in {district} is refused: the district is full "
            "(capacity {capacity}), and a refused build is not paid (BH-4.7.3)",
            "{player}'s build of {n} source(s) in {district} is refused: the district is full "
            "(capacity {capacity}), and a refused build is not paid (BH-4.7.3)",
            e[3],
        ).format(player=pname(e[1]), n=e[3], district=DISTRICTS[e[2]], capacity=CAPACITY[e[2]])
    if tag == "event":
        card, x, rnd = e[1], e[2], e[3]
        return _("event {card} hits district {district}: {effect} (BH-4.10)").format(
            card=f"E{card:02d}", district=DISTRICTS[x], effect=_event(card, x, rnd, ended)
        )
    if tag == "removed":
        fields = {"player": pname(e[1]), "district": DISTRICTS[e[2]], "n": e[4], "dice": _dice(e[5])}
        if e[3] == "source":
            if not e[4]:
                return _("none of {player}'s source(s) in {district} is removed{dice} (BH-2.5)").format(**fields)
            return ngettext(
                "{n} source(s) of {player} in {district} go back to his stock{dice} (BH-2.5)",
                "{n} source(s) of {player} in {district} go back to his stock{dice} (BH-2.5)",
                e[4],
            ).format(**fields)
        if not e[4]:
            return _("none of {player}'s influence marker(s) in {district} is removed{dice} (BH-2.5)").format(**fields)
        return ngettext(
            "{n} influence marker(s) of {player} in {district} go back to his stock{dice} (BH-2.5)",
            "{n} influence marker(s) of {player} in {district} go back to his stock{dice} (BH-2.5)",
            e[4],
        ).format(**fields)
    if tag == "to_jail":
        fields = {"player": pname(e[1]), "district": DISTRICTS[e[2]], "n": e[4], "dice": _dice(e[5])}
        if e[3] == "godfather":
            return _("{player}'s godfather in {district} goes to the Jail (BH-2.5, BH-4.8)").format(**fields)
        if e[3] == "thug":
            if not e[4]:
                return _("none of {player}'s thugs in {district} goes to the Jail{dice} (BH-2.5)").format(**fields)
            return ngettext(
                "{n} thug(s) of {player} in {district} go to the Jail{dice} (BH-2.5)",
                "{n} thug(s) of {player} in {district} go to the Jail{dice} (BH-2.5)",
                e[4],
            ).format(**fields)
        if not e[4]:
            return _("none of {player}'s killers in {district} goes to the Jail{dice} (BH-2.5)").format(**fields)
        return ngettext(
            "{n} killer(s) of {player} in {district} go to the Jail{dice} (BH-2.5)",
            "{n} killer(s) of {player} in {district} go to the Jail{dice} (BH-2.5)",
            e[4],
        ).format(**fields)
    if tag == "influence":
        return _("{player} uses {verb} on {target} in {district} (BH-4.11.4)").format(
            player=pname(e[1]), verb=e[3], target=pname(e[4]), district=DISTRICTS[e[2]]
        )
    if tag == "shots":
        if e[4] == THUG:
            text = _("{player}'s thugs fire at {target} in {district}: rolls {rolls} give {hits} hit(s) (BH-4.12.3)")
        else:
            text = _("{player}'s killers fire at {target} in {district}: rolls {rolls} give {hits} hit(s) (BH-4.12.3)")
        return text.format(
            player=pname(e[1]),
            target=pname(e[2]),
            district=DISTRICTS[e[3]],
            rolls=" ".join([str(r) for r in e[5]]),
            hits=e[6],
        )
    if tag == "losses":
        fields = {"player": pname(e[1]), "district": DISTRICTS[e[2]], "thugs": e[3], "killers": e[4]}
        if e[5] and not (e[3] or e[4]):
            return _(
                "{player} has no thug or killer in {district} to lose, so the hit kills his godfather "
                "(BH-4.12.4, BH-4.12.5) and he is eliminated (BH-4.13.1)"
            ).format(**fields)
        if e[5]:
            return _(
                "{player} loses {thugs} thug(s) and {killers} killer(s) in {district} (BH-4.12.4); his godfather is "
                "killed and he is eliminated (BH-4.12.5, BH-4.13.1)"
            ).format(**fields)
        return _("{player} loses {thugs} thug(s) and {killers} killer(s) in {district} (BH-4.12.4)").format(**fields)
    if tag == "claimants":
        v, x, claimants = e[1], e[2], e[3]
        if not claimants:
            return _(
                "no other participant of the shootout in {district} is still active, so nobody "
                "claims {victim}'s estate (BH-4.13.2)"
            ).format(district=DISTRICTS[x], victim=pname(v))
        if len(claimants) == 1:
            return _(
                "{claimant}, the only other participant of the shootout in {district} "
                "still active, is the only claimant of {victim}'s estate (BH-4.13.2)"
            ).format(claimant=pname(claimants[0]), district=DISTRICTS[x], victim=pname(v))
        return _(
            "{claimants} took part in the shootout in {district} and are still active: they "
            "claim {victim}'s estate and must agree on a division or fight for it in {district} "
            "(BH-4.13.2, BH-4.13.5)"
        ).format(claimants=pnames(claimants), district=DISTRICTS[x], victim=pname(v))
    if tag == "inherit":
        return _("{heir} inherits the whole estate of {victim}, every marker where it lies (BH-4.13.4)").format(
            heir=pname(e[2]), victim=pname(e[1])
        )
    if tag == "inherit_part":
        return _("{heir} inherits {n} marker(s) of {victim}'s estate as agreed (BH-4.15.1)").format(
            heir=pname(e[2]), n=e[3], victim=pname(e[1])
        )
    if tag == "estate_removed":
        if len(e) > 2 and e[2] == "no winner":
            return _(
                "nobody wins the fight over {victim}'s estate: his markers leave the game (BH-4.13.5, BH-4.13.3)"
            ).format(victim=pname(e[1]))
        return _("nobody claims {victim}'s estate: his markers leave the game (BH-4.13.3)").format(victim=pname(e[1]))
    if tag == "agreement":
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
        return text.format(players=pnames(e[1]), victim=pname(e[4]), parts=parts or _("nothing to anybody"))
    if tag == "concede":
        return _("{player} concedes in {district} (BH-4.15.2)").format(player=pname(e[1]), district=DISTRICTS[e[2]])
    if tag == "fight_won":
        estate = e[2][0] == "estate"
        if e[3] is None:
            if estate:
                text = _("nobody wins the decision fight in {district} over {victim}'s estate (BH-4.15.4)")
            else:
                text = _(
                    "nobody wins the decision fight in {district} over the contested sources of {victim} (BH-4.15.4)"
                )
        elif estate:
            text = _("{winner} wins the decision fight in {district} over {victim}'s estate (BH-4.15.4)")
        else:
            text = _(
                "{winner} wins the decision fight in {district} over the contested sources of {victim} (BH-4.15.4)"
            )
        return text.format(
            winner=pname(e[3]) if e[3] is not None else "", district=DISTRICTS[e[1]], victim=pname(e[2][1])
        )
    if tag == "fight_cap":
        return _("the fight in {district} reaches 100 volleys: nobody wins (BH-4.15.6)").format(
            district=DISTRICTS[e[1]]
        )
    if tag == "takeover":
        fields = {
            "player": pname(e[1]),
            "done": e[4],
            "count": e[5],
            "victim": pname(e[2]),
            "district": DISTRICTS[e[3]],
        }
        if e[4] < e[5]:
            return ngettext(
                "{player} takes over {done} of {count} claimed source(s) of {victim} in {district}; the rest is "
                "skipped: he has no source left in his stock, already as many takeovers here as shooters, or "
                "{victim} has no source left there (BH-4.14.5)",
                "{player} takes over {done} of {count} claimed source(s) of {victim} in {district}; the rest is "
                "skipped: he has no source left in his stock, already as many takeovers here as shooters, or "
                "{victim} has no source left there (BH-4.14.5)",
                e[5],
            ).format(**fields)
        return ngettext(
            "{player} takes over {done} of {count} claimed source(s) of {victim} in {district} (BH-4.14.5)",
            "{player} takes over {done} of {count} claimed source(s) of {victim} in {district} (BH-4.14.5)",
            e[5],
        ).format(**fields)
    if tag == "over":
        if e[1] < ROUNDS:
            return _("the game ends early after round {round}: at most one player is still active (BH-6.2)").format(
                round=e[1]
            )
        return _("the game ends after round {round} (BH-6.1)").format(round=e[1])
    return str(e)
