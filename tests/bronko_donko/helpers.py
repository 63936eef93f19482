"""Building Bronko-Donko scenarios for tests: stacked decks and hand-set tables."""

from __future__ import annotations

import cardgames
from cardgames.bronko_donko import cards as C
from cardgames.bronko_donko.rules import NONE, PLAY

SEATS = "ABCD"


def load(players=3, games=1):
    return cardgames.load("bronko_donko", players=players, games=games)


def mask(text: str) -> int:
    """Bit mask of card codes: mask('Ro5 Ge5 Wolf')."""
    m = 0
    for code in text.split():
        m |= 1 << C.parse_card(code)
    return m


def deck_for(hands: list[str], dealer: int = 0, out: str = "") -> list[str]:
    """A stacked 34-card deck dealing ``hands`` (one string of codes per seat, all equally long)
    when ``dealer`` deals one card at a time clockwise; ``out`` lists some out-of-play cards."""
    n = len(hands)
    lists = [h.split() for h in hands]
    per = len(lists[0])
    assert all(len(x) == per for x in lists)
    order = []
    for i in range(per):
        for k in range(n):
            order.append(lists[(dealer + 1 + k) % n][i])
    rest = out.split() + [c for c in C.CODES if c not in order and c not in out.split()]
    return order + rest


# the record each field of a scenario lives in (the fields not listed belong to the State itself)
RECORDS = {
    "round": ("owner", "current", "ducked", "last", "last2", "ring", "fours"),
    "fight": ("public", "revolution", "vest_by", "vests", "placed", "required", "wolf_rest", "donko_at_start"),
    "standing": ("schlaeger", "counted", "alive", "bronko", "donko", "flucht"),
    "match": ("games", "game", "orden", "tally", "log", "results", "fights"),
}


def with_fields(state, **fields):
    """``state`` with fields changed by name, each in the record it belongs to (``fight_donko`` is the fight's
    ``donko_at_start``)."""
    if "fight_donko" in fields:
        fields["donko_at_start"] = fields.pop("fight_donko")
    changes = {}
    for record, names in RECORDS.items():
        mine = {name: fields.pop(name) for name in names if name in fields}
        if mine:
            changes[record] = getattr(state, record).replace(**mine)
    return state.replace(**changes, **fields)


def standing(donko, bronko, flucht=None):
    """The fields of a fight that ``donko`` began as the Donko (holding ``flucht`` Fluchtkarten, when given),
    with ``bronko`` as the Bronko: keywords for ``table`` and ``with_fields``."""
    fields = dict(donko=donko, fight_donko=donko, bronko=bronko)
    if flucht is not None:
        fields["flucht"] = flucht
    return fields


def table(game, hands, turn=0, **fields):
    """A state in a round with the given hands (strings; unlisted cards simply absent), ``turn`` to open."""
    state = game.new(seed=0)
    base = dict(
        hands=tuple(h if isinstance(h, int) else mask(h) for h in hands),
        phase=PLAY,
        turn=turn,
        owner=turn,
        current=None,
        required=-1,
        ducked=0,
        last=NONE,
        last2=NONE,
        ring=False,
        fours=0,
        wolf_rest=0,
        wolfsblut=None,
        settle=None,
        public=0,
        placed=0,
        vest_by=-1,
        revolution=False,
    )
    base.update(fields)
    return with_fields(state, **base)


def second_seat_out(game, **fields):
    """Four players, the second (B) out of the game with neither Schläger nor cards (BD-11.1); A opens."""
    from cardgames.bronko_donko.cards import SCHLAEGER

    return table(
        game,
        ["Bl2 Bl1", "", "Ge4 Gr2", "Ro5 Gr3"],
        turn=0,
        alive=0b1101,
        schlaeger=(SCHLAEGER, (), SCHLAEGER, SCHLAEGER),
        **fields,
    )


def play(game, state, *texts):
    """Apply action texts in turn, each by the player to act."""
    for text in texts:
        seat = game.to_act(state)[0]
        state = game.apply(state, game.parse_action(state, text, seat), seat)
    return state


def legal(game, state, seat=None):
    seat = game.to_act(state)[0] if seat is None else seat
    return {str(a) for a in game.legal_actions(state, seat)}


def settle_all(game, state, knock=max, order=min, donko=min):
    """Play settlement decisions (DP-7, DP-8, DP-9/10) with simple choices until a fight or the match goes on."""
    from cardgames.bronko_donko.rules import HAUFEN, KNOCKOUT, ORDER

    while state.phase in (ORDER, KNOCKOUT, HAUFEN):
        acts = game.legal_actions(state)
        pick = {ORDER: order, KNOCKOUT: knock, HAUFEN: donko}[state.phase]
        action = pick(acts, key=lambda a: a.value)
        state = game.apply(state, action)
    return state


def form_or_none(text):
    """The prebuilt formation written as in the spec ('Gr1 Wolf=Gr2 Gr3'), or None if it is none."""
    real, wolf = 0, -1
    for item in text.split():
        if item.startswith("Wolf="):
            wolf = C.parse_card(item[5:])
        else:
            real |= 1 << C.parse_card(item)
    return C.FORM_BY_KEY.get((real, wolf))


def form(text):
    """The prebuilt formation written as in the spec ('Gr1 Wolf=Gr2 Gr3')."""
    found = form_or_none(text)
    if found is None:
        raise KeyError(f"{text!r} is no formation")
    return found
