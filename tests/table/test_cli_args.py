"""Numbers on the command line: what each option takes, one clear line for anything else."""

from __future__ import annotations

import pytest

from table.commands import cli


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--seconds", "inf"],  # before: OverflowError from a lock's wait
        ["check", "--seconds", "nan"],
        ["check", "--led-seconds", "-5"],  # before: ValueError from time.sleep
        ["run", "--seconds", "nan"],  # before: it never stopped
        ["run", "--seconds", "-1"],
        ["enroll", "--seconds", "inf"],
        ["demo", "--pace", "nan"],  # before: it never stopped
        ["demo", "--pace", "-1"],
        ["demo", "--rounds", "0"],  # before: one round played, "rounds": 1 said
        ["demo", "--rounds", "-3"],
    ],
)
def test_a_number_out_of_its_range_is_one_usage_line(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.build_parser().parse_args(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.startswith(f"uno-table {argv[0]}: error: argument {argv[1]}: "), err


@pytest.mark.parametrize(
    ("argv", "key", "value"),
    [
        (["check", "--seconds", "0.5"], "seconds", 0.5),
        (["check", "--led-seconds", "0"], "led_seconds", 0.0),
        (["run", "--seconds", "3"], "seconds", 3.0),
        (["demo", "--pace", "0"], "pace", 0.0),
        (["demo", "--rounds", "2"], "rounds", 2),
    ],
)
def test_a_number_in_its_range_is_taken(argv, key, value):
    assert getattr(cli.build_parser().parse_args(argv), key) == value
