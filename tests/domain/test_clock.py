"""The time-control state machines, driven by timestamps."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.clock import Bank, NoClock, OneGrace, SeatClock, Window, check_time_control, initial_clock, \
    is_out_of_time, spend, turn_deadline
from domain.errors import InvalidCommand


def test_one_grace_allows_one_long_move_then_only_the_per_move_time():
    tc = OneGrace(per_move_ms=60_000, grace_ms=600_000)
    clock = initial_clock(tc)
    assert turn_deadline(tc, clock, 0) == 600_000
    assert spend(tc, clock, 0, 59_000) == clock  # in time: the grace stays
    clock = spend(tc, clock, 0, 61_000)
    assert clock.grace_used
    assert turn_deadline(tc, clock, 100_000) == 160_000
    assert is_out_of_time(tc, clock, 100_000, 160_000) and not is_out_of_time(tc, clock, 100_000, 159_999)


def test_bank_takes_overtime_from_a_reserve_that_never_refills():
    tc = Bank(per_move_ms=120_000, reserve_ms=420_000)  # MonUnrail: 2 min + 7 min overflow
    clock = initial_clock(tc)
    assert clock.reserve_ms == 420_000 and turn_deadline(tc, clock, 0) == 540_000
    clock = spend(tc, clock, 0, 180_000)  # one minute over
    assert clock.reserve_ms == 360_000
    clock = spend(tc, clock, 0, 100_000)  # in time: nothing comes back
    assert clock.reserve_ms == 360_000


def test_fixed_size_banks_are_used_up_whole():
    tc = Bank(per_move_ms=60_000, reserve_ms=36 * 5_000, bank_size_ms=5_000)  # Cairo Corridor
    clock = spend(tc, initial_clock(tc), 0, 60_001)  # 1 ms over starts a bank
    assert clock.reserve_ms == 35 * 5_000
    clock = spend(tc, clock, 0, 70_000)  # 10 s over: two banks
    assert clock.reserve_ms == 33 * 5_000


def test_windows_and_no_clock():
    assert turn_deadline(Window(window_ms=45_000), SeatClock(), 1_000) == 46_000
    assert turn_deadline(NoClock(), SeatClock(), 1_000) is None
    assert not is_out_of_time(NoClock(), SeatClock(), 0, 10**15)


@pytest.mark.parametrize("tc", [OneGrace(per_move_ms=10, grace_ms=5), Bank(bank_size_ms=0), Window(window_ms=0),
                                OneGrace(per_move_ms=-1)])
def test_nonsense_time_controls_are_refused(tc):
    with pytest.raises(InvalidCommand) as refused:
        check_time_control(tc)
    assert refused.value.code == "bad_options"


@given(per_move=st.integers(1, 10**6), reserve=st.integers(0, 10**7), size=st.integers(1, 10**4),
       moves=st.lists(st.integers(0, 10**6), max_size=20))
def test_a_bank_reserve_never_grows_or_goes_negative(per_move, reserve, size, moves):
    tc = Bank(per_move_ms=per_move, reserve_ms=reserve, bank_size_ms=size)
    clock = initial_clock(tc)
    for elapsed in moves:
        after = spend(tc, clock, 0, elapsed)
        assert 0 <= after.reserve_ms <= clock.reserve_ms
        if elapsed <= per_move:
            assert after == clock
        clock = after
