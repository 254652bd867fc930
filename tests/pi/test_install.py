"""`make install` into a throwaway root (DESTDIR): the tree it makes, the same the second time."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from table.setup import config

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "wiring.md", "docs/wiring.svg", "engine", "hw", "table",
           "systemd")  # fmt: skip

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the installer is for Linux")


def installer(*args: str, src: Path = ROOT, **env: str) -> subprocess.CompletedProcess:
    """Run the installer (`install` or `uninstall`) with these environment variables added."""
    return subprocess.run(
        ["sh", str(src / "systemd" / "install.sh"), *args],
        env=dict(os.environ, **env),
        capture_output=True,
        text=True,
        timeout=60,
    )


def install(root: Path, *args: str, src: Path = ROOT) -> str:
    """Run the installer (`install` or `uninstall`) into `root`; its output."""
    done = installer(*args, src=src, DESTDIR=str(root))
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def stubs(folder: Path, **commands: str) -> str:
    """A PATH with these commands first, each a shell script body; every other command that
    changes the system fails (exit 97), so a test of the live path never changes this one."""
    folder.mkdir()
    guarded = ("apt-get", "groupadd", "useradd", "usermod", "userdel", "systemctl", "python3")
    for name in guarded:
        commands.setdefault(name, f'echo "{name} must not run here" >&2; exit 97')
    for name, body in commands.items():
        (folder / name).write_text(f"#!/bin/sh\n{body}\n")
        (folder / name).chmod(0o755)
    return f"{folder}:{os.environ['PATH']}"


def tree(root: Path) -> dict[str, tuple[int, str]]:
    """Every file and folder under root: its mode and its content's hash."""
    out = {}
    for path in sorted(root.rglob("*")):
        data = "" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
        out[str(path.relative_to(root))] = (path.stat().st_mode, data)
    return out


def test_install_makes_the_tree_and_twice_changes_nothing(tmp_path):
    root = tmp_path / "root"
    plan = install(root, "install")
    first = tree(root)
    assert {p for p in first if not p.startswith("opt/uno-table/src/")} == {
        "etc", "etc/systemd", "etc/systemd/system", "etc/systemd/system/uno-table.service",
        "etc/uno-table", "etc/uno-table/table.toml", "opt", "opt/uno-table",
        "opt/uno-table/source.sha256", "opt/uno-table/src", "usr", "usr/local", "usr/local/bin",
        "usr/local/bin/uno-table",
    }  # fmt: skip
    unit = root / "etc/systemd/system/uno-table.service"
    assert unit.read_text() == (ROOT / "systemd/uno-table.service").read_text()
    assert os.access(root / "usr/local/bin/uno-table", os.X_OK)
    assert os.access(root / "opt/uno-table/src/systemd/install.sh", os.X_OK)
    src = root / "opt/uno-table/src"
    assert (src / "table/commands/run.py").read_text() == (
        ROOT / "table/commands/run.py"
    ).read_text()
    assert not list(src.rglob("__pycache__"))
    # The live steps are printed, not run.
    apt = next(line for line in plan.splitlines() if "apt-get install" in line)
    assert {"python3-lgpio", "python3-venv", "alsa-utils"} <= set(apt.split())
    for step in (
        "useradd --system",
        "groupadd --system gpio",
        "python3 -m venv --system-site-packages /opt/uno-table/venv",
        "/opt/uno-table/venv/bin/pip install /opt/uno-table/src",
        "systemctl enable uno-table.service",
        "systemctl start uno-table.service",
    ):
        assert f"would run: {step}" in plan  # fmt: skip

    again = install(root, "install")
    assert tree(root) == first
    assert "installed" not in again
    # Reloaded all the same: an earlier run may have died between the unit and the reload.
    assert "would run: systemctl daemon-reload" in again


def test_the_configuration_is_the_default_with_the_state_directory(tmp_path):
    root = tmp_path / "root"
    install(root, "install")
    conf = root / "etc/uno-table/table.toml"
    cfg = config.load(conf)
    assert cfg.state_dir == Path("/var/lib/uno-table")
    data, default = tomllib.loads(conf.read_text()), tomllib.loads(config.default_text())
    assert data == default | {"state_dir": "/var/lib/uno-table"}


