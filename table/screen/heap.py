"""glibc's malloc set for a table that runs for days: big blocks (surfaces, text images, card
faces) always come from mmap and go back to the system when freed.

By default glibc raises its mmap threshold each time such a block is freed, up to 32 MiB, so
after a while big surfaces come from the heap instead, where they leave holes the heap keeps:
memory then creeps up from match to match (bench/memory.py). A fixed threshold keeps it flat.
Elsewhere (musl, macOS) nothing is changed."""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter (malloc.h)
MMAP_THRESHOLD = 128 * 1024  # bytes: glibc's default start, kept fixed


def keep_big_blocks_apart() -> bool:
    """Fix glibc's mmap threshold (True), or leave a malloc that is not glibc's (False)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError, TypeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    done = mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1
    if not done:
        log.info("malloc's mmap threshold left as it is")
    return done
