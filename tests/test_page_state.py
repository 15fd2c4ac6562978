"""The session's state stays typed (hearts_ui/page_state.py): only that module touches
``st.session_state`` and spells a session or widget key; everything else goes through a page's
frozen object and the keys it makes.  A new ``st.session_state["ha_..."]`` anywhere else fails here."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pkgutil
from pathlib import Path

import pytest

import hearts_ui
from hearts_ui import page_state
from hearts_ui.page_state import PREFIX, PageState, session_key

ROOT = Path(__file__).resolve().parents[1]
#: The one module that may touch the session and spell its keys.
STATE_MODULE = ROOT / "hearts_ui" / "page_state.py"
#: Strings that start like a key but are none: the learner cookie's name (browsers keep it; never renamed).
NOT_KEYS = {("hearts_ui/storage.py", "ha_learner")}


def _app_sources() -> list[Path]:
    """Every Python file of the app: app.py, the page scripts and hearts_ui, but the state module."""
    files = [ROOT / "app.py", *sorted((ROOT / "pages").glob("*.py")), *sorted((ROOT / "hearts_ui").rglob("*.py"))]
    return [path for path in files if path != STATE_MODULE]


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions (doctests may show keys)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _another_object(owner: ast.expr) -> bool:
    """Whether ``owner.session_state`` is some other object's attribute, not Streamlit's: a name other
    than ``st`` or ``streamlit`` (a running ``AppSession``'s ``session.session_state``)."""
    return isinstance(owner, ast.Name) and owner.id not in ("st", "streamlit")


def _offences(name: str, source: str) -> list[str]:
    """What breaks the rule in ``source`` (the file ``name``, relative to the project)."""
    tree = ast.parse(source, filename=name)
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "session_state" and not _another_object(node.value):
            found.append(f"{name}:{node.lineno}: touches st.session_state (go through hearts_ui.page_state)")
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.startswith(PREFIX)
            and id(node) not in docstrings
            and (name, node.value) not in NOT_KEYS
        ):
            found.append(
                f"{name}:{node.lineno}: spells the key {node.value!r} (make it with a page state's widget_key)"
            )
    return found


def test_only_the_state_module_touches_the_session_or_spells_a_key() -> None:
    offences = [
        offence
        for path in _app_sources()
        for offence in _offences(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
    ]
    assert offences == []


def test_the_rule_catches_a_session_key_and_a_widget_key_spelt_by_hand() -> None:
    source = '"""A view."""\nimport streamlit as st\n\nst.session_state["ha_pr_rung"] = 2\nKEY = f"ha_frame_{1}"\n'
    found = _offences("hearts_ui/views/example.py", source)
    assert len(found) == 3, found
    assert "touches st.session_state" in found[0] and "'ha_pr_rung'" in found[1] and "'ha_frame_'" in found[2]


def _all_kinds() -> list[type[PageState]]:
    """Every :class:`PageState` class of the app (every hearts_ui module imported first)."""
    for module in pkgutil.walk_packages(hearts_ui.__path__, "hearts_ui."):
        importlib.import_module(module.name)
    kinds: list[type[PageState]] = []
    pending: list[type[PageState]] = [PageState]
    while pending:
        kind = pending.pop()
        for sub in kind.__subclasses__():
            kinds.append(sub)
            pending.append(sub)
    return [kind for kind in kinds if kind.__module__.startswith("hearts_ui.") and kind is not page_state.StoredCopy]


@pytest.mark.parametrize("kind", _all_kinds(), ids=lambda kind: kind.__name__)
def test_each_page_state_is_frozen_has_defaults_and_its_own_key(kind: type[PageState]) -> None:
    assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen
    assert isinstance(kind(), kind)  # what a page starts from
    assert session_key(kind).startswith(PREFIX)
    assert not callable(kind())


def test_every_page_has_a_typed_state_and_the_keys_are_all_different() -> None:
    kinds = _all_kinds()
    names = {kind.__name__ for kind in kinds}
    assert {"PracticeView", "LessonsView", "PuzzlesView", "LabView", "RulebookView", "AccountView"} <= names
    assert len({session_key(kind) for kind in kinds}) == len(kinds)
