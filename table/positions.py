"""Where the seats sit around the screen: a fact of the configuration that the screen draws."""

from __future__ import annotations

from enum import StrEnum


class Position(StrEnum):
    """Where a seat sits around the screen, clockwise from the bottom (as in the configuration)."""

    BOTTOM = "bottom"
    BOTTOM_LEFT = "bottom-left"
    LEFT = "left"
    TOP_LEFT = "top-left"
    TOP = "top"
    TOP_RIGHT = "top-right"
    RIGHT = "right"
    BOTTOM_RIGHT = "bottom-right"


POSITIONS = tuple(Position)

# Clockwise from the bottom, the way seats are numbered; indexes into POSITIONS.
_ARRANGEMENTS = {
    1: (0,),
    2: (0, 4),
    3: (0, 3, 5),
    4: (0, 2, 4, 6),
    5: (0, 2, 3, 5, 6),
    6: (0, 2, 3, 4, 5, 6),
    7: (0, 1, 2, 3, 5, 6, 7),
    8: (0, 1, 2, 3, 4, 5, 6, 7),
}


def default_positions(seats: int) -> tuple[Position, ...]:
    """Positions spread clockwise around the screen; past 8 seats some share a position."""
    if seats in _ARRANGEMENTS:
        return tuple(POSITIONS[i] for i in _ARRANGEMENTS[seats])
    return tuple(POSITIONS[i * len(POSITIONS) // seats] for i in range(seats))
