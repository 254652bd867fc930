"""Frozen values, shared: `shared(cls, *args)` is `cls(*args)`, built once per distinct value.

Actions and events are frozen dataclasses, and a game lists and makes the same ones over and
over; building a frozen dataclass costs more than finding it here. Being values, one object
serves every use. They are keyed by their arguments as given: the engine passes each field
one type (an int seat, a bool flag, a Color), so 1 and True never meet in one place.
"""

from __future__ import annotations

# The most values kept per class: past it that class's values are dropped and built afresh
# (a Drew of several cards is seldom seen twice; a finite table must not grow for ever).
LIMIT = 4096

# Per class, its values by their arguments. A plain dict's lookup, not functools.lru_cache:
# this is asked on nearly every action, and the cache's call (a key tuple of the arguments
# and their types, its recency list) cost several times as much.
_VALUES: dict[type, dict[tuple, object]] = {}


def shared(cls: type, *args):
    """`cls(*args)`, the same object for the same arguments."""
    values = _VALUES.get(cls)
    if values is None:
        values = _VALUES[cls] = {}
    value = values.get(args)
    if value is None:
        if len(values) >= LIMIT:
            values.clear()
        value = values[args] = cls(*args)
    return value