def test_a_configuration_already_there_is_kept(tmp_path):
    conf = tmp_path / "root/etc/uno-table/table.toml"
    conf.parent.mkdir(parents=True)
    conf.write_text('preset = "cool"\n')
    install(tmp_path / "root", "install")
    assert conf.read_text() == 'preset = "cool"\n'


def test_a_changed_source_is_installed_again(tmp_path):
    src = tmp_path / "checkout"
    for name in SOURCES:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        copy(ROOT / name, src / name)
    root = tmp_path / "root"
    install(root, "install", src=src)
    (src / "table/setup/notify.py").write_text("# new\n")
    (src / "table/commands/replay.py").unlink()
    again = install(root, "install", src=src)
    assert "installed the source" in again
    assert (root / "opt/uno-table/src/table/setup/notify.py").read_text() == "# new\n"
    assert not (root / "opt/uno-table/src/table/commands/replay.py").exists()
    assert "would run: /opt/uno-table/venv/bin/pip install" in again


def test_uninstall_keeps_the_configuration(tmp_path):
    root = tmp_path / "root"
    install(root, "install")
    plan = install(root, "uninstall")
    left = {p for p in tree(root) if not (root / p).is_dir()}
    assert left == {"etc/uno-table/table.toml"}
    for step in (
        "systemctl disable --now uno-table.service",
        "userdel uno-table",
        "systemctl start getty@tty1.service",
    ):
        assert f"would run: {step}" in plan  # fmt: skip
    install(root, "uninstall")
    assert {p for p in tree(root) if not (root / p).is_dir()} == left


def test_a_failed_run_leaves_no_temporary_file_and_the_next_one_finishes(tmp_path):
    temp = tmp_path / "tmp"
    temp.mkdir()
    root = tmp_path / "root"
    assert installer("install", DESTDIR=str(root), TMPDIR=str(temp)).returncode == 0
    assert list(temp.iterdir()) == []
    (root / "etc/uno-table/table.toml").unlink()
    (root / "etc/uno-table").rmdir()
    (root / "etc/uno-table").write_text("")  # a file where the configuration's folder goes
    (root / "opt/uno-table/source.sha256").unlink()  # the source is copied again, first
    failed = installer("install", DESTDIR=str(root), TMPDIR=str(temp))
    assert failed.returncode != 0
    assert "installed the source" in failed.stdout  # it failed after making its temporary files
    assert list(temp.iterdir()) == []
    # The next run does the job again, source and all: the stamp comes last.
    assert not (root / "opt/uno-table/source.sha256").exists()
    (root / "etc/uno-table").unlink()
    again = installer("install", DESTDIR=str(root), TMPDIR=str(temp))
    assert again.returncode == 0 and "installed the source" in again.stdout
    assert (root / "opt/uno-table/source.sha256").exists()
    assert list(temp.iterdir()) == []


def test_a_32_bit_system_is_refused_before_anything_changes(tmp_path):
    path = stubs(tmp_path / "bin", dpkg="echo armhf")
    done = installer("install", DESTDIR=str(tmp_path / "root"), PATH=path)
    assert done.returncode == 1
    assert "32-bit system (armhf)" in done.stderr and "(64-bit)" in done.stderr
    assert not (tmp_path / "root").exists()


def test_plain_debian_on_a_pi_is_told_which_archive_has_python3_lgpio(tmp_path):
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    log = tmp_path / "apt.log"
    path = stubs(
        tmp_path / "bin",
        id="echo 0",  # root, as far as the installer asks
        dpkg="echo arm64",
        **{
            "dpkg-query": "exit 1",  # nothing installed yet
            "apt-get": f'echo "$*" >>{log}; [ "$1" = update ] || exit 98',
            "apt-cache": 'if [ "$2" = python3-lgpio ]; then echo "  Candidate: (none)"; '
            'else echo "  Candidate: 1.0"; fi',
        },
    )
    done = installer("install", PATH=path, MODEL_FILE=str(model), TMPDIR=str(tmp_path), DESTDIR="")
    assert done.returncode == 1, done.stdout + done.stderr
    assert log.read_text() == "update\n"  # it stopped before apt-get install
    assert "apt has no python3-lgpio" in done.stderr
    assert "Raspberry Pi archive" in done.stderr and "raspberrypi-archive-keyring" in done.stderr
