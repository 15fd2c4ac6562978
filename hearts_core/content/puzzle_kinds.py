"""The kinds of puzzle, one frozen class each: how it is read, how its answer is proven, how an attempt is judged.

Every class declares the fields a ``[[puzzles]]`` table of its kind may hold,
once (``FIELDS``, :mod:`.fields`: the keys, their shapes, the words a
translation gives), reads them (``build``), computes its solution with the
engine or the exact solver at load time (so a wrong stated answer fails to
load; the searches' answers come from the proofs file when it has them,
:mod:`.proofs`), and judges an attempt (``check``).  A
:class:`VariantPuzzle` asks one of the other questions under a second
ruleset.  Adding a kind means adding one class here and listing it in
:data:`PUZZLE_CLASSES`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal, NamedTuple, cast

from ..ai.hidden import HiddenProof
from ..engine.cards import Card, CardParseError, parse_cards
from ..engine.rules import Ruleset
from ..engine.scoring import best_moon_option, raw_points, standing_after
from ..engine.state import HandState
from ..engine.vocabulary import MOON_CHOICES, MoonChoice
from ..search.selfish import TIES, holds_whatever_the_ties
from ..search.solver import OBJECTIVES, line_for
from . import schema
from .fields import ANSWER, FLAG, RULES, SHOW, TABLE, TEXT, TEXTS, WHOLE, WHOLES, Field, Fields, union
from .proofs import prove_hidden, selfish_values, solve  # the engine's answers, read from the proofs file if there
from .schema import Deal, FieldError, Show

#: How a points puzzle assumes the other players play (see ``PlayPuzzle.model``).
MODELS: Final[tuple[str, ...]] = ("any", "paranoid")

Line = tuple[tuple[int, str], ...]
AnswerShape = Literal["cards", "scores", "pass", "card", "moon"]
ARGUMENTS: Final = ("cannot_win_trick",)
#: A hidden-hand puzzle is proven over every deal the learner could be facing: at most this many tricks left.
HIDDEN_TRICKS: Final = 4
VARIANT_ASKS: Final = ("legal_cards", "scores", "best_card")
DIFFICULTIES: Final = (1, 2, 3)
#: A text the learner reads: a translation file gives it in each language.
WORDS: Final = Field(TEXT, "text")


#: How one card of an answer given with cards is judged: chosen and right, chosen and wrong, or
#: right and not chosen.
CardMark = Literal["right", "wrong", "missed"]
CARD_MARKS: Final[tuple[CardMark, ...]] = ("right", "wrong", "missed")


@dataclass(frozen=True)
class Attempt:
    """The engine's verdict on an attempt: ``correct``, a code for the message
    (``right``, ``illegal``, ``worse``, ``missing``, ``extra``, ``wrong``...), the
    cards or numbers concerned, and for a play the solver's value of the pick.

    ``marks`` judge each card that matters in an answer given with cards (the
    cards chosen, and the right ones not chosen), in the hand's order; ``notes``
    are the puzzle's own words on some of those cards, as (card, words).

    >>> attempt = Attempt(False, "extra", ("QS",), marks=(("AC", "right"), ("QS", "wrong"), ("KC", "missed")))
    >>> attempt.marked("missed"), attempt.mark_of("QS")
    (('KC',), 'wrong')
    """

    correct: bool
    code: str
    cards: tuple[str, ...] = ()
    value: int | None = None
    best_value: int | None = None
    notes: tuple[tuple[str, str], ...] = ()
    marks: tuple[tuple[str, CardMark], ...] = ()

    def marked(self, mark: CardMark) -> tuple[str, ...]:
        """The cards judged ``mark``."""
        return tuple(card for card, judged in self.marks if judged == mark)

    def mark_of(self, card: str) -> CardMark | None:
        """How ``card`` was judged (None: not judged)."""
        return next((judged for marked, judged in self.marks if marked == card), None)

    def grouped_notes(self) -> tuple[tuple[tuple[str, ...], str], ...]:
        """The notes with the same words said once, each with every card it is about (in order).

        >>> Attempt(False, "forbidden", notes=(("5S", "Keep it."), ("2C", "No."), ("8S", "Keep it."))).grouped_notes()
        ((('5S', '8S'), 'Keep it.'), (('2C',), 'No.'))
        """
        cards_by_words: dict[str, list[str]] = {}
        for card, words in self.notes:
            cards_by_words.setdefault(words, []).append(card)
        return tuple((tuple(cards), words) for words, cards in cards_by_words.items())


def card_marks(
    hand: Sequence[str], chosen: set[str], right: set[str], wrong: set[str] | None = None
) -> tuple[tuple[str, CardMark], ...]:
    """Each card of ``hand`` that was ``chosen`` or is ``right``, judged, in the hand's order: chosen
    and right; chosen and ``wrong`` (by default: every card not right); right and not chosen
    (``missed``).  A chosen card neither right nor wrong is not judged.

    >>> card_marks(["AC", "KC", "QS", "2D"], {"AC", "QS"}, {"AC", "KC"})
    (('AC', 'right'), ('KC', 'missed'), ('QS', 'wrong'))
    >>> card_marks(["AC", "KC", "QS", "2D"], {"AC", "2D"}, {"KC"}, wrong={"AC"})
    (('AC', 'wrong'), ('KC', 'missed'))
    """
    marks: list[tuple[str, CardMark]] = []
    for card in hand:
        if card in right:
            marks.append((card, "right" if card in chosen else "missed"))
        elif card in chosen and (wrong is None or card in wrong):
            marks.append((card, "wrong"))
    return tuple(marks)


def _hand_of(state: HandState, seat: int | None = None) -> list[str]:
    """The cards of ``seat`` (by default the player to move), in the hand's order."""
    holder = state.to_play if seat is None else seat
    return [str(card) for card in state.hands[holder].cards()] if holder is not None else []


