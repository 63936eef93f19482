"""Sentences and pictures for people: ``describe`` (one sentence naming the clauses) and ``render``."""
from __future__ import annotations

from . import cards as C
from .rules import (
    DECLINE, DUCK, GONG, HAUFEN, KNOCKOUT, OVER, PASS, PHASE_NAMES, PLAY, STEAL, WOLFSBLUT, Hand2, Pick, Place,
    vest_off, vest_removers,
)


def _seats(mask: int, n: int) -> list[int]:
    return [q for q in range(n) if mask >> q & 1]


def _names(seats) -> str:
    seats = [str(q) for q in seats]
    return seats[0] if len(seats) == 1 else ", ".join(seats[:-1]) + " and " + seats[-1]


def _formation(f, rev) -> str:
    return f"{f.text} ({f.kind_name}, size {f.size}, strength {f.strength[rev]}{', fist' if f.fist[rev] else ''})"


def _consequences(game, before, after, p, action=None) -> list[str]:
    """What happened automatically after the decision, with its clauses."""
    out = []
    if after.game != before.game:
        out += _eliminated(game, before, before.alive & ~_alive_before_reset(after))
        out.append(f"player {after.results[-1][0]} is the last player standing and wins the game and a "
                   f"Bronko-Orden (BD-11.2)")
        if after.phase == OVER:
            out.append(f"the match is over (BD-11.3); Orden {list(after.orden)}")
        else:
            out.append("a new game begins (BD-4.2)")
        return out
    if after.fights != before.fights:
        out.append("the fight is settled (BD-9)")
        out += _eliminated(game, before, before.alive & ~after.alive)
        if after.donko < 0 and after.bronko < 0 and before.bronko >= 0:
            out.append("the Donko-Haufen would go to the Bronko-Blut holder with two players left: both return "
                       "to the centre (BD-10.6)")
        elif after.donko != before.donko:
            clause = "BD-10.2" if before.fight_donko < 0 else "BD-10.3"
            out.append(f"player {after.donko} takes the Donko-Haufen ({clause})")
        out.append(f"fight {after.fight} begins (BD-4.3)")
        return out
    if after.phase == GONG and before.phase == PLAY:
        out.append(f"player {p} emptied his hand: he is the Bronko of the fight (BD-8.1) and the final gong begins (BD-8.3)")
    if after.phase == WOLFSBLUT and before.phase != WOLFSBLUT:
        out.append(f"player {after.turn} holds {C.CODES[after.pending[2].wolf]} and may steal the Wolf (BD-6.5)")
    if before.phase in (PLAY, WOLFSBLUT) and after.phase == PLAY and after.current is None:
        # who gained control by BD-5.8: the owner on an all-duck, else the placer (box, fist)
        if before.phase == WOLFSBLUT:
            gained = before.pending[0]
        else:
            gained = before.owner if action is DUCK else p
        out.append(f"the round ends and player {gained} controls (BD-5.8, BD-5.12)")
        if gained != after.owner:
            out.append(f"he holds only the Wolf, so player {after.owner} opens instead and becomes controller (BD-6.8)")
        if after.revolution != before.revolution:
            out.append(f"the revolution {'begins' if after.revolution else 'ends'} (BD-7.3)")
        if before.wolf_rest >= 2 or (action is STEAL and after.wolf_rest == 1):
            out.append("the stolen Wolf sits out the whole round that begins now (BD-6.6)")
        elif before.wolf_rest == 1 and after.wolf_rest == 0:
            out.append("the stolen Wolf has rested its round and can be placed again (BD-6.6)")
    if after.ring and not before.ring and after.current is not None:
        out.append("a Schlagring is active (BD-7.6)")
    if isinstance(action, Place) and action.vest:
        if vest_off(before):
            others = _seats(vest_removers(before), game.players)
            out.append(f"player {p} took off his own vest too: his hand is public as well; the Weste-Aus card is "
                       f"already off (player{'s' if len(others) > 1 else ''} {_names(others)} took off theirs "
                       f"first), so every loser's Schlagkraft is still doubled only once (BD-7.10, BD-7.11)")
        else:
            out.append(f"player {p} took off the vest: the Weste-Aus card turns to off, his hand is public until the "
                       f"fight ends, and every loser's Schlagkraft will be doubled (BD-7.10, BD-7.11)")
    if after.phase == KNOCKOUT:
        out.append(f"the Bronko chooses a Schläger of player {after.settle.loser} to knock out (BD-9.4)")
    if after.phase == HAUFEN:
        out.append("the Donko-Haufen is tied (BD-10.2, BD-10.3)")
    return out


def _alive_before_reset(after) -> int:
    """Seats still in the game when the last game ended (a new game re-seats everybody)."""
    return after.results[-1][3]


