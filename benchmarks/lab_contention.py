"""A second learner's clicks while a first one runs a 20,000-hand Variant Lab simulation, over the websocket.

    python benchmarks/lab_contention.py --start one [--workers N] [--deals 20000] [--clicks 30] [--gap 0.3]
    python benchmarks/lab_contention.py --url http://127.0.0.1:8501 [--pid PID ...] [...]
    --limit 400: seconds the simulation may take; --json: the figures also as one JSON line

Two browser tabs without a browser: ``class_load.py``'s ``Learner`` (the page GET and its cookies,
the websocket, reruns carrying the query string, the page's hash, the browser's context and the
hashes of the cached messages it holds), which here also reads what the page holds: each widget's
id by its key (Streamlit's element ids end in the user key), and the URL the app sets
(``page_info_changed``), which later reruns carry as the browser's address bar would.  A click is a
``rerun_script`` whose widget states hold the button's ``trigger_value``; a value typed in is its
``int_value`` (or ``double_value``, by the number input's data type).  A tab sends the values it
has set; a browser sends every widget's, but the others are as the server already holds them.

Learner B opens step 4 of the lesson ``table`` and clicks the stepper under it, Next
(``ha_steps_bottom_next``) then Back (``ha_steps_bottom_back``), again and again: each click redraws
the lesson step (its card table included).  A click's time runs from sending it to the
``script_finished`` of its run; a click after which the URL's step did not move is an error.
Learner A opens the Variant Lab and types ``--deals`` (20,000) into its number of hands
(``ha_lab_sim_n``: deals, each played under ruleset A and under B).  Then, the baseline: B's
``--clicks`` clicks (30), ``--gap`` seconds (0.3) after each click's page is drawn, after two not
counted, with nothing else running.

Then A clicks Run (``ha_lab_sim_run``).  The simulation goes on only while the page's progress
fragment reruns, and a browser reruns it: on the server's ``auto_rerun`` (interval, fragment id) it
sends, every interval, a ``rerun_script`` with that ``fragment_id``, ``is_auto_rerun`` and its
widget values, until a ``stop_auto_rerun`` names the fragment or a full run begins (a
``new_session`` with no fragment ids); an ``auto_rerun`` with the interval already followed changes
nothing (Streamlit's frontend, ``handleAutoRerun``).  A does the same.  The simulation is over when
a full run draws the Run button again: with the results (the CSV button ``ha_lab_csv``), or
without (cancelled or out of time); at most ``--limit`` seconds (400).  Meanwhile B keeps clicking
``--gap`` seconds apart; a click sent before the end counts, even if the results' drawing holds it.

Printed: the simulation's wall time (Run sent to its results drawn), A's fragment runs and the auto
reruns it sent; B's clicks with nobody else and during the simulation (count, median, p95 by nearest
rank, max, how many took over 1 s); for each phase the server's CPU in cores, its own process and
its children (the Lab's worker processes) apart, and the whole machine's.  The target is met when
every click during the simulation took under 1 s, the results were drawn, and nothing went wrong
(no error, no exception drawn, no click that left the step where it was).

``--workers N`` reaches the server as ``HEARTS_LAB_WORKERS`` (0: chunks played in the server's own
process, as before issue 15); without it the app's default, one worker fewer than the cores.
``--start one`` and ``--url`` are as in ``class_load.py``.  Target (issue 15): B's clicks under 1 s
during the simulation.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final
from urllib.parse import parse_qs

sys.path.insert(0, str(Path(__file__).resolve().parent))

from class_load import (
    Figures,
    Learner,
    OneServer,
    Page,
    Problem,
    RunningServer,
    Target,
    cpu_seconds,
    finish,
    load_average,
    machine_busy_seconds,
    process_tree,
)
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.NumberInput_pb2 import NumberInput
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.exceptions import WebSocketException

WORKERS_VARIABLE: Final = "HEARTS_LAB_WORKERS"  # hearts_ui.views.lab.worker reads it
LESSON: Final = "table"
FIRST_STEP: Final = 4
NEXT, BACK = "ha_steps_bottom_next", "ha_steps_bottom_back"
DEALS_KEY, RUN_KEY, RESULTS_KEY = "ha_lab_sim_n", "ha_lab_sim_run", "ha_lab_csv"
WARM_CLICKS: Final = 2
#: Streamlit's element ids: ``$$ID-<hash>-<user key>`` (``None`` without a key).
ID_PREFIX: Final = "$$ID-"
TARGET: Final = 1.0


@dataclass(frozen=True)
class RunEnd:
    """A run that finished (not stopped for the next): when, the fragments it reran (none: the
    whole page), and the widget keys it drew."""

    at: float
    fragments: tuple[str, ...]
    keys: frozenset[str]


class Tab(Learner):
    """A browser tab that reads what its page holds, follows ``auto_rerun`` as the browser does, and
    clicks and types by widget key."""

    def __init__(self, base: str, timeout: float) -> None:
        super().__init__(base, (), random.Random(0), Figures(), (0.0, 0.0), timeout)
        self.page = Page("", "", "")
        self.query = ""
        self.ids: dict[str, str] = {}  # user key -> widget id, as last drawn
        self.number_types: dict[str, int] = {}  # widget id -> NumberInput.DataType
        self.values: dict[str, WidgetState] = {}  # widget id -> the value this tab has set
        self.bodies: dict[str, Element] = {}  # hash -> the cached element, to read a ref_hash
        self.timers: dict[str, tuple[float, asyncio.Task[None]]] = {}  # fragment id -> interval, its ticks
        self.ends: asyncio.Queue[RunEnd | Problem] = asyncio.Queue()
        self.reader: asyncio.Task[None] | None = None
        self.run_fragments: tuple[str, ...] = ()
        self.run_keys: set[str] = set()
        self.fragment_runs = 0  # begun
        self.progress: int | None = None  # the progress bar's value, as last drawn
        self.auto_sent = 0

    async def start(self, page: Page) -> None:
        """Open ``page`` by URL in a new tab, then read the server's messages from then on."""
        self.page, self.query = page, page.query
        await self.connect(page)
        await self.open(page, first=True)
        self.reader = asyncio.create_task(self._listen())

    async def close(self) -> None:
        for fragment_id in list(self.timers):
            self._stop_timer(fragment_id)
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader
        await self.disconnect()

    # -- what the server sends

    async def _listen(self) -> None:
        assert self.socket is not None
        try:
            while True:
                self.take(ForwardMsg.FromString(await self.socket.recv(decode=False)), self.page)
        except Problem as problem:
            self.ends.put_nowait(problem)
        except (OSError, WebSocketException) as error:
            self.ends.put_nowait(Problem("broken", f"{type(error).__name__}: {error}"))

    def take(self, message: ForwardMsg, page: Page) -> bool:
        kind = message.WhichOneof("type")
        if kind == "new_session":
            self.run_fragments = tuple(message.metadata.run.fragment_ids)
            self.run_keys = set()
            self.fragment_runs += bool(self.run_fragments)
            if not self.run_fragments:  # a full run: the browser drops every auto-rerun timer
                for fragment_id in list(self.timers):
                    self._stop_timer(fragment_id)
        elif kind == "delta" and message.delta.HasField("new_element"):
            if message.metadata.cacheable:
                self.bodies[message.hash] = message.delta.new_element
            self._note(message.delta.new_element)
        elif kind == "ref_hash" and message.ref_hash in self.bodies:
            self._note(self.bodies[message.ref_hash])
        elif kind == "auto_rerun":
            self._follow(message.auto_rerun.fragment_id, message.auto_rerun.interval)
        elif kind == "stop_auto_rerun":
            for fragment_id in message.stop_auto_rerun.fragment_ids:
                self._stop_timer(fragment_id)
        elif kind == "page_info_changed":
            self.query = message.page_info_changed.query_string
        ended = super().take(message, page)
        if ended:
            self.bodies = {key: body for key, body in self.bodies.items() if key in self.cache}
            self.ends.put_nowait(RunEnd(time.perf_counter(), self.run_fragments, frozenset(self.run_keys)))
        return ended

    def _note(self, element: Element) -> None:
        kind = element.WhichOneof("type")
        if kind is None:
            return
        inner = getattr(element, kind)
        if kind == "progress":
            self.progress = inner.value
        if "id" not in inner.DESCRIPTOR.fields_by_name:
            return
        widget_id = inner.id
        if isinstance(widget_id, str) and widget_id.startswith(ID_PREFIX):
            key = widget_id[len(ID_PREFIX) :].partition("-")[2]
            if key and key != "None":
                self.ids[key] = widget_id
                self.run_keys.add(key)
                if kind == "number_input":
                    self.number_types[widget_id] = inner.data_type

    # -- the browser's auto-rerun timers

    def _follow(self, fragment_id: str, interval: float) -> None:
        held = self.timers.get(fragment_id)
        if not fragment_id or (held is not None and held[0] == interval):
            return
        self._stop_timer(fragment_id)
        self.timers[fragment_id] = (interval, asyncio.create_task(self._tick(fragment_id, interval)))

    def _stop_timer(self, fragment_id: str) -> None:
        held = self.timers.pop(fragment_id, None)
        if held is not None:
            held[1].cancel()

    async def _tick(self, fragment_id: str, interval: float) -> None:
        due = time.perf_counter()
        with contextlib.suppress(OSError, WebSocketException):
            while True:
                due = max(due + interval, time.perf_counter())  # late: once, not a burst
                await asyncio.sleep(due - time.perf_counter())
                await self.send(fragment_id=fragment_id, auto=True)
                self.auto_sent += 1

    # -- what the learner does

    async def send(self, triggers: Iterable[str] = (), fragment_id: str = "", auto: bool = False) -> None:
        """A rerun as the browser sends it: the URL's query string, the values this tab holds, a
        trigger for each button clicked."""
        assert self.socket is not None
        message = BackMsg.FromString(self.rerun_message(self.page, first=False))
        state = message.rerun_script
        state.query_string = self.query
        state.context_info.url = f"{self.base}/{self.page.path}" + (f"?{self.query}" if self.query else "")
        state.widget_states.widgets.extend(self.values.values())
        state.widget_states.widgets.extend(WidgetState(id=widget_id, trigger_value=True) for widget_id in triggers)
        state.fragment_id, state.is_auto_rerun = fragment_id, auto
        await self.socket.send(message.SerializeToString())

    def widget(self, key: str) -> str:
        if key not in self.ids:
            raise Problem("widget", f"/{self.page.path}?{self.query}: no widget keyed {key!r} drawn")
        return self.ids[key]

    async def next_end(self, timeout: float) -> RunEnd:
        """The next run of the whole page to finish (fragments' runs are passed over)."""
        try:
            async with asyncio.timeout(timeout):
                while True:
                    end = await self.ends.get()
                    if isinstance(end, Problem):
                        raise end
                    if not end.fragments:
                        return end
        except TimeoutError as error:
            raise Problem("timeout", f"/{self.page.path}?{self.query}: no run finished in {timeout:.0f} s") from error

    def forget_ends(self) -> None:
        while not self.ends.empty():
            end = self.ends.get_nowait()
            if isinstance(end, Problem):
                raise end

    async def click(self, key: str) -> float:
        """Click the button keyed ``key``; the seconds until its run has finished."""
        self.forget_ends()
        widget_id = self.widget(key)
        began = time.perf_counter()
        await self.send(triggers=[widget_id])
        await self.next_end(self.timeout)
        return time.perf_counter() - began

    async def type_number(self, key: str, value: float) -> None:
        """Type ``value`` into the number input keyed ``key`` (the browser's rerun on Enter)."""
        self.forget_ends()
        widget_id = self.widget(key)
        if self.number_types.get(widget_id) == NumberInput.FLOAT:
            self.values[widget_id] = WidgetState(id=widget_id, double_value=float(value))
        else:
            self.values[widget_id] = WidgetState(id=widget_id, int_value=int(value))
        await self.send()
        await self.next_end(self.timeout)


