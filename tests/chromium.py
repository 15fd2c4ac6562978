"""The one Chromium every browser test drives: Debian's, through Playwright's sync API.

Playwright's sync API runs its own event loop on the calling thread, so a second ``sync_playwright()``
in the same process fails while the first is open ("using Playwright Sync API inside the asyncio
loop").  Every test module therefore shares the session's browser (the ``browser`` fixture in
``tests/conftest.py``) instead of starting its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def launched_browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, for the whole session (skips when it or Playwright is missing)."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} not found: apt-get install -y chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()
