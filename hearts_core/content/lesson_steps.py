"""The kinds of lesson step, one frozen class each, with its fields, parse, check and judge.

Each class declares the fields a ``[[steps]]`` table of its kind may hold, once
(``FIELDS``, :mod:`.fields`): the keys it accepts and needs, the shape of each
value, and which are words a translation gives.  A step is read from its table
(:func:`parse_step`), checked against the engine once the whole lesson is
loaded (``step.check(lesson)``), and, when the learner acts, judged by the
engine (``judge`` methods, returning a :class:`Verdict`).  Adding a kind means
adding one class here, listing it in :data:`STEP_CLASSES`, and giving it a
renderer in ``hearts_ui/views/lessons/steps.py`` (a test checks that every kind has one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal, Protocol, cast

from ..engine.cards import CardParseError, parse_cards
from ..engine.history import History
from ..engine.reasons import Explanation
from ..engine.rules import Ruleset
from ..engine.state import HandState
from ..engine.table import seat_name
from ..words.catalogue import message
from . import schema
from .fields import ANSWER, RULES, SHOW, TABLE, TEXT, TEXT_OR_TEXTS, TEXTS, WHOLE, Field, Fields, union
from .schema import Deal, FieldError, Show

Outcome = Literal["right", "illegal", "poor", "wrong"]
#: Questions whose answer the engine computes; ``fact`` is the one typed by hand.
QUESTION_KINDS: Final[tuple[str, ...]] = (
    "trick_winner",
    "points_taken",
    "hand_score",
    "is_legal",
    "next_leader",
    "hearts_broken",
    "pass_target",
    "moon_shooter",
    "moon_value",
    "cards_each",
    "opening_card",
    "fact",
)
#: The language of the choices in a lesson file, which the engine's answers are matched against (a
#: translation only adds labels), whatever language the learner reads.
ANSWER_LANGUAGE: Final = "en"
#: Questions whose answer is a seat.
SEAT_QUESTIONS: Final[tuple[str, ...]] = ("trick_winner", "next_leader", "pass_target", "moon_shooter")
#: A text the learner reads: a translation file gives it in each language.
WORDS: Final = Field(TEXT, "text")
#: What the learner is asked to do, in an exercise.
PROMPT: Final = Field(TEXT, "text", required=True)
#: The lesson's words on a card or a choice, by card or choice.
FEEDBACK: Final = Field(TABLE, "table")


class Lesson(Protocol):
    """What a step reads of its lesson (:class:`hearts_core.content.lessons.Lesson`)."""

    @property
    def rules(self) -> Ruleset: ...

    def deal_of(self, step: StepBase) -> Deal | None: ...

    def rules_for(self, step: StepBase) -> Ruleset: ...


@dataclass(frozen=True)
class Verdict:
    """The engine's judgement of an answer.

    ``outcome`` is ``"right"``, ``"illegal"`` (the rules forbid it; ``explanation``
    holds the engine's reason), ``"poor"`` (legal but not what the lesson
    teaches) or ``"wrong"`` (a wrong pass or answer).  ``text`` is the lesson's
    feedback, ``detail`` extra words from the engine, ``notes`` the lesson's
    words on each other card of a pass.
    """

    outcome: Outcome
    text: str = ""
    detail: str = ""
    explanation: Explanation | None = None
    notes: tuple[str, ...] = ()

    @property
    def correct(self) -> bool:
        """Whether the answer is right."""
        return self.outcome == "right"


@dataclass(frozen=True)
class StepBase:
    """What every step has: prose, the position it shows (``deal`` after ``at``
    plays), whose cards are face up, cards to highlight, and the rules it cites."""

    kind: ClassVar[str]
    #: The fields a step's table may hold: these common ones, and each kind's own (README: "Steps").
    FIELDS: ClassVar[Fields] = Fields.of(
        {
            "kind": Field(TEXT, required=True),
            "title": WORDS,
            "text": WORDS,
            "deal": Field(TEXT),
            "at": Field(WHOLE),
            "show": Field(SHOW),
            "highlight": Field(TEXTS),
            "rule": Field(TEXT_OR_TEXTS),
            "dispute": Field(WHOLE),
            "idea": Field(TEXT),
            "nudge": WORDS,
            "hint": WORDS,
            "rules": Field(RULES),
        }
    )
    #: Whether the learner acts in this step (picks a card, a pass or an answer).
    active: ClassVar[bool] = False

    text: str = ""
    title: str = ""
    deal: str | None = None
    at: int = 0
    show: Show = "all"
    rule: tuple[str, ...] = ()
    dispute: int | None = None
    highlight: tuple[str, ...] = ()
    #: The idea of the lesson this step teaches or drills (an id of the lesson's ``[ideas]``).
    idea: str = ""
    #: The hint ladder of an exercise: a nudge, then the idea behind the answer (the answer comes last).
    nudge: str = ""
    hint: str = ""
    #: Rules of this step alone (a question under another preset or player count); None: the deal's or
    #: the lesson's.
    step_rules: Ruleset | None = None

    @property
    def is_active(self) -> bool:
        """Whether the learner acts in this step."""
        return self.active

    @classmethod
    def kind_fields(cls, raw: Mapping[str, Any], deals: Mapping[str, Deal], rules: Ruleset) -> dict[str, Any]:
        """This kind's own fields, read from the raw table (``FieldError`` on a bad one)."""
        return {}

    def position(self, lesson: Lesson) -> HandState | None:
        """The position the step shows, if any."""
        deal = lesson.deal_of(self)
        return deal.at(self.at) if deal is not None else None

    def check(self, lesson: Lesson) -> None:
        """Engine checks once the lesson is loaded (``FieldError`` on a problem)."""

    def answer_text(self, lesson: Lesson) -> str:
        """The answer, for the last rung of the hint ladder ("" for a step with nothing to answer).
        Cards stand in notation; the interface shows them as cards."""
        return ""


