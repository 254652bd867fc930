"""How the project installs: `make`'s editable install says nothing that is not a problem."""

import subprocess
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WARNING = "Editable installation"


def test_the_packages_are_declared_at_the_root():
    """setuptools warns "Editable installation" when it must guess that packages at the top of
    a repository are its packages; the root folder declared as their folder, it puts the folder
    on the path with a .pth file and says nothing (the slow test below installs to see it)."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert setuptools["package-dir"] == {"": "."}


@pytest.mark.slow
def test_an_editable_install_prints_no_setuptools_warning(tmp_path):
    """The install `make` runs (pip upgraded, then pip install -e), in a new virtual environment
    (it needs the package index or pip's cache). pip before 24 kept the warning to itself."""
    venv.create(tmp_path / "venv", with_pip=True)
    pip = [str(tmp_path / "venv" / "bin" / "python"), "-m", "pip"]
    upgraded = subprocess.run([*pip, "install", "--quiet", "--upgrade", "pip"],
                              capture_output=True, text=True, timeout=900)  # fmt: skip
    assert upgraded.returncode == 0, upgraded.stderr
    done = subprocess.run([*pip, "install", "--no-deps", "-e", str(ROOT)], capture_output=True,
                          text=True, timeout=900)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert WARNING not in done.stdout + done.stderr
    found = subprocess.run([str(tmp_path / "venv" / "bin" / "python"), "-c",
                            "import table, engine, hw; print(table.__file__)"],
                           capture_output=True, text=True, timeout=120, cwd=tmp_path)  # fmt: skip
    assert found.stdout.strip() == str(ROOT / "table" / "__init__.py"), found.stderr
