"""Lessons as data: the TOML lesson format, its loader and validator, and the
engine's judgement of every answer.

A lesson file (``lessons/NN_<id>.toml``) holds no code.  Its deals are hand
records in :mod:`hearts_core.engine.notation`; its steps name positions in them as
``deal`` + ``at`` (the number of plays made).  Loading replays every deal,
checks every step against the engine and rejects unknown keys, so a broken
lesson fails in CI with a message naming the file, the step and the field.

The format (see ``lessons/README.md`` for a worked example)::

    id = "table"                       # unique, matches the catalogue
    title = "The table"
    goal = "One line: what the learner can do afterwards."
    sources = ["000", "003"]           # seeds the lesson draws on (optional)

    [rules]                            # the ruleset the lesson runs under
    preset = "standard"
    overrides = { pass_cycle = ["hold"] }

    [deals]
    main = '''
    deal: ... / ... / ... / ...
    play: 2C 9C AC 3C | ...
    '''

    [[steps]]
    kind = "explain"                   # explain | walkthrough | choose_card |
    text = "Markdown prose."           # choose_pass | question | compare

Kinds and their fields are listed in :data:`STEP_FIELDS`.

>>> from pathlib import Path
>>> curriculum = load_curriculum(Path(__file__).resolve().parents[2] / "lessons")
>>> lesson = curriculum.lessons["table"]
>>> lesson.title, lesson.steps[0].kind
('The table', 'explain')
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ..engine.cards import Card, CardParseError, CardSet, parse_cards
from ..engine.notation import NotationError
from ..engine.reasons import Explanation
from ..engine.rules import Ruleset, RulesetError
from ..engine.state import HandState
from .rulebook import RULES as RULE_ENTRIES

STEP_KINDS: Final = ("explain", "walkthrough", "choose_card", "choose_pass", "question", "compare")
ACTIVE_KINDS: Final = ("choose_card", "choose_pass", "question")

_COMMON: Final = {"kind", "title", "text", "deal", "at", "show", "rule", "dispute", "highlight"}
#: The keys each step kind accepts (beyond the common ones) and those it requires.
STEP_FIELDS: Final[dict[str, tuple[set[str], set[str]]]] = {
    "explain": (set(), {"text"}),
    "walkthrough": ({"from", "to", "captions"}, {"deal"}),
    "choose_card": ({"prompt", "accept", "feedback", "poor", "success"}, {"deal", "prompt", "accept"}),
    "choose_pass": ({"prompt", "seat", "require", "forbid", "feedback", "success"}, {"deal", "prompt"}),
    "question": ({"prompt", "ask", "choices", "answer", "explanation", "card", "seat", "trick"},
                 {"prompt", "ask", "choices"}),
    "compare": ({"rules_b", "card", "label_a", "label_b"}, {"deal", "rules_b", "text"}),
}

#: Questions whose answer the engine computes; ``fact`` is the one typed by hand
#: (history and other questions no position can answer).
QUESTION_KINDS: Final = (
    "trick_winner", "points_taken", "hand_score", "is_legal", "next_leader",
    "hearts_broken", "pass_target", "moon_shooter", "moon_value", "cards_each",
    "opening_card", "fact",
)

_LESSON_KEYS: Final = {"id", "title", "goal", "sources", "rules", "deals", "steps"}
_RULES_KEYS: Final = {"preset", "overrides"}
_SHOW: Final = ("all", "none", "to_play")


class LessonError(ValueError):
    """A lesson file that does not load: names the file, the step (1-based) and the field."""

    def __init__(self, file: str, message: str, step: int | None = None, field_name: str | None = None) -> None:
        self.file = file
        self.step = step
        self.field = field_name
        where = file
        if step is not None:
            where += f", step {step}"
        if field_name:
            where += f", field '{field_name}'"
        super().__init__(f"{where}: {message}")


# -- the data model ---------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """A named hand record of a lesson, replayed once at load time.

    ``before_pass`` is the state before passing (None on a hold hand or a
    position); ``states[k]`` the state after ``k`` plays.
    """

    name: str
    text: str
    before_pass: HandState | None
    states: tuple[HandState, ...]

    @property
    def plays(self) -> int:
        """How many plays the record holds."""
        return len(self.states) - 1

    def at(self, plays: int) -> HandState:
        """The position after ``plays`` plays."""
        return self.states[plays]


@dataclass(frozen=True)
class Step:
    """One step of a lesson: its kind and its fields, checked against the engine."""

    kind: str
    text: str = ""
    title: str = ""
    deal: str | None = None
    at: int = 0
    show: str | tuple[int, ...] = "all"
    rule: tuple[str, ...] = ()
    dispute: int | None = None
    highlight: tuple[str, ...] = ()
    fields: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_active(self) -> bool:
        """Whether the learner acts in this step (picks a card, a pass or an answer)."""
        return self.kind in ACTIVE_KINDS

    def get(self, name: str, default: Any = None) -> Any:
        """A kind-specific field (``prompt``, ``accept``, ``captions``...)."""
        return self.fields.get(name, default)


@dataclass(frozen=True)
class Lesson:
    """A loaded, validated lesson."""

    id: str
    title: str
    goal: str
    file: str
    rules: Ruleset
    preset: str
    overrides: Mapping[str, Any]
    deals: Mapping[str, Deal]
    steps: tuple[Step, ...]
    sources: tuple[str, ...] = ()

    def deal_of(self, step: Step) -> Deal | None:
        """The deal a step shows, if any."""
        return self.deals[step.deal] if step.deal else None

    def position(self, step: Step) -> HandState | None:
        """The position a step shows (for ``choose_pass``, before the pass)."""
        deal = self.deal_of(step)
        if deal is None:
            return None
        if step.kind == "choose_pass" and deal.before_pass is not None:
            return deal.before_pass
        return deal.at(step.at)


@dataclass(frozen=True)
class Section:
    """A group of lessons in the catalogue."""

    id: str
    title: str
    lesson_ids: tuple[str, ...]


@dataclass(frozen=True)
class Curriculum:
    """Every lesson by section, plus the files that failed to load (shown, not hidden)."""

    sections: tuple[Section, ...]
    lessons: Mapping[str, Lesson]
    problems: tuple[LessonError, ...] = ()

    def ordered(self) -> tuple[Lesson, ...]:
        """The lessons in curriculum order (broken ones left out)."""
        return tuple(self.lessons[i] for s in self.sections for i in s.lesson_ids if i in self.lessons)


# -- verdicts ---------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """The engine's judgement of an answer.

    ``outcome`` is ``"right"``, ``"illegal"`` (the rules forbid it; ``explanation``
    holds the engine's reason), ``"poor"`` (legal but not what the lesson
    teaches) or ``"wrong"`` (a wrong pass or answer).  ``text`` is the lesson's
    feedback, ``detail`` extra words from the engine, ``notes`` the lesson's
    words on each other card of a pass.
    """

    outcome: str
    text: str = ""
    detail: str = ""
    explanation: Explanation | None = None
    notes: tuple[str, ...] = ()

    @property
    def correct(self) -> bool:
        return self.outcome == "right"


def judge_card(lesson: Lesson, step: Step, card: str) -> Verdict:
    """Judge a card picked in a ``choose_card`` step."""
    state = lesson.position(step)
    assert state is not None
    explanation = state.explain(card)
    if not explanation.legal:
        return Verdict("illegal", step.get("feedback", {}).get(str(Card.parse(card)), ""), str(explanation),
                       explanation)
    name = str(Card.parse(card))
    if name in step.get("accept", ()):
        return Verdict("right", step.get("success", ""), str(explanation), explanation)
    text = step.get("feedback", {}).get(name) or step.get("poor", "")
    return Verdict("poor", text, str(explanation), explanation)


def judge_pass(lesson: Lesson, step: Step, cards: Sequence[str]) -> Verdict:
    """Judge the cards picked in a ``choose_pass`` step."""
    from ..words.catalogue import message

    state = lesson.position(step)
    assert state is not None
    seat = int(step.get("seat", 0))
    try:
        picked = parse_cards(list(cards))
    except CardParseError as error:
        return Verdict("wrong", "", str(error))
    needed = lesson.rules.pass_count
    if len(picked) != needed:
        return Verdict("wrong", "", message("lesson.pass_count", count=len(picked), needed=needed))
    hand = state.hands[seat]
    stray = [str(card) for card in picked if card not in hand]
    if stray:
        return Verdict("wrong", "", message("lesson.pass_not_held", cards=" ".join(stray)))
    names = [str(card) for card in picked]
    feedback = step.get("feedback", {})

    def notes_besides(card: str | None) -> tuple[str, ...]:
        return tuple(feedback[name] for name in names if name != card and name in feedback)

    for card in step.get("forbid", ()):
        if card in names:
            return Verdict("wrong", feedback.get(card, ""), message("lesson.pass_forbidden", card=card),
                           notes=notes_besides(card))
    for card in step.get("require", ()):
        if card not in names:
            return Verdict("wrong", feedback.get(card, ""), message("lesson.pass_required", card=card),
                           notes=notes_besides(None))
    return Verdict("right", step.get("success", ""), notes=notes_besides(None))


def judge_answer(lesson: Lesson, step: Step, choice: str) -> Verdict:
    """Judge a multiple-choice answer; the right one is computed by the engine."""
    right = question_answer(lesson, step)
    text = step.get("explanation", "")
    if _same_answer(choice, right):
        return Verdict("right", text)
    return Verdict("wrong", text)


def _same_answer(choice: str, answer: str) -> bool:
    return choice.strip().casefold() == answer.strip().casefold()


def question_answer(lesson: Lesson, step: Step) -> str:
    """The answer to a ``question`` step, computed from the position where possible."""
    from ..engine.table import seat_name

    ask = step.get("ask")
    if ask == "fact":
        return str(step.get("answer"))
    state = lesson.position(step)
    rules = lesson.rules
    if ask == "cards_each":
        return str(rules.hand_size)
    if ask == "moon_value":
        return str(rules.moon_value)
    if ask == "opening_card":
        return str(rules.opening_card) if rules.opening_card else "any"
    if state is None:
        raise ValueError(f"question '{ask}' needs a deal")
    players = rules.players
    if ask == "trick_winner":
        number = int(step.get("trick", len(state.tricks)))
        return seat_name(state.tricks[number - 1].winner, players)
    if ask == "points_taken":
        return str(state.hand_points()[int(step.get("seat", 0))])
    if ask == "hand_score":
        return str(state.scores()[int(step.get("seat", 0))])
    if ask == "is_legal":
        return "yes" if state.is_legal(str(step.get("card"))) else "no"
    if ask == "next_leader":
        return seat_name(state.current_trick.leader, players)
    if ask == "hearts_broken":
        return "yes" if state.hearts_broken else "no"
    if ask == "pass_target":
        return seat_name(state.pass_target(int(step.get("seat", 0))), players)
    if ask == "moon_shooter":
        shooter = state.score_report().moon_shooter
        return "nobody" if shooter is None else seat_name(shooter, players)
    raise ValueError(f"unknown question kind {ask!r}")


# -- walkthroughs and comparisons --------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """One position of a walkthrough: the state, the card just played (if any), its
    engine explanation, and the lesson's caption (empty when the lesson has none)."""

    state: HandState
    played: tuple[int, Card] | None
    explanation: Explanation | None
    caption: str