# -- the two learners ---------------------------------------------------------------------------


def _step(query: str) -> int | None:
    steps = parse_qs(query).get("step")
    return int(steps[-1]) if steps and steps[-1].isdigit() else None


class Stepper:
    """Learner B: Next, Back, Next... under a lesson step, each click checked to move the URL's step."""

    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self.clicks = 0
        self.unmoved: list[str] = []

    async def click(self) -> float:
        key, move = (NEXT, 1) if self.clicks % 2 == 0 else (BACK, -1)
        before = _step(self.tab.query)
        seconds = await self.tab.click(key)
        self.clicks += 1
        after = _step(self.tab.query)
        if before is None or after != before + move:
            self.unmoved.append(f"{key}: step {before} -> {after} ({seconds:.2f} s)")
        return seconds

    async def clicks_for(self, count: int, gap: float, times: list[float]) -> None:
        for _ in range(count):
            times.append(await self.click())
            await asyncio.sleep(gap)

    async def clicks_while(self, running: asyncio.Task[Any], gap: float, times: list[float]) -> None:
        while not running.done():
            times.append(await self.click())
            await asyncio.wait({running}, timeout=gap)


@dataclass
class Simulation:
    """What learner A's simulation came to: its wall time, and whether it drew results."""

    seconds: float | None = None
    results: bool = False