@dataclass(frozen=True)
class ExplainStep(StepBase):
    """Prose, optionally beside a position."""

    kind: ClassVar[str] = "explain"
    FIELDS: ClassVar[Fields] = StepBase.FIELDS.extend({}, requiring=("text",))


@dataclass(frozen=True)
class WalkthroughStep(StepBase):
    """A deal stepped through from ``start`` to ``end`` plays, with a caption per play
    (the engine's own explanation where the lesson gives none)."""

    kind: ClassVar[str] = "walkthrough"
    FIELDS: ClassVar[Fields] = StepBase.FIELDS.extend(
        {"from": Field(WHOLE), "to": Field(WHOLE), "captions": Field(TABLE, "table")}, requiring=("deal",)
    )

    start: int | None = None
    end: int | None = None
    captions: Mapping[int, str] = field(default_factory=dict)

    @classmethod
    def kind_fields(cls, raw: Mapping[str, Any], deals: Mapping[str, Deal], rules: Ruleset) -> dict[str, Any]:
        captions = raw.get("captions", {})
        if not isinstance(captions, Mapping):
            raise FieldError("captions", "must be a table from play numbers to texts")
        parsed: dict[int, str] = {}
        for key, caption in captions.items():
            if not str(key).isdigit():
                raise FieldError("captions", f"caption key {key!r} is not a play number")
            parsed[int(key)] = str(caption)
        return {
            "start": schema.whole(raw, "from", 0, low=0) if "from" in raw else None,
            "end": schema.whole(raw, "to", 0, low=0) if "to" in raw else None,
            "captions": parsed,
        }

    def bounds(self, lesson: Lesson) -> tuple[int, int]:
        """The first and last play index shown."""
        deal = lesson.deal_of(self)
        assert deal is not None
        return (self.at if self.start is None else self.start, deal.plays if self.end is None else self.end)

    def history(self, lesson: Lesson) -> History:
        """The states shown, from the first to the last."""
        deal = lesson.deal_of(self)
        assert deal is not None
        first, last = self.bounds(lesson)
        return History(deal.at(first), deal.at(last).plays()[first:last])

    def caption(self, lesson: Lesson, index: int) -> str:
        """The lesson's caption for frame ``index`` (counted from the walkthrough's start), or ""."""
        return self.captions.get(self.bounds(lesson)[0] + index, "")

    def check(self, lesson: Lesson) -> None:
        deal = lesson.deal_of(self)
        assert deal is not None
        first, last = self.bounds(lesson)
        if not 0 <= first <= last <= deal.plays:
            raise FieldError("to", f"the walkthrough must run within 0..{deal.plays} plays")
        for key in self.captions:
            if not first <= key <= last:
                raise FieldError("captions", f"caption key {key!r} is not a play index from {first} to {last}")


