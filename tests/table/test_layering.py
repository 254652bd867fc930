"""table/'s folders import only the layers below them (docs/architecture.md, "Who imports what").

Relative imports stay inside a folder; a module of table/ itself (app.py, files.py,
positions.py) is a layer of its own.
"""

import ast
from pathlib import Path

TABLE = Path(__file__).resolve().parents[2] / "table"

BELOW = {
    "files": set(),
    "positions": set(),
    "setup": {"files", "positions"},
    "flow": {"files", "positions", "setup"},
    "screen": {"files", "positions", "setup", "flow"},
    "app": {"files", "positions", "setup", "flow", "screen"},
    "commands": {"files", "positions", "setup", "flow", "screen", "app"},
}
"""Each layer of table/ and the layers it may import (engine/ and hw/ any of them may)."""


def layer(path: Path) -> str:
    inside = path.relative_to(TABLE).parts
    return inside[0] if len(inside) > 1 else path.stem


def table_imports(path: Path) -> set[str]:
    """The layers of table/ a module imports (table.flow.session -> flow; from table import
    files -> files)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module]
            if node.module == "table":
                names = [f"table.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {name.split(".")[1] for name in names if name.startswith("table.")}
    return found


def test_each_folder_of_table_imports_only_the_layers_below_it():
    files = [p for p in sorted(TABLE.rglob("*.py")) if p.name != "__init__.py"]
    assert len(files) > 30
    for path in files:
        own = layer(path)
        assert own in BELOW, f"{path}: a layer docs/architecture.md does not place"
        above = table_imports(path) - BELOW[own] - {own}
        assert not above, f"{path.relative_to(TABLE)} imports {sorted(above)}, above it"


def test_engine_imports_neither_hw_nor_table():
    from tests.hw.test_layering import imported_packages

    files = sorted((TABLE.parent / "engine").glob("*.py"))
    assert len(files) > 5
    for path in files:
        assert not imported_packages(path) & {"hw", "table"}, path.name
