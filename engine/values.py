"""Frozen values, shared: `shared(cls, *args)` is `cls(*args)`, built once per distinct value.

Actions and events are frozen dataclasses, and a game lists and makes the same ones over and
over; building a frozen dataclass costs more than finding it here. Being values, one object
serves every use. `typed`: 1 and True, or a Color and its letter, make distinct values.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=8192, typed=True)
def shared(cls: type, *args):
    """`cls(*args)`, the same object for the same arguments."""
    return cls(*args)