async def simulate(tab: Tab, limit: float, outcome: Simulation) -> None:
    """Click Run; the tab's auto reruns go on until a full run draws the Run button again."""
    tab.forget_ends()
    run_id = tab.widget(RUN_KEY)
    began = time.perf_counter()
    await tab.send(triggers=[run_id])
    deadline = began + limit
    while True:
        end = await tab.next_end(max(deadline - time.perf_counter(), 0.0))
        if RUN_KEY in end.keys:
            outcome.seconds = end.at - began
            outcome.results = RESULTS_KEY in end.keys
            return


# -- the run ------------------------------------------------------------------------------------


class Meter:
    """CPU seconds so far: the server's own processes, their descendants, the machine, this script."""

    def __init__(self, pids: Sequence[int]) -> None:
        self.pids = list(pids)

    def read(self) -> dict[str, float]:
        descendants = process_tree(self.pids) - set(self.pids)
        below = cpu_seconds(descendants)
        return {
            "wall": time.perf_counter(),
            "server": cpu_seconds(self.pids) - below,
            "children": below,
            "machine": machine_busy_seconds(),
            "own": time.process_time(),
        }

    @staticmethod
    def cores(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
        wall = max(after["wall"] - before["wall"], 1e-9)
        return {name: (after[name] - before[name]) / wall for name in ("server", "children", "machine", "own")}


def spread(samples: Sequence[float]) -> dict[str, Any]:
    """Count, median, p95 (nearest rank, as the other benchmarks), max, and how many over the target."""
    ordered = sorted(samples)
    if not ordered:
        return {"count": 0, "median": None, "p95": None, "max": None, "over_target": 0}
    return {
        "count": len(ordered),
        "median": statistics.median(ordered),
        "p95": ordered[int(0.95 * (len(ordered) - 1))],
        "max": ordered[-1],
        "over_target": sum(1 for value in ordered if value > TARGET),
    }


async def measure(
    target: Target, workers: str, deals: int, clicks: int, gap: float, limit: float, timeout: float
) -> dict[str, Any]:
    """Both learners against one server; a problem before the simulation ends it, one during it is counted."""
    meter = Meter(target.process_ids())
    learner_b, learner_a = Tab(target.url, timeout), Tab(target.url, timeout)
    stepper = Stepper(learner_b)
    outcome = Simulation()
    alone: list[float] = []
    during: list[float] = []
    errors: list[str] = []
    try:
        await learner_b.start(Page("lesson", "Lessons", f"lesson={LESSON}&step={FIRST_STEP}"))
        await learner_a.start(Page("lab", "Variant_Lab", ""))
        await learner_a.type_number(DEALS_KEY, deals)
        await stepper.clicks_for(WARM_CLICKS, gap, [])
        before = meter.read()
        await stepper.clicks_for(clicks, gap, alone)
        after_alone = meter.read()
        running = asyncio.create_task(simulate(learner_a, limit, outcome))
        try:
            await stepper.clicks_while(running, gap, during)
        except Problem as problem:
            errors.append(f"B: {problem}")
        try:
            await running
        except Problem as problem:
            errors.append(f"A: {problem}")
        after_during = meter.read()
    finally:
        await learner_a.close()
        await learner_b.close()
    return {
        "deals": deals,
        "workers": workers,
        "url": target.url,
        "errors": errors,
        "simulation_s": outcome.seconds,
        "results_drawn": outcome.results,
        "fragment_runs": learner_a.fragment_runs,
        "last_progress": learner_a.progress,
        "auto_reruns_sent": learner_a.auto_sent,
        "alone": spread(alone),
        "during": spread(during),
        "alone_s": alone,
        "during_s": during,
        "cpu_alone": Meter.cores(before, after_alone),
        "cpu_during": Meter.cores(after_alone, after_during),
        "unmoved_clicks": stepper.unmoved,
        "exceptions": learner_a.exceptions + learner_b.exceptions,
        "load_average": load_average(),
        "server_cpu_known": bool(meter.pids),
    }


# -- the report ---------------------------------------------------------------------------------


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{1000 * value:.0f}"


def _cpu(cores: dict[str, float], known: bool) -> str:
    server = (
        (
            f"server {cores['server'] + cores['children']:.2f} cores (its own process {cores['server']:.2f}, "
            f"its children {cores['children']:.2f})"
        )
        if known
        else "server n/a (no --pid)"
    )
    return f"{server}, machine {cores['machine']:.2f} of {os.cpu_count()}, this script {cores['own']:.2f}"


def report(figures: dict[str, Any], where: str, log_problems: Sequence[str]) -> str:
    seconds = figures["simulation_s"]
    drawn = "results drawn" if figures["results_drawn"] else "NO results drawn (cancelled or out of time)"
    lines = [
        f"Variant Lab contention: a {figures['deals']:,}-hand simulation, {figures['workers']}; "
        f"{where} ({figures['url']})",
        f"  simulation: {seconds:.1f} s from Run to {drawn}; {figures['fragment_runs']} fragment runs "
        f"begun, {figures['auto_reruns_sent']} auto reruns sent, the progress bar last at "
        f"{figures['last_progress']}%"
        if seconds is not None
        else "  simulation: not over",
        f"  {'B clicks (ms)':<22}{'count':>6}{'median':>8}{'p95':>8}{'max':>8}{'> 1 s':>7}",
    ]
    for label, name in (("nobody else", "alone"), ("during the simulation", "during")):
        row = figures[name]
        lines.append(
            f"  {label:<22}{row['count']:>6}{_ms(row['median']):>8}{_ms(row['p95']):>8}{_ms(row['max']):>8}"
            f"{row['over_target']:>7}"
        )
    known = figures["server_cpu_known"]
    lines.append(f"  CPU, nobody else: {_cpu(figures['cpu_alone'], known)}")
    lines.append(
        f"  CPU, during the simulation: {_cpu(figures['cpu_during'], known)}; load average "
        f"{figures['load_average']:.1f} at the end"
    )
    for error in figures["errors"]:
        lines.append(f"  error: {error}")
    if figures["unmoved_clicks"]:
        lines.append(
            f"  clicks after which the step did not move: {len(figures['unmoved_clicks'])}, the first: "
            f"{figures['unmoved_clicks'][0]}"
        )
    if figures["exceptions"]:
        lines.append(f"  exceptions drawn: {len(figures['exceptions'])}, the first: {figures['exceptions'][0]}")
    if log_problems:
        lines.append(f"  server log: {len(log_problems)} tracebacks or error lines, the first: {log_problems[0]}")
    worst = figures["during"]["max"]
    met = (
        worst is not None
        and worst < TARGET
        and figures["results_drawn"]
        and not figures["errors"]
        and not figures["unmoved_clicks"]
        and not figures["exceptions"]
    )
    lines.append(f"  target: B's clicks under {TARGET:g} s during the simulation: {'met' if met else 'NOT met'}")
    return "\n".join(lines)


def _workers_text(running: bool) -> str:
    """Where the server plays the simulation, as its environment says."""
    workers = os.environ.get(WORKERS_VARIABLE)
    if running:
        return f"{WORKERS_VARIABLE} as the running server has it"
    if workers is None:
        return "the app's default worker processes (one fewer than the cores)"
    return f"{WORKERS_VARIABLE}={workers}" + (" (chunks played in the server's own process)" if workers == "0" else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--url", help="a running server, e.g. http://127.0.0.1:8501")
    where.add_argument("--start", choices=("one",), help="start a fresh server (as class_load.py does)")
    parser.add_argument(
        "--pid",
        type=int,
        action="append",
        default=[],
        help="with --url: a server process whose CPU to report (repeat for several)",
    )
    parser.add_argument(
        "--workers", type=int, help=f"with --start one: the server's {WORKERS_VARIABLE} (0: the server's own process)"
    )
    parser.add_argument("--deals", type=int, default=20_000, help="hands the simulation plays (the page's number)")
    parser.add_argument("--clicks", type=int, default=30, help="B's clicks with nobody else")
    parser.add_argument("--gap", type=float, default=0.3, help="seconds between a click's page and the next click")
    parser.add_argument("--limit", type=float, default=400.0, help="seconds the simulation may take")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds a click may take before it is an error")
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    options = parser.parse_args()
    if options.workers is not None:
        if options.url:
            parser.error("--workers needs --start one: a running server has its own")
        os.environ[WORKERS_VARIABLE] = str(options.workers)  # OneServer passes the environment on

    target: OneServer | RunningServer
    if options.url:
        target, where_text = RunningServer(options.url, options.pid), "a running server"
    else:
        target, where_text = OneServer(server_timing=False), "one fresh process"
    try:
        workers = _workers_text(running=bool(options.url))
        figures = asyncio.run(
            measure(target, workers, options.deals, options.clicks, options.gap, options.limit, options.timeout)
        )
    finally:
        target.stop()
    finish(target, figures, lambda problems: report(figures, where_text, problems), options.json)


if __name__ == "__main__":
    main()