@dataclass(frozen=True)
class PuzzleBase:
    """What every puzzle has: its words, difficulty and themes, and the position
    ``state`` (under ``rules``) in which ``seat`` answers."""

    kind: ClassVar[str]
    #: The fields a puzzle's table may hold: these common ones, and each kind's own (README's table).
    FIELDS: ClassVar[Fields] = Fields.of(
        {
            "id": Field(TEXT, required=True),
            "kind": Field(TEXT, required=True),
            "title": Field(TEXT, "text", required=True),
            "prompt": Field(TEXT, "text", required=True),
            "difficulty": Field(WHOLE),
            "themes": Field(TEXTS),
            "rules": Field(RULES),
            "position": Field(TEXT, required=True),
            "seat": Field(),  # a seat number, checked against the rules' players when read
            "show": Field(SHOW),
            "nudge": WORDS,
            "idea": WORDS,
            "explanation": WORDS,
        }
    )
    #: What an answer is: a set of cards, a score per seat, a pass, one card, a moon option.
    shape: ClassVar[AnswerShape]

    id: str
    title: str
    prompt: str
    difficulty: int
    themes: tuple[str, ...]
    file: str
    rules: Ruleset
    state: HandState
    seat: int
    explanation: str = ""
    nudge: str = ""
    idea: str = ""
    show: Show = "all"

    @property
    def question_state(self) -> HandState:
        """The position the question is asked in."""
        return self.state

    @property
    def question_rules(self) -> Ruleset:
        """The rules the question is asked under."""
        return self.rules

    @property
    def line(self) -> Line:
        """The solver's principal line from the best card (empty for most kinds)."""
        return ()

    @property
    def answer_shape(self) -> AnswerShape:
        """What an answer to the question asked is (a variant asks another kind's question)."""
        return self.shape

    @classmethod
    def position_of(cls, deal: Deal) -> HandState:
        """The position a puzzle of this kind is set in: the end of its record."""
        return deal.at(deal.plays)


# -- legality ------------------------------------------------------------------------


@dataclass(frozen=True)
class LegalityPuzzle(PuzzleBase):
    """Select every card the player to move may play."""

    kind: ClassVar[str] = "legality"
    FIELDS: ClassVar[Fields] = PuzzleBase.FIELDS.extend({"answer": Field(ANSWER)})
    shape: ClassVar[AnswerShape] = "cards"

    solution: tuple[str, ...] = ()

    @classmethod
    def build(cls, common: dict[str, Any], raw: Mapping[str, Any]) -> LegalityPuzzle:
        state: HandState = common["state"]
        _in_play(state)
        solution = tuple(str(card) for card in state.legal_moves())
        _compare_cards(raw.get("answer"), solution)
        return cls(**common, solution=solution)

    def check(self, answer: Any) -> Attempt:
        """Judge the set of cards the learner selected."""
        picked = {str(card) for card in parse_cards(list(answer))}
        right = set(self.solution)
        marks = card_marks(_hand_of(self.state), picked, right)
        if picked == right:
            return Attempt(True, "right", tuple(sorted(right)), marks=marks)
        extra = tuple(sorted(picked - right))
        if extra:
            return Attempt(False, "extra", extra, marks=marks)
        return Attempt(False, "missing", tuple(sorted(right - picked)), marks=marks)


