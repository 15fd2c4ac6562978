"""Rule puzzles as data, each answer proven by the engine or the exact solver.

Puzzles live in ``lessons/puzzles/*.toml`` (any number per file, as
``[[puzzles]]`` tables) beside ``themes.toml``, the registry of theme tags.
Loading checks every puzzle: its position replays legally, its stated answer
is what the engine (or :mod:`hearts_core.search.solver`) computes, and a play puzzle's
best card is unique by its stated margin.  See ``lessons/puzzles/README.md``.

Kinds (:data:`KINDS`):

- ``legality``: select every card the player to move may play.
- ``scoring``: each player's score for a finished hand.
- ``passing``: the cards to pass (``require``/``forbid`` from RULES.md section 5).
- ``play``: the best card; with every card known the solver proves it
  (``objective``, ``margin``); otherwise a named ``argument`` the engine checks.
- ``moon``: add the moon to the others or subtract it from yourself, given the
  standings (``totals``) — the engine's choice must be strictly better.
- ``variant``: the same position under ``rules_b``; the answer (``ask``:
  ``legal_cards``, ``scores`` or ``best_card``) differs from the one under ``rules``.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..engine.cards import Card, CardParseError, parse_cards
from ..engine.rules import Ruleset
from ..engine.scoring import _standing_after, best_moon_option, raw_points
from ..engine.state import HandState
from ..engine.vocabulary import MOON_CHOICES, MoonChoice, one_of
from .lessons import Deal, LessonError, load_deal, rules_from_spec

KINDS: Final = ("legality", "scoring", "passing", "play", "moon", "variant")
DIFFICULTIES: Final = (1, 2, 3)
ARGUMENTS: Final = ("cannot_win_trick", "highest_loser", "lowest_card")
VARIANT_ASKS: Final = ("legal_cards", "scores", "best_card")

_COMMON: Final = {"id", "kind", "title", "prompt", "difficulty", "themes", "rules", "position", "seat",
                  "explanation", "nudge", "idea", "show"}
_FIELDS: Final[dict[str, set[str]]] = {
    "legality": {"answer"},
    "scoring": {"answer", "moon_choice"},
    "passing": {"require", "forbid", "feedback"},
    "play": {"answer", "objective", "margin", "argument", "shooter", "card"},
    "moon": {"answer", "totals"},
    "variant": {"rules_b", "ask", "answer", "answer_a", "objective", "margin", "card", "shooter", "moon_choice"},
}
OBJECTIVES: Final = ("min_points", "avoid_card", "stop_moon", "make_moon")
SHOW: Final = ("all", "none", "to_play")


class PuzzleError(ValueError):
    """A puzzle that does not load: names the file, the puzzle id and the field."""

    def __init__(self, file: str, puzzle: str | None, message: str, field_name: str | None = None) -> None:
        self.file = file
        self.puzzle = puzzle
        self.field = field_name
        where = file + (f", puzzle '{puzzle}'" if puzzle else "") + (f", field '{field_name}'" if field_name else "")
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Theme:
    """A theme tag from ``themes.toml``."""

    id: str
    title: str
    description: str


@dataclass(frozen=True)
class Puzzle:
    """A loaded puzzle with its engine-computed ``solution``.

    ``solution`` is, by kind: the sorted legal cards (legality); the score per
    seat (scoring, variant ``scores``); the cards a right pass must include and
    must avoid (passing); the best card(s) (play, variant ``best_card``); the moon
    option (moon).  ``values`` holds the solver's value of every legal card for
    play puzzles, ``line`` its principal line from the best card.
    """

    id: str
    kind: str
    title: str
    prompt: str
    difficulty: int
    themes: tuple[str, ...]
    file: str
    rules: Ruleset
    state: HandState
    seat: int
    solution: Any
    explanation: str = ""
    nudge: str = ""
    idea: str = ""
    fields: Mapping[str, Any] = field(default_factory=dict)
    rules_b: Ruleset | None = None
    state_b: HandState | None = None
    solution_a: Any = None
    values: Mapping[str, int] = field(default_factory=dict)
    line: tuple[tuple[int, str], ...] = ()
    show: str | tuple[int, ...] = "all"

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)


@dataclass(frozen=True)
class Attempt:
    """The engine's verdict on an attempt: ``correct``, a code for the message
    (``right``, ``illegal``, ``worse``, ``missing``, ``extra``, ``wrong``...), the
    cards or numbers concerned, and for a play the solver's value of the pick."""

    correct: bool
    code: str
    cards: tuple[str, ...] = ()
    value: int | None = None
    best_value: int | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Library:
    """Every puzzle by id, the theme registry, and files that failed to load."""

    puzzles: Mapping[str, Puzzle]
    themes: Mapping[str, Theme]
    problems: tuple[PuzzleError, ...] = ()

    def ordered(self) -> tuple[Puzzle, ...]:
        """By difficulty, then id."""
        return tuple(sorted(self.puzzles.values(), key=lambda p: (p.difficulty, p.id)))

    def select(self, kind: str | None = None, theme: str | None = None, difficulty: int | None = None
               ) -> tuple[Puzzle, ...]:
        """The puzzles matching every given filter."""
        return tuple(p for p in self.ordered() if (kind is None or p.kind == kind)
                     and (theme is None or theme in p.themes) and (difficulty is None or p.difficulty == difficulty))

    def daily(self, day: dt.date) -> Puzzle:
        """The puzzle of the day: the same for everyone on a date, cycling through the library."""
        ordered = sorted(self.puzzles)
        return self.puzzles[ordered[day.toordinal() % len(ordered)]]


