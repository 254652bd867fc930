"""The systemd unit: what the issue asks of it, and `systemd-analyze verify` on it as installed."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.pi.test_install import install

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "uno-table.service"
GROUPS = {"gpio", "video", "render", "input", "dialout", "audio"}


def settings() -> dict[str, list[str]]:
    """Every `Key=value` of the unit, values in order (a key may come more than once)."""
    out: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            out.setdefault(key, []).append(value)
    return out


def test_the_unit_asks_for_what_the_kiosk_needs():
    unit = settings()
    assert unit["Type"] == ["notify"]
    assert unit["Restart"] == ["always"]
    assert int(unit["WatchdogSec"][0]) >= 2  # the loop pings at least every 0.5 s
    assert unit["User"] == ["uno-table"]
    assert set(unit["SupplementaryGroups"][0].split()) == GROUPS
    assert unit["StateDirectory"] == ["uno-table"]
    assert unit["WorkingDirectory"] == ["/var/lib/uno-table"]
    env = dict(pair.split("=", 1) for pair in unit["Environment"][0].split())
    assert env == {"SDL_VIDEODRIVER": "kmsdrm", "GPIOZERO_PIN_FACTORY": "lgpio",
                   "PYTHONUNBUFFERED": "1"}  # fmt: skip
    assert unit["ExecStart"] == [
        "/opt/uno-table/venv/bin/uno-table run --config /etc/uno-table/table.toml"
    ]
    # The console kept off the screen: tty1 is the app's, its output goes to the journal.
    assert unit["TTYPath"] == ["/dev/tty1"] and unit["StandardInput"] == ["tty"]
    assert unit["StandardOutput"] == unit["StandardError"] == ["journal"]
    assert unit["Conflicts"] == ["getty@tty1.service"]


def test_the_installer_makes_the_groups_and_user_the_unit_names():
    script = (ROOT / "systemd" / "install.sh").read_text()
    groups = re.search(r'^EXTRA_GROUPS="([^"]*)"', script, re.M)
    assert groups and set(groups.group(1).split()) == GROUPS
    assert re.search(r"^ACCOUNT=uno-table$", script, re.M)


@pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed (.ci/run installs the systemd package)",
)
def test_systemd_analyze_verify_passes_on_the_installed_unit(tmp_path):
    root = tmp_path / "root"
    install(root, "install")
    # The unit's dependencies (multi-user.target, getty@.service...) from this machine's systemd,
    # and a stand-in for the program that the venv step would install.
    units = Path("/usr/lib/systemd/system")
    units = units if units.is_dir() else Path("/lib/systemd/system")
    shutil.copytree(units, root / "usr/lib/systemd/system", symlinks=True)
    program = root / "opt/uno-table/venv/bin/uno-table"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    done = subprocess.run(
        ["systemd-analyze", "verify", f"--root={root}", "uno-table.service"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    # Unknown keys and bad values are only warnings: none may name our unit.
    assert "uno-table" not in output, output
