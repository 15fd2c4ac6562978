"""CI sets HEARTS_REQUIRE_COMPILED=1 (.ci/run): there the engine must run on the compiled kernel, so
the suite's kernel tests ran compiled and the app's hot paths took the kernel (tests/conftest.py warms it)."""

from __future__ import annotations

import os

import pytest

from hearts_core.search import fast, kernel


@pytest.mark.skipif(os.environ.get("HEARTS_REQUIRE_COMPILED") != "1", reason="only where the compiled path is required")
def test_the_compiled_kernel_is_in_use() -> None:
    assert kernel.AVAILABLE, fast.state()
    assert fast.ready(), fast.state()
    assert type(kernel.random_hands).__name__ == "CPUDispatcher"
