"""Search self-played deals for play puzzles that the exact solver proves.

:func:`generate_play_puzzles` deals seeded random hands, plays them with a
simple policy (:func:`simple_policy`) until ``tricks`` tricks are left, and
keeps the positions whose best card (by :func:`hearts_core.search.solver.solve`)
beats every other legal card by at least ``margin``.  Each kept position
becomes a ``[[puzzles]]`` table (a plain dict) with themes inferred from the
solver's lines (:func:`infer_themes`), a difficulty from the tricks left and
the margin (:func:`difficulty_for`), and a nudge, an idea and an explanation
built from the ``[puzzle_generator]`` templates of the message catalogue.
:func:`puzzles_to_toml` writes them in the format of ``lessons/puzzles``.

From the command line::

    python -m hearts_core.content.puzzles generate --count 5 --tricks 4 --margin 2 --seed 7 --out /tmp/new.toml

>>> puzzles = generate_play_puzzles(1, tricks=3, margin=1, seed=5)
>>> puzzles[0]["id"], puzzles[0]["kind"], puzzles[0]["objective"]
('gen-5-1', 'play', 'min_points')
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from ..ai.bots import random_passes
from ..engine.cards import Card
from ..engine.describe import points_words
from ..engine.rules import QUEEN_OF_SPADES, Ruleset
from ..engine.state import HandState
from ..engine.table import seat_name
from ..search.solver import line_for, solve
from ..words.catalogue import message

#: The themes the generator can infer, in order of priority (the first one found names the puzzle).
GENERATED_THEMES: Final = (
    "moon",
    "queen_of_spades",
    "duck",
    "unblock",
    "endplay",
    "exit",
    "void",
    "counting",
    "jack_of_diamonds",
    "black_maria",
)
_MOON_OBJECTIVES: Final = ("stop_moon", "make_moon")
_KEY_ORDER: Final = (
    "id",
    "kind",
    "title",
    "prompt",
    "difficulty",
    "themes",
    "rules",
    "objective",
    "margin",
    "card",
    "shooter",
    "seat",
    "show",
    "position",
    "nudge",
    "idea",
    "explanation",
    "answer",
)


# -- self-play --------------------------------------------------------------------------------


def simple_policy(state: HandState, rng: random.Random) -> Card:
    """A plain, seeded player: lead low from a random suit; follow with the highest
    card that still loses, else the lowest (the highest when last to a pointless
    trick); when void, throw the most expensive card, then the highest."""
    legal = state.legal_moves()
    trick = state.current_trick.cards
    points = state.rules.tables.points
    if not trick:
        suits = sorted({card.suit for card in legal})
        suit = suits[rng.randrange(len(suits))]
        return min((card for card in legal if card.suit == suit), key=lambda card: card.rank)
    led = trick[0].suit
    if legal[0].suit != led:
        return max(legal, key=lambda card: (points[card], card.rank))
    winner = max((card for card in trick if card.suit == led), key=lambda card: card.rank)
    under = [card for card in legal if card.rank < winner.rank]
    if under:
        return max(under, key=lambda card: card.rank)
    if len(trick) == state.players - 1 and sum(points[card] for card in trick) <= 0:
        return max(legal, key=lambda card: (points[card] <= 0, card.rank))
    return min(legal, key=lambda card: card.rank)


def _shooter_policy(state: HandState, rng: random.Random) -> Card:
    """A would-be moon shooter: always the highest legal card."""
    return max(state.legal_moves(), key=lambda card: (card.rank, card.suit))


def _self_play(rules: Ruleset, rng: random.Random, tricks: int, shooter: int | None) -> HandState | None:
    """A random deal played until ``tricks`` tricks are left and a random number of
    cards lie in the trick; None when the hand has fewer tricks than that."""
    hand_size = rules.hand_size
    if not 1 <= tricks < hand_size:
        return None
    state = HandState.deal(rules, seed=rng, hand_number=rng.randrange(len(rules.pass_cycle)))
    if state.is_passing:
        state = state.with_passes(random_passes(state, rng))
    in_trick = rng.randrange(rules.players)
    while state.is_playing:
        if state.trick_number == hand_size - tricks and len(state.current_trick.cards) == in_trick:
            return state
        policy = _shooter_policy if state.to_play == shooter else simple_policy
        state = state.play(policy(state, rng))
    return None


# -- what the puzzle is about --------------------------------------------------------------


def _moon_candidate(state: HandState) -> int | None:
    """The seat that has taken every penalty card played to a finished trick so far (at least one)."""
    tables = state.rules.tables
    takers = [seat for seat, cards in enumerate(state.taken) if cards.mask & tables.penalty_mask]
    return takers[0] if len(takers) == 1 else None


def _final(state: HandState, line: Iterable[tuple[int, str]]) -> HandState:
    for _, card in line:
        state = state.play(card)
    return state


def _taker(state: HandState, card: str) -> int | None:
    for seat, cards in enumerate(state.taken):
        if card in cards:
            return seat
    return None


def infer_themes(
    state: HandState,
    best: str,
    runner_up: str,
    best_line: Sequence[tuple[int, str]],
    runner_line: Sequence[tuple[int, str]],
    objective: str = "min_points",
) -> list[str]:
    """Theme ids for a position whose best card is ``best`` (and next best ``runner_up``),
    read from the two principal lines; the first one is the puzzle's main idea.

    ``moon`` for the moon objectives; ``queen_of_spades`` when the best card is the
    queen or the runner-up line hands her to the mover; ``duck`` for a card of the
    led suit under the winning card when one would win; ``unblock`` for the highest
    of two or more cards of a suit when the runner-up is a lower one; ``exit`` for
    a lead that loses the trick, and ``endplay`` when that trick's winner then
    ends with more points than after the runner-up; ``void`` for a discard;
    ``counting`` when nothing else fits; ``jack_of_diamonds`` and ``black_maria``
    when those cards are still out under rules that price them.
    """
    seat = state.to_play
    assert seat is not None
    rules = state.rules
    card = Card.parse(best)
    other = Card.parse(runner_up)
    trick = state.current_trick.cards
    hand = state.hands[seat].cards()
    legal = state.legal_moves()
    end_best, end_runner = _final(state, best_line), _final(state, runner_line)
    found: list[str] = []
    if objective in _MOON_OBJECTIVES:
        found.append("moon")
    queen_out = "QS" not in state.played or QUEEN_OF_SPADES in trick
    if queen_out and (best == "QS" or (_taker(end_runner, "QS") == seat and _taker(end_best, "QS") != seat)):
        found.append("queen_of_spades")
    if trick:
        led = trick[0].suit
        winner = max((played for played in trick if played.suit == led), key=lambda played: played.rank)
        if (
            card.suit == led
            and card.rank < winner.rank
            and any(option.suit == led and option.rank > winner.rank for option in legal)
        ):
            found.append("duck")
    same_suit = [held for held in hand if held.suit == card.suit]
    if (
        len(same_suit) >= 2
        and card == max(same_suit, key=lambda held: held.rank)
        and other.suit == card.suit
        and other.rank < card.rank
    ):
        found.append("unblock")
    if not trick:
        after = state.play(best)
        for _, played in best_line[1 : state.players]:
            after = after.play(played)
        won_by = after.tricks[-1].winner if len(after.tricks) > len(state.tricks) else seat
        if won_by != seat:
            if end_best.hand_points()[won_by] > end_runner.hand_points()[won_by]:
                found.append("endplay")
            found.append("exit")
    elif card.suit != trick[0].suit:
        found.append("void")
    if not found:
        found.append("counting")
    points = rules.tables.points
    if points[Card.parse("JD")] and "JD" not in state.played:
        found.append("jack_of_diamonds")
    if points[Card.parse("KS")] > 0 and points[Card.parse("AS")] > 0:
        found.append("black_maria")
    return [theme for theme in GENERATED_THEMES if theme in found]


def difficulty_for(tricks: int, gap: int) -> int:
    """1 to 3: more tricks left and a smaller margin make a harder puzzle.

    >>> difficulty_for(3, 13), difficulty_for(4, 1), difficulty_for(5, 1)
    (1, 2, 3)
    """
    score = (tricks - 2) + (2 if gap <= 2 else 1 if gap <= 5 else 0)
    return 1 if score <= 2 else 2 if score <= 4 else 3


# -- the puzzles ---------------------------------------------------------------------------------


def _rules_spec(rules: Ruleset) -> dict[str, Any]:
    """``{preset, overrides}`` for ``rules``: the preset it differs least from, and the differences."""
    best: tuple[str, dict[str, Any]] | None = None
    for name in Ruleset.preset_names():
        changed = {field: theirs for field, (_, theirs) in Ruleset.preset(name).differences(rules).items()}
        if best is None or len(changed) < len(best[1]):
            best = (name, changed)
    assert best is not None
    name, changed = best
    return {"preset": name, "overrides": changed} if changed else {"preset": name}


def _words(state: HandState, line: Sequence[tuple[int, str]]) -> str:
    players = state.players
    return ", ".join(f"{seat_name(seat, players)} {card}" for seat, card in line)


def _texts(
    state: HandState,
    objective: str,
    themes: Sequence[str],
    values: Mapping[str, int],
    best: str,
    runner_up: str,
    line: Sequence[tuple[int, str]],
    tricks: int,
    target: str | None,
    shooter: int | None,
) -> dict[str, str]:
    seat = state.to_play
    assert seat is not None
    players = state.players
    worst = (
        max(values, key=lambda name: values[name])
        if objective != "make_moon"
        else min(values, key=lambda name: values[name])
    )
    params = {
        "seat": seat_name(seat, players),
        "card": best,
        "card_name": Card.parse(best).name,
        "value": _points(values[best]),
        "runner_up": runner_up,
        "runner_value": _points(values[runner_up]),
        "gap": abs(values[runner_up] - values[best]),
        "worst": worst,
        "worst_value": _points(values[worst]),
        "tricks": tricks,
        "target": target or "QS",
        "line": _words(state, line),
        "shooter": seat_name(shooter, players) if shooter is not None else "",
    }
    main = themes[0]
    explanation = [f"puzzle_generator.explanation.{objective}"]
    if objective == "min_points" and worst != runner_up:
        explanation.append("puzzle_generator.explanation.worst")
    explanation.append("puzzle_generator.explanation.line")
    return {
        "title": message(f"puzzle_generator.title.{main}", **params),
        "prompt": message(f"puzzle_generator.prompt.{objective}", **params),
        "nudge": message(f"puzzle_generator.nudge.{main}", **params),
        "idea": message(f"puzzle_generator.idea.{main}", **params),
        "explanation": " ".join(message(key, **params) for key in explanation),
    }


def _points(value: int) -> str:
    return points_words(value)


def _candidate(state: HandState, objective: str, margin: int, tricks: int, puzzle_id: str) -> dict[str, Any] | None:
    seat = state.to_play
    assert seat is not None
    legal = state.legal_moves()
    if len(legal) < 2:
        return None
    target: str | None = None
    shooter: int | None = None
    if objective == "avoid_card":
        target = "QS"
        if "QS" in state.played and QUEEN_OF_SPADES not in state.current_trick.cards:
            return None
    elif objective in _MOON_OBJECTIVES:
        shooter = _moon_candidate(state)
        if shooter is None or (objective == "make_moon") != (shooter == seat):
            return None
    result = solve(state, objective, seat, card=target, shooter=shooter if objective == "stop_moon" else None)
    if len(result.best) != 1:
        return None
    best = result.best[0]
    others = {name: value for name, value in result.values.items() if name != best}
    if objective == "make_moon":
        runner_up = max(others, key=lambda name: others[name])
        gap = result.best_value - others[runner_up]
    else:
        runner_up = min(others, key=lambda name: others[name])
        gap = others[runner_up] - result.best_value
    if gap < margin:
        return None
    runner_line = line_for(
        state, runner_up, objective, seat, card=target, shooter=shooter if objective == "stop_moon" else None
    )
    themes = infer_themes(state, best, runner_up, result.line, runner_line, objective)
    texts = _texts(state, objective, themes, result.values, best, runner_up, result.line, tricks, target, shooter)
    puzzle: dict[str, Any] = {
        "id": puzzle_id,
        "kind": "play",
        "title": texts["title"],
        "prompt": texts["prompt"],
        "difficulty": difficulty_for(tricks, gap),
        "themes": themes,
        "rules": _rules_spec(state.rules),
        "objective": objective,
        "margin": gap,
    }
    if objective == "stop_moon":
        puzzle["shooter"] = shooter
    puzzle.update(
        position=state.to_notation(),
        nudge=texts["nudge"],
        idea=texts["idea"],
        explanation=texts["explanation"],
        answer=best,
    )
    return puzzle


def generate_play_puzzles(
    count: int,
    tricks: int,
    margin: int,
    seed: int,
    rules: Ruleset | None = None,
    objective: str = "min_points",
    *,
    max_deals: int | None = None,
) -> list[dict[str, Any]]:
    """Up to ``count`` play puzzles from seeded self-play, each a dict in the
    ``[[puzzles]]`` format (ids ``gen-<seed>-<n>``), with ``tricks`` tricks left and
    a best card that beats every other by at least ``margin``.

    The same arguments always give the same puzzles.  Gives up after
    ``max_deals`` deals (default ``200 * count``, ``2000 * count`` for the moon
    objectives, whose positions are rarer), so it may return fewer.
    """
    if count < 1 or margin < 1:
        raise ValueError("count and margin must be 1 or more")
    rules = rules if rules is not None else Ruleset()
    if objective not in ("min_points", "avoid_card", *_MOON_OBJECTIVES):
        raise ValueError(f"unknown objective {objective!r}")
    rng = random.Random(seed)
    per_puzzle = 2000 if objective in _MOON_OBJECTIVES else 200
    limit = max_deals if max_deals is not None else per_puzzle * count
    puzzles: list[dict[str, Any]] = []
    seen: set[str] = set()
    for _ in range(limit):
        shooter = rng.randrange(rules.players) if objective in _MOON_OBJECTIVES else None
        state = _self_play(rules, rng, tricks, shooter)
        if state is None:
            continue
        key = state.to_position()
        if key in seen:
            continue
        seen.add(key)
        puzzle = _candidate(state, objective, margin, tricks, f"gen-{seed}-{len(puzzles) + 1}")
        if puzzle is not None:
            puzzles.append(puzzle)
            if len(puzzles) == count:
                break
    return puzzles


# -- writing TOML ------------------------------------------------------------------------------------


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_toml_key(str(key))} = {_toml_value(item)}" for key, item in value.items()) + " }"
    if isinstance(value, Sequence):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def _toml_key(key: str) -> str:
    return key if key and all(char.isalnum() or char in "_-" for char in key) else json.dumps(key)


def puzzles_to_toml(puzzles: Sequence[Mapping[str, Any]]) -> str:
    """``[[puzzles]]`` tables, keys in a readable order, positions as multi-line strings."""
    blocks = []
    for puzzle in puzzles:
        lines = ["[[puzzles]]"]
        for key in (*_KEY_ORDER, *sorted(set(puzzle) - set(_KEY_ORDER))):
            if key not in puzzle:
                continue
            value = puzzle[key]
            if key == "position":
                lines.append(f'position = """\n{str(value).strip()}\n"""')
            else:
                lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


__all__ = [
    "GENERATED_THEMES",
    "difficulty_for",
    "generate_play_puzzles",
    "infer_themes",
    "puzzles_to_toml",
    "simple_policy",
]