# -- solving each kind -------------------------------------------------------------------


def _legal(state: HandState) -> tuple[str, ...]:
    return tuple(str(card) for card in state.legal_moves())


def _scores(state: HandState, moon_choice: MoonChoice | None) -> tuple[int, ...]:
    return tuple(state.scores(moon_choice=moon_choice))


def _best_cards(state: HandState, objective: str, margin: int, seat: int, shooter: int | None,
                card: str | None) -> tuple[tuple[str, ...], dict[str, int], tuple[tuple[int, str], ...]]:
    from ..search.solver import solve

    mover = state.to_play
    if (mover == shooter) if objective == "stop_moon" else (mover != seat):
        raise ValueError(f"the player to move (seat {mover}) must be the one choosing for seat {seat}")
    result = solve(state, objective, seat, card=card, shooter=shooter)
    if len(result.best) != 1:
        raise ValueError(f"the best card is not unique: {' '.join(result.best)} are worth the same "
                         f"({result.best_value})")
    others = [value for name, value in result.values.items() if name not in result.best]
    if not others:
        raise ValueError("only one card is legal: there is nothing to choose")
    gap = (min(others) - result.best_value) if objective != "make_moon" else (result.best_value - max(others))
    if gap < margin:
        raise ValueError(f"the best card {result.best[0]} wins by {gap}, less than the margin {margin}")
    return result.best, dict(result.values), result.line


def argument_cards(state: HandState, argument: str) -> tuple[str, ...]:
    """The legal cards a named argument picks, from what the player to move can see.

    ``cannot_win_trick``: cards sure to lose the trick in progress (off-suit, or
    lower than the card now winning it);
    ``highest_loser``: the highest card of the led suit that still loses to the
    current winner (the classic duck that keeps low cards as exits);
    ``lowest_card``: the lowest legal card.
    """
    legal = state.legal_moves()
    trick = state.current_trick.cards
    if argument == "lowest_card":
        lowest = min(legal, key=lambda card: (card.rank, card.suit))
        return (str(lowest),)
    if not trick:
        raise ValueError(f"the argument {argument!r} needs a trick in progress")
    led = trick[0].suit
    winner = max((card for card in trick if card.suit == led), key=lambda card: card.rank)
    losers = [card for card in legal if card.suit != led or card.rank < winner.rank]
    if argument == "cannot_win_trick":
        return tuple(str(card) for card in losers)
    if argument == "highest_loser":
        in_suit = [card for card in losers if card.suit == led]
        if not in_suit:
            raise ValueError("no card of the led suit loses to the winner")
        return (str(max(in_suit, key=lambda card: card.rank)),)
    raise ValueError(f"unknown argument {argument!r}; known: {', '.join(ARGUMENTS)}")