@dataclass(frozen=True)
class ChooseCardStep(StepBase):
    """The learner picks the card to play; ``accept`` are the right ones."""

    kind: ClassVar[str] = "choose_card"
    FIELDS: ClassVar[Fields] = StepBase.FIELDS.extend(
        {
            "prompt": PROMPT,
            "accept": Field(TEXTS, required=True),
            "feedback": FEEDBACK,
            "poor": WORDS,
            "success": WORDS,
        },
        requiring=("deal",),
    )
    active: ClassVar[bool] = True

    prompt: str = ""
    accept: tuple[str, ...] = ()
    feedback: Mapping[str, str] = field(default_factory=dict)
    poor: str = ""
    success: str = ""

    @classmethod
    def kind_fields(cls, raw: Mapping[str, Any], deals: Mapping[str, Deal], rules: Ruleset) -> dict[str, Any]:
        return {
            "prompt": schema.text(raw, "prompt", required=True),
            "accept": schema.cards(raw, "accept"),
            "feedback": schema.card_texts(raw, "feedback"),
            "poor": schema.text(raw, "poor"),
            "success": schema.text(raw, "success"),
        }

    def check(self, lesson: Lesson) -> None:
        state = self.position(lesson)
        assert state is not None
        if not state.is_playing:
            raise FieldError("at", f"the position after {self.at} plays is not in play")
        if not self.accept:
            raise FieldError("accept", "list at least one right card")
        legal = {str(card) for card in state.legal_moves()}
        for card in self.accept:
            if card not in legal:
                raise FieldError("accept", f"{card} is not a legal play here: {state.explain(card)}")
        mover = state.hands[state.to_play or 0]
        for card in self.feedback:
            if card not in mover:
                raise FieldError("feedback", f"{card} is not in the mover's hand ({mover})")

    def answer_text(self, lesson: Lesson) -> str:
        return message("lesson.answer_card", cards=" ".join(self.accept), count=len(self.accept))

    def judge(self, lesson: Lesson, card: str) -> Verdict:
        """Judge a card the learner picked."""
        state = self.position(lesson)
        assert state is not None
        explanation = state.explain(card)
        name = explanation.card
        if not explanation.legal:
            return Verdict("illegal", self.feedback.get(name, ""), str(explanation), explanation)
        if name in self.accept:
            return Verdict("right", self.success, str(explanation), explanation)
        return Verdict("poor", self.feedback.get(name) or self.poor, str(explanation), explanation)


