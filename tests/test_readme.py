"""What the README must tell a newcomer (issue 24): checked against the README's text."""

import re
import shlex
from pathlib import Path

import pytest

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


DOCS = ("README.md", "wiring.md", "docs/architecture.md")
ROOT = Path(__file__).resolve().parents[1]


def shown_commands() -> list[tuple[str, str]]:
    """Every `uno-table CMD ...` line of the docs' sh blocks, without its comment."""
    found = []
    for doc in DOCS:
        for block in re.findall(r"```sh\n(.*?)```", (ROOT / doc).read_text(), re.S):
            for line in block.splitlines():
                command = line.split("#", 1)[0].split("|", 1)[0].strip()
                command = command.removeprefix("sudo ")
                if command.startswith("uno-table "):
                    found.append((doc, command))
    return found


@pytest.mark.parametrize(("doc", "command"), shown_commands())
def test_every_command_the_docs_show_is_one_the_command_line_takes(doc, command):
    """A flag renamed or dropped leaves no example behind that `uno-table` would refuse."""
    from table.commands import cli

    try:
        cli.build_parser().parse_args(shlex.split(command)[1:])
    except SystemExit:
        pytest.fail(f"{doc}: {command}: refused by the command line")


def test_the_defaults_the_readme_gives_are_the_shipped_ones():
    """`key` (N) in the README is the default of that key in table/default.toml (a reader's
    commented-out keys as written there)."""
    text = (ROOT / "table" / "default.toml").read_text()
    shipped = dict(re.findall(r"^#? *([a-z_]+) = (\d+)\b", text, re.M))
    said = re.findall(r"`([a-z_]+)`\s+\((\d+)\)", README)
    assert said, "no default said"
    for key, value in said:
        assert shipped.get(key) == value, (
            f"README: `{key}` ({value}), default.toml: {shipped.get(key)}"
        )
