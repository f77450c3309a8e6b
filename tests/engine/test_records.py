"""A ``@frozen`` record behaves as the frozen dataclass it stands for: built, compared,
hashed, written, copied and refused the same way (``engine/records.py``)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import FrozenInstanceError, dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.records import frozen


@frozen
class Seat:
    index: int
    name: str = ""
    cards: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)
    shown: int = field(default=0, compare=False, repr=False)


@dataclass(frozen=True)
class Twin:
    index: int
    name: str = ""
    cards: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)
    shown: int = field(default=0, compare=False, repr=False)


@frozen
class Bag:
    items: list[str] = field(default_factory=list)


@frozen
class Checked:
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low above high")


@frozen
class Nothing:
    """No fields, as ``Fold``."""


VALUES = st.tuples(
    st.integers(-3, 3), st.sampled_from(["", "Ann", "Bob"]), st.sampled_from([(), ("Ah",)])
)


@given(VALUES, VALUES)
def test_a_record_compares_hashes_and_reads_as_the_frozen_dataclass(a, b) -> None:
    (x, y), (tx, ty) = (Seat(*a), Seat(*b)), (Twin(*a), Twin(*b))
    assert (x == y) == (tx == ty)
    assert (x != y) == (tx != ty)
    if x == y:
        assert hash(x) == hash(y)
    assert repr(x) == repr(tx).replace("Twin", "Seat", 1)
    assert dataclasses.asdict(x) == dataclasses.asdict(tx)
    assert dataclasses.astuple(x) == dataclasses.astuple(tx)


def test_a_record_is_a_dataclass_with_fields_replace_and_match() -> None:
    seat = Seat(2, "Ann", shown=1)
    assert dataclasses.is_dataclass(seat) and dataclasses.is_dataclass(Seat)
    assert [f.name for f in dataclasses.fields(Seat)] == [f.name for f in dataclasses.fields(Twin)]
    assert dataclasses.replace(seat, name="Bob") == Seat(2, "Bob")
    assert dataclasses.replace(seat, name="Bob").shown == 1
    assert Seat.__match_args__ == Twin.__match_args__
    match seat:
        case Seat(index, name):
            assert (index, name) == (2, "Ann")
        case _:
            pytest.fail("a record matches by position")
    assert seat == Seat(2, "Ann", shown=9)  # a field left out of comparison
    assert seat != Twin(2, "Ann")  # another class is never equal


def test_a_record_takes_the_same_arguments_as_the_dataclass() -> None:
    assert Seat(1, "Ann", ("Ah",)) == Seat(index=1, cards=("Ah",), name="Ann")
    first, second = Bag(), Bag()
    first.items.append("late")
    assert second.items == []  # each default_factory call is new
    for bad in (
        lambda: Seat(),
        lambda: Seat(1, "Ann", (), [], 0, 9),
        lambda: Seat(1, index=2),
        lambda: Seat(1, colour="red"),
    ):
        with pytest.raises(TypeError):
            bad()
    with pytest.raises(ValueError, match="low above high"):
        Checked(3, 2)
    assert Checked(2, 3).high == 3


def test_a_record_is_frozen_and_copies() -> None:
    seat = Seat(1, "Ann")
    with pytest.raises(FrozenInstanceError):
        seat.name = "Bob"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del seat.name
    assert seat.name == "Ann"
    assert pickle.loads(pickle.dumps(seat)) == seat
    assert copy.deepcopy(seat) == seat and copy.copy(seat) == seat
    assert Nothing() == Nothing() and hash(Nothing()) == hash(Nothing())
    assert repr(Nothing()) == "Nothing()"


def test_a_record_refuses_what_it_cannot_stand_for() -> None:
    with pytest.raises(TypeError, match="every field in order"):

        @frozen
        class Later:
            a: int = field(default=0, kw_only=True)

    with pytest.raises(TypeError, match="makes its own"):

        @frozen
        class Own:
            a: int

            def __eq__(self, other: object) -> bool:
                return True


def test_requests_are_records_equal_by_value() -> None:
    assert rq.Bet(12) == rq.Bet(12) and rq.Bet(12) != rq.RaiseTo(12)
    assert {rq.Fold(), rq.Fold(), rq.Check()} == {rq.Fold(), rq.Check()}
    assert repr(rq.Bet(12)) == "Bet(amount=12, confirm_all_in=False)"
    assert dataclasses.replace(rq.NextHand(), die_roll=3).die_roll == 3