def _solve(kind: str, state: HandState, rules: Ruleset, seat: int, fields: Mapping[str, Any]
           ) -> tuple[Any, dict[str, int], tuple[tuple[int, str], ...]]:
    """The engine's answer to a puzzle of ``kind`` at ``state``."""
    if kind == "legality":
        return _legal(state), {}, ()
    if kind == "scoring":
        if not state.is_over:
            raise ValueError("a scoring puzzle needs a finished hand")
        choice = fields.get("moon_choice")
        return _scores(state, None if choice is None else one_of(choice, MOON_CHOICES, "moon_choice")), {}, ()
    if kind == "passing":
        return (tuple(fields.get("require", ())), tuple(fields.get("forbid", ()))), {}, ()
    if kind == "play":
        if "argument" in fields:
            return argument_cards(state, str(fields["argument"])), {}, ()
        best, values, line = _best_cards(state, str(fields.get("objective", "min_points")),
                                         int(fields.get("margin", 1)), seat, fields.get("shooter"),
                                         fields.get("card"))
        return best, values, line
    if kind == "moon":
        return _moon_answer(state, rules, fields), {}, ()
    raise ValueError(f"unknown kind {kind!r}")


def _moon_answer(state: HandState, rules: Ruleset, fields: Mapping[str, Any]) -> str:
    if not state.is_over:
        raise ValueError("a moon puzzle needs a finished hand")
    if rules.moon not in ("choice", "auto"):
        raise ValueError("the rules must let the shooter choose (moon = 'choice' or 'auto')")
    report = state.score_report(moon_choice="add_to_others")
    shooter = report.moon_shooter
    if shooter is None or report.sun_shooter is not None:
        raise ValueError("nobody shot the moon in this hand")
    totals = tuple(int(total) for total in fields.get("totals", ()))
    if len(totals) != rules.players:
        raise ValueError(f"give 'totals', the standings before the hand, one per seat ({rules.players})")
    raw = raw_points(rules, state.taken_masks)
    add = _standing_after(rules, totals, report.scores, shooter)
    subtract = _standing_after(rules, totals, state.scores(moon_choice="subtract_from_self"), shooter)
    if add == subtract:
        raise ValueError("both options leave the shooter equally placed: the answer is not unique")
    return best_moon_option(rules, raw, shooter, totals)


# -- judging attempts ---------------------------------------------------------------------


def check_attempt(puzzle: Puzzle, answer: Any) -> Attempt:
    """Judge an answer: a card set (legality), a score list (scoring, variant
    scores), a pass (passing), a card (play, variant best_card) or an option (moon)."""
    kind = puzzle.kind if puzzle.kind != "variant" else f"variant_{puzzle.get('ask')}"
    state = puzzle.state_b if puzzle.kind == "variant" and puzzle.state_b is not None else puzzle.state
    if kind in ("legality", "variant_legal_cards"):
        picked = {str(card) for card in parse_cards(list(answer))}
        right = set(puzzle.solution)
        if picked == right:
            return Attempt(True, "right", tuple(sorted(right)))
        extra = tuple(sorted(picked - right))
        if extra:
            return Attempt(False, "extra", extra)
        return Attempt(False, "missing", tuple(sorted(right - picked)))
    if kind in ("scoring", "variant_scores"):
        given = tuple(int(value) for value in answer)
        if len(given) != len(puzzle.solution):
            return Attempt(False, "count", tuple(str(value) for value in given))
        wrong = tuple(str(seat) for seat, (a, b) in enumerate(zip(given, puzzle.solution, strict=True)) if a != b)
        return Attempt(not wrong, "right" if not wrong else "wrong", wrong)
    if kind == "passing":
        return _check_pass(puzzle, answer)
    if kind in ("play", "variant_best_card"):
        card = str(Card.parse(str(answer)))
        if not state.is_legal(card):
            return Attempt(False, "illegal", (card,))
        if card in puzzle.solution:
            return Attempt(True, "right", (card,), puzzle.values.get(card), _best_value(puzzle))
        return Attempt(False, "worse", (card,), puzzle.values.get(card), _best_value(puzzle))
    if kind == "moon":
        choice = str(answer)
        return Attempt(choice == puzzle.solution, "right" if choice == puzzle.solution else "wrong", ())
    raise ValueError(f"cannot judge a {kind} answer")


def _best_value(puzzle: Puzzle) -> int | None:
    values = [puzzle.values[card] for card in puzzle.solution if card in puzzle.values]
    return values[0] if values else None


