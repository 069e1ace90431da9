"""The import-linter contracts of pyproject.toml hold, and they bite: a copy of the source
packages passes ``lint-imports``, and the same copy with one forbidden import fails."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def copy_of_the_sources(target: Path) -> Path:
    for package in ("engine", "service", "worker"):
        shutil.copytree(ROOT / package, target / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", target / "pyproject.toml")
    return target


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}   # the copy, not the installed packages
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "--no-logo"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_unmodified_sources_keep_every_contract(tmp_path):
    result = lint_imports(copy_of_the_sources(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize("module, line, contract", [
    ("service/games.py", "import worker", "The core knows no HTTP and no worker"),
    ("service/store.py", "import flask", "The core knows no HTTP and no worker"),
    ("service/errors.py", "import service.api", "service/ is layered: the API and the dev helpers over the core"),
    ("engine/match.py", "import flask", "The engine is a pure rules library"),
    ("engine/match.py", "import service.games", "The engine is a pure rules library"),
    ("worker/tasks.py", "import service.api.app", "The worker uses the core, never the HTTP layer"),
])
def test_a_forbidden_import_breaks_its_contract(tmp_path, module, line, contract):
    root = copy_of_the_sources(tmp_path)
    path = root / module
    path.write_text(path.read_text() + f"\n{line}  # the forbidden import\n")
    result = lint_imports(root)
    assert result.returncode != 0, result.stdout
    assert f"{contract} BROKEN" in result.stdout, result.stdout