# -- scoring ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoringPuzzle(PuzzleBase):
    """Each player's score for a finished hand."""

    kind: ClassVar[str] = "scoring"
    FIELDS: ClassVar[Fields] = PuzzleBase.FIELDS.extend({"answer": Field(ANSWER), "moon_choice": Field(TEXT)})
    shape: ClassVar[AnswerShape] = "scores"

    moon_choice: MoonChoice | None = None
    solution: tuple[int, ...] = ()

    @classmethod
    def build(cls, common: dict[str, Any], raw: Mapping[str, Any]) -> ScoringPuzzle:
        state: HandState = common["state"]
        if not state.is_over:
            raise FieldError("answer", "a scoring puzzle needs a finished hand")
        choice = cast(MoonChoice, schema.choice(raw, "moon_choice", MOON_CHOICES)) if "moon_choice" in raw else None
        solution = tuple(state.scores(moon_choice=choice))
        puzzle = cls(**common, moon_choice=choice, solution=solution)
        _compare_scores(raw.get("answer"), solution, "answer")
        return puzzle

    def check(self, answer: Any) -> Attempt:
        """Judge the score per seat the learner typed."""
        given = tuple(int(value) for value in answer)
        if len(given) != len(self.solution):
            return Attempt(False, "count", tuple(str(value) for value in given))
        wrong = tuple(str(seat) for seat, (a, b) in enumerate(zip(given, self.solution, strict=True)) if a != b)
        return Attempt(not wrong, "right" if not wrong else "wrong", wrong)


