"""glibc's malloc set for a table that runs for days: every block of 8 KiB or more (surfaces,
text images, card faces, glyphs) comes from mmap and goes back to the system when freed.

By default glibc starts at 128 KiB and raises that threshold each time such a block is freed,
up to 32 MiB, so after a while surfaces come from the heap, where the holes they leave behind
stay: memory then creeps up from match to match (bench/memory.py: a fixed 128 KiB still grew
by 9 MiB over 35 matches at 1920x1080; 8 KiB keeps it flat, 3 MiB lower after 8 matches).
Elsewhere (musl, macOS) nothing is changed."""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter (malloc.h)
MMAP_THRESHOLD = 8 * 1024  # bytes: the text images and faces the caches let go of, too


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