def walkthrough_frames(lesson: Lesson, step: Step) -> tuple[Frame, ...]:
    """Every position of a walkthrough, from ``from`` to ``to`` plays, with captions."""
    deal = lesson.deal_of(step)
    assert deal is not None
    start = int(step.get("from", step.at))
    end = int(step.get("to", deal.plays))
    captions = step.get("captions", {})
    frames = []
    for index in range(start, end + 1):
        state = deal.at(index)
        played: tuple[int, Card] | None = None
        explanation = None
        if index > 0:
            before = deal.at(index - 1)
            card = _card_played(before, state)
            played = (before.to_play or 0, card)
            explanation = before.explain(card)
        frames.append(Frame(state, played, explanation, str(captions.get(str(index), ""))))
    return tuple(frames)


def _card_played(before: HandState, after: HandState) -> Card:
    seat = before.to_play
    assert seat is not None
    gone = before.hands[seat] - after.hands[seat]
    card = gone.lowest()
    assert card is not None
    return card


@dataclass(frozen=True)
class Comparison:
    """The same position under rulesets A and B."""

    rules_a: Ruleset
    rules_b: Ruleset
    state_a: HandState
    state_b: HandState
    legal_a: tuple[str, ...]
    legal_b: tuple[str, ...]
    card: str | None
    explain_a: Explanation | None
    explain_b: Explanation | None
    scores_a: tuple[int, ...] | None
    scores_b: tuple[int, ...] | None


