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
    clock = spend(tc, clock, 0, 69_999)  # within the second bank: two banks
    assert clock.reserve_ms == 33 * 5_000


def test_a_move_at_a_deadline_is_late_in_every_control():
    """The shared rule: at or after a deadline is late -- the minute (grace, first bank) and each bank's end."""
    assert spend(OneGrace(), initial_clock(OneGrace()), 0, 60_000).grace_used
    assert not spend(OneGrace(), initial_clock(OneGrace()), 0, 59_999).grace_used
    cairo = Bank(per_move_ms=60_000, reserve_ms=36 * 5_000, bank_size_ms=5_000)
    assert spend(cairo, initial_clock(cairo), 0, 60_000).reserve_ms == 35 * 5_000  # the first bank is started
    assert spend(cairo, initial_clock(cairo), 0, 65_000).reserve_ms == 34 * 5_000  # the first bank's end: the second
    assert spend(cairo, initial_clock(cairo), 0, 239_999).reserve_ms == 0  # the last bank, just in time
    assert is_out_of_time(cairo, initial_clock(cairo), 0, 240_000)


@given(per_move=st.integers(1, 10**6), size=st.integers(2, 10**4), banks=st.integers(1, 50), data=st.data())
def test_a_move_uses_every_bank_whose_start_it_reached(per_move, size, banks, data):
    tc = Bank(per_move_ms=per_move, reserve_ms=banks * size, bank_size_ms=size)
    k = data.draw(st.integers(0, banks - 1))
    at_start = spend(tc, initial_clock(tc), 0, per_move + k * size)
    just_before = spend(tc, initial_clock(tc), 0, per_move + k * size - 1)
    assert at_start.reserve_ms == (banks - k - 1) * size
    assert just_before.reserve_ms == (banks - k) * size
    assert not is_out_of_time(tc, initial_clock(tc), 0, per_move + banks * size - 1)
    assert is_out_of_time(tc, initial_clock(tc), 0, per_move + banks * size)


def test_a_reserve_of_partial_banks_is_refused():
    with pytest.raises(InvalidCommand) as refused:
        check_time_control(Bank(per_move_ms=60_000, reserve_ms=7_000, bank_size_ms=5_000))
    assert refused.value.code == "bad_options" and "whole number of banks" in refused.value.detail
    check_time_control(Bank(per_move_ms=60_000, reserve_ms=10_000, bank_size_ms=5_000))
    check_time_control(Bank(per_move_ms=60_000, reserve_ms=7_001, bank_size_ms=1))  # a plain reserve


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


@given(per_move=st.integers(1, 10**6), banks=st.integers(0, 1_000), size=st.integers(1, 10**4),
       moves=st.lists(st.integers(0, 10**6), max_size=20))
def test_a_bank_reserve_never_grows_or_goes_negative(per_move, banks, size, moves):
    tc = Bank(per_move_ms=per_move, reserve_ms=banks * size, bank_size_ms=size)
    clock = initial_clock(tc)
    for elapsed in moves:
        after = spend(tc, clock, 0, elapsed)
        assert 0 <= after.reserve_ms <= clock.reserve_ms
        if elapsed < per_move:
            assert after == clock
        clock = after