@dataclass(frozen=True)
class ChoosePassStep(StepBase):
    """The learner picks the cards to pass from ``seat``'s hand."""

    kind: ClassVar[str] = "choose_pass"
    FIELDS: ClassVar[Fields] = StepBase.FIELDS.extend(
        {
            "prompt": PROMPT,
            "seat": Field(WHOLE),
            "require": Field(TEXTS),
            "forbid": Field(TEXTS),
            "feedback": FEEDBACK,
            "success": WORDS,
        },
        requiring=("deal",),
    )
    active: ClassVar[bool] = True

    prompt: str = ""
    seat: int = 0
    require: tuple[str, ...] = ()
    forbid: tuple[str, ...] = ()
    feedback: Mapping[str, str] = field(default_factory=dict)
    success: str = ""

    @classmethod
    def kind_fields(cls, raw: Mapping[str, Any], deals: Mapping[str, Deal], rules: Ruleset) -> dict[str, Any]:
        return {
            "prompt": schema.text(raw, "prompt", required=True),
            "seat": schema.seat(raw, "seat", 0, rules.players),
            "require": schema.cards(raw, "require"),
            "forbid": schema.cards(raw, "forbid"),
            "feedback": schema.card_texts(raw, "feedback"),
            "success": schema.text(raw, "success"),
        }

    def position(self, lesson: Lesson) -> HandState | None:
        """The position before the pass."""
        deal = lesson.deal_of(self)
        if deal is None:
            return None
        return deal.before_pass if deal.before_pass is not None else deal.at(self.at)

    def check(self, lesson: Lesson) -> None:
        state = self.position(lesson)
        assert state is not None
        if not state.is_passing:
            raise FieldError("deal", "a choose_pass step needs a deal before passing")
        hand = state.hands[self.seat]
        for name, listed in (("require", self.require), ("forbid", self.forbid), ("feedback", tuple(self.feedback))):
            for card in listed:
                if card not in hand:
                    raise FieldError(name, f"{card} is not in seat {self.seat}'s hand ({hand})")
        if set(self.forbid) & set(self.require):
            raise FieldError("forbid", "a card cannot be both required and forbidden")
        count = lesson.rules_for(self).pass_count
        if len(self.require) > count or len(hand) - len(self.forbid) < count:
            raise FieldError("require", "no pass can satisfy require and forbid")

    def answer_text(self, lesson: Lesson) -> str:
        parts = []
        if self.require:
            parts.append(message("lesson.answer_pass_require", cards=" ".join(self.require)))
        if self.forbid:
            parts.append(message("lesson.answer_pass_forbid", cards=" ".join(self.forbid)))
        return " ".join(parts)

    def judge(self, lesson: Lesson, picked_cards: Sequence[str]) -> Verdict:
        """Judge the cards the learner picked to pass."""
        state = self.position(lesson)
        assert state is not None
        try:
            picked = [str(card) for card in parse_cards(list(picked_cards))]
        except CardParseError as error:
            return Verdict("wrong", "", str(error))
        needed = lesson.rules_for(self).pass_count
        if len(picked) != needed:
            return Verdict("wrong", "", message("lesson.pass_count", count=len(picked), needed=needed))
        stray = [card for card in picked if card not in state.hands[self.seat]]
        if stray:
            return Verdict("wrong", "", message("lesson.pass_not_held", cards=" ".join(stray)))

        def notes_besides(card: str | None) -> tuple[str, ...]:
            return tuple(self.feedback[name] for name in picked if name != card and name in self.feedback)

        for card in self.forbid:
            if card in picked:
                return Verdict(
                    "wrong",
                    self.feedback.get(card, ""),
                    message("lesson.pass_forbidden", card=card),
                    notes=notes_besides(card),
                )
        for card in self.require:
            if card not in picked:
                return Verdict(
                    "wrong",
                    self.feedback.get(card, ""),
                    message("lesson.pass_required", card=card),
                    notes=notes_besides(None),
                )
        return Verdict("right", self.success, notes=notes_besides(None))