def compare_step(lesson: Lesson, step: Step) -> Comparison:
    """Replay a ``compare`` step's position under both rulesets (checked at load)."""
    state_a = lesson.position(step)
    assert state_a is not None
    rules_b = rules_from_spec(step.get("rules_b"), lesson.file, None, "rules_b", base=lesson.rules)
    state_b = _replay_under(rules_b, lesson.deals[str(step.deal)], step.at)
    card = step.get("card")
    over = state_a.is_over
    return Comparison(
        lesson.rules, rules_b, state_a, state_b,
        tuple(str(c) for c in state_a.legal_moves()), tuple(str(c) for c in state_b.legal_moves()),
        card,
        state_a.explain(card) if card and state_a.is_playing else None,
        state_b.explain(card) if card and state_b.is_playing else None,
        tuple(state_a.scores()) if over else None,
        tuple(state_b.scores()) if over else None,
    )


def _replay_under(rules: Ruleset, deal: Deal, plays: int) -> HandState:
    """The deal's first ``plays`` plays under another ruleset (raises if one is illegal there)."""
    first = deal.states[0]
    start = first.dealt
    if start is None:
        state = HandState.from_position(rules, first.to_position())
    else:
        state = HandState.from_hands(rules, start, first.hand_number)
        if first.passes is not None:
            state = state.with_passes(first.passes)
    for card in deal.at(plays).plays()[:plays]:
        state = state.play(card)
    return state