def _eliminated(game, before, out_mask: int) -> list[str]:
    return [f"player {q} has no Schläger left and is out of the game (BD-11.1)"
            for q in range(game.players) if out_mask >> q & 1]


def describe(game, state, action, player=None) -> str:
    p = state.turn if player is None else player
    after = game.apply(state, action, player)
    rev = state.revolution
    if isinstance(action, Place):
        f = action.form or game.canonical(action).form
        if state.phase == GONG:
            text = f"Player {p} boxes the final formation with {_formation(f, rev)} in the final gong (BD-8.3)"
            if not state.hands[p] & ~f.req:
                text += (", emptying his hand: as the Donko he sheds the Donko-Haufen (BD-8.4)" if p == state.donko
                         else ", emptying his hand: his Schlagkraft is 0 (BD-8.4)")
        elif action.verb == 0:
            text = f"Player {p} opens with {_formation(f, rev)} (BD-5.6)"
        elif action.verb == 1:
            text = f"Player {p} beats {state.current.text} with {_formation(f, rev)} (BD-5.7)"
        else:
            text = f"Player {p} boxes {state.current.text} with {_formation(f, rev)} (BD-5.7, BD-5.8 a)"
        if f.wolf >= 0:
            text += f", the Wolf declared as {C.CODES[f.wolf]} (BD-5.2)"
    elif action is DUCK:
        text = f"Player {p} ducks and is out of this round (BD-5.7)"
    elif action is PASS:
        text = f"Player {p} passes in the final gong (BD-8.3)"
    elif action is STEAL:
        wolf = C.CODES[state.pending[2].wolf]
        text = (f"Player {p} steals the Wolf: his real {wolf} takes its place in the formation and the Wolf goes "
                f"into his hand (BD-6.5); it rests for the rest of this round and the whole next round (BD-6.6)")
    elif action is DECLINE:
        text = f"Player {p} lets the Wolf be (BD-6.5)"
    elif isinstance(action, Hand2) and action.word == "give":
        text = f"The Donko, player {p}, gives {C.codes(action.cards)} to the Bronko (BD-10.7 a)"
    elif isinstance(action, Hand2):
        text = f"The Bronko, player {p}, hands back {C.codes(action.cards)} (BD-10.7 b)"
    elif isinstance(action, Pick) and action.word == "settle":
        text = f"The Bronko settles player {action.value} next (BD-9.1)"
    elif isinstance(action, Pick) and action.word == "knock":
        text = f"The Bronko knocks out player {state.settle.loser}'s Schläger {action.value} (BD-9.4 c)"
    else:
        text = f"Player {action.value} gets the Donko-Haufen (BD-10.2, BD-10.3)"
    more = _consequences(game, state, after, p, action)
    return text + ("; " + "; ".join(more) if more else "") + "."


def render(game, state, player=None) -> str:
    s = state
    if player is not None:
        s = game.view(state, player)
    removers = _seats(vest_removers(s), game.players)
    vest = (f", vest off (player{'s' if len(removers) > 1 else ''} {_names(removers)})" if removers
            else ", vest on")
    lines = [
        f"Bronko-Donko, game {min(s.game + 1, s.games)}/{s.games}, fight {s.fight}: {PHASE_NAMES[s.phase]}"
        + ("" if s.phase == OVER else f", player {s.turn} to act")
        + (", REVOLUTION" if s.revolution else "") + (", Schlagring" if s.ring and s.phase == PLAY else "")
        + vest + (", the stolen Wolf rests" if s.wolf_rest and s.phase in (PLAY, WOLFSBLUT, GONG) else ""),
        f"Bronko-Blut: {s.bronko if s.bronko >= 0 else 'centre'}; Donko-Haufen: "
        f"{s.donko if s.donko >= 0 else 'centre'} (Fluchtkarten {s.flucht}); Orden {list(s.orden)}",
    ]
    if s.current is not None and s.phase in (PLAY, WOLFSBLUT, GONG):
        label = "final formation" if s.phase == GONG else "current"
        lines.append(f"{label}: {s.current.text} by player {s.owner} (strength {s.current.strength[s.revolution]})")
    for q in range(game.players):
        alive = s.alive >> q & 1
        sl = " ".join(f"{h}{'*' if s.counted[q] and i == 0 else ''}" for i, h in enumerate(s.schlaeger[q]))
        if not alive:
            lines.append(f"  {q}: out of the game")
            continue
        hand = C.codes(s.hands[q])
        if s.hidden and s.hidden[q]:
            hand = (hand + " " if hand else "") + f"+{s.hidden[q]} hidden"
        marks = ("ducked " if s.ducked >> q & 1 and s.phase == PLAY else "")
        lines.append(f"  {q}: [{hand}] {marks}Schläger {sl}")
    return "\n".join(lines)
