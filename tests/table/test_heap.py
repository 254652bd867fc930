"""glibc's malloc keeps big blocks (surfaces) on mmap once the table has set it so: a big block
freed does not send the next one into the heap, where it would leave a hole the heap keeps."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

PROBE = """
import ctypes, sys
from table.screen.heap import keep_big_blocks_apart
class Info(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]
libc = ctypes.CDLL(None)
libc.mallinfo2.restype = Info
libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, (ctypes.c_size_t,)
libc.free.argtypes = (ctypes.c_void_p,)
if sys.argv[1] == "kept":
    assert keep_big_blocks_apart()
libc.free(libc.malloc(4 << 20))  # glibc raises its threshold past 4 MiB here, unless fixed
before = libc.mallinfo2().hblks
block = libc.malloc(4 << 20)
print("mmap" if libc.mallinfo2().hblks == before + 1 else "heap")
libc.free(block)
"""


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's malloc only")
@pytest.mark.parametrize(("how", "where"), [("plain", "heap"), ("kept", "mmap")])
def test_a_big_block_after_a_big_one_freed_comes_from_mmap_once_kept_apart(how, where):
    out = subprocess.run(
        [sys.executable, "-c", PROBE, how], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == where