def _check_pass(puzzle: Puzzle, answer: Any) -> Attempt:
    picked = [str(card) for card in parse_cards(list(answer))]
    needed = puzzle.rules.pass_count
    hand = puzzle.state.hands[puzzle.seat]
    if len(picked) != needed:
        return Attempt(False, "count", tuple(picked))
    stray = tuple(card for card in picked if card not in hand)
    if stray:
        return Attempt(False, "not_held", stray)
    feedback = puzzle.get("feedback", {})
    notes = tuple(feedback[card] for card in picked if card in feedback)
    required, forbidden = puzzle.solution
    bad = tuple(card for card in picked if card in forbidden)
    if bad:
        return Attempt(False, "forbidden", bad, notes=notes)
    missing = tuple(card for card in required if card not in picked)
    if missing:
        return Attempt(False, "missing", missing, notes=notes)
    return Attempt(True, "right", tuple(picked), notes=notes)


def question_state(puzzle: Puzzle) -> HandState:
    """The position the question is asked in: under ``rules_b`` for a variant puzzle."""
    return puzzle.state_b if puzzle.state_b is not None else puzzle.state


def solution_line(puzzle: Puzzle) -> tuple[HandState, ...]:
    """The positions along the solver's principal line (best-card puzzles), for the viewer."""
    states = [question_state(puzzle)]
    for _, card in puzzle.line:
        states.append(states[-1].play(card))
    return tuple(states)


def refutation(puzzle: Puzzle, card: str) -> tuple[tuple[int, str], ...]:
    """The solver's best line after a wrong ``card``: what it costs (play puzzles)."""
    from ..search.solver import line_for

    objective = str(puzzle.get("objective", "min_points"))
    return line_for(question_state(puzzle), card, objective, puzzle.seat, card=puzzle.get("card"),
                    shooter=puzzle.get("shooter"))


# -- loading --------------------------------------------------------------------------------


def load_themes(path: Path) -> dict[str, Theme]:
    """The theme registry: ``[themes.<id>]`` tables with ``title`` and ``description``."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {key: Theme(key, str(value.get("title", key)), str(value.get("description", "")))
            for key, value in dict(data.get("themes", {})).items()}


def parse_puzzle(raw: Mapping[str, Any], file: str, themes: Mapping[str, Theme]) -> Puzzle:
    """Validate one ``[[puzzles]]`` table and compute its solution."""
    puzzle_id = raw.get("id")
    if not isinstance(puzzle_id, str) or not puzzle_id:
        raise PuzzleError(file, None, "every puzzle needs an 'id'", "id")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise PuzzleError(file, puzzle_id, f"kind must be one of {', '.join(KINDS)}", "kind")
    unknown = set(raw) - _COMMON - _FIELDS[kind]
    if unknown:
        raise PuzzleError(file, puzzle_id, f"unknown keys {sorted(unknown)} for a {kind} puzzle", sorted(unknown)[0])
    for name in ("title", "prompt", "position"):
        if not isinstance(raw.get(name), str) or not raw[name].strip():
            raise PuzzleError(file, puzzle_id, "missing or empty", name)
    for name in ("explanation", "nudge", "idea"):
        if not isinstance(raw.get(name, ""), str):
            raise PuzzleError(file, puzzle_id, "must be text", name)
    difficulty = raw.get("difficulty", 1)
    if isinstance(difficulty, bool) or difficulty not in DIFFICULTIES:
        raise PuzzleError(file, puzzle_id, "difficulty is 1 (easy), 2 or 3 (hard)", "difficulty")
    raw_tags = raw.get("themes", ())
    tags = tuple(raw_tags) if isinstance(raw_tags, list) else ()
    stray_tags = [str(tag) for tag in tags if tag not in themes]
    if not tags or stray_tags:
        named = f"unknown {', '.join(stray_tags)}; " if stray_tags else "a list is needed; "
        raise PuzzleError(file, puzzle_id, f"{named}themes must be ids from themes.toml: {', '.join(themes)}",
                          "themes")
    try:
        rules = rules_from_spec(raw.get("rules", {"preset": "standard"}), file, None, "rules")
    except ValueError as error:
        raise PuzzleError(file, puzzle_id, _bare(error), "rules") from None
    try:
        deal = load_deal(rules, puzzle_id, raw["position"], file)
    except ValueError as error:
        raise PuzzleError(file, puzzle_id, _bare(error), "position") from None
    state = _puzzle_state(deal, kind, file, puzzle_id)
    seat = raw.get("seat", state.to_play if state.to_play is not None else 0)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise PuzzleError(file, puzzle_id, f"not a seat: seats are 0 to {rules.players - 1}", "seat")
    fields = _normalise(raw, file, puzzle_id, kind, state, seat, rules)
    show = _show(raw.get("show", "all"), file, puzzle_id, rules)
    common = dict(id=puzzle_id, kind=kind, title=raw["title"], prompt=raw["prompt"], difficulty=difficulty,
                  themes=tags, file=file, rules=rules, state=state, seat=seat,
                  explanation=str(raw.get("explanation", "")), nudge=str(raw.get("nudge", "")),
                  idea=str(raw.get("idea", "")), fields=fields, show=show)
    if kind == "variant":
        return _variant(raw, common, deal)
    try:
        solution, values, line = _solve(kind, state, rules, seat, fields)
    except (ValueError, CardParseError) as error:
        raise PuzzleError(file, puzzle_id, f"the engine cannot prove the answer: {error}", "answer") from None
    _compare_stated(file, puzzle_id, kind, raw.get("answer"), solution)
    return Puzzle(solution=solution, values=values, line=line, **common)


def _bare(error: ValueError) -> str:
    """A lesson loader's message without its ``file, field '...':`` prefix (the puzzle error names them)."""
    text = str(error)
    if isinstance(error, LessonError):
        where = error.file + (f", field '{error.field}'" if error.field else "")
        prefix = where + ": "
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


