"""Re-check every card-choosing lesson exercise against the engine's two models of the other players.

For each ``choose_card`` step whose position has at most ``--tricks`` tricks left, print every legal
card's value under the exact solver (every other player against the learner; ``min_points``, or the
moon objective given with ``--moon``) and, with at most ``--selfish`` tricks left, the range of points
the learner can end with when each player plays for itself (over every way of breaking ties;
:func:`hearts_core.search.selfish.selfish_ranges`).  A step is flagged when its accepted cards are
not exactly the solver's best cards (``SOLVER``) or when a rejected card does as well as an
accepted one for self-interested players breaking their ties against the learner (``SELFISH``: the
worst case, what an exercise that "makes sure" claims).

A flag is a question for the author, not always an error: many exercises ask about a rule (which
cards are legal, which card cannot win the trick, which card carries the most points), and then the
prompt, not the points, decides the answer.  Issue 27's audit of the course was run with this script;
its notes say how each flag was settled.

    python benchmarks/exercise_audit.py                  # every lesson
    python benchmarks/exercise_audit.py strategy moon_play --tricks 9
"""

from __future__ import annotations

import argparse
import time

from hearts_core.content.lessons import LESSONS_DIR, ChooseCardStep, load_curriculum
from hearts_core.search.selfish import selfish_ranges
from hearts_core.search.solver import solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lesson ids (default: every lesson)")
    parser.add_argument("--tricks", type=int, default=9, help="solve positions with at most this many tricks left")
    parser.add_argument("--selfish", type=int, default=6, help="self-interested ranges up to this many tricks left")
    args = parser.parse_args()
    curriculum = load_curriculum(LESSONS_DIR)
    flagged = checked = 0
    for lesson in curriculum.ordered():
        if args.lessons and lesson.id not in args.lessons:
            continue
        for number, step in enumerate(lesson.steps, start=1):
            if not isinstance(step, ChooseCardStep):
                continue
            state = step.position(lesson)
            assert state is not None and state.to_play is not None
            left = state.rules.hand_size - state.trick_number
            head = f"{lesson.id} step {number} ({left} tricks left) accept {' '.join(step.accept)}"
            if len(state.legal_moves()) == 1 or left > args.tricks:
                print(f"{head}: not checked ({'one legal card' if left <= args.tricks else 'too long'})")
                continue
            started = time.perf_counter()
            values = solve(state, "min_points", state.to_play, card=None, shooter=None).values
            best = min(values.values())
            flags = []
            if {card for card, value in values.items() if value == best} != set(step.accept):
                flags.append("SOLVER")
            ranges = selfish_ranges(state, state.to_play) if left <= args.selfish else None
            if ranges is not None:
                accepted_worst = min(ranges[card][1] for card in step.accept)
                if any(high <= accepted_worst for card, (_low, high) in ranges.items() if card not in step.accept):
                    flags.append("SELFISH")
            checked += 1
            flagged += bool(flags)
            print(
                f"{head}: solver {values}; selfish {ranges}; {time.perf_counter() - started:.1f} s"
                f"{'  FLAG ' + ' '.join(flags) if flags else ''}"
            )
    print(f"{checked} exercises checked, {flagged} flagged")


if __name__ == "__main__":
    main()
