"""What the table lets go of at the end of a match, reference counting frees at once: an
object caught in a reference cycle waits for Python's cyclic collector, which runs seldom in
a table that frees what it allocates, so a match's leftovers would pile up between its runs
(bench/memory.py's growth)."""

import gc
import weakref

from engine import Game
from table.flow.journal import Journal


def test_a_closed_journal_is_freed_without_the_cyclic_collector(tmp_path):
    game = Game.new(seed=4)
    journal = Journal.create(tmp_path / "j", game)
    for _ in range(3):  # its fsyncs on the journal's thread, as the table writes
        journal.apply(game, game.legal_actions()[0], wait=False)
        journal.saved(game)
    journal.close()
    gone = weakref.ref(journal)
    gc.disable()
    try:
        del journal
        assert gone() is None
    finally:
        gc.enable()