@dataclass(frozen=True)
class QuestionStep(StepBase):
    """A multiple-choice question whose answer the engine computes (``ask``), or a
    ``fact`` typed by hand."""

    kind: ClassVar[str] = "question"
    FIELDS: ClassVar[Fields] = StepBase.FIELDS.extend(
        {
            "prompt": PROMPT,
            "ask": Field(TEXT, required=True),
            "choices": Field(TEXTS, "choices", required=True),
            "answer": Field(ANSWER),
            "explanation": WORDS,
            "card": Field(TEXT),
            "seat": Field(WHOLE),
            "trick": Field(WHOLE),
            "feedback": FEEDBACK,
            # Set from a translation file (the choices' words in the learner's language), not written.
            "choice_labels": Field(TABLE),
        }
    )
    active: ClassVar[bool] = True

    prompt: str = ""
    ask: str = "fact"
    choices: tuple[str, ...] = ()
    answer: str | None = None
    explanation: str = ""
    card: str | None = None
    seat: int = 0
    trick: int | None = None
    #: Why a wrong choice is wrong, by choice (never the right answer: that is for a later try or a hint).
    feedback: Mapping[str, str] = field(default_factory=dict)
    #: How each choice reads in the learner's language (set from a translation file); the choices
    #: themselves stay as the English file has them, since the engine's answer is matched against them.
    choice_labels: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def kind_fields(cls, raw: Mapping[str, Any], deals: Mapping[str, Deal], rules: Ruleset) -> dict[str, Any]:
        choices = raw.get("choices")
        if not isinstance(choices, list) or len(choices) < 2:
            raise FieldError("choices", "give at least two choices")
        answer = raw.get("answer")
        return {
            "prompt": schema.text(raw, "prompt", required=True),
            "ask": schema.choice(raw, "ask", QUESTION_KINDS),
            "choices": tuple(str(choice) for choice in choices),
            "answer": None if answer is None else str(answer),
            "explanation": schema.text(raw, "explanation"),
            "card": schema.card(raw, "card"),
            "seat": schema.seat(raw, "seat", 0, rules.players),
            "trick": schema.whole(raw, "trick", 1, low=1) if "trick" in raw else None,
            "feedback": _choice_texts(raw, tuple(str(choice) for choice in choices)),
            "choice_labels": {str(key): str(label) for key, label in (raw.get("choice_labels") or {}).items()},
        }

    def label(self, choice: str) -> str:
        """How ``choice`` reads to the learner (its translation, when the lesson has one).

        >>> QuestionStep(prompt="?", choices=("West", "East"), choice_labels={"West": "Захід"}).label("West")
        'Захід'
        """
        return self.choice_labels.get(choice, choice)

    def right_answer(self, lesson: Lesson) -> str:
        """The answer, computed from the position (or the ruleset) where possible."""
        rules = lesson.rules_for(self)
        if self.ask == "fact":
            if self.answer is None:
                raise FieldError("answer", "a fact question states its answer")
            return self.answer
        if self.ask == "cards_each":
            return str(rules.hand_size)
        if self.ask == "moon_value":
            return str(rules.moon_value)
        if self.ask == "opening_card":
            return str(rules.opening_card) if rules.opening_card is not None else "any"  # the 2C is card 0
        state = self.position(lesson)
        if state is None:
            raise FieldError("deal", f"a '{self.ask}' question needs a deal")
        return self._from_position(state, rules.players)

    def _from_position(self, state: HandState, players: int) -> str:
        if self.ask == "trick_winner":
            number = self.trick if self.trick is not None else len(state.tricks)
            return seat_name(state.tricks[number - 1].winner, players, ANSWER_LANGUAGE)
        if self.ask == "points_taken":
            return str(state.hand_points()[self.seat])
        if self.ask == "hand_score":
            return str(state.scores()[self.seat])
        if self.ask == "is_legal":
            return "yes" if state.is_legal(str(self.card)) else "no"
        if self.ask == "next_leader":
            return seat_name(state.leader, players, ANSWER_LANGUAGE)
        if self.ask == "hearts_broken":
            return "yes" if state.hearts_broken else "no"
        if self.ask == "pass_target":
            return seat_name(state.pass_target(self.seat), players, ANSWER_LANGUAGE)
        shooter = state.score_report().moon_shooter  # the last kind: moon_shooter
        return "nobody" if shooter is None else seat_name(shooter, players, ANSWER_LANGUAGE)

    def check(self, lesson: Lesson) -> None:
        try:
            right = self.right_answer(lesson)
        except (IndexError, CardParseError) as error:
            raise FieldError("ask", f"the engine cannot answer it: {error}") from None
        matches = [choice for choice in self.choices if same_answer(choice, right)]
        if len(matches) != 1:
            raise FieldError("choices", f"exactly one choice must be the engine's answer {right!r}; {len(matches)} are")
        if any(same_answer(key, right) for key in self.feedback):
            raise FieldError("feedback", f"the right answer {right!r} gets no feedback: it is right")
        if self.ask != "fact" and self.answer is not None and not same_answer(self.answer, right):
            raise FieldError("answer", f"the file says {self.answer!r} but the engine computes {right!r}")

    @property
    def asks_a_seat(self) -> bool:
        """Whether the answer is a seat (a learner may pick it on the table)."""
        return self.ask in SEAT_QUESTIONS

    def choice_for_seat(self, seat: int, players: int) -> str | None:
        """The choice that names ``seat`` (picked on the table), if any.

        >>> step = QuestionStep(prompt="Who wins?", ask="trick_winner", choices=("North", "East", "Nobody"))
        >>> step.choice_for_seat(2, 4), step.choice_for_seat(0, 4)
        ('North', None)
        """
        name = seat_name(seat, players, ANSWER_LANGUAGE)
        return next((choice for choice in self.choices if same_answer(choice, name)), None)

    @property
    def conceals_the_trick(self) -> bool:
        """Whether the table must not show the answer: who won the trick, who leads, who receives,
        whether hearts are broken."""
        return self.ask in ("trick_winner", "next_leader", "pass_target", "hearts_broken")

    @property
    def conceals_the_points(self) -> bool:
        """Whether the table must not show the points taken (the question is how many)."""
        return self.ask in ("points_taken", "hand_score")

    def answer_text(self, lesson: Lesson) -> str:
        right = self.right_answer(lesson)
        shown = next((choice for choice in self.choices if same_answer(choice, right)), right)
        return message("lesson.answer_choice", answer=self.label(shown))

    def judge(self, lesson: Lesson, choice: str) -> Verdict:
        """Judge the learner's choice: the explanation when it is right, and for a wrong
        choice only why that choice is wrong (the answer stays for a later try or a hint)."""
        right = self.right_answer(lesson)
        if same_answer(choice, right):
            return Verdict("right", self.explanation)
        why = next((text for key, text in self.feedback.items() if same_answer(key, choice)), "")
        return Verdict("wrong", why)


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


