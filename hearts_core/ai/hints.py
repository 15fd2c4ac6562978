"""The hint engine: a recommendation with its reasons, for the seat to play or to pass.

Everything here starts from the seat's :class:`~hearts_core.ai.view.PlayerView`,
never from the hidden cards of the :class:`~hearts_core.engine.state.HandState`:

* :func:`play_hint` deals the unseen cards ``worlds`` times consistently with
  the view, plays every candidate card (one per class of equivalent cards) out
  in the *same* worlds with the same rollout seeds (the heuristic players of
  :mod:`hearts_core.ai.bots`, played by the kernel), and
  compares the candidates on paired differences: cards within one standard
  error (or :data:`EPSILON` points) of the best are "equally good".  When the
  view alone fixes every hidden card (one opponent left with unseen cards,
  voids and hand sizes forcing the rest) and few tricks remain, the exact
  solver decides and the hint is ``"certain"``; so is a forced card.
* Near the target score (somebody could reach it this hand) the candidates are
  ranked by the seat's standing in the game (its total minus the best other
  total) rather than by its points for the hand.
* :func:`pass_hint` scores a shortlist of three-card passes by dealing the
  other hands, letting the other seats pass by the heuristic, and playing the
  whole hand out.
* :func:`decision_verdict` says what a card cost, for the end-of-hand review.

Words come from the ``[hint]`` section of the message catalogue; the ladder of
:meth:`PlayHint.rung` is (1) a nudge naming the idea, (2) the card with its
reason contrasted with the runner-up or the card the learner is about to play,
(3) the numbers.

>>> from hearts_core import HandState, Ruleset
>>> state = HandState.deal(Ruleset(pass_cycle=["hold"]), seed=4)
>>> hint = play_hint(state, worlds=8)
>>> hint.recommended, hint.certainty
('2C', 'certain')
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final

import numpy as np

from ..engine.cards import ALL_CARDS, SUIT_MASKS, Card, cards_of_mask
from ..engine.notation import Position
from ..engine.reasons import Explanation
from ..engine.rules import QUEEN_OF_SPADES
from ..engine.state import HandState
from ..search.equivalence import equivalent_classes, point_attributes
from ..search.solver import line_for, solve
from ..words.catalogue import decimal, message, percent, whole
from .bots import AS, KS, QS, MonteCarloBot, classify_card, heuristic_choice, mean_pass_scores, pass_candidates
from .exact import exact_applies, exact_values
from .view import PlayerView
from .worlds import Worlds

#: Candidates whose mean differs from the best by at most this many points are equally good.
EPSILON: Final = 0.15
#: The exact solver decides a determined ending with at most this many tricks left.
SOLVER_TRICKS: Final = 6
#: A short ending (:func:`~hearts_core.ai.exact.exact_applies`) is judged by the exact solver in this many
#: deals weighted by what the play revealed (benchmarks/hint_quality.py: 48 deals beat 1,000 heuristic
#: playouts; 128 deals were no better than 32-48).
EXACT_WORLDS: Final = 48
#: ... drawn from this many times as many deals consistent with the view, each play unlike the heuristic
#: player's counted EXACT_SHARPNESS times (:func:`~hearts_core.ai.exact.revealed_deals`).  Issue 29,
#: benchmarks/hint_quality.py on 1,200 endings of four seeds kept apart from the reported ones: the
#: expert bot's inference (8 times, counted once) gave regret 0.25 and 89.9% optimal; a pool of 64,
#: 0.21 and 90.3%; with plays counted twice as well, 0.21 and 90.8%; 128 deals added little more.
#: A pool of 256 (12,288 deals; judging their plays costs about 20 ms) rather than 64: against the
#: heuristic player about 1 deal in 100 plays every card as it did, and 64 times 48 held about 27 such
#: deals, so the 48 drawn repeated them; 256 times gives 48 different ones.  On 2,500 development
#: endings (seeds 201-205) 91.7% to 92.4% optimal, then on 10,000 fresh ones (seeds 101-110 and
#: 301-310) 92.0% to 92.6% and regret 0.21 to 0.20 (benchmarks/hint_quality.py, docs/performance.md).
EXACT_POOL: Final = 256
EXACT_SHARPNESS: Final = 2.0
#: Exact means within this many points of the best are equally good.
EXACT_TIE: Final = 0.05
#: Among the cards whose exact means are within EXACT_CLOSE points of the lowest, the hint takes the
#: one that is a best card in the most deals: what the learner is scored on is the card that is best on
#: the real deal (on the same 1,200 endings: regret 0.21 to 0.17, 90.8% to 91.8% optimal).
EXACT_CLOSE: Final = 0.3
#: Whether the seat can force the moon is solved in this many deals, and in the rest only if it could
#: in one of them (:func:`~hearts_core.ai.exact.exact_values`): the moon search made the slowest hints.
EXACT_MOON_PROBE: Final = 8
#: The most distinct deals a hint solves exactly: the slowest endings spent most of their time on
#: deals beyond these.
EXACT_MAX_DEALS: Final = 40
#: Candidates are played out in stages of worlds; after each stage but the last, a candidate
#: worse than the leader by more than PRUNE_SE standard errors plus PRUNE_MARGIN points is dropped.
PRUNE_SE: Final = 3.0
PRUNE_MARGIN: Final = 0.5
#: A single candidate (all legal cards alike) is played out in at most this many worlds, for its numbers.
SINGLE_WORLDS: Final = 32
#: Share of rollout moves played at random (as the Monte Carlo bot).
ROLLOUT_EPSILON: Final = 0.1
CERTAINTIES: Final = ("certain", "confident", "close")
#: Worlds for a learner's hint: (play, pass).  1,000 worlds take a median 6 ms on the compiled
#: kernel (benchmarks/kernel_speed.py).
HINT_WORLDS: Final = (1000, 400)


def hint_worlds(phase: str) -> int:
    """How many worlds a learner's hint samples in ``phase`` ("play" or "pass"): as many as keep
    the hint well under a tenth of a second on the compiled kernel."""
    play, passing = HINT_WORLDS
    return passing if phase == "pass" else play


#: Reason codes of a pass (texts under ``hint.pass_reason.<code>``).
PASS_REASONS: Final = (
    "pass_queen",
    "pass_spade_honour",
    "make_void",
    "high_heart",
    "high_card",
    "bonus_card",
    "low_card",
)


# -- results ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardOption:
    """What the simulations (or the solver) say of one legal card."""

    card: str
    expected_points: float
    queen_rate: float
    moon_for: float
    moon_against: float
    worlds: int


@dataclass(frozen=True)
class PlayHint:
    """The hint for the seat to play; ``options`` covers every legal card, best first."""

    seat: int
    legal: tuple[str, ...]
    illegal: dict[str, Explanation]
    idea: str
    recommended: str
    runner_up: str | None
    equally_good: tuple[str, ...]
    options: tuple[CardOption, ...]
    certainty: str
    #: "hand" (points for the hand) or "game" (standing in the game, near the target score).
    objective: str = "hand"
    #: Per legal card, the extra expected points against the recommended card (0 for it).
    costs: dict[str, float] = field(default_factory=dict)
    #: The card that represents each legal card's class of equivalent cards.
    classes: dict[str, str] = field(default_factory=dict)
    #: The queen of spades has been played already: no sentence may weigh the risk of taking her.
    queen_out: bool = False

    def option(self, card: str) -> CardOption:
        """The option of a legal card (``ValueError`` for any other card)."""
        for option in self.options:
            if option.card == card:
                return option
        raise ValueError(f"{card} is not a legal card here")

    def rung(self, number: int, compare_with: str | None = None, language: str | None = None) -> str:
        """The hint ladder: 1 a nudge, 2 the card and its reason, 3 the numbers."""
        if number == 1:
            return message(f"hint.nudge.{self.idea}", language)
        if number == 2:
            return self._recommendation(compare_with, language)
        if number == 3:
            return self._numbers(language)
        raise ValueError("the hint ladder has rungs 1, 2 and 3")

    def _card_params(self, card: str, language: str | None) -> dict[str, object]:
        option = self.option(card)
        return {
            "card": card,
            "points": _points(option.expected_points, language),
            "queen": _percent(option.queen_rate, language),
            "moon_for": _percent(option.moon_for, language),
            "moon_against": _percent(option.moon_against, language),
        }

    def _recommendation(self, compare_with: str | None, language: str | None) -> str:
        best = self._card_params(self.recommended, language)
        idea = message(f"idea.{self.idea}", language)
        # A teacher's order: the idea first, then the card, then the figures.
        parts = [idea, message(f"hint.play.recommend.{self.certainty}", language, **best)]
        simulated = "simulated_no_queen" if self.queen_out else "simulated"
        if self.certainty == "certain" and len(set(self.classes.values())) <= 1:
            if len(self.legal) > 1:
                parts.append(message("hint.play.alike", language, cards=" ".join(self.legal)))
            parts.append(message(f"hint.play.numbers.{simulated}", language, **best))
            return " ".join(parts)
        other = compare_with if compare_with in self.costs and compare_with != self.recommended else self.runner_up
        key = "solver" if self.certainty == "certain" and self.options[0].worlds == 0 else "simulated"
        parts.append(message(f"hint.play.numbers.{simulated if key == 'simulated' else key}", language, **best))
        if other is not None:
            params = {
                **self._card_params(other, language),
                "best": self.recommended,
                "cost": _points(self.costs.get(other, 0.0), language),
            }
            if other in self.equally_good:
                parts.append(message("hint.play.same", language, **params))
            else:
                parts.append(message(f"hint.play.against.{key}", language, **params))
        if len({self.classes[card] for card in self.equally_good}) > 1:
            parts.append(message("hint.play.equally_good", language, cards=" ".join(self.equally_good)))
        if self.objective == "game":
            parts.append(message("hint.play.game", language))
        return " ".join(parts)

    def _numbers(self, language: str | None) -> str:
        lines = [
            message(
                "hint.table.intro." + ("solver" if self.options[0].worlds == 0 else "simulated"),
                language,
                worlds=whole(self.options[0].worlds, language),
                certainty=message(f"hint.certainty.{self.certainty}", language),
            ),
            "",
            message("hint.table.header" + ("_game" if self.objective == "game" else ""), language),
            "|---|---:|---:|---:|---:|---:|",
        ]
        for option in self.options:
            mark = message("hint.table.best", language) if option.card in self.equally_good else ""
            cells = [
                f"{option.card}{mark}",
                _points(option.expected_points, language),
                _points(self.costs[option.card], language),
                "—" if self.queen_out else _percent(option.queen_rate, language),
                _percent(option.moon_for, language),
                _percent(option.moon_against, language),
            ]
            lines.append("| " + " | ".join(cells) + " |")
        if self.illegal:
            lines += [
                "",
                message(
                    "hint.table.illegal",
                    language,
                    cards=" ".join(sorted(self.illegal, key=lambda name: int(Card.parse(name)))),
                ),
            ]
        return "\n".join(lines)


@dataclass(frozen=True)
class PassOption:
    """A three-card pass, its expected points for the hand, and the reasons for each card."""

    cards: tuple[str, ...]
    expected_points: float
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class PassHint:
    """A shortlist of passes, best first; ``idea`` names the main reason of the best one."""

    seat: int
    options: tuple[PassOption, ...]
    recommended: tuple[str, ...]
    idea: str
    worlds: int = 0
    direction: str = ""

    def rung(self, number: int, language: str | None = None) -> str:
        """The pass ladder: 1 a nudge, 2 the pass and its reasons, 3 the numbers."""
        if number == 1:
            return message(f"hint.pass_nudge.{self.idea}", language)
        best = self.options[0]
        if number == 2:
            reasons = "; ".join(
                message(f"hint.pass_reason.{code}", language, card=card)
                for card, code in zip(best.cards, best.reasons, strict=True)
            )
            text = message(
                "hint.pass.recommend",
                language,
                cards=" ".join(best.cards),
                reasons=reasons,
                points=_points(best.expected_points, language),
                worlds=whole(self.worlds, language),
            )
            if len(self.options) > 1:
                other = self.options[1]
                text += " " + message(
                    "hint.pass.against",
                    language,
                    cards=" ".join(other.cards),
                    points=_points(other.expected_points, language),
                    cost=_points(other.expected_points - best.expected_points, language),
                )
            return text
        if number == 3:
            lines = [
                message("hint.pass.table_intro", language, worlds=whole(self.worlds, language)),
                "",
                message("hint.pass.table_header", language),
                "|---|---:|---|",
            ]
            for option in self.options:
                reasons = ", ".join(sorted({message(f"hint.pass_label.{code}", language) for code in option.reasons}))
                lines.append(f"| {' '.join(option.cards)} | {_points(option.expected_points, language)} | {reasons} |")
            return "\n".join(lines)
        raise ValueError("the hint ladder has rungs 1, 2 and 3")


@dataclass(frozen=True)
class Verdict:
    """The engine's verdict on one card decision: what it preferred and what the choice cost."""

    played: str
    preferred: str
    cost_points: float
    text: str
    good: bool = True