def _show(show: Any, file: str, puzzle_id: str, rules: Ruleset) -> str | tuple[int, ...]:
    if isinstance(show, list):
        if all(isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < rules.players for seat in show):
            return tuple(show)
    elif show in SHOW:
        return str(show)
    raise PuzzleError(file, puzzle_id, f"show is one of {', '.join(SHOW)} or a list of seats", "show")


def _puzzle_state(deal: Deal, kind: str, file: str, puzzle_id: str) -> HandState:
    if kind == "passing":
        if deal.before_pass is None:
            raise PuzzleError(file, puzzle_id, "a passing puzzle needs a deal before passing (not a hold hand)",
                              "position")
        return deal.before_pass
    return deal.at(deal.plays)


def _normalise(raw: Mapping[str, Any], file: str, puzzle_id: str, kind: str, state: HandState, seat: int,
               rules: Ruleset) -> dict[str, Any]:
    fields = {key: value for key, value in raw.items() if key in _FIELDS[kind]}
    name = ""
    try:
        for name in ("require", "forbid"):
            if name in fields:
                fields[name] = tuple(str(card) for card in parse_cards(fields[name]))
                stray = [card for card in fields[name] if card not in state.hands[seat]]
                if stray:
                    raise PuzzleError(file, puzzle_id, f"{' '.join(stray)} not in seat {seat}'s hand", name)
        name = "feedback"
        if "feedback" in fields:
            fields["feedback"] = {str(Card.parse(card)): str(text) for card, text in dict(fields["feedback"]).items()}
        name = "card"
        if "card" in fields:
            fields["card"] = str(Card.parse(fields["card"]))
    except (CardParseError, TypeError, ValueError) as error:
        if isinstance(error, PuzzleError):
            raise
        raise PuzzleError(file, puzzle_id, str(error), name) from None
    if kind == "passing":
        _check_pass_fields(fields, file, puzzle_id, state, seat, rules)
    if "objective" in fields and fields["objective"] not in OBJECTIVES:
        raise PuzzleError(file, puzzle_id, f"objective is one of {', '.join(OBJECTIVES)}", "objective")
    if "argument" in fields and fields["argument"] not in ARGUMENTS:
        raise PuzzleError(file, puzzle_id, f"argument is one of {', '.join(ARGUMENTS)}", "argument")
    if "argument" in fields and set(fields) & {"objective", "margin", "card", "shooter"}:
        raise PuzzleError(file, puzzle_id, "an argument puzzle takes no solver fields (objective, margin...)",
                          "argument")
    margin = fields.get("margin", 1)
    if isinstance(margin, bool) or not isinstance(margin, int) or margin < 1:
        raise PuzzleError(file, puzzle_id, "the margin is a whole number of 1 or more", "margin")
    if kind in ("legality", "play") and not state.is_playing:
        raise PuzzleError(file, puzzle_id, "the position must be in play (a card to choose)", "position")
    return fields


