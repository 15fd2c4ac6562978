"""The CI runs exactly the README's test command, so what a newcomer runs is what CI checks."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _readme_test_command() -> str:
    """The README's whole-suite command: the one code line that installs the test extras."""
    lines = [line.strip() for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()]
    (command,) = [line for line in lines if line.startswith("python3 -m venv") and '".[dev]"' in line]
    return command


def test_ci_runs_the_readmes_test_command() -> None:
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    commands = [line for line in ci if line and not line.startswith("#")]
    assert commands[-1] == _readme_test_command()


def test_the_readmes_run_command_prepares_before_it_starts() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pip install -e . && .venv/bin/python -m hearts_core prepare && .venv/bin/streamlit run app.py" in text
    assert _readme_test_command().endswith(
        ". .venv/bin/activate && python -m hearts_core prepare && python -m pytest -n 2"
    )
