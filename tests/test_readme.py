"""What the README must tell a newcomer (issue 24): checked against the README's text."""

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()
QUICK_START = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]


def test_the_quick_start_says_the_keyboard_is_the_reader_on_a_pc():
    assert "the keyboard is the buttons and the card reader" in QUICK_START
    assert "On a PC the keyboard is the card reader: type a card's code and Enter" in QUICK_START


def test_the_quick_start_says_how_to_choose_the_language_and_the_screen_size():
    assert "**Language and screen size**" in QUICK_START
    for key in ('language = "es"', "width = 800", "height = 480", "fullscreen"):
        assert key in QUICK_START, key
    assert "LC_ALL" in QUICK_START and "LANG" in QUICK_START
    assert "generated on the system or not" in QUICK_START


def test_the_readme_says_replay_numbers_seats_from_1():
    assert "`replay` numbers seats from 1, as the screen" in README


def test_the_readme_names_the_journal_format_the_table_writes():
    """The journal's format is said where its checksums are: the one `journal.FORMAT` writes,
    and the older ones it reads (`journal.READS`) as the ones rewritten when resumed."""
    from table.flow import journal

    assert f"(format {journal.FORMAT}:" in README
    for older in journal.READS[:-1]:
        assert f"`game.jsonl.format{older}-N`" in README, older
    said = {int(n) for n in re.findall(r"format (\d)", README)}
    assert said <= set(journal.READS), said