def _check_pass_fields(fields: Mapping[str, Any], file: str, puzzle_id: str, state: HandState, seat: int,
                       rules: Ruleset) -> None:
    """A passing puzzle has a right pass, and something to get wrong."""
    required, forbidden = set(fields.get("require", ())), set(fields.get("forbid", ()))
    if not required and not forbidden:
        raise PuzzleError(file, puzzle_id, "give the cards a right pass must 'require' or must not hold ('forbid')",
                          "require")
    if required & forbidden:
        raise PuzzleError(file, puzzle_id, f"{' '.join(sorted(required & forbidden))} both required and forbidden",
                          "forbid")
    if len(required) > rules.pass_count:
        raise PuzzleError(file, puzzle_id, f"a pass has {rules.pass_count} cards, not {len(required)}", "require")
    if len(state.hands[seat]) - len(forbidden) < rules.pass_count:
        raise PuzzleError(file, puzzle_id, f"fewer than {rules.pass_count} cards are left to pass", "forbid")


def _variant(raw: Mapping[str, Any], common: dict[str, Any], deal: Deal) -> Puzzle:
    from .lessons import _replay_under

    file, puzzle_id, rules, state = common["file"], common["id"], common["rules"], common["state"]
    ask = raw.get("ask")
    if ask not in VARIANT_ASKS:
        raise PuzzleError(file, puzzle_id, f"ask must be one of {', '.join(VARIANT_ASKS)}", "ask")
    try:
        rules_b = rules_from_spec(raw.get("rules_b"), file, None, "rules_b", base=rules)
    except ValueError as error:
        raise PuzzleError(file, puzzle_id, _bare(error), "rules_b") from None
    if rules_b == rules:
        raise PuzzleError(file, puzzle_id, "rules_b is the same ruleset as rules", "rules_b")
    try:
        state_b = _replay_under(rules_b, deal, deal.plays)
    except ValueError as error:
        raise PuzzleError(file, puzzle_id, f"the position cannot be replayed under rules_b: {error}",
                          "rules_b") from None
    kind = {"legal_cards": "legality", "scores": "scoring", "best_card": "play"}[ask]
    if kind != "scoring" and not state.is_playing:
        raise PuzzleError(file, puzzle_id, "the position must be in play (a card to choose)", "position")
    fields = dict(common["fields"])
    try:
        solution_a, _, _ = _solve(kind, state, rules, common["seat"], fields)
    except (ValueError, CardParseError) as error:
        raise PuzzleError(file, puzzle_id, f"the engine cannot prove the answer under rules: {error}",
                          "answer_a") from None
    try:
        solution_b, values, line = _solve(kind, state_b, rules_b, common["seat"], fields)
    except (ValueError, CardParseError) as error:
        raise PuzzleError(file, puzzle_id, f"the engine cannot prove the answer under rules_b: {error}",
                          "answer") from None
    if solution_a == solution_b:
        raise PuzzleError(file, puzzle_id, f"the answer is the same under both rulesets ({solution_a})", "rules_b")
    _compare_stated(file, puzzle_id, kind, raw.get("answer"), solution_b)
    _compare_stated(file, puzzle_id, kind, raw.get("answer_a"), solution_a, "answer_a")
    return Puzzle(solution=solution_b, values=values, line=line, rules_b=rules_b, state_b=state_b,
                  solution_a=solution_a, **common)


def _compare_stated(file: str, puzzle_id: str, kind: str, stated: Any, solution: Any, name: str = "answer") -> None:
    """A stated answer must be exactly what the engine computes."""
    if stated is None:
        return
    try:
        if kind in ("legality", "play"):
            cards = parse_cards(stated if isinstance(stated, list) else [stated])
            given: Any = tuple(sorted(str(card) for card in cards))
            expected: Any = tuple(sorted(solution))
        elif kind == "scoring":
            given, expected = tuple(stated), tuple(solution)
        else:
            given, expected = stated, solution
    except (CardParseError, TypeError) as error:
        raise PuzzleError(file, puzzle_id, f"not an answer of a {kind} puzzle: {error}", name) from None
    if given != expected:
        shown = list(solution) if isinstance(solution, tuple) else solution
        raise PuzzleError(file, puzzle_id, f"the file says {stated!r} but the engine computes {shown!r}", name)


