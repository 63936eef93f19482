"""The news of a step in words: each log entry (``state.news``) as a sentence with its clause.

The rules record what happened as entries, tuples whose first item says what they are:
``("income", p, amount, ge)``, ``("shots", shooter, target, district, kind, rolls, hits)``
and so on (:mod:`.resolve`, :mod:`.orders`); :func:`explain` says one in words.
"""

from __future__ import annotations

from .board import CAPACITY, DISTRICTS, EVENT_TEXT, KIND_NAMES, ROUNDS, Entry, pname, pnames


def explain(e: Entry, ended: int | None = None) -> str:
    """One log entry of a resolution step in words, with its clause.

    ``ended`` is the round after which the game ends, when the same news says so (an event
    stored for the next round then has no effect).
    """
    tag = e[0]
    if tag == "income":
        return f"{pname(e[1])} earns {e[2]} GE and has {e[3]} (BH-4.2)"
    if tag == "upkeep":
        return f"{pname(e[1])} pays {e[2]} GE upkeep, {e[3]} left (BH-4.2.3)"
    if tag == "dismiss":
        return (
            f"{pname(e[1])} withdraws a {KIND_NAMES[e[3]]} from {DISTRICTS[e[2]]}: his upkeep exceeds his GE (BH-4.2.4)"
        )
    if tag == "transfer":
        return f"{pname(e[1])} gives {e[3]} GE to {pname(e[2])} (BH-4.3)"
    if tag == "orders":
        return f"{pname(e[1])}'s orders revealed: {'; '.join([str(o) for o in e[2]])} (BH-4.9)"
    if tag == "refused":
        return (
            f"{pname(e[1])}'s build of {e[3]} source(s) in {DISTRICTS[e[2]]} is refused: the district is full "
            f"(capacity {CAPACITY[e[2]]}), and a refused build is not paid (BH-4.7.3)"
        )
    if tag == "event":
        card, x, rnd = e[1], e[2], e[3]
        text = EVENT_TEXT[card]
        if card in (2, 3):  # stored for the next round's income phase (BH-4.10), which may not come
            what = "yield nothing" if card == 2 else "yield half"
            if rnd >= ROUNDS:
                text = (
                    f"sources there would {what} in the next round's income phase, but round {rnd} is the last "
                    f"and no income phase follows: no effect"
                )
            elif ended == rnd:
                text = (
                    f"sources there would {what} in round {rnd + 1}'s income phase, but the game ends after "
                    f"this round: no effect"
                )
            else:
                text = f"sources there {what} in round {rnd + 1}'s income phase"
        return f"event E{card:02d} hits district {DISTRICTS[x]}: {text} (BH-4.10)"
    if tag == "removed":
        dice = f" (rolls {', '.join([str(r) for r in e[5]])})" if e[5] else ""
        noun = "source(s)" if e[3] == "source" else "influence marker(s)"
        if not e[4]:
            return f"none of {pname(e[1])}'s {noun} in {DISTRICTS[e[2]]} is removed{dice} (BH-2.5)"
        return f"{e[4]} {noun} of {pname(e[1])} in {DISTRICTS[e[2]]} go back to his stock{dice} (BH-2.5)"
    if tag == "to_jail":
        dice = f" (rolls {', '.join([str(r) for r in e[5]])})" if e[5] else ""
        if e[3] == "godfather":
            return f"{pname(e[1])}'s godfather in {DISTRICTS[e[2]]} goes to the Jail (BH-2.5, BH-4.8)"
        if not e[4]:
            return f"none of {pname(e[1])}'s {e[3]}s in {DISTRICTS[e[2]]} goes to the Jail{dice} (BH-2.5)"
        return f"{e[4]} {e[3]}(s) of {pname(e[1])} in {DISTRICTS[e[2]]} go to the Jail{dice} (BH-2.5)"
    if tag == "influence":
        return f"{pname(e[1])} uses {e[3]} on {pname(e[4])} in {DISTRICTS[e[2]]} (BH-4.11.4)"
    if tag == "shots":
        return (
            f"{pname(e[1])}'s {KIND_NAMES[e[4]]}s fire at {pname(e[2])} in {DISTRICTS[e[3]]}: "
            f"rolls {' '.join([str(r) for r in e[5]])} give {e[6]} hit(s) (BH-4.12.3)"
        )
    if tag == "losses":
        if e[5] and not (e[3] or e[4]):
            return (
                f"{pname(e[1])} has no thug or killer in {DISTRICTS[e[2]]} to lose, so the hit kills his godfather "
                f"(BH-4.12.4, BH-4.12.5) and he is eliminated (BH-4.13.1)"
            )
        gf = "; his godfather is killed and he is eliminated (BH-4.12.5, BH-4.13.1)" if e[5] else ""
        return f"{pname(e[1])} loses {e[3]} thug(s) and {e[4]} killer(s) in {DISTRICTS[e[2]]} (BH-4.12.4){gf}"
    if tag == "claimants":
        v, x, claimants = e[1], e[2], e[3]
        if not claimants:
            return (
                f"no other participant of the shootout in {DISTRICTS[x]} is still active, so nobody "
                f"claims {pname(v)}'s estate (BH-4.13.2)"
            )
        if len(claimants) == 1:
            return (
                f"{pname(claimants[0])}, the only other participant of the shootout in {DISTRICTS[x]} "
                f"still active, is the only claimant of {pname(v)}'s estate (BH-4.13.2)"
            )
        return (
            f"{pnames(claimants)} took part in the shootout in {DISTRICTS[x]} and are still active: they "
            f"claim {pname(v)}'s estate and must agree on a division or fight for it in {DISTRICTS[x]} "
            f"(BH-4.13.2, BH-4.13.5)"
        )
    if tag == "inherit":
        return f"{pname(e[2])} inherits the whole estate of {pname(e[1])}, every marker where it lies (BH-4.13.4)"
    if tag == "inherit_part":
        return f"{pname(e[2])} inherits {e[3]} marker(s) of {pname(e[1])}'s estate as agreed (BH-4.15.1)"
    if tag == "estate_removed":
        if len(e) > 2 and e[2] == "no winner":
            return (
                f"nobody wins the fight over {pname(e[1])}'s estate: his markers leave the game (BH-4.13.5, BH-4.13.3)"
            )
        return f"nobody claims {pname(e[1])}'s estate: his markers leave the game (BH-4.13.3)"
    if tag == "agreement":
        if e[3] == "takeover":
            parts = ", ".join(f"{pname(p)} {n}" for p, n in zip(e[1], e[5]))
        else:
            heirs = sorted({d[2] for d in e[5]})
            parts = ", ".join(f"{pname(h)} {sum(d[3] for d in e[5] if d[2] == h)} markers" for h in heirs)
        what = f"{pname(e[4])}'s estate" if e[3] == "estate" else f"the contested sources of {pname(e[4])}"
        return f"{pnames(e[1])} agree on dividing {what}: {parts or 'nothing to anybody'} (BH-4.15.1)"
    if tag == "concede":
        return f"{pname(e[1])} concedes in {DISTRICTS[e[2]]} (BH-4.15.2)"
    if tag == "fight_won":
        who = pname(e[3]) if e[3] is not None else "nobody"
        what = f"{pname(e[2][1])}'s estate" if e[2][0] == "estate" else f"the contested sources of {pname(e[2][1])}"
        return f"{who} wins the decision fight in {DISTRICTS[e[1]]} over {what} (BH-4.15.4)"
    if tag == "fight_cap":
        return f"the fight in {DISTRICTS[e[1]]} reaches 100 volleys: nobody wins (BH-4.15.6)"
    if tag == "takeover":
        short = (
            f"; the rest is skipped: he has no source left in his stock, already as many takeovers here as "
            f"shooters, or {pname(e[2])} has no source left there"
            if e[4] < e[5]
            else ""
        )
        return (
            f"{pname(e[1])} takes over {e[4]} of {e[5]} claimed source(s) of {pname(e[2])} in {DISTRICTS[e[3]]}"
            f"{short} (BH-4.14.5)"
        )
    if tag == "over":
        if e[1] < ROUNDS:
            return f"the game ends early after round {e[1]}: at most one player is still active (BH-6.2)"
        return f"the game ends after round {e[1]} (BH-6.1)"
    return str(e)
