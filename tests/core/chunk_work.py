"""Chunk functions for tests/core/test_chunks.py: a module of their own, light to import, since every
worker process (of the local pool or a Dask cluster) imports the module of the function it plays."""

from __future__ import annotations

import os
import random
import time


def seeded_draws(chunk: tuple[int, int]) -> tuple[list[int], int]:
    """A chunk's draws from its own seed, and the process that played it."""
    seed, count = chunk
    draws = random.Random(seed)
    time.sleep(0.05)  # long enough that the chunks spread over the workers
    return [draws.randrange(1_000_000) for _ in range(count)], os.getpid()


def sleeper(seconds: float) -> int:
    """Sleep, then say which process slept (a chunk that outlasts its caller)."""
    time.sleep(seconds)
    return os.getpid()