@dataclass(frozen=True)
class CompareStep(StepBase):
    """The position under the lesson's rules and under ``rules_b``, side by side."""

    kind: ClassVar[str] = "compare"
    FIELDS: ClassVar[Fields] = StepBase.FIELDS.extend(
        {"rules_b": Field(RULES, required=True), "card": Field(TEXT), "label_a": WORDS, "label_b": WORDS},
        requiring=("deal", "text"),
    )

    rules_b: Ruleset = field(default_factory=Ruleset)
    card: str | None = None
    label_a: str = ""
    label_b: str = ""

    @classmethod
    def kind_fields(cls, raw: Mapping[str, Any], deals: Mapping[str, Deal], rules: Ruleset) -> dict[str, Any]:
        return {
            "rules_b": schema.rules_from_spec(raw.get("rules_b"), "rules_b", base=rules),
            "card": schema.card(raw, "card"),
            "label_a": schema.text(raw, "label_a"),
            "label_b": schema.text(raw, "label_b"),
        }

    def comparison(self, lesson: Lesson) -> Comparison:
        """Replay the position under both rulesets (checked at load)."""
        state_a = self.position(lesson)
        deal = lesson.deal_of(self)
        assert state_a is not None and deal is not None
        state_b = deal.replay_under(self.rules_b, self.at)
        card = self.card
        return Comparison(
            lesson.rules_for(self),
            self.rules_b,
            state_a,
            state_b,
            tuple(str(c) for c in state_a.legal_moves()),
            tuple(str(c) for c in state_b.legal_moves()),
            card,
            state_a.explain(card) if card and state_a.is_playing else None,
            state_b.explain(card) if card and state_b.is_playing else None,
            tuple(state_a.scores()) if state_a.is_over else None,
            tuple(state_b.scores()) if state_b.is_over else None,
        )

    def check(self, lesson: Lesson) -> None:
        try:
            self.comparison(lesson)
        except ValueError as error:
            raise FieldError("rules_b", f"the position cannot be replayed under rules B: {error}") from None


Step = ExplainStep | WalkthroughStep | ChooseCardStep | ChoosePassStep | QuestionStep | CompareStep
STEP_CLASSES: Final[dict[str, type[StepBase]]] = {
    cls.kind: cls for cls in (ExplainStep, WalkthroughStep, ChooseCardStep, ChoosePassStep, QuestionStep, CompareStep)
}
STEP_KINDS: Final = tuple(STEP_CLASSES)
ACTIVE_KINDS: Final = tuple(kind for kind, cls in STEP_CLASSES.items() if cls.active)
#: Every field a step of any kind may hold: checked for its shape before the step's kind is known.
STEP_FIELDS: Final = union(cls.FIELDS for cls in STEP_CLASSES.values())


