"""core.record: the one state idiom — equal by value, hashable, picklable, updated by keyword only."""

from __future__ import annotations

import copy
import pickle

import pytest

from cardgames.core.record import KEEP, Keep, Record


class Trick(Record):
    """A small record as the engines write them."""

    FIELDS = ("leader", "cards", "best")
    leader: int
    cards: tuple[str, ...]
    best: int | None

    def __init__(self, leader: int, cards: tuple[str, ...] = (), best: int | None = 0) -> None:
        self.leader = leader
        self.cards = cards
        self.best = best

    def replace(
        self,
        *,
        leader: int | Keep = KEEP,
        cards: tuple[str, ...] | Keep = KEEP,
        best: int | None | Keep = KEEP,
    ) -> Trick:
        return Trick(
            leader=self.leader if leader is KEEP else leader,
            cards=self.cards if cards is KEEP else cards,
            best=self.best if best is KEEP else best,
        )


def test_replace_changes_the_named_fields_of_a_copy_and_leaves_the_original():
    trick = Trick(2, ("QH",))
    later = trick.replace(cards=("QH", "AH"), best=1)
    assert later == Trick(2, ("QH", "AH"), 1)
    assert trick == Trick(2, ("QH",), 0) and later is not trick


def test_replace_can_set_a_field_to_none_because_keep_is_the_default():
    assert Trick(2, ("QH",), 1).replace(best=None) == Trick(2, ("QH",), None)
    assert repr(KEEP) == "KEEP"


def test_replace_refuses_a_field_the_record_does_not_have():
    with pytest.raises(TypeError, match="winner"):
        Trick(0).replace(winner=1)  # type: ignore[call-arg]


def test_replace_takes_fields_by_keyword_only():
    with pytest.raises(TypeError):
        Trick(0).replace(1)  # type: ignore[misc]


def test_records_compare_hash_and_print_by_value():
    assert Trick(1, ("7C",)) == Trick(1, ("7C",)) and Trick(1) != Trick(2)
    assert len({Trick(1), Trick(1), Trick(2)}) == 2
    assert repr(Trick(1, ("7C",))) == "Trick(leader=1, cards=('7C',), best=0)"
    assert Trick(1) != (1, (), 0)


def test_records_pickle_and_copy_through_their_constructor():
    trick = Trick(3, ("10D", "KD"), 1)
    assert pickle.loads(pickle.dumps(trick)) == trick
    assert copy.deepcopy(trick) == trick and copy.copy(trick) == trick