def load_library(folder: Path) -> Library:
    """Load ``themes.toml`` and every puzzle file in ``folder``; broken puzzles become problems."""
    problems: list[PuzzleError] = []
    try:
        themes = load_themes(folder / "themes.toml")
    except (OSError, tomllib.TOMLDecodeError) as error:
        return Library({}, {}, (PuzzleError("themes.toml", None, str(error)),))
    puzzles: dict[str, Puzzle] = {}
    for path in sorted(folder.glob("*.toml")):
        if path.name == "themes.toml":
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            problems.append(PuzzleError(path.name, None, f"not valid TOML: {error}"))
            continue
        unknown = set(data) - {"puzzles"}
        if unknown:
            problems.append(PuzzleError(path.name, None, f"unknown keys {sorted(unknown)}; use [[puzzles]] tables"))
        for raw in data.get("puzzles", []):
            try:
                puzzle = parse_puzzle(raw, path.name, themes)
            except PuzzleError as error:
                problems.append(error)
                continue
            if puzzle.id in puzzles:
                problems.append(PuzzleError(path.name, puzzle.id, "this id is used twice", "id"))
                continue
            puzzles[puzzle.id] = puzzle
    return Library(puzzles, themes, tuple(problems))


PUZZLES_DIR: Final = Path(__file__).resolve().parents[2] / "lessons" / "puzzles"


def main(argv: list[str] | None = None) -> int:
    """``python -m hearts_core.content.puzzles check [FOLDER]``: prove every puzzle, list problems.

    ``python -m hearts_core.content.puzzles generate --count N --tricks T --margin M --seed S
    [--objective min_points] [--preset standard] [--out FILE]``: search seeded
    self-play for new play puzzles (:mod:`hearts_core.content.generator`) and write
    them as TOML to FILE (or print them).
    """
    import argparse

    parser = argparse.ArgumentParser(prog="python -m hearts_core.content.puzzles")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="load and prove every puzzle")
    check.add_argument("folder", nargs="?", default=PUZZLES_DIR, type=Path)
    generate = commands.add_parser("generate", help="search random deals for new play puzzles")
    generate.add_argument("--count", type=int, default=5, help="how many puzzles (default 5)")
    generate.add_argument("--tricks", type=int, default=4, help="tricks left in the position (default 4)")
    generate.add_argument("--margin", type=int, default=1,
                          help="how much better the best card must be than every other (default 1)")
    generate.add_argument("--seed", type=int, default=0, help="the random seed (default 0)")
    generate.add_argument("--objective", default="min_points", choices=OBJECTIVES)
    generate.add_argument("--preset", default="standard", help="the ruleset (default standard)")
    generate.add_argument("--max-deals", type=int, default=None, help="give up after this many deals")
    generate.add_argument("--out", type=Path, default=None, help="write the TOML here instead of printing it")
    args = parser.parse_args(argv)
    if args.command == "generate":
        return _generate(args.count, args.tricks, args.margin, args.seed, args.objective, args.preset,
                         args.max_deals, args.out)
    library = load_library(args.folder)
    for puzzle in library.ordered():
        print(f"ok   {puzzle.file}: {puzzle.id} ({puzzle.kind}, difficulty {puzzle.difficulty})")
    for problem in library.problems:
        print(f"FAIL {problem}")
    print(f"{len(library.puzzles)} puzzles, {len(library.problems)} problems")
    return 1 if library.problems else 0


def _generate(count: int, tricks: int, margin: int, seed: int, objective: str, preset: str,
              max_deals: int | None, out: Path | None) -> int:
    import sys
    import time

    from .generator import generate_play_puzzles, puzzles_to_toml

    try:
        rules = Ruleset.preset(preset)
        started = time.perf_counter()
        puzzles = generate_play_puzzles(count, tricks, margin, seed, rules, objective, max_deals=max_deals)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    text = puzzles_to_toml(puzzles)
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
    print(f"{len(puzzles)} of {count} puzzles in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return 0 if len(puzzles) == count else 1


__all__ = [
    "ARGUMENTS", "DIFFICULTIES", "KINDS", "OBJECTIVES", "SHOW", "VARIANT_ASKS", "Attempt", "Library", "Puzzle",
    "PuzzleError", "Theme", "argument_cards", "check_attempt", "load_library", "load_themes", "parse_puzzle",
    "question_state", "refutation", "solution_line",
]


if __name__ == "__main__":
    raise SystemExit(main())