def _choice_texts(raw: Mapping[str, Any], choices: tuple[str, ...]) -> dict[str, str]:
    """A question's ``feedback``: a text for each wrong choice it names."""
    table = raw.get("feedback", {})
    if not isinstance(table, Mapping) or not all(isinstance(text, str) for text in table.values()):
        raise FieldError("feedback", "must be a table from choices to texts")
    for key in table:
        if not any(same_answer(str(key), choice) for choice in choices):
            raise FieldError("feedback", f"{key!r} is not one of the choices")
    return {str(key): str(text) for key, text in table.items()}


def same_answer(choice: str, answer: str) -> bool:
    """Whether a choice is the answer, ignoring case and surrounding space."""
    return choice.strip().casefold() == answer.strip().casefold()


def parse_step(raw: Any, deals: Mapping[str, Deal], rules: Ruleset, known_rules: set[str]) -> Step:
    """One step from its ``[[steps]]`` table (``FieldError`` naming the field at fault)."""
    if not isinstance(raw, Mapping):
        raise FieldError("kind", "a step is a table")
    STEP_FIELDS.check(raw)
    kind = schema.choice(raw, "kind", STEP_KINDS)
    cls = STEP_CLASSES[kind]
    schema.unknown_keys(raw, frozenset(cls.FIELDS), f"a {kind} step")
    for name in sorted(cls.FIELDS.required):
        if name not in raw:
            raise FieldError(name, f"a {kind} step needs '{name}'")
    common = _common_fields(raw, deals, rules, known_rules)
    deal_name = common["deal"]
    in_force = common["step_rules"] or (deals[deal_name].at(0).rules if deal_name is not None else rules)
    return cast(Step, cls(**common, **cls.kind_fields(raw, deals, in_force)))


def _common_fields(
    raw: Mapping[str, Any], deals: Mapping[str, Deal], rules: Ruleset, known_rules: set[str]
) -> dict[str, Any]:
    deal_name = raw.get("deal")
    if deal_name is not None and deal_name not in deals:
        raise FieldError("deal", f"no deal named {deal_name!r}; deals: {', '.join(deals)}")
    at = schema.whole(raw, "at", 0, low=0)
    if deal_name is not None and at > deals[deal_name].plays:
        raise FieldError("at", f"deal {deal_name!r} has only {deals[deal_name].plays} plays")
    cited = schema.words(raw, "rule")
    for rule_id in cited:
        if rule_id not in known_rules:
            raise FieldError("rule", f"no rule {rule_id!r} in the rule book")
    dispute = raw.get("dispute")
    if dispute is not None and dispute not in (1, 2, 3, 4):
        raise FieldError("dispute", "the Rule Book has disputed situations 1 to 4")
    step_rules = schema.rules_from_spec(raw["rules"], "rules", rules) if "rules" in raw else None
    if step_rules is not None and deal_name is not None:
        raise FieldError("rules", "a step on a deal plays under the deal's rules: give the deal its own rules")
    players = (step_rules or (deals[deal_name].at(0).rules if deal_name is not None else rules)).players
    return {
        "text": schema.text(raw, "text"),
        "title": schema.text(raw, "title"),
        "deal": deal_name,
        "at": at,
        "show": schema.show(raw, players),
        "rule": cited,
        "dispute": dispute,
        "highlight": schema.cards(raw, "highlight"),
        "idea": schema.text(raw, "idea"),
        "nudge": schema.text(raw, "nudge"),
        "hint": schema.text(raw, "hint"),
        "step_rules": step_rules,
    }


__all__ = [
    "ACTIVE_KINDS",
    "FEEDBACK",
    "PROMPT",
    "QUESTION_KINDS",
    "STEP_CLASSES",
    "STEP_FIELDS",
    "STEP_KINDS",
    "WORDS",
    "ChooseCardStep",
    "ChoosePassStep",
    "CompareStep",
    "Comparison",
    "ExplainStep",
    "Lesson",
    "Outcome",
    "QuestionStep",
    "Step",
    "StepBase",
    "Verdict",
    "WalkthroughStep",
    "parse_step",
    "same_answer",
]