# -- loading ------------------------------------------------------------------------


def rules_from_spec(spec: Any, file: str, step: int | None, name: str, base: Ruleset | None = None) -> Ruleset:
    """A ruleset from ``{preset, overrides}``; without a preset, ``base`` (the lesson's
    own rules, for ``rules_b``) or the standard game is changed by the overrides."""
    if not isinstance(spec, Mapping):
        raise LessonError(file, "expected a table with 'preset' and optional 'overrides'", step, name)
    unknown = set(spec) - _RULES_KEYS
    if unknown:
        raise LessonError(file, f"unknown keys {sorted(unknown)}; expected preset, overrides", step, name)
    try:
        if "preset" in spec or base is None:
            rules = Ruleset.preset(str(spec.get("preset", "standard")))
        else:
            rules = base
        overrides = dict(spec.get("overrides", {}))
        known = {item.name for item in dataclasses.fields(Ruleset)}
        for key in overrides:
            if key not in known:
                raise RulesetError(key, "no such rule field")
        return dataclasses.replace(rules, **overrides)
    except (RulesetError, TypeError) as error:
        raise LessonError(file, str(error), step, name) from None


def load_deal(rules: Ruleset, name: str, text: Any, file: str) -> Deal:
    if not isinstance(text, str):
        raise LessonError(file, "a deal is a hand record (text)", None, f"deals.{name}")
    try:
        full = HandState.from_notation(rules, text)
    except (NotationError, ValueError) as error:
        raise LessonError(file, str(error), None, f"deals.{name}") from None
    plays = full.plays()
    # The start of the record: the same text without its plays.
    lines = [line for line in text.replace(";", "\n").splitlines() if not line.strip().lower().startswith("play")]
    first = HandState.from_notation(rules, "\n".join(lines))
    before_pass = None
    if first.is_passing:
        before_pass = first
    elif first.passes is not None:
        pass_free = [line for line in lines if not line.strip().lower().startswith("pass")]
        before_pass = HandState.from_notation(rules, "\n".join(pass_free))
    states = [first]
    for card in plays:
        states.append(states[-1].play(card))
    return Deal(name, text, before_pass, tuple(states))


