"""hw/ knows no rules: it never imports engine/ or table/."""

import ast
from pathlib import Path

HW = Path(__file__).resolve().parents[2] / "hw"


def imported_packages(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_hw_imports_neither_engine_nor_table():
    files = sorted(HW.glob("*.py"))
    assert len(files) > 5
    for path in files:
        assert not imported_packages(path) & {"engine", "table"}, path.name