def _points(value: float, language: str | None) -> str:
    return decimal(value, 1, language)


def _percent(value: float, language: str | None) -> str:
    return percent(value, language)


# -- what the view determines ------------------------------------------------------------------------


def determined_world(view: PlayerView) -> tuple[int, ...] | None:
    """The hands of every seat when the view alone fixes them (else None): the
    unseen cards are forced by hand sizes, known voids and the cards passed."""
    n = view.players
    me = view.seat
    known = list(view.known_cards)
    room = {seat: view.hand_sizes[seat] - known[seat].bit_count() for seat in range(n) if seat != me}
    free = view.unseen
    for mask in known:
        free &= ~mask
    voids = view.voids
    changed = True
    while free and changed:
        changed = False
        for card in cards_of_mask(free):
            eligible = [seat for seat, space in room.items() if space > 0 and not voids[seat] >> (card // 13) & 1]
            if not eligible:
                return None
            if len(eligible) == 1:
                seat = eligible[0]
                known[seat] |= 1 << card
                room[seat] -= 1
                free &= ~(1 << card)
                changed = True
        for seat, space in room.items():
            if space <= 0:
                continue
            able = [card for card in cards_of_mask(free) if not voids[seat] >> (card // 13) & 1]
            if len(able) == space:
                for card in able:
                    known[seat] |= 1 << card
                free &= ~sum(1 << card for card in able)
                room[seat] = 0
                changed = True
    return None if free else tuple(known)


# -- the play hint -----------------------------------------------------------------------------------


def _game_mode(view: PlayerView) -> bool:
    """Whether somebody could reach the target score this hand (then the game matters)."""
    rules = view.rules
    if rules.scoring != "points" or not rules.target_score or not any(view.totals):
        return False
    reach = max(rules.tables.moon_value, sum(p for p in rules.tables.points if p > 0))
    return max(view.totals) + reach >= rules.target_score


def _utility(scores: Sequence[int], totals: Sequence[int], me: int) -> float:
    """The seat's standing in the game after the hand: its total minus the best other total."""
    mine = totals[me] + scores[me]
    best_other = min(totals[seat] + scores[seat] for seat in range(len(scores)) if seat != me)
    return float(mine - best_other)


@dataclass
class _Run:
    """One candidate card played out (with the shooter's plan when ``shoot``) in the first worlds."""

    card: int
    shoot: bool
    #: Per world played so far, the seat's score for the hand (or its standing in the game).
    utilities: np.ndarray = field(default_factory=lambda: np.zeros(0))
    total: float = 0.0
    queens: int = 0
    moons_for: int = 0
    moons_against: int = 0

    @property
    def count(self) -> int:
        return len(self.utilities)

    @property
    def mean(self) -> float:
        return float(self.utilities.mean())

    def option(self, name: str) -> CardOption:
        count = self.count
        return CardOption(
            name, self.total / count, self.queens / count, self.moons_for / count, self.moons_against / count, count
        )


def _extend(
    run: _Run, worlds: Worlds, start: int, stop: int, me: int, totals: Sequence[int] | None, game: bool
) -> None:
    """Play ``run``'s card out in more worlds (``start`` to ``stop``)."""
    outcome = worlds.play_out(run.card, shoot=run.shoot, epsilon=ROLLOUT_EPSILON, start=start, stop=stop)
    scores = outcome.scores
    run.total += float(scores[:, me].sum())
    if game and totals is not None:
        # The seat's standing after the hand: its total minus the best other total (see _utility).
        after = scores + np.array(totals, dtype=np.int64)
        others = np.delete(after, me, axis=1).min(axis=1)
        gained = (after[:, me] - others).astype(float)
    else:
        gained = scores[:, me].astype(float)
    run.utilities = np.concatenate((run.utilities, gained))
    run.queens += int(outcome.queen.sum())
    shooters = outcome.shooter
    mine = int((shooters == me).sum())
    run.moons_for += mine
    run.moons_against += int((shooters >= 0).sum()) - mine


def _stages(worlds: int) -> list[int]:
    """Cumulative world counts: an eighth, a quarter, a half, then all of them."""
    return sorted({max(1, worlds // 8), max(1, worlds // 4), max(1, worlds // 2), worlds})


def _paired(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the worlds both were played in (the first ones)."""
    count = min(len(a), len(b))
    diffs = a[:count] - b[:count]
    mean = float(diffs.mean())
    if count < 2:
        return mean, 0.0
    return mean, math.sqrt(float(diffs.var(ddof=1)) / count)


def play_hint(
    state: HandState, seat: int | None = None, *, totals: Sequence[int] | None = None, worlds: int = 128, seed: int = 0
) -> PlayHint:
    """The hint for ``seat`` (default: the seat to play), from that seat's view only."""
    if not state.is_playing:
        raise ValueError("a play hint needs a hand in the play phase")
    if seat is None:
        seat = state.to_play
    if seat != state.to_play:
        raise ValueError(f"it is seat {state.to_play}'s turn, not seat {seat}'s")
    assert seat is not None
    view = PlayerView.from_state(state, seat, totals)
    illegal = {str(card): state.explain(card) for card in state.hands[seat] if not state.is_legal(card)}
    hint = _play_hint_from_view(view, illegal, worlds, random.Random(seed))
    return replace(hint, queen_out=QUEEN_OF_SPADES in state.played)


def _play_hint_from_view(
    view: PlayerView, illegal: dict[str, Explanation], worlds: int, rng: random.Random
) -> PlayHint:
    me = view.seat
    legal = view.legal_mask()
    legal_names = tuple(str(ALL_CARDS[card]) for card in cards_of_mask(legal))
    heuristic, heuristic_idea = heuristic_choice(view)
    class_masks = equivalent_classes(legal, point_attributes(view.rules), view.elsewhere)
    reps = [heuristic if mask >> heuristic & 1 else (mask & -mask).bit_length() - 1 for mask in class_masks]
    classes = {
        str(ALL_CARDS[card]): str(ALL_CARDS[rep])
        for mask, rep in zip(class_masks, reps, strict=True)
        for card in cards_of_mask(mask)
    }
    totals = view.totals if any(view.totals) else None
    game = _game_mode(view)
    tricks_left = view.hand.bit_count() + (1 if view.trick else 0)
    world = determined_world(view) if len(reps) > 1 else None
    if world is not None and tricks_left <= SOLVER_TRICKS and not game:
        return _solver_hint(view, world, illegal, legal_names, classes, reps, heuristic, heuristic_idea)

    if len(reps) > 1 and not game and exact_applies(view):
        return _exact_hint(view, illegal, legal_names, classes, reps, heuristic, heuristic_idea, rng)
    sampled = Worlds(view, worlds if len(reps) > 1 else min(worlds, SINGLE_WORLDS), rng)
    shoot_too = MonteCarloBot()._may_shoot(view)
    arms = [_Run(card, False) for card in reps] + ([_Run(card, True) for card in reps] if shoot_too else [])
    if len(reps) == 1:
        arms = arms[:1]
    live = list(arms)
    done = 0
    for stage in _stages(len(sampled)):
        for run in live:
            _extend(run, sampled, done, stage, me, totals, game)
        done = stage
        if stage < len(sampled) and len(live) > 1:
            leader = min(live, key=lambda run: run.mean)
            kept = []
            for run in live:
                mean, se = _paired(run.utilities, leader.utilities)
                if run is leader or mean <= PRUNE_SE * se + PRUNE_MARGIN:
                    kept.append(run)
            live = kept
    # A shooting plan counts only when it makes the moon in most worlds.
    eligible = [run for run in arms if not run.shoot or run.moons_for > 0.5 * run.count]
    full = [run for run in live if run in eligible] or [max(eligible, key=lambda run: run.count)]
    best = min(full, key=lambda run: (round(run.mean, 9), run.shoot, run.card != heuristic))
    per_card: dict[int, _Run] = {}
    for run in eligible:
        current = per_card.get(run.card)
        if run.card == best.card:
            per_card[run.card] = best
        elif current is None or (run.count, -run.mean) > (current.count, -current.mean):
            per_card[run.card] = run
    for card in reps:
        per_card.setdefault(card, next(run for run in arms if run.card == card and not run.shoot))
    runs = [per_card[card] for card in reps]
    diffs = {run.card: _paired(run.utilities, best.utilities) for run in runs}
    close = {card for card, (mean, se) in diffs.items() if mean <= max(se, EPSILON)}
    ordered = sorted(runs, key=lambda run: (run.card != best.card, round(diffs[run.card][0], 9), run.card))
    runner = next((run.card for run in ordered[1:]), None)
    if len(reps) == 1:
        certainty = "certain"
    elif world is not None and len(close) == 1:
        certainty = "confident"
    elif len(close) > 1 or runner is None or diffs[runner][0] < 2 * diffs[runner][1]:
        certainty = "close"
    else:
        certainty = "confident"
    if best.shoot:
        idea = "shoot_moon"
    elif len(reps) == 1 and not legal & (legal - 1):
        idea = "only_card"
    elif best.card == heuristic:
        idea = heuristic_idea
    else:
        idea = classify_card(view, best.card)
    options: list[CardOption] = []
    costs: dict[str, float] = {}
    for name in legal_names:
        rep = int(Card.parse(classes[name]))
        options.append(per_card[rep].option(name))
        costs[name] = max(0.0, diffs[rep][0])
    # Options read best first; the recommended card leads its class.
    options.sort(key=lambda option: (costs[option.card], option.card != str(ALL_CARDS[best.card])))
    equally = tuple(option.card for option in options if int(Card.parse(classes[option.card])) in close)
    return PlayHint(
        seat=me,
        legal=legal_names,
        illegal=illegal,
        idea=idea,
        recommended=str(ALL_CARDS[best.card]),
        runner_up=None if runner is None else str(ALL_CARDS[runner]),
        equally_good=equally,
        options=tuple(options),
        certainty=certainty,
        objective="game" if game else "hand",
        costs=costs,
        classes=classes,
    )


def _exact_hint(
    view: PlayerView,
    illegal: dict[str, Explanation],
    legal_names: tuple[str, ...],
    classes: dict[str, str],
    reps: list[int],
    heuristic: int,
    heuristic_idea: str,
    rng: random.Random,
) -> PlayHint:
    """The hint in a short ending: every candidate's exact value averaged over deals weighted by what
    the play revealed (:func:`~hearts_core.ai.exact.exact_values`)."""
    values = exact_values(
        view,
        reps,
        EXACT_WORLDS,
        rng,
        queen=True,
        pool=EXACT_POOL,
        sharpness=EXACT_SHARPNESS,
        moon_probe=EXACT_MOON_PROBE,
        max_deals=EXACT_MAX_DEALS,
    )
    means = values.means
    best = _exact_best(reps, means, values.best_share, heuristic)
    ranked = sorted(reps, key=lambda card: (card != best, round(means[card], 9), card))
    runner = ranked[1] if len(ranked) > 1 else None
    gap = means[runner] - means[best] if runner is not None else 0.0
    close = {card for card in reps if means[card] - means[best] <= EXACT_TIE}
    options: list[CardOption] = []
    costs: dict[str, float] = {}
    for name in legal_names:
        rep = int(Card.parse(classes[name]))
        options.append(
            CardOption(
                name, means[rep], values.queen[rep], values.moons_for[rep], values.moons_against[rep], values.worlds
            )
        )
        costs[name] = max(0.0, means[rep] - means[best])
    options.sort(key=lambda option: (costs[option.card], option.card != str(ALL_CARDS[best])))
    return PlayHint(
        seat=view.seat,
        legal=legal_names,
        illegal=illegal,
        idea=heuristic_idea if best == heuristic else classify_card(view, best),
        recommended=str(ALL_CARDS[best]),
        runner_up=None if runner is None else str(ALL_CARDS[runner]),
        equally_good=tuple(option.card for option in options if int(Card.parse(classes[option.card])) in close),
        options=tuple(options),
        certainty="close" if len(close) > 1 or gap < 1.0 else "confident",
        objective="hand",
        costs=costs,
        classes=classes,
    )


def _exact_best(reps: list[int], means: dict[int, float], best_share: dict[int, float], heuristic: int) -> int:
    """Among the candidates within :data:`EXACT_CLOSE` of the lowest mean, the one that is a best card
    in the most deals (then the lower mean, then the heuristic player's card)."""
    lowest = min(means[card] for card in reps)
    near = [card for card in reps if means[card] <= lowest + EXACT_CLOSE]
    return min(near, key=lambda card: (-round(best_share[card], 9), round(means[card], 9), card != heuristic))


def _solver_hint(
    view: PlayerView,
    world: tuple[int, ...],
    illegal: dict[str, Explanation],
    legal_names: tuple[str, ...],
    classes: dict[str, str],
    reps: list[int],
    heuristic: int,
    heuristic_idea: str,
) -> PlayHint:
    """The hint from the exact solver on the one deal the view allows."""
    me = view.seat
    trick = tuple(ALL_CARDS[card] for card in view.trick)
    position = Position(tuple(world), view.taken, view.won, view.leader, trick)
    state = HandState.from_position_masks(view.rules, position, view.hand_number)
    result = solve(state, "min_points", me)
    values = {name: float(result.values[name]) for name in legal_names}
    best_value = min(values.values())
    best_cards = [name for name in legal_names if values[name] == best_value]
    heuristic_name = str(ALL_CARDS[heuristic])
    recommended = heuristic_name if heuristic_name in best_cards else best_cards[0]
    queen_live = bool(state.rules.tables.deck_mask >> QS & 1) and not view.gone >> QS & 1
    options: list[CardOption] = []
    queen_of: dict[str, float] = {}
    for name in legal_names:
        rep = classes[name]
        if rep not in queen_of:
            queen_of[rep] = 0.0
            if queen_live or view.taken[me] >> QS & 1:
                queen_of[rep] = float(_line_gives_queen(state, rep, me))
        options.append(CardOption(name, values[name], queen_of[rep], 0.0, 0.0, 0))
    options.sort(key=lambda option: (option.expected_points, option.card != recommended, option.card))
    costs = {option.card: option.expected_points - best_value for option in options}
    runner = next((option.card for option in options if classes[option.card] != classes[recommended]), None)
    card = int(Card.parse(recommended))
    idea = heuristic_idea if card == heuristic else classify_card(view, card)
    return PlayHint(
        seat=me,
        legal=legal_names,
        illegal=illegal,
        idea=idea,
        recommended=recommended,
        runner_up=runner,
        equally_good=tuple(option.card for option in options if costs[option.card] == 0),
        options=tuple(options),
        certainty="certain",
        objective="hand",
        costs=costs,
        classes=classes,
    )


def _line_gives_queen(state: HandState, card: str, seat: int) -> bool:
    """Whether ``seat`` ends with the QS on the solver's best line after ``card``."""
    if state.taken_masks[seat] >> QS & 1:
        return True
    for _, played in line_for(state, card, "min_points", seat):
        state = state.play(played)
    return bool(state.taken_masks[seat] >> QS & 1)


# -- the verdict for the review ----------------------------------------------------------------------


def decision_verdict(
    state: HandState,
    seat: int,
    played: str,
    *,
    totals: Sequence[int] | None = None,
    worlds: int = 64,
    seed: int = 0,
    language: str | None = None,
) -> Verdict:
    """What the engine thinks of ``played`` by ``seat`` in ``state`` (before the card)."""
    hint = play_hint(state, seat, totals=totals, worlds=worlds, seed=seed)
    card = str(Card.parse(played))
    if card not in hint.costs:
        raise ValueError(f"{card} is not a legal card for seat {seat} here")
    cost = hint.costs[card]
    good = card in hint.equally_good
    params = {"played": card, "preferred": hint.recommended, "cost": _points(cost, language)}
    if good:
        text = message("hint.verdict.good", language, **params)
        cost = 0.0 if card == hint.recommended or hint.classes.get(card) == hint.classes.get(hint.recommended) else cost
    else:
        text = message("hint.verdict.bad", language, **params)
    return Verdict(card, hint.recommended, cost, text, good)


# -- the pass hint -----------------------------------------------------------------------------------


def _pass_reason(view: PlayerView, card: int, chosen: int) -> str:
    hand = view.hand
    suit = card // 13
    if view.rules.tables.points[card] < 0:
        return "bonus_card"
    if card == QS:
        return "pass_queen"
    if card in (KS, AS):
        return "pass_spade_honour"
    if suit == 2:
        return "high_heart" if card % 13 >= 7 else "low_card"
    if hand & SUIT_MASKS[suit] & ~chosen == 0:
        return "make_void"
    return "high_card" if card % 13 >= 7 else "low_card"


def pass_hint(
    state: HandState,
    seat: int,
    *,
    totals: Sequence[int] | None = None,
    worlds: int = 32,
    seed: int = 0,
    shortlist: int = 5,
) -> PassHint:
    """A shortlist of three-card passes for ``seat``, scored by playing the hand out.

    The other hands are dealt at random from the seat's view (it sees only its
    own cards), the other seats pass by :func:`~hearts_core.ai.bots.heuristic_pass`,
    and every candidate is played out in the same worlds with the same seeds."""
    if not state.is_passing:
        raise ValueError("a pass hint needs a hand in the pass phase")
    view = PlayerView.from_state(state, seat, totals)
    rng = random.Random(seed)
    candidates = pass_candidates(view)[:shortlist]
    means, played = mean_pass_scores(view, candidates, worlds, rng, ROLLOUT_EPSILON)
    scored = list(zip(means, candidates, strict=True))
    scored.sort(key=lambda item: (round(item[0], 9), candidates.index(item[1])))
    options = []
    for mean, mask in scored:
        cards = cards_of_mask(mask)
        options.append(
            PassOption(
                tuple(str(ALL_CARDS[card]) for card in cards),
                mean,
                tuple(_pass_reason(view, card, mask) for card in cards),
            )
        )
    best = options[0]
    priority = ("pass_queen", "pass_spade_honour", "bonus_card", "make_void", "high_heart", "high_card", "low_card")
    idea = min(best.reasons, key=priority.index)
    return PassHint(seat, tuple(options), best.cards, idea, played, state.pass_direction)


__all__ = [
    "CERTAINTIES",
    "EPSILON",
    "PASS_REASONS",
    "CardOption",
    "PassHint",
    "PassOption",
    "PlayHint",
    "Verdict",
    "decision_verdict",
    "determined_world",
    "pass_hint",
    "play_hint",
]