def _step_from(raw: Any, index: int, file: str, deals: Mapping[str, Deal], rules: Ruleset) -> Step:
    number = index + 1
    if not isinstance(raw, Mapping):
        raise LessonError(file, "a step is a table", number)
    kind = raw.get("kind")
    if kind not in STEP_KINDS:
        raise LessonError(file, f"kind must be one of {', '.join(STEP_KINDS)}, not {kind!r}", number, "kind")
    extra, required = STEP_FIELDS[kind]
    unknown = set(raw) - _COMMON - extra
    if unknown:
        raise LessonError(file, f"unknown keys {sorted(unknown)} for a {kind} step", number, sorted(unknown)[0])
    for name in sorted(required):
        if name not in raw:
            raise LessonError(file, f"a {kind} step needs '{name}'", number, name)
    deal_name = raw.get("deal")
    if deal_name is not None and deal_name not in deals:
        raise LessonError(file, f"no deal named {deal_name!r}; deals: {', '.join(deals)}", number, "deal")
    at = raw.get("at", 0)
    if not isinstance(at, int) or at < 0:
        raise LessonError(file, "must be a whole number of plays, 0 or more", number, "at")
    if deal_name is not None and at > deals[deal_name].plays:
        raise LessonError(file, f"deal {deal_name!r} has only {deals[deal_name].plays} plays", number, "at")
    show = raw.get("show", "all")
    if isinstance(show, list):
        if not all(isinstance(seat, int) and 0 <= seat < rules.players for seat in show):
            raise LessonError(file, f"seats are 0 to {rules.players - 1}", number, "show")
        show = tuple(show)
    elif show not in _SHOW:
        raise LessonError(file, f"must be a list of seats or one of {', '.join(_SHOW)}", number, "show")
    cited = raw.get("rule", ())
    cited = (cited,) if isinstance(cited, str) else tuple(cited)
    known_rules = {entry.id for entry in RULE_ENTRIES}
    for rule_id in cited:
        if rule_id not in known_rules:
            raise LessonError(file, f"no rule {rule_id!r} in the rule book", number, "rule")
    dispute = raw.get("dispute")
    if dispute is not None and dispute not in (1, 2, 3, 4):
        raise LessonError(file, "RULES.md section 4 has disputes 1 to 4", number, "dispute")
    fields = {key: value for key, value in raw.items() if key in extra}
    try:
        highlight = tuple(str(card) for card in parse_cards(raw.get("highlight", [])))
    except CardParseError as error:
        raise LessonError(file, str(error), number, "highlight") from None
    return Step(
        kind=kind, text=str(raw.get("text", "")), title=str(raw.get("title", "")), deal=deal_name, at=at,
        show=show, rule=cited, dispute=dispute, highlight=highlight,
        fields=_normalise_fields(kind, fields, file, number),
    )


def _normalise_fields(kind: str, fields: dict[str, Any], file: str, number: int) -> dict[str, Any]:
    """Card lists and feedback keys in canonical notation ("10h" becomes "TH")."""
    result = dict(fields)
    for name, value in fields.items():
        try:
            if name in ("accept", "require", "forbid"):
                result[name] = tuple(str(card) for card in parse_cards(value))
            elif name == "feedback":
                result[name] = {str(Card.parse(card)): str(text) for card, text in dict(value).items()}
            elif name == "captions":
                result[name] = {str(key): str(text) for key, text in dict(value).items()}
            elif name == "card" and kind != "question":
                result[name] = str(Card.parse(value))
        except (CardParseError, TypeError, ValueError) as error:
            raise LessonError(file, str(error), number, name) from None
    return result


