"""RP-4.16: every illegal-action code X01-X13 is refused with its clause and changes nothing."""

from __future__ import annotations

import copy
import pickle

import pytest

from cardgames import IllegalMove
from cardgames.rowdy_partners.legality import X_NAMES, RowdyIllegalMove

from .util import A1, A2, B1, BURN4, DIAMONDS2, HANDS2, HANDS4, act, deal, give, reopen


def refuse(game, s, text, player=None, code=None, rule=None):
    """Apply ``text`` (by ``player`` or the player to act); assert the refusal and an unchanged state."""
    p = game.to_act(s)[0] if player is None else player
    before = copy.deepcopy(s)
    action = game._parse(s, text, p)
    with pytest.raises(IllegalMove) as err:
        game.apply(s, action, p)
    assert err.value.code == code, str(err.value)
    # the reason first, then the X-code, then the clause; the rules' English name of the check is data only
    assert str(err.value).endswith(f" ({code}) ({err.value.rule})") and X_NAMES[code] not in str(err.value)
    assert err.value.name == X_NAMES[code]
    if rule:
        assert err.value.rule == rule
    assert err.value.rule.startswith("RP-") and err.value.player == p
    assert s == before
    with pytest.raises(IllegalMove):
        game.parse_action(s, text, p)
    return err.value


def four(**opts):
    return deal(4, hands=HANDS4, burn=BURN4, **opts)


def two(**opts):
    return deal(2, hands=HANDS2, diamonds=DIAMONDS2, burn="Gr8 W2 W6 W8", **opts)


def test_rp_4_16_x01_not_your_turn():
    """RP-4.16 X01: a player who is not to play or decide now is refused (RP-4.5)."""
    game, s = four()
    refuse(game, s, "play St2", player=B1, code="X01", rule="RP-4.5")
    refuse(game, s, "name Ha", player=A1, code="X01")  # nothing to name now
    refuse(game, s, "bury Ha5", player=A1, code="X01")  # no burn swap pending
    refuse(game, s, "pass", player=A1, code="X01")  # no tag window now


def test_rp_4_16_x02_card_not_in_source():
    """RP-4.16 X02: the card is not in the named hand or diamond (RP-4.6)."""
    game, s = four()
    refuse(game, s, "play St2", code="X02", rule="RP-4.6")
    game, s = two()
    refuse(game, s, "play W4", code="X02")


def test_rp_4_16_x03_must_follow():
    """RP-4.16 X03: an off-suit card although the source holds the led suit (RP-4.6)."""
    game, s = four()
    s = act(game, s, "play Ha5", "play St2", "play Gr5")  # Star is led now
    err = refuse(game, s, "play Ha3", code="X03", rule="RP-4.6")
    assert "St3" in err.message and "St4" in err.message


def test_rp_4_16_x04_source_repeated():
    """RP-4.16 X04: a headliner's second play from the same source as his first (RP-4.5)."""
    game, s = two()
    s = act(game, s, "play Ha1")
    refuse(game, s, "play Ha2", code="X04", rule="RP-4.5")


def test_rp_4_16_x05_not_held():
    """RP-4.16 X05: a token, cheat or signature move the player does not own (RP-4.7)."""
    game, s = four()
    refuse(game, s, "coin +1", code="X05", rule="RP-4.7")
    refuse(game, s, "damage", code="X05")
    refuse(game, s, "cheat C01", code="X05")
    s2 = give(s, unlocked=(True, True))
    refuse(game, s2, "sig W2", code="X05")  # A1 is W1, not W2


def test_rp_4_16_x06_timing():
    """RP-4.16 X06: a Tag outside the tag window, or an attachment outside one's own play."""
    game, s = four()
    s = give(s, tags={A1: 1}, coins={A1: 1, B1: 1})
    refuse(game, s, "tag", code="X06", rule="RP-4.4")  # A1 is to play: the window is closed
    refuse(game, s, "coin +1", player=B1, code="X06", rule="RP-4.7")  # not B1's play
    s = reopen(game, s)
    assert game.to_act(s) == (A1,)
    refuse(game, s, "coin +1", code="X06", rule="RP-4.7")  # a coin in the tag window


