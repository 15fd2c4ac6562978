"""The code and its tests stay typed and tidy: mypy --strict, ruff check and ruff format run with the tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_mypy_strict_on_the_engine_the_ui_helpers_and_the_tests() -> None:
    result = _run("mypy", "--strict", "hearts_core", "hearts_ui", "tests", "conftest.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_on_the_whole_project() -> None:
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_leaves_every_file_as_it_is() -> None:
    result = _run("ruff", "format", "--check", ".")
    assert result.returncode == 0, "run `ruff format .`:\n" + result.stdout + result.stderr


def test_engine_never_imports_streamlit() -> None:
    sources = {path.name: path.read_text(encoding="utf-8") for path in (ROOT / "hearts_core").rglob("*.py")}
    offenders = [name for name, text in sources.items() if "import streamlit" in text or "from streamlit" in text]
    assert offenders == []