def _check_step(lesson: Lesson, step: Step, number: int) -> None:
    """Engine checks that depend on the step kind (legal answers, computed answers...)."""
    file = lesson.file
    state = lesson.position(step)
    if step.kind == "walkthrough":
        deal = lesson.deal_of(step)
        assert deal is not None
        start, end = int(step.get("from", step.at)), int(step.get("to", deal.plays))
        if not 0 <= start <= end <= deal.plays:
            raise LessonError(file, f"the walkthrough must run within 0..{deal.plays} plays", number, "to")
        for key in step.get("captions", {}):
            if not key.isdigit() or not start <= int(key) <= end:
                raise LessonError(file, f"caption key {key!r} is not a play index from {start} to {end}",
                                  number, "captions")
    elif step.kind == "choose_card":
        _check_choose_card(lesson, step, number, state)
    elif step.kind == "choose_pass":
        _check_choose_pass(lesson, step, number, state)
    elif step.kind == "question":
        _check_question(lesson, step, number)
    elif step.kind == "compare":
        rules_from_spec(step.get("rules_b"), file, number, "rules_b", base=lesson.rules)
        try:
            compare_step(lesson, step)
        except ValueError as error:
            raise LessonError(file, f"the position cannot be replayed under rules B: {error}", number,
                              "rules_b") from None


def _check_choose_card(lesson: Lesson, step: Step, number: int, state: HandState | None) -> None:
    assert state is not None
    if not state.is_playing:
        raise LessonError(lesson.file, f"the position after {step.at} plays is not in play", number, "at")
    legal = {str(card) for card in state.legal_moves()}
    for card in step.get("accept", ()):
        if card not in legal:
            raise LessonError(lesson.file, f"{card} is not a legal play here: {state.explain(card)}", number,
                              "accept")
    mover = state.hands[state.to_play or 0]
    for card in step.get("feedback", {}):
        if card not in mover:
            raise LessonError(lesson.file, f"{card} is not in the mover's hand ({mover})", number, "feedback")
    if not step.get("accept"):
        raise LessonError(lesson.file, "list at least one right card", number, "accept")


def _check_choose_pass(lesson: Lesson, step: Step, number: int, state: HandState | None) -> None:
    assert state is not None
    if not state.is_passing:
        raise LessonError(lesson.file, "a choose_pass step needs a deal before passing", number, "deal")
    seat = step.get("seat", 0)
    if not isinstance(seat, int) or not 0 <= seat < lesson.rules.players:
        raise LessonError(lesson.file, "not a seat", number, "seat")
    hand = state.hands[seat]
    for name in ("require", "forbid"):
        for card in step.get(name, ()):
            if card not in hand:
                raise LessonError(lesson.file, f"{card} is not in seat {seat}'s hand ({hand})", number, name)
    for card in step.get("feedback", {}):
        if card not in hand:
            raise LessonError(lesson.file, f"{card} is not in seat {seat}'s hand", number, "feedback")
    required = set(step.get("require", ()))
    if set(step.get("forbid", ())) & required:
        raise LessonError(lesson.file, "a card cannot be both required and forbidden", number, "forbid")
    free = len(hand) - len(step.get("forbid", ()))
    if len(required) > lesson.rules.pass_count or free < lesson.rules.pass_count:
        raise LessonError(lesson.file, "no pass can satisfy require and forbid", number, "require")


def _check_question(lesson: Lesson, step: Step, number: int) -> None:
    ask = step.get("ask")
    if ask not in QUESTION_KINDS:
        raise LessonError(lesson.file, f"must be one of {', '.join(QUESTION_KINDS)}", number, "ask")
    choices = step.get("choices")
    if not isinstance(choices, list) or len(choices) < 2:
        raise LessonError(lesson.file, "give at least two choices", number, "choices")
    if ask == "fact" and "answer" not in step.fields:
        raise LessonError(lesson.file, "a fact question states its answer", number, "answer")
    if ask != "fact" and lesson.position(step) is None and ask not in ("cards_each", "moon_value", "opening_card"):
        raise LessonError(lesson.file, f"a '{ask}' question needs a deal", number, "deal")
    try:
        right = question_answer(lesson, step)
    except (ValueError, IndexError, CardParseError) as error:
        raise LessonError(lesson.file, f"the engine cannot answer it: {error}", number, "ask") from None
    matches = [choice for choice in choices if _same_answer(str(choice), right)]
    if len(matches) != 1:
        raise LessonError(lesson.file, f"exactly one choice must be the engine's answer {right!r}; "
                          f"{len(matches)} are", number, "choices")
    stated = step.get("answer")
    if ask != "fact" and stated is not None and not _same_answer(str(stated), right):
        raise LessonError(lesson.file, f"the file says {stated!r} but the engine computes {right!r}", number,
                          "answer")