# -- passing ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PassingPuzzle(PuzzleBase):
    """The cards to pass: a right pass includes ``require`` and avoids ``forbid``."""

    kind: ClassVar[str] = "passing"
    FIELDS: ClassVar[Fields] = PuzzleBase.FIELDS.extend(
        {"require": Field(TEXTS), "forbid": Field(TEXTS), "feedback": Field(TABLE, "table")}
    )
    shape: ClassVar[AnswerShape] = "pass"

    require: tuple[str, ...] = ()
    forbid: tuple[str, ...] = ()
    feedback: Mapping[str, str] = field(default_factory=dict)

    @property
    def solution(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The cards a right pass must include and must avoid."""
        return self.require, self.forbid

    @classmethod
    def position_of(cls, deal: Deal) -> HandState:
        if deal.before_pass is None:
            raise FieldError("position", "a passing puzzle needs a deal before passing (not a hold hand)")
        return deal.before_pass

    @classmethod
    def build(cls, common: dict[str, Any], raw: Mapping[str, Any]) -> PassingPuzzle:
        state: HandState = common["state"]
        seat: int = common["seat"]
        rules: Ruleset = common["rules"]
        required, forbidden = schema.cards(raw, "require"), schema.cards(raw, "forbid")
        hand = state.hands[seat]
        for name, listed in (("require", required), ("forbid", forbidden)):
            stray = [card for card in listed if card not in hand]
            if stray:
                raise FieldError(name, f"{' '.join(stray)} not in seat {seat}'s hand")
        if not required and not forbidden:
            raise FieldError("require", "give the cards a right pass must 'require' or must not hold ('forbid')")
        if set(required) & set(forbidden):
            both = " ".join(sorted(set(required) & set(forbidden)))
            raise FieldError("forbid", f"{both} both required and forbidden")
        if len(required) > rules.pass_count:
            raise FieldError("require", f"a pass has {rules.pass_count} cards, not {len(required)}")
        if len(hand) - len(forbidden) < rules.pass_count:
            raise FieldError("forbid", f"fewer than {rules.pass_count} cards are left to pass")
        return cls(**common, require=required, forbid=forbidden, feedback=schema.card_texts(raw, "feedback"))

    def check(self, answer: Any) -> Attempt:
        """Judge the cards the learner picked to pass."""
        picked = [str(card) for card in parse_cards(list(answer))]
        if len(picked) != self.rules.pass_count:
            return Attempt(False, "count", tuple(picked))
        hand = self.state.hands[self.seat]
        stray = tuple(card for card in picked if card not in hand)
        if stray:
            return Attempt(False, "not_held", stray)
        bad = tuple(card for card in picked if card in self.forbid)
        missing = tuple(card for card in self.require if card not in picked)
        # A card neither required nor forbidden is right when the pass has room for it: with a
        # required card left out, which of the others should make way is not for the engine to say.
        right = set(self.require) | (set() if missing else set(picked) - set(self.forbid))
        marks = card_marks(_hand_of(self.state, self.seat), set(picked), right, wrong=set(self.forbid))
        # The puzzle's words on the cards chosen and missed: the wrong ones first, then the missed,
        # the right, and those not judged.
        order = {"wrong": 0, "missed": 1, "right": 2}
        judged = dict(marks)
        ranked = sorted([*picked, *missing], key=lambda card: order.get(judged.get(card, ""), 3))
        notes = tuple((card, self.feedback[card]) for card in ranked if card in self.feedback)
        if bad:
            return Attempt(False, "forbidden", bad, notes=notes, marks=marks)
        if missing:
            return Attempt(False, "missing", missing, notes=notes, marks=marks)
        return Attempt(True, "right", tuple(picked), notes=notes, marks=marks)


# -- play ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayPuzzle(PuzzleBase):
    """The best card: proven by the exact solver (``objective``, unique by ``margin``)
    when every card is known, or picked by a named ``argument`` the engine checks."""

    kind: ClassVar[str] = "play"
    FIELDS: ClassVar[Fields] = PuzzleBase.FIELDS.extend(
        {
            "answer": Field(ANSWER),
            "objective": Field(TEXT),
            "margin": Field(WHOLE),
            "model": Field(TEXT),
            "card": Field(TEXT),
            "shooter": Field(WHOLE),
            "argument": Field(TEXT),
            "hidden": Field(FLAG),
        }
    )
    shape: ClassVar[AnswerShape] = "card"

    objective: str = "min_points"
    margin: int = 1
    #: How the other players are assumed to play, for a points puzzle: ``"any"`` (the answer is the one best
    #: card whether they gang up on the learner or each plays for itself, ties either way), or
    #: ``"paranoid"`` (the prompt says to assume they gang up; the answer holds under that model only).
    model: str = "any"
    #: Under ``"any"``: the values of the legal cards when each player plays for itself, ties broken against
    #: the learner and for the learner (empty otherwise).
    selfish: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    #: The learner sees only their own hand: the answer is proven over every deal they could be facing.
    hidden: bool = False
    proof: HiddenProof | None = None
    shooter: int | None = None
    card: str | None = None
    argument: str | None = None
    solution: tuple[str, ...] = ()
    values: Mapping[str, int] = field(default_factory=dict)
    best_line: Line = ()

    @property
    def line(self) -> Line:
        return self.best_line

    @classmethod
    def build(cls, common: dict[str, Any], raw: Mapping[str, Any]) -> PlayPuzzle:
        state: HandState = common["state"]
        _in_play(state)
        fields_ = _play_fields(raw, common["rules"])
        if fields_["argument"] is not None:
            solution = argument_cards(state, fields_["argument"])
            puzzle = cls(**common, **fields_, solution=solution)
        elif fields_["hidden"]:
            proof = _hidden_proof(state, common["seat"], fields_["margin"])
            solution = proof.best_everywhere or (proof.best_on_average,)
            values = {card: round(mean) for card, mean in proof.mean.items()}
            puzzle = cls(**common, **fields_, solution=solution, values=values, proof=proof)
        else:
            best, values, line = _best_cards(state, fields_, common["seat"])
            selfish = _selfish_proof(state, fields_, common["seat"], best)
            puzzle = cls(**common, **fields_, solution=best, values=values, best_line=line, selfish=selfish)
        _compare_cards(raw.get("answer"), puzzle.solution)
        return puzzle

    @property
    def best_value(self) -> int | None:
        """The solver's value of the best card (None for an argument puzzle)."""
        values = [self.values[card] for card in self.solution if card in self.values]
        return values[0] if values else None

    def check(self, answer: Any) -> Attempt:
        """Judge the card the learner picked."""
        card = str(Card.parse(str(answer)))
        if not self.question_state.is_legal(card):
            return Attempt(False, "illegal", (card,), marks=((card, "wrong"),))
        code = "right" if card in self.solution else "worse"
        mark: CardMark = "right" if code == "right" else "wrong"
        return Attempt(code == "right", code, (card,), self.values.get(card), self.best_value, marks=((card, mark),))

    def refutation(self, card: str) -> Line:
        """The solver's best line after a wrong ``card``: what it costs."""
        return line_for(self.question_state, card, self.objective, self.seat, card=self.card, shooter=self.shooter)


def _play_fields(raw: Mapping[str, Any], rules: Ruleset) -> dict[str, Any]:
    argument = schema.choice(raw, "argument", ARGUMENTS) if "argument" in raw else None
    if argument is not None and set(raw) & {"objective", "margin", "card", "shooter"}:
        raise FieldError("argument", "an argument puzzle takes no solver fields (objective, margin...)")
    hidden = schema.flag(raw, "hidden")
    if hidden and (
        argument is not None
        or set(raw) & {"model", "card", "shooter"}
        or raw.get("objective", "min_points") != "min_points"
    ):
        raise FieldError(
            "hidden", "a hidden-hand puzzle asks for the fewest points: no argument, model, card or shooter"
        )
    if argument is not None and "model" in raw:
        raise FieldError("model", "an argument puzzle is judged by its argument, not by a model of the players")
    objective = schema.choice(raw, "objective", OBJECTIVES, "min_points")
    if "model" in raw and objective != "min_points":
        raise FieldError("model", "only a points puzzle (objective min_points) names a model of the players")
    return {
        "objective": objective,
        "hidden": hidden,
        "model": "paranoid" if hidden else schema.choice(raw, "model", MODELS, "any"),
        "margin": schema.whole(raw, "margin", 1, low=1),
        "shooter": schema.seat(raw, "shooter", 0, rules.players) if "shooter" in raw else None,
        "card": schema.card(raw, "card"),
        "argument": argument,
    }


def _best_cards(
    state: HandState, fields_: Mapping[str, Any], seat: int
) -> tuple[tuple[str, ...], dict[str, int], Line]:
    objective, margin, shooter = fields_["objective"], fields_["margin"], fields_["shooter"]
    mover = state.to_play
    if (mover == shooter) if objective == "stop_moon" else (mover != seat):
        raise FieldError("seat", f"the player to move (seat {mover}) must be the one choosing for seat {seat}")
    try:
        result = solve(state, objective, seat, card=fields_["card"], shooter=shooter)
    except ValueError as error:
        raise FieldError("objective", str(error)) from None
    if len(result.best) != 1:
        raise FieldError(
            "answer", f"the best card is not unique: {' '.join(result.best)} are worth the same ({result.best_value})"
        )
    others = [value for name, value in result.values.items() if name not in result.best]
    if not others:
        raise FieldError("answer", "only one card is legal: there is nothing to choose")
    gap = (min(others) - result.best_value) if objective != "make_moon" else (result.best_value - max(others))
    if gap < margin:
        raise FieldError("margin", f"the best card {result.best[0]} wins by {gap}, less than the margin {margin}")
    return result.best, dict(result.values), result.line


def _selfish_proof(
    state: HandState, fields_: Mapping[str, Any], seat: int, best: tuple[str, ...]
) -> dict[str, dict[str, int]]:
    """For a points puzzle under the model ``"any"``: the same single best card when every player plays
    for itself, however the players break ties between cards equal for themselves (its worst case,
    ties against the learner, beats every other card's best, ties for the learner); ``FieldError``
    otherwise."""
    if fields_["objective"] != "min_points" or fields_["model"] != "any":
        return {}
    found: dict[str, dict[str, int]] = {ties: selfish_values(state, seat, ties) for ties in TIES}
    if not holds_whatever_the_ties(found, best[0]):
        worst = found["against"][best[0]]
        rivals = sorted(card for card, value in found["for"].items() if card != best[0] and value <= worst)
        raise FieldError(
            "model",
            f"when each player plays for itself, {best[0]} can end with {worst} points (ties against the "
            f"learner) and {' '.join(rivals)} with as few ({found}): the answer depends on how the others "
            'break their ties: rework the puzzle, or set model = "paranoid" (its prompt then says so)',
        )
    return found


def _hidden_proof(state: HandState, seat: int, margin: int) -> HiddenProof:
    """The proof of a hidden-hand puzzle: its answer is the cards best in every deal the learner could be
    facing, or else the card best on average by ``margin`` points at least (95% bound on a sample)."""
    if state.to_play != seat:
        raise FieldError("seat", "the learner must be the player to move")
    left = state.rules.hand_size - state.trick_number
    if left > HIDDEN_TRICKS:
        raise FieldError(
            "hidden",
            f"{left} tricks are left: a hidden-hand puzzle keeps to {HIDDEN_TRICKS} or "
            "fewer, so every deal the learner could face can be examined",
        )
    proof = prove_hidden(state, seat)
    if len(proof.best_everywhere) == len(proof.worse_in):
        raise FieldError("hidden", "every legal card is best in every deal: there is nothing to choose")
    if not proof.best_everywhere:
        short = {card: round(bound, 2) for card, bound in proof.lead_over.items() if bound < margin}
        if short:
            raise FieldError(
                "hidden",
                f"no card is best in every deal, and {proof.best_on_average} is not ahead "
                f"of {', '.join(short)} by {margin} point(s) on average (bounds {short})",
            )
    return proof


def argument_cards(state: HandState, argument: str) -> tuple[str, ...]:
    """The legal cards a named argument picks, from what the player to move can see.

    ``cannot_win_trick``: cards sure to lose the trick in progress (off-suit, or
    lower than the card now winning it), whatever the unseen hands hold.  (Claims
    about later tricks are proven over the unseen hands instead: ``hidden``.)
    """
    legal = state.legal_moves()
    trick = state.trick_cards
    if not trick:
        raise FieldError("argument", f"the argument {argument!r} needs a trick in progress")
    led = trick[0].suit
    winner = max((card for card in trick if card.suit == led), key=lambda card: card.rank)
    return tuple(str(card) for card in legal if card.suit != led or card.rank < winner.rank)


# -- moon ------------------------------------------------------------------------------


class StandingRow(NamedTuple):
    """One seat in a moon puzzle's standings: the total before the hand, the points
    taken in it, and the total each moon option would leave."""

    seat: int
    before: int
    taken: int
    after: dict[MoonChoice, int]


@dataclass(frozen=True)
class MoonPuzzle(PuzzleBase):
    """Add the moon to the others or subtract it from yourself, given the standings:
    the engine's choice must be strictly better for the shooter."""

    kind: ClassVar[str] = "moon"
    FIELDS: ClassVar[Fields] = PuzzleBase.FIELDS.extend({"answer": Field(ANSWER), "totals": Field(WHOLES)})
    shape: ClassVar[AnswerShape] = "moon"

    totals: tuple[int, ...] = ()
    solution: MoonChoice = "add_to_others"

    @classmethod
    def build(cls, common: dict[str, Any], raw: Mapping[str, Any]) -> MoonPuzzle:
        state: HandState = common["state"]
        rules: Ruleset = common["rules"]
        if not state.is_over:
            raise FieldError("position", "a moon puzzle needs a finished hand")
        if rules.moon not in ("choice", "auto"):
            raise FieldError("rules", "the rules must let the shooter choose (moon = 'choice' or 'auto')")
        report = state.score_report(moon_choice="add_to_others")
        shooter = report.moon_shooter
        if shooter is None or report.sun_shooter is not None:
            raise FieldError("position", "nobody shot the moon in this hand")
        totals = raw.get("totals", ())
        if (
            not isinstance(totals, list)
            or len(totals) != rules.players
            or not all(isinstance(total, int) for total in totals)
        ):
            raise FieldError("totals", f"give the standings before the hand, a whole number per seat ({rules.players})")
        add = standing_after(rules, totals, report.scores, shooter)
        subtract = standing_after(rules, totals, state.scores(moon_choice="subtract_from_self"), shooter)
        if add == subtract:
            raise FieldError("totals", "both options leave the shooter equally placed: the answer is not unique")
        solution = cast(MoonChoice, best_moon_option(rules, raw_points(rules, state.taken_masks), shooter, totals))
        if raw.get("answer") is not None and raw["answer"] != solution:
            raise FieldError("answer", f"the file says {raw['answer']!r} but the engine computes {solution!r}")
        return cls(**common, totals=tuple(totals), solution=solution)

    @property
    def shooter(self) -> int:
        """The seat that shot the moon."""
        shooter = self.state.score_report(moon_choice="add_to_others").moon_shooter
        assert shooter is not None
        return shooter

    def standings(self) -> tuple[StandingRow, ...]:
        """Each seat's total before the hand, its points in the hand, and its total after
        each moon option."""
        after = {option: self.state.scores(moon_choice=option) for option in MOON_CHOICES}
        points = self.state.hand_points()
        return tuple(
            StandingRow(seat, total, points[seat], {option: total + after[option][seat] for option in MOON_CHOICES})
            for seat, total in enumerate(self.totals)
        )

    def check(self, answer: Any) -> Attempt:
        """Judge the moon option the learner chose."""
        right = str(answer) == self.solution
        return Attempt(right, "right" if right else "wrong", ())


# -- variant ---------------------------------------------------------------------------

VariantQuestion = LegalityPuzzle | ScoringPuzzle | PlayPuzzle
_VARIANT_QUESTION: Final[dict[str, type[LegalityPuzzle] | type[ScoringPuzzle] | type[PlayPuzzle]]] = {
    "legal_cards": LegalityPuzzle,
    "scores": ScoringPuzzle,
    "best_card": PlayPuzzle,
}


@dataclass(frozen=True)
class VariantPuzzle(PuzzleBase):
    """The same position under ``rules_b``: ``ask`` is one of the other questions,
    and its answer must differ from the answer under ``rules``."""

    kind: ClassVar[str] = "variant"
    #: Its own fields, and those of the questions it may ask that a variant takes.
    FIELDS: ClassVar[Fields] = PuzzleBase.FIELDS.extend(
        {
            "rules_b": Field(RULES),
            "ask": Field(TEXT),
            "answer": Field(ANSWER),
            "answer_a": Field(ANSWER),
            **PlayPuzzle.FIELDS.only("objective", "margin", "card", "shooter", "model"),
            **ScoringPuzzle.FIELDS.only("moon_choice"),
        }
    )
    shape: ClassVar[AnswerShape] = "cards"

    ask: str = "legal_cards"
    #: The question under rules B (the one the learner answers) and under the puzzle's own rules.
    question: VariantQuestion | None = None
    question_a: VariantQuestion | None = None

    @property
    def rules_b(self) -> Ruleset:
        """The second ruleset."""
        assert self.question is not None
        return self.question.rules

    @property
    def question_state(self) -> HandState:
        assert self.question is not None
        return self.question.state

    @property
    def question_rules(self) -> Ruleset:
        return self.rules_b

    @property
    def answer_shape(self) -> AnswerShape:
        """The shape of the answer to the question asked."""
        assert self.question is not None
        return self.question.shape

    @property
    def solution(self) -> Any:
        """The answer under rules B."""
        assert self.question is not None
        return self.question.solution

    @property
    def solution_a(self) -> Any:
        """The answer under the puzzle's own rules."""
        assert self.question_a is not None
        return self.question_a.solution

    @property
    def line(self) -> Line:
        assert self.question is not None
        return self.question.line

    @classmethod
    def build(cls, common: dict[str, Any], raw: Mapping[str, Any], deal: Deal) -> VariantPuzzle:
        rules: Ruleset = common["rules"]
        ask = schema.choice(raw, "ask", VARIANT_ASKS)
        rules_b = schema.rules_from_spec(raw.get("rules_b"), "rules_b", base=rules)
        if rules_b == rules:
            raise FieldError("rules_b", "rules_b is the same ruleset as rules")
        try:
            state_b = deal.replay_under(rules_b, deal.plays)
        except ValueError as error:
            raise FieldError("rules_b", f"the position cannot be replayed under rules_b: {error}") from None
        question_class = _VARIANT_QUESTION[ask]
        own = set(question_class.FIELDS) - set(PuzzleBase.FIELDS) - {"answer"}
        inner = {key: value for key, value in raw.items() if key in own}
        try:
            question_a = question_class.build(common, inner)
        except FieldError as error:
            raise FieldError("answer_a", f"the engine cannot prove the answer under rules: {error.detail}") from None
        try:
            question = question_class.build({**common, "rules": rules_b, "state": state_b}, inner)
        except FieldError as error:
            raise FieldError("answer", f"the engine cannot prove the answer under rules_b: {error.detail}") from None
        if question_a.solution == question.solution:
            raise FieldError("rules_b", f"the answer is the same under both rulesets ({question.solution})")
        _compare_answer(raw.get("answer"), question, "answer")
        _compare_answer(raw.get("answer_a"), question_a, "answer_a")
        return cls(**common, ask=ask, question=question, question_a=question_a)

    def check(self, answer: Any) -> Attempt:
        """Judge the answer to the question under rules B."""
        assert self.question is not None
        return self.question.check(answer)


Puzzle = LegalityPuzzle | ScoringPuzzle | PassingPuzzle | PlayPuzzle | MoonPuzzle | VariantPuzzle
PUZZLE_CLASSES: Final[dict[str, type[PuzzleBase]]] = {
    cls.kind: cls for cls in (LegalityPuzzle, ScoringPuzzle, PassingPuzzle, PlayPuzzle, MoonPuzzle, VariantPuzzle)
}
KINDS: Final = tuple(PUZZLE_CLASSES)
#: Every field a puzzle of any kind may hold: checked for its shape before the puzzle is built.
PUZZLE_FIELDS: Final = union(cls.FIELDS for cls in PUZZLE_CLASSES.values())


# -- shared checks ---------------------------------------------------------------------


def _in_play(state: HandState) -> None:
    if not state.is_playing:
        raise FieldError("position", "the position must be in play (a card to choose)")


def _compare_cards(stated: Any, solution: Sequence[str]) -> None:
    """A stated card answer must be exactly what the engine computes."""
    if stated is None:
        return
    try:
        given = sorted(str(card) for card in parse_cards(stated if isinstance(stated, list) else [stated]))
    except (CardParseError, TypeError) as error:
        raise FieldError("answer", f"not an answer (cards): {error}") from None
    if given != sorted(solution):
        raise FieldError("answer", f"the file says {stated!r} but the engine computes {list(solution)!r}")


def _compare_scores(stated: Any, solution: tuple[int, ...], name: str) -> None:
    if stated is None:
        return
    if not isinstance(stated, list) or tuple(stated) != solution:
        raise FieldError(name, f"the file says {stated!r} but the engine computes {list(solution)!r}")


def _compare_answer(stated: Any, question: VariantQuestion, name: str) -> None:
    if isinstance(question, ScoringPuzzle):
        _compare_scores(stated, question.solution, name)
        return
    try:
        _compare_cards(stated, question.solution)
    except FieldError as error:
        raise FieldError(name, error.detail) from None


def parse_common(raw: Mapping[str, Any], file: str, themes: Mapping[str, Any]) -> tuple[dict[str, Any], Deal]:
    """The fields every puzzle has, and its deal (``FieldError`` naming the field at fault)."""
    kind = schema.choice(raw, "kind", KINDS)
    cls = PUZZLE_CLASSES[kind]
    schema.unknown_keys(raw, frozenset(cls.FIELDS), f"a {kind} puzzle")
    for name in cls.FIELDS.required:
        schema.text(raw, name, required=True)
    difficulty = raw.get("difficulty", 1)
    if isinstance(difficulty, bool) or difficulty not in DIFFICULTIES:
        raise FieldError("difficulty", "difficulty is 1 (easy), 2 or 3 (hard)")
    tags = raw.get("themes", ())
    tags = tuple(tags) if isinstance(tags, list) else ()
    stray = [str(tag) for tag in tags if tag not in themes]
    if not tags or stray:
        named = f"unknown {', '.join(stray)}; " if stray else "a list is needed; "
        raise FieldError("themes", f"{named}themes must be ids from themes.toml: {', '.join(themes)}")
    rules = schema.rules_from_spec(raw.get("rules", {"preset": "standard"}), "rules")
    deal = schema.load_deal(rules, str(raw["id"]), raw["position"], "position")
    state = cls.position_of(deal)
    seat = schema.seat(raw, "seat", state.to_play if state.to_play is not None else 0, rules.players)
    common = {
        "id": raw["id"],
        "title": raw["title"],
        "prompt": raw["prompt"],
        "difficulty": difficulty,
        "themes": tags,
        "file": file,
        "rules": rules,
        "state": state,
        "seat": seat,
        "explanation": schema.text(raw, "explanation"),
        "nudge": schema.text(raw, "nudge"),
        "idea": schema.text(raw, "idea"),
        "show": schema.show(raw, rules.players),
    }
    return common, deal


def build_puzzle(raw: Mapping[str, Any], file: str, themes: Mapping[str, Any]) -> Puzzle:
    """One puzzle from its table, its answer proven (``FieldError`` on any problem)."""
    common, deal = parse_common(raw, file, themes)
    kind = raw["kind"]
    if kind == "variant":
        return VariantPuzzle.build(common, raw, deal)
    cls = PUZZLE_CLASSES[kind]
    return cast(Puzzle, cls.build(common, raw))  # type: ignore[attr-defined]


__all__ = [
    "ARGUMENTS",
    "CARD_MARKS",
    "DIFFICULTIES",
    "KINDS",
    "PUZZLE_CLASSES",
    "PUZZLE_FIELDS",
    "VARIANT_ASKS",
    "AnswerShape",
    "Attempt",
    "CardMark",
    "LegalityPuzzle",
    "Line",
    "MoonPuzzle",
    "PassingPuzzle",
    "PlayPuzzle",
    "Puzzle",
    "PuzzleBase",
    "ScoringPuzzle",
    "StandingRow",
    "VariantPuzzle",
    "VariantQuestion",
    "argument_cards",
    "build_puzzle",
    "card_marks",
    "parse_common",
]
