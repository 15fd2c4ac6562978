"""The Variant Lab's side-by-side replay: one deal, two rulesets, the first divergence.

:func:`replay_pair` plays the same deal (same hands, same seats, same hand
number) under ruleset A and ruleset B with the same players' policy (the
heuristic bots, seeded; passing included when the rules pass), and records
every position of both hands.  :func:`first_divergence` finds the first point
where the two differ and says why, as a :class:`Divergence` (a code and
parameters; :meth:`Divergence.text` turns it into words from the catalogue,
using the engine's explanation of the card under both rulesets).

>>> from hearts_core import Ruleset
>>> pair = replay_pair(Ruleset(), Ruleset.preset("omnibus"), 5)
>>> len(pair.states_a) - 1, pair.states_a[-1].phase
(52, 'over')
>>> same = replay_pair(Ruleset(), Ruleset(), 5)
>>> same.divergence is None, same.scores_a == same.scores_b
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from ..ai.bots import heuristic_choice
from ..ai.view import PlayerView
from ..engine.cards import ALL_CARDS, Card, CardSet, cards_of_mask
from ..engine.history import History
from ..engine.notation import NotationError
from ..engine.reasons import Explanation, Reason
from ..engine.rules import QUEEN_OF_SPADES, Ruleset
from ..engine.scoring import ScoreReport
from ..engine.state import HandState
from ..engine.table import seat_name
from ..search import kernel
from ..words.catalogue import message

POLICIES: Final = ("heuristic", "random")
DIVERGENCE_KINDS: Final = ("pass", "legality", "card", "trick_winner", "hearts_broken", "score")

DealLike = HandState | str | int


@dataclass(frozen=True)
class Divergence:
    """Where two replays of one deal first differ.

    ``index`` is the number of plays made when they differ (0 for the pass;
    the hand's length for a difference in scoring only); ``kind`` one of
    :data:`DIVERGENCE_KINDS`; ``seat`` the seat concerned; ``card`` the card
    at the heart of it (None when there is none); ``reason_code`` the
    catalogue key under ``lab.divergence``; ``params`` its parameters
    (seat numbers, card text, 1-based trick numbers, the engine's
    :class:`~hearts_core.engine.reasons.Explanation` objects under ``explain_a`` /
    ``explain_b``).
    """

    index: int
    kind: str
    seat: int | None
    card: str | None
    reason_code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def trick(self) -> int:
        """The trick (from 1) in which the divergence happens (0 for the pass)."""
        return int(self.params.get("trick", 0))

    def text(self, language: str | None = None) -> str:
        """The divergence as sentences, e.g. "Under B the queen broke hearts on trick 4,
        so West could lead the 9H; under A ...".
        """
        params = dict(self.params)
        players = int(params.get("players", 4))
        for key in ("seat", "shooter_a", "shooter_b", "winner_a", "winner_b"):
            value = params.get(key)
            if isinstance(value, int) and 0 <= value < players:
                params[f"{key}_name"] = seat_name(value, players, language)
        for key in ("explain_a", "explain_b"):
            value = params.get(key)
            if isinstance(value, Explanation):
                params[f"{key}_text"] = value.text(language)
        if params.get("allowed_under") in ("A", "B"):
            legal_side = "b" if params["allowed_under"] == "B" else "a"
            barred_side = "a" if legal_side == "b" else "b"
            params["why"] = params.get(f"explain_{legal_side}_text", "")
            params["why_not"] = params.get(f"explain_{barred_side}_text", "")
        for key in ("moon_a", "moon_b"):
            value = params.get(key)
            if isinstance(value, str):
                params[f"{key}_text"] = message(f"lab.moon_option.{value}", language)
        return message(f"lab.divergence.{self.reason_code}", language, **params)

    def label(self, language: str | None = None) -> str:
        """A short name of the kind ("A card legal under one ruleset only")."""
        return message(f"lab.kind.{self.kind}", language)


@dataclass(frozen=True)
class PairReplay:
    """One deal played under two rulesets.

    ``start_a`` / ``start_b`` are the dealt states (before the pass);
    ``history_a`` / ``history_b`` every position after the pass, index = plays
    made (``history_a[0]`` is ready for the first lead, the last is over).
    ``scores_*`` are the hand scores, ``standings_*`` the game totals after
    the hand when ``totals`` were given.
    """

    rules_a: Ruleset
    rules_b: Ruleset
    start_a: HandState
    start_b: HandState
    history_a: History
    history_b: History
    divergence: Divergence | None
    scores_a: tuple[int, ...]
    scores_b: tuple[int, ...]
    report_a: ScoreReport
    report_b: ScoreReport
    standings_a: tuple[int, ...] | None = None
    standings_b: tuple[int, ...] | None = None
    seed: int = 0

    @property
    def states_a(self) -> tuple[HandState, ...]:
        """Every position under A after the pass."""
        return self.history_a.states

    @property
    def states_b(self) -> tuple[HandState, ...]:
        """Every position under B after the pass."""
        return self.history_b.states

    @property
    def final_a(self) -> HandState:
        return self.history_a.last

    @property
    def final_b(self) -> HandState:
        return self.history_b.last

    @property
    def last_step(self) -> int:
        """The last position of the longer history."""
        return max(len(self.history_a), len(self.history_b)) - 1

    @property
    def outcomes_differ(self) -> bool:
        """Whether the hand scores differ."""
        return self.scores_a != self.scores_b

    def deal_text(self) -> str:
        """The deal in hand notation (paste it back with :func:`parse_deal_text`)."""
        return self.start_a.to_notation()


def check_same_deck(rules_a: Ruleset, rules_b: Ruleset) -> None:
    """Raise ``ValueError`` when the two rulesets cannot play the same deal."""
    if rules_a.players != rules_b.players or rules_a.tables.deck_mask != rules_b.tables.deck_mask:
        raise ValueError(
            message(
                "lab.error.different_decks",
                players_a=rules_a.players,
                players_b=rules_b.players,
                removed_a=str(rules_a.removed_cards) or "-",
                removed_b=str(rules_b.removed_cards) or "-",
            )
        )


def parse_deal_text(rules: Ruleset, text: str) -> HandState:
    """A pasted deal as a dealt :class:`HandState` (before any pass or play).

    Accepts the hand notation (``deal: ... / ... ; pass: ...; play: ...``,
    only the deal and the hand number are kept) or the bare seat hands
    separated by ``/``.  Raises :class:`~hearts_core.engine.notation.NotationError`
    with a message saying what is wrong.

    >>> from hearts_core import Ruleset
    >>> parse_deal_text(Ruleset(), "2C / 3C")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hearts_core.engine.notation.NotationError: line 1 (deal): expected 4 seats separated by '/', found 2
    """
    cleaned = text.strip()
    if not cleaned:
        raise NotationError(0, "deal", message("lab.error.empty_deal"))
    if ":" not in cleaned:
        cleaned = "deal: " + " ".join(cleaned.split())
    state = HandState.from_notation(rules, cleaned)
    dealt = state.dealt
    if dealt is None:
        if state.tricks or state.current_trick.cards or any(state.taken_masks):
            raise NotationError(0, "hands", message("lab.error.position_not_deal"))
        dealt = state.hands
    return HandState.from_hands(rules, list(dealt), state.hand_number)


def _deal_masks(rules: Ruleset, deal: DealLike, hand_number: int) -> tuple[tuple[int, ...], int]:
    if isinstance(deal, HandState):
        dealt = deal.dealt
        if dealt is None:
            if deal.tricks or deal.current_trick.cards or any(deal.taken_masks):
                raise ValueError(message("lab.error.position_not_deal"))
            dealt = deal.hands
        return tuple(cards.mask for cards in dealt), deal.hand_number
    if isinstance(deal, bool):
        raise TypeError("a deal is a HandState, hand notation or a seed (int)")
    if isinstance(deal, int):
        state = HandState.deal(rules, deal, hand_number)
        return state.hand_masks, hand_number
    state = parse_deal_text(rules, deal)
    return state.hand_masks, state.hand_number


def _pass_all(state: HandState, policy: str, rules: np.ndarray, rng: np.ndarray) -> dict[int, tuple[Card, ...]]:
    """Every seat's pass by ``policy``: the kernel's heuristic pass, or ``pass_count`` random cards
    per seat drawn seat by seat (:func:`hearts_core.search.kernel.random_passes`)."""
    n = state.rules.players
    if policy == "random":
        passed = np.zeros(n, dtype=np.int64)
        kernel.random_passes(rules, np.array(state.hand_masks, dtype=np.int64), passed, rng)
        masks = [int(mask) for mask in passed]
    else:
        right = state.pass_target(0) == n - 1  # seat 0 passes to its right (seat n - 1)
        masks = [int(kernel.heuristic_pass(rules, hand, right)) for hand in state.hand_masks]
    return {seat: cards_of_mask(mask) for seat, mask in enumerate(masks)}


def _choose_card(state: HandState, policy: str, rng: np.ndarray) -> int:
    legal = state.legal_mask()
    if policy == "random":
        return int(kernel.random_card(legal, rng))
    seat: int = state.to_play  # type: ignore[assignment]
    return heuristic_choice(PlayerView.from_state(state, seat))[0]


def play_out(start: HandState, policy: str = "heuristic", seed: int = 0) -> History:
    """Every position of ``start`` played to the end by ``policy`` (after the pass).

    The players are the kernel's, as in the Variant Lab's simulation: the heuristic, or uniformly
    random choices drawn from the kernel's generator seeded by ``seed`` (the passes seat by seat,
    then the plays), so a Lab row is replayed card for card with the seed ``deal_seed + 1``."""
    if policy not in POLICIES:
        raise ValueError(f"no policy {policy!r}; choose one of {', '.join(POLICIES)}")
    rules = kernel.rules_array(start.rules)
    rng = kernel.rng_state(seed)
    state = start
    if state.is_passing:
        state = state.with_passes(_pass_all(state, policy, rules, rng))
    states = [state]
    while state.is_playing:
        state = state.play(ALL_CARDS[_choose_card(state, policy, rng)])
        states.append(state)
    return History.from_states(states)


def replay_pair(
    rules_a: Ruleset,
    rules_b: Ruleset,
    deal: DealLike,
    *,
    policy: str = "heuristic",
    seed: int = 0,
    hand_number: int = 0,
    totals: Sequence[int] | None = None,
) -> PairReplay:
    """The same deal played under A and under B by the same policy.

    ``deal`` is a dealt ``HandState``, hand notation (see
    :func:`parse_deal_text`) or a seed (an int, shuffled with A's deck;
    ``hand_number`` sets the pass direction and the dealer then).  The
    rulesets must share the player count and the deck.  ``seed`` seeds the
    policy (the random policy; the heuristic is deterministic).  ``totals``
    (the game totals before this hand) give the standings after it and the
    shooter's moon choice.
    """
    check_same_deck(rules_a, rules_b)
    masks, number = _deal_masks(rules_a, deal, hand_number)
    start_a = HandState.from_masks(rules_a, masks, number)
    start_b = HandState.from_masks(rules_b, masks, number)
    history_a = play_out(start_a, policy, seed)
    history_b = play_out(start_b, policy, seed)
    before = tuple(totals) if totals is not None else None
    report_a = history_a.last.score_report(None, before)
    report_b = history_b.last.score_report(None, before)
    divergence = first_divergence(history_a.states, history_b.states, start_a=start_a, start_b=start_b, totals=before)
    standings_a = standings_b = None
    if before is not None:
        standings_a = tuple(t + s for t, s in zip(before, report_a.scores, strict=True))
        standings_b = tuple(t + s for t, s in zip(before, report_b.scores, strict=True))
    return PairReplay(
        rules_a,
        rules_b,
        start_a,
        start_b,
        history_a,
        history_b,
        divergence,
        tuple(report_a.scores),
        tuple(report_b.scores),
        report_a,
        report_b,
        standings_a,
        standings_b,
        seed,
    )


def divergence_step(divergence: Divergence, last: int) -> int:
    """The step of a replay that first shows ``divergence`` (``last`` is the replay's last step).

    A different card (or trick winner) shows once that card is on the table,
    one step after the position where it was chosen; a pass, hearts broken or
    a score shows at its own index.
    """
    index = divergence.index + (1 if divergence.kind in ("legality", "card", "trick_winner") else 0)
    return max(0, min(index, last))


def _base_params(state: HandState, index: int, seat: int | None) -> dict[str, Any]:
    return {
        "players": state.rules.players,
        "index": index,
        "trick": state.trick_number + 1,
        "seat": seat if seat is not None else -1,
    }


def _pass_divergence(
    start_a: HandState, start_b: HandState, after_a: HandState, after_b: HandState
) -> Divergence | None:
    direction_a, direction_b = start_a.pass_direction, start_b.pass_direction
    passes_a, passes_b = after_a.passes or {}, after_b.passes or {}
    params: dict[str, Any] = {
        "players": start_a.rules.players,
        "index": 0,
        "trick": 0,
        "direction_a": direction_a,
        "direction_b": direction_b,
        "count_a": start_a.rules.pass_count,
        "count_b": start_b.rules.pass_count,
    }
    if direction_a != direction_b or params["count_a"] != params["count_b"]:
        code = "pass_direction" if direction_a != direction_b else "pass_count"
        return Divergence(0, "pass", None, None, code, {**params, "seat": -1})
    for seat in range(start_a.rules.players):
        mine, theirs = passes_a.get(seat, CardSet()), passes_b.get(seat, CardSet())
        if mine != theirs:
            changed = (mine - theirs) or (theirs - mine)
            card = str(changed.cards()[0])
            params.update(seat=seat, card=card, pass_a=str(mine), pass_b=str(theirs))
            return Divergence(0, "pass", seat, card, "pass_choice", params)
    return None


def _broken_trick(state: HandState) -> int:
    """The trick (from 1) in which the queen of spades was played, 0 if not yet."""
    for number, trick in enumerate(state.tricks, start=1):
        if QUEEN_OF_SPADES in trick.cards:
            return number
    if QUEEN_OF_SPADES in state.current_trick.cards:
        return state.trick_number + 1
    return 0


def _card_divergence(index: int, state_a: HandState, state_b: HandState, card_a: Card, card_b: Card) -> Divergence:
    seat = state_a.to_play
    params = _base_params(state_a, index, seat)
    params.update(card_a=str(card_a), card_b=str(card_b))
    legal_a, legal_b = state_a.legal_mask(), state_b.legal_mask()
    # The card at the heart of it: a played card that the other ruleset forbids.
    if not legal_a >> card_b & 1:
        card, allowed_under, other = card_b, "B", "A"
    elif not legal_b >> card_a & 1:
        card, allowed_under, other = card_a, "A", "B"
    else:
        points_a = state_a.rules.tables.points
        points_b = state_b.rules.tables.points
        params.update(
            points_a_of_a=points_a[card_a],
            points_b_of_a=points_b[card_a],
            points_a_of_b=points_a[card_b],
            points_b_of_b=points_b[card_b],
        )
        changed = [card for card in range(52) if points_a[card] != points_b[card]]
        if changed:
            params["changed"] = " ".join(str(ALL_CARDS[card]) for card in changed[:6])
            return Divergence(index, "card", seat, str(card_a), "card_values", params)
        fields = state_a.rules.differences(state_b.rules)
        params["fields"] = ", ".join(message(f"field.{name}.label").lower() for name in fields) or "-"
        return Divergence(index, "card", seat, str(card_a), "card_choice", params)
    explain_a = state_a.explain(card)
    explain_b = state_b.explain(card)
    params.update(
        card=str(card),
        allowed_under=allowed_under,
        other=other,
        explain_a=explain_a,
        explain_b=explain_b,
        played_other=str(card_a if allowed_under == "B" else card_b),
    )
    legal_side = explain_b if allowed_under == "B" else explain_a
    barred_side = explain_a if allowed_under == "B" else explain_b
    params.update(reason=legal_side.reason.value, barred_reason=barred_side.reason.value)
    code = "legality"
    if legal_side.reason == Reason.LEAD_HEARTS_BROKEN and "broken_by_queen" in legal_side.notes:
        state = state_b if allowed_under == "B" else state_a
        code = "queen_broke_hearts"
        params["broken_trick"] = _broken_trick(state)
    return Divergence(index, "legality", seat, str(card), code, params)


def _score_divergence(final_a: HandState, final_b: HandState, totals: tuple[int, ...] | None) -> Divergence | None:
    report_a = final_a.score_report(None, totals)
    report_b = final_b.score_report(None, totals)
    if report_a.scores == report_b.scores:
        return None
    index = len(final_a.plays())
    seat = next(s for s, (x, y) in enumerate(zip(report_a.scores, report_b.scores, strict=True)) if x != y)
    params = _base_params(final_a, index, seat)
    params["trick"] = final_a.rules.hand_size
    params.update(
        score_a=report_a.scores[seat],
        score_b=report_b.scores[seat],
        scores_a=" / ".join(map(str, report_a.scores)),
        scores_b=" / ".join(map(str, report_b.scores)),
        moon_value_a=report_a.moon_value,
        moon_value_b=report_b.moon_value,
    )
    if report_a.sun_shooter != report_b.sun_shooter:
        shooter = report_a.sun_shooter if report_a.sun_shooter is not None else report_b.sun_shooter
        params["shooter"] = shooter
        params["seat"] = shooter
        return Divergence(index, "score", shooter, None, "score_sun", params)
    if report_a.moon_shooter is not None or report_b.moon_shooter is not None:
        params.update(
            shooter_a=report_a.moon_shooter if report_a.moon_shooter is not None else -1,
            shooter_b=report_b.moon_shooter if report_b.moon_shooter is not None else -1,
            moon_a=report_a.moon_option or "none",
            moon_b=report_b.moon_option or "none",
        )
        shooter = report_a.moon_shooter if report_a.moon_shooter is not None else report_b.moon_shooter
        params["seat"] = shooter
        return Divergence(index, "score", shooter, None, "score_moon", params)
    if report_a.chip_winners or report_b.chip_winners:
        return Divergence(index, "score", seat, None, "score_chips", params)
    points_a = final_a.rules.tables.points
    points_b = final_b.rules.tables.points
    taken = final_a.taken_masks[seat]
    for card in cards_of_mask(taken):
        if points_a[card] != points_b[card]:
            params.update(card=str(card), points_a=points_a[card], points_b=points_b[card])
            return Divergence(index, "score", seat, str(card), "score_points", params)
    if report_a.no_tricks_seats != report_b.no_tricks_seats:
        return Divergence(index, "score", seat, None, "score_no_tricks", params)
    return Divergence(index, "score", seat, None, "score_other", params)


def first_divergence(
    states_a: Sequence[HandState],
    states_b: Sequence[HandState],
    *,
    start_a: HandState | None = None,
    start_b: HandState | None = None,
    totals: Sequence[int] | None = None,
) -> Divergence | None:
    """The first point where two replays of one deal differ, or None.

    In order: the pass (direction, count, or the cards chosen; needs
    ``start_a``/``start_b`` or states that remember their passes), then the
    first play where the cards differ (``legality`` when one ruleset forbids
    the other's card, ``card`` when the players chose differently among the
    same legal cards), then a difference in hearts being broken that changed
    no card (``hearts_broken``), then the hand scores (``score``).
    """
    if not states_a or not states_b:
        return None
    first_a, first_b = states_a[0], states_b[0]
    if start_a is not None and start_b is not None:
        passed = _pass_divergence(start_a, start_b, first_a, first_b)
        if passed is not None:
            return passed
    broken: Divergence | None = None
    for index in range(min(len(states_a), len(states_b)) - 1):
        state_a, state_b = states_a[index], states_b[index]
        if state_a.hand_masks != state_b.hand_masks:
            break
        if broken is None and state_a.hearts_broken != state_b.hearts_broken:
            broken = _broken_divergence(index, state_a, state_b)
        next_a, next_b = states_a[index + 1], states_b[index + 1]
        card_a = _last_card(next_a)
        card_b = _last_card(next_b)
        if card_a != card_b:
            return _card_divergence(index, state_a, state_b, card_a, card_b)
        winner_a = next_a.tricks[-1].winner if len(next_a.tricks) > len(state_a.tricks) else None
        winner_b = next_b.tricks[-1].winner if len(next_b.tricks) > len(state_b.tricks) else None
        if winner_a != winner_b:
            params = _base_params(state_a, index, state_a.to_play)
            params.update(winner_a=winner_a, winner_b=winner_b)
            return Divergence(index, "trick_winner", state_a.to_play, str(card_a), "trick_winner", params)
    last = min(len(states_a), len(states_b)) - 1
    if broken is None and states_a[last].hearts_broken != states_b[last].hearts_broken:
        broken = _broken_divergence(last, states_a[last], states_b[last])
    final_a, final_b = states_a[-1], states_b[-1]
    if final_a.is_over and final_b.is_over:
        scored = _score_divergence(final_a, final_b, tuple(totals) if totals is not None else None)
        if scored is not None:
            if broken is not None:
                scored.params["broken_trick"] = broken.trick
            return scored
    return broken


def _broken_divergence(index: int, state_a: HandState, state_b: HandState) -> Divergence:
    seat = state_a.tricks[-1].winner if state_a.tricks else state_a.to_play
    params = _base_params(state_a, index, seat)
    played = state_a.plays()
    card = str(played[-1]) if played else None
    params["card"] = card or ""
    params["broken_under"] = "B" if state_b.hearts_broken else "A"
    params["trick"] = _broken_trick(state_a) or state_a.trick_number + 1
    return Divergence(index, "hearts_broken", None, card, "hearts_broken", params)


def _last_card(state: HandState) -> Card:
    trick = state.current_trick.cards
    if trick:
        return trick[-1]
    return state.tricks[-1].cards[-1]


def find_differing_deal(
    rules_a: Ruleset,
    rules_b: Ruleset,
    *,
    seed: int = 0,
    time_limit: float = 5.0,
    max_deals: int = 500,
    policy: str = "heuristic",
    hand_number: int = 0,
) -> PairReplay | None:
    """Search deals (seeds ``seed``, ``seed + 1``, ...) until the hand scores under A
    and B differ; None when none does within ``max_deals`` deals or ``time_limit``
    seconds.  The replay's ``seed`` field is the deal's seed."""
    check_same_deck(rules_a, rules_b)
    deadline = time.monotonic() + time_limit
    for offset in range(max_deals):
        deal_seed = seed + offset
        pair = replay_pair(rules_a, rules_b, deal_seed, policy=policy, seed=deal_seed, hand_number=hand_number)
        if pair.outcomes_differ:
            return pair
        if time.monotonic() > deadline:
            break
    return None


__all__ = [
    "DIVERGENCE_KINDS",
    "POLICIES",
    "Divergence",
    "PairReplay",
    "check_same_deck",
    "divergence_step",
    "find_differing_deal",
    "first_divergence",
    "parse_deal_text",
    "play_out",
    "replay_pair",
]