def parse_lesson(text: str, file: str = "<lesson>") -> Lesson:
    """Parse and validate one lesson's TOML text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LessonError(file, f"not valid TOML: {error}") from None
    unknown = set(data) - _LESSON_KEYS
    if unknown:
        raise LessonError(file, f"unknown keys {sorted(unknown)}", None, sorted(unknown)[0])
    for name in ("id", "title", "goal"):
        if not isinstance(data.get(name), str) or not data[name].strip():
            raise LessonError(file, "missing or empty", None, name)
    rules_spec = data.get("rules", {"preset": "standard"})
    rules = rules_from_spec(rules_spec, file, None, "rules")
    deals = {name: load_deal(rules, name, text, file) for name, text in dict(data.get("deals", {})).items()}
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(file, "a lesson needs steps", None, "steps")
    try:
        steps = tuple(_step_from(raw, index, file, deals, rules) for index, raw in enumerate(raw_steps))
    except (CardParseError, ValueError) as error:
        if isinstance(error, LessonError):
            raise
        raise LessonError(file, str(error)) from None
    lesson = Lesson(
        id=data["id"], title=data["title"], goal=data["goal"], file=file, rules=rules,
        preset=str(rules_spec.get("preset", "standard")), overrides=dict(rules_spec.get("overrides", {})),
        deals=deals, steps=steps, sources=tuple(str(s) for s in data.get("sources", ())),
    )
    for index, step in enumerate(steps):
        _check_step(lesson, step, index + 1)
    return lesson


def load_lesson(path: Path) -> Lesson:
    """Load and validate one lesson file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise LessonError(path.name, f"cannot be read: {error}") from None
    return parse_lesson(text, path.name)