def test_rp_4_16_x07_tag_not_allowed():
    """RP-4.16 X07: the Tag user is not the in-ring wrestler, is a headliner, or his side already tagged."""
    game, s = four()
    s = reopen(game, give(s, tags={A1: 1, A2: 1, B1: 1}))
    refuse(game, s, "tag", player=A2, code="X07", rule="RP-4.4")  # A2 is on the apron
    s = act(game, s, "tag")  # A1 tags out, A2 is in the ring
    assert game.to_act(s) == (B1,)
    refuse(game, s, "tag", player=A1, code="X07")  # side A already tagged
    refuse(game, s, "tag", player=A2, code="X07")
    game, s = two()
    refuse(game, s, "tag", code="X07")  # a headliner


def test_rp_4_16_x08_signature_locked():
    """RP-4.16 X08: the side's pop track has never reached 10 (RP-4.13)."""
    game, s = four()
    refuse(game, s, "sig W1", code="X08", rule="RP-4.13")


def test_rp_4_16_x09_signature_used():
    """RP-4.16 X09: the signature move was already used this round (RP-4.13)."""
    game, s = four()
    s = give(s, unlocked=(True, False), sig_used={A1: True})
    refuse(game, s, "sig W1", code="X09", rule="RP-4.13")


def test_rp_4_16_x10_suit_required():
    """RP-4.16 X10: SUIT needs a suit; a wildcard setter must be named before anything else."""
    game, s = four()
    s = give(s, cheats={A1: ("C04",)})
    refuse(game, s, "cheat C04", code="X10", rule="RP-2.6")
    refuse(game, s, "cheat C04 Xx", code="X10")
    game, s = four(first_leader=1)
    s = act(game, s, "play W2")
    refuse(game, s, "play W4", code="X10", rule="RP-4.9")
    refuse(game, s, "pass", code="X10")


def test_rp_4_16_x11_suit_on_wild():
    """RP-4.16 X11: a SUIT effect attached to a wildcard (RP-2.6)."""
    game, s = four(first_leader=1)
    s = give(s, cheats={B1: ("C04",)})
    s = act(game, s, "cheat C04 Gr")
    refuse(game, s, "play W2", code="X11", rule="RP-2.6")
    assert "play W2" not in [str(a) for a in game.legal_actions(s)]
    # a hand of wildcards only cannot take a SUIT at all
    game, s = four(first_leader=1)
    s = give(s, cheats={B1: ("C04",)}, hands={B1: (33, 34)})
    assert not any(str(a).startswith("cheat C04") for a in game.legal_actions(s))
    refuse(game, s, "cheat C04 Ha", code="X11")


def test_rp_4_16_x12_cancel_target():
    """RP-4.16 X12: the CANCEL target is not an opponent, or holds no token of the named kind."""
    game, s = four()
    s = give(s, cheats={A1: ("C07",)}, coins={A2: 1, B1: 1})
    refuse(game, s, "cheat C07 2 coin", code="X12", rule="RP-2.6")  # A2 is his partner
    refuse(game, s, "cheat C07 1 tag", code="X12")  # B1 holds no Tag
    refuse(game, s, "cheat C07 1", code="X12")
    assert [str(a) for a in game.legal_actions(s) if str(a).startswith("cheat")] == ["cheat C07 1 coin"]


def test_rp_4_16_x13_diamond_swap():
    """RP-4.16 X13: BURN_SWAP on a headliner's diamond play (RP-4.14)."""
    game, s = two()
    s = give(s, cheats={0: ("C08", "C08")})
    s2 = act(game, s, "play Ha1")  # the hand play; the second must come from the diamond
    refuse(game, s2, "cheat C08", code="X13", rule="RP-4.14")
    s3 = act(game, s, "cheat C08")
    assert s3.trick.swap >= 0 and game.to_act(s3) == (0,)
    s3 = act(game, s3, "bury Ha3")
    refuse(game, s3, "play Ha6", code="X13")  # the swap bound this play to the hand


def test_rp_4_16_the_error_keeps_its_code_through_pickle():
    """RP-4.16: refusals carry their X-code (also after pickling, e.g. from a process pool)."""
    err = RowdyIllegalMove("X03", "follow suit", rule="RP-4.6", player=1)
    back = pickle.loads(pickle.dumps(err))
    assert back.code == "X03" and back.rule == "RP-4.6" and str(back) == str(err)