def load_curriculum(folder: Path) -> Curriculum:
    """Load ``catalogue.toml`` and every lesson it names; broken files become problems."""
    catalogue_path = folder / "catalogue.toml"
    problems: list[LessonError] = []
    try:
        catalogue = tomllib.loads(catalogue_path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        return Curriculum((), {}, (LessonError("catalogue.toml", str(error)),))
    sections = []
    for raw in catalogue.get("sections", []):
        sections.append(Section(str(raw.get("id", "")), str(raw.get("title", "")),
                                tuple(str(i) for i in raw.get("lessons", []))))
    lessons: dict[str, Lesson] = {}
    for path in sorted(folder.glob("*.toml")):
        if path.name == "catalogue.toml":
            continue
        try:
            lesson = load_lesson(path)
        except LessonError as error:
            problems.append(error)
            continue
        if lesson.id in lessons:
            problems.append(LessonError(path.name, f"lesson id {lesson.id!r} is used twice", None, "id"))
            continue
        lessons[lesson.id] = lesson
    listed = {lesson_id for section in sections for lesson_id in section.lesson_ids}
    for lesson_id in sorted(set(lessons) - listed):
        problems.append(LessonError("catalogue.toml", f"lesson {lesson_id!r} is in no section"))
    broken = {error.file for error in problems}
    for lesson_id in sorted(listed - set(lessons)):
        if not any(lesson_id in name for name in broken):
            problems.append(LessonError("catalogue.toml", f"no lesson file with id {lesson_id!r}"))
    return Curriculum(tuple(sections), lessons, tuple(problems))


# -- where the learner is, and what they have done ------------------------------------


@dataclass(frozen=True)
class Location:
    """A lesson and step (0-based) read from a URL, or the problem with the URL.

    ``problem`` is None, ``"unknown_lesson"``, ``"bad_step"`` (not a number) or
    ``"step_out_of_range"``; on a step problem ``step`` is the nearest real step.
    """

    lesson: Lesson | None
    step: int = 0
    problem: str | None = None


def locate(curriculum: Curriculum, lesson_id: str | None, step_text: str | None) -> Location:
    """Resolve ``?lesson=...&step=...`` (steps counted from 1 in URLs).

    >>> from pathlib import Path
    >>> curriculum = load_curriculum(Path(__file__).resolve().parents[2] / "lessons")
    >>> locate(curriculum, "table", "2").step, locate(curriculum, "nope", "1").problem
    (1, 'unknown_lesson')
    >>> where = locate(curriculum, "table", "999")
    >>> where.problem, where.step == len(where.lesson.steps) - 1
    ('step_out_of_range', True)
    """
    if not lesson_id:
        return Location(None)
    lesson = curriculum.lessons.get(lesson_id)
    if lesson is None:
        return Location(None, 0, "unknown_lesson")
    if step_text is None or step_text == "":
        return Location(lesson, 0)
    try:
        number = int(step_text)
    except ValueError:
        return Location(lesson, 0, "bad_step")
    if not 1 <= number <= len(lesson.steps):
        return Location(lesson, min(max(number, 1), len(lesson.steps)) - 1, "step_out_of_range")
    return Location(lesson, number - 1)


#: Progress: lesson id -> step index -> "seen", "wrong" or "right".
Progress = Mapping[str, Mapping[int, str]]
_RANK: Final = {"seen": 0, "wrong": 1, "right": 2}


def record_progress(progress: Progress, lesson_id: str, step: int, outcome: str) -> dict[str, dict[int, str]]:
    """A new progress map with ``outcome`` recorded; a right answer is never undone.

    >>> record_progress(record_progress({}, "table", 2, "right"), "table", 2, "wrong")
    {'table': {2: 'right'}}
    """
    if outcome not in _RANK:
        raise ValueError(f"outcome must be one of {', '.join(_RANK)}")
    result = {lesson: dict(steps) for lesson, steps in progress.items()}
    steps = result.setdefault(lesson_id, {})
    if _RANK[outcome] >= _RANK.get(steps.get(step, "seen"), 0) or step not in steps:
        steps[step] = outcome
    return result


@dataclass(frozen=True)
class LessonStatus:
    """How far the learner is in a lesson."""

    seen: int
    steps: int
    solved: int
    active: int

    @property
    def state(self) -> str:
        """``"new"``, ``"started"`` or ``"completed"`` (every step seen, every active step right)."""
        if self.seen == 0:
            return "new"
        return "completed" if self.seen == self.steps and self.solved == self.active else "started"


def lesson_status(lesson: Lesson, progress: Progress) -> LessonStatus:
    """Count the steps seen and the active steps answered right."""
    done = progress.get(lesson.id, {})
    active = [index for index, step in enumerate(lesson.steps) if step.is_active]
    return LessonStatus(
        seen=sum(1 for index in range(len(lesson.steps)) if index in done),
        steps=len(lesson.steps),
        solved=sum(1 for index in active if done.get(index) == "right"),
        active=len(active),
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hearts_core.content.lessons check [FOLDER]``: validate every lesson, list problems."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m hearts_core.content.lessons")
    parser.add_argument("command", choices=["check"])
    parser.add_argument("folder", nargs="?", default="lessons", type=Path)
    args = parser.parse_args(argv)
    curriculum = load_curriculum(args.folder)
    for lesson in curriculum.ordered():
        active = sum(step.is_active for step in lesson.steps)
        print(f"ok   {lesson.file}: {lesson.title} ({len(lesson.steps)} steps, {active} for the learner)")
    for problem in curriculum.problems:
        print(f"FAIL {problem}")
    return 1 if curriculum.problems else 0


__all__ = [
    "ACTIVE_KINDS", "QUESTION_KINDS", "STEP_FIELDS", "STEP_KINDS", "CardSet", "Comparison", "Curriculum",
    "Deal", "Frame", "Lesson", "LessonError", "LessonStatus", "Location", "Progress", "Section", "Step",
    "Verdict", "compare_step", "judge_answer", "judge_card", "judge_pass", "lesson_status", "load_curriculum",
    "load_lesson", "locate", "parse_lesson", "question_answer", "record_progress", "walkthrough_frames",
]


if __name__ == "__main__":
    raise SystemExit(main())
