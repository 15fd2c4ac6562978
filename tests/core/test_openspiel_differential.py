"""Differential test: hearts_core against OpenSpiel's ``hearts`` game.

Every one of the 256 combinations of OpenSpiel's eight boolean parameters is
mapped to a :class:`~hearts_core.Ruleset`; the same deal, passes and plays are
fed to both engines, and at every decision the set of legal cards and the
player to move must agree, and at the end the points must agree
(our ``scores()`` == ``26 - returns()``).

Uniformly random play almost never reaches the rule corners where engines
disagree (moons, first-trick discards by a player holding only penalty cards,
a lead from a hand of nothing but hearts, or of hearts and the QS...), so each
hand follows a *plan* that biases the deal, the passes and the play towards
them.  The corners reached are counted and the last test asserts that every
one of them was reached at least once.

Everything is seeded: a failure reproduces exactly.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from hearts_core import HandState, Ruleset
from hearts_core.openspiel import DEFAULT_PARAMS, PARAM_NAMES, ruleset_for

pyspiel = pytest.importorskip("pyspiel")

# -- the mapping ---------------------------------------------------------------

COMBOS: list[dict[str, bool]] = [
    dict(zip(PARAM_NAMES, bits, strict=True)) for bits in itertools.product((False, True), repeat=len(PARAM_NAMES))
]
OPENSPIEL_DEFAULTS = dict(DEFAULT_PARAMS)

#: OpenSpiel's first chance outcome (0 No Pass, 1 Left, 2 Across, 3 Right) as our direction.
OPENSPIEL_DIRECTIONS = ("hold", "left", "across", "right")
#: The hand number that gives that direction under the default cycle left, right, across, hold.
HAND_NUMBER = {"left": 0, "right": 1, "across": 2, "hold": 3}

HANDS_PER_COMBO = 32
EXTRA_DEFAULT_HANDS = 2000


def hand_number_for(params: dict[str, bool], direction: str) -> int:
    """Our hand number whose pass direction is OpenSpiel's drawn ``direction``."""
    return HAND_NUMBER[direction] if params["pass_cards"] else 0


# -- cards ---------------------------------------------------------------------
# Our card index is suit * 13 + rank_index; OpenSpiel's action is rank_index * 4 + suit.

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
QS = SPADES * 13 + 10
JD = DIAMONDS * 13 + 9
TO_ACTION = tuple((card % 13) * 4 + card // 13 for card in range(52))
FROM_ACTION = tuple(sorted(range(52), key=lambda card: TO_ACTION[card]))
TEXT = tuple("23456789TJQKA"[card % 13] + "CDHS"[card // 13] for card in range(52))
HEARTS_MASK = 0x1FFF << (13 * HEARTS)
CLUBS_MASK = 0x1FFF << (13 * CLUBS)
POINTS_MASK = HEARTS_MASK | 1 << QS


def rank(card: int) -> int:
    return card % 13


def is_point(card: int) -> bool:
    return card // 13 == HEARTS or card == QS


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    return " ".join(TEXT[card] for card in sorted(cards)) or "-"


# -- plans: biased deals, passes and play ----------------------------------------

Policy = Callable[[random.Random, list[int], str], int]
"""Pick a card from the legal cards; the mode is "lead", "follow" or "discard" (void in the led suit)."""


def uniform(rng: random.Random, legal: list[int], mode: str) -> int:
    return legal[rng.randrange(len(legal))]


def lowest(rng: random.Random, legal: list[int], mode: str) -> int:
    low = min(rank(card) for card in legal)
    return rng.choice([card for card in legal if rank(card) == low])


def highest(rng: random.Random, legal: list[int], mode: str) -> int:
    high = max(rank(card) for card in legal)
    return rng.choice([card for card in legal if rank(card) == high])


def points_first(rng: random.Random, legal: list[int], mode: str) -> int:
    """Play the QS or a heart whenever allowed (dumps points on the first trick)."""
    points = [card for card in legal if is_point(card)]
    if QS in points:
        return QS
    return highest(rng, points, mode) if points else uniform(rng, legal, mode)


def hoard(pick: Policy) -> Policy:
    """Keep hearts and the QS as long as possible; ``pick`` among the other cards."""

    def policy(rng: random.Random, legal: list[int], mode: str) -> int:
        others = [card for card in legal if not is_point(card)]
        return pick(rng, others or legal, mode)

    return policy


def shooter(rng: random.Random, legal: list[int], mode: str) -> int:
    """Win with high cards; when void, throw away the lowest card that is not a point."""
    if mode == "discard":
        return lowest(rng, [card for card in legal if not is_point(card)] or legal, mode)
    return highest(rng, legal, mode)


def ducker(rng: random.Random, legal: list[int], mode: str) -> int:
    """Lead and follow low; when void, dump the QS and high hearts (onto the shooter)."""
    if mode == "discard":
        points = [card for card in legal if is_point(card)]
        if QS in points:
            return QS
        return highest(rng, points or legal, mode)
    return lowest(rng, legal, mode)


MIXED_POLICIES: tuple[Policy, ...] = (uniform, lowest, highest, points_first, hoard(lowest), hoard(uniform))


@dataclasses.dataclass
class Plan:
    """How one hand is dealt, passed and played."""

    name: str
    hands: list[list[int]]
    policies: list[Policy]
    pass_choice: Callable[[random.Random, int, list[int]], list[int]]


def random_pass(rng: random.Random, seat: int, hand: list[int]) -> list[int]:
    return rng.sample(hand, 3)


def uniform_deal(rng: random.Random) -> list[list[int]]:
    deck = list(range(52))
    rng.shuffle(deck)
    return [sorted(deck[seat::4]) for seat in range(4)]


def deal_around(rng: random.Random, seat: int, wanted: list[int]) -> list[list[int]]:
    """A random deal where ``seat`` gets the cards ``wanted`` (13 at most) plus random others."""
    rest = [card for card in range(52) if card not in wanted]
    rng.shuffle(rest)
    fill = 13 - len(wanted)
    hands: list[list[int]] = [[] for _ in range(4)]
    hands[seat] = sorted(wanted + rest[:fill])
    rest = rest[fill:]
    others = [other for other in range(4) if other != seat]
    for index, other in enumerate(others):
        hands[other] = sorted(rest[13 * index : 13 * index + 13])
    return hands


def make_plan(rng: random.Random) -> Plan:
    roll = rng.random()
    seat = rng.randrange(4)
    if roll < 0.2:
        return Plan("uniform", uniform_deal(rng), [uniform] * 4, random_pass)
    if roll < 0.4:
        return Plan("mixed", uniform_deal(rng), [rng.choice(MIXED_POLICIES) for _ in range(4)], random_pass)
    if roll < 0.6:
        # Moon: the shooter keeps high cards (half the time it is dealt mostly high cards)
        # and passes its lowest; the others duck and throw points on it.
        if rng.random() < 0.5:
            high_cards = [card for card in range(52) if rank(card) >= 8]  # T J Q K A
            hands = deal_around(rng, seat, rng.sample(high_cards, rng.randrange(7, 12)))
        else:
            hands = uniform_deal(rng)
        policies: list[Policy] = [ducker] * 4
        policies[seat] = shooter

        def moon_pass(rng: random.Random, passer: int, hand: list[int]) -> list[int]:
            if passer == seat:
                return sorted(hand, key=rank)[:3]
            return random_pass(rng, passer, hand)

        return Plan("moon", hands, policies, moon_pass)
    if roll < 0.85:
        # Hoard: one seat is dealt many hearts (and often the QS); everybody keeps
        # hearts and the QS back, so that seat may end up leading from nothing but
        # hearts (or hearts and the QS) before hearts are broken.
        wanted = rng.sample(range(13 * HEARTS, 13 * HEARTS + 13), rng.randrange(6, 11))
        if rng.random() < 0.6:
            wanted.append(QS)
        hands = deal_around(rng, seat, wanted)
        policies = [hoard(lowest)] * 4
        policies[seat] = hoard(highest)

        def hoard_pass(rng: random.Random, passer: int, hand: list[int]) -> list[int]:
            plain = [card for card in hand if not is_point(card)]
            if len(plain) < 3:
                return random_pass(rng, passer, hand)
            return rng.sample(plain, 3)

        return Plan("hoard", hands, policies, hoard_pass)
    if roll < 0.95:
        return Plan("dump", uniform_deal(rng), [rng.choice((points_first, lowest)) for _ in range(4)], random_pass)
    # All points: one seat holds 13 of the 14 penalty cards; on a hand without passing it is
    # void in clubs with nothing but penalty cards on the first trick (rule dispute_3).
    penalty_cards = [*range(13 * HEARTS, 13 * HEARTS + 13), QS]
    hands = deal_around(rng, seat, rng.sample(penalty_cards, 13))
    return Plan("all points", hands, [rng.choice(MIXED_POLICIES) for _ in range(4)], random_pass)


# -- one hand in both engines ------------------------------------------------------

_GAMES: dict[tuple[bool, ...], Any] = {}


def openspiel_game(params: dict[str, bool]) -> Any:
    key = tuple(params[name] for name in PARAM_NAMES)
    if key not in _GAMES:
        _GAMES[key] = pyspiel.load_game("hearts", dict(params))
    return _GAMES[key]


def describe(
    params: dict[str, bool],
    direction: str,
    plan: str,
    hands: list[list[int]],
    passes: dict[int, list[int]] | None,
    plays: list[int],
    problem: str,
) -> str:
    lines = [problem, f"OpenSpiel params: {params}", f"pass direction: {direction}; plan: {plan}"]
    lines += [f"  seat {seat} dealt: {cards_text(hand)}" for seat, hand in enumerate(hands)]
    if passes is not None:
        lines += [f"  seat {seat} passes: {cards_text(cards)}" for seat, cards in passes.items()]
    tricks = [plays[i : i + 4] for i in range(0, len(plays), 4)]
    lines.append("plays so far: " + (" | ".join(" ".join(TEXT[card] for card in trick) for trick in tricks) or "-"))
    return "\n".join(lines)


def check_hands(spiel: Any, state: HandState, why: Callable[[str], str]) -> None:
    """The cards in each hand and the points taken so far agree (between tricks)."""
    struct = spiel.to_struct()
    for seat in range(4):
        ours = str(state.hands[seat]).split() if state.hands[seat] else []
        if sorted(ours) != sorted(struct.hands[seat]):
            pytest.fail(
                why(
                    f"seat {seat} holds {' '.join(sorted(ours))} for us, "
                    f"{' '.join(sorted(struct.hands[seat]))} for OpenSpiel"
                )
            )
    points = [round(value) for value in struct.points]
    assert list(state.hand_points()) == points, why(
        f"points so far: ours {list(state.hand_points())}, OpenSpiel {points}"
    )


def play_hand(
    params: dict[str, bool],
    rules: Ruleset,
    rng: random.Random,
    corners: Counter[str],
) -> None:
    """Play one seeded hand in both engines, comparing them at every step."""
    game = openspiel_game(params)
    spiel = game.new_initial_state()
    direction_action = rng.choice(spiel.legal_actions())
    spiel.apply_action(direction_action)
    direction = OPENSPIEL_DIRECTIONS[direction_action]
    plan = make_plan(rng)
    hands = plan.hands
    for k in range(52):  # OpenSpiel deals round robin: the k-th card goes to player k % 4
        spiel.apply_action(TO_ACTION[hands[k % 4][k // 4]])
    state = HandState.from_hands(
        rules, [[TEXT[card] for card in hand] for hand in hands], hand_number_for(params, direction)
    )
    passes: dict[int, list[int]] | None = None
    plays: list[int] = []

    def why(problem: str) -> str:
        return describe(params, direction, plan.name, hands, passes, plays, problem)

    assert state.pass_direction == direction, why(f"our pass direction is {state.pass_direction}")
    if direction != "hold":
        assert state.phase == "pass", why(f"our phase is {state.phase}, expected pass")
        passes = {seat: plan.pass_choice(rng, seat, hands[seat]) for seat in range(4)}
        for seat in range(4):
            for card in passes[seat]:
                assert spiel.current_player() == seat, why(f"OpenSpiel expects a pass from {spiel.current_player()}")
                spiel.apply_action(TO_ACTION[card])
        state = state.with_passes({seat: [TEXT[card] for card in cards] for seat, cards in passes.items()})
    check_hands(spiel, state, why)
    if params["can_lead_any_club"]:
        opener = state.to_play
        assert opener is not None
        if (state.hands[opener].mask & CLUBS_MASK).bit_count() > 1:
            corners["any_club: the opener may choose among several clubs"] += 1

    hearts_played = queen_played = False
    while not spiel.is_terminal():
        assert state.phase == "play", why(f"our phase is {state.phase} but OpenSpiel is still playing")
        assert state.to_play is not None
        seat = state.to_play
        assert seat == spiel.current_player(), why(f"to move: ours {seat}, OpenSpiel {spiel.current_player()}")
        legal = [int(card) for card in state.legal_moves()]
        theirs = sorted(FROM_ACTION[action] for action in spiel.legal_actions())
        if {TEXT[card] for card in legal} != {TEXT[card] for card in theirs}:
            pytest.fail(
                why(f"legal cards differ for seat {seat}: ours {cards_text(legal)}; OpenSpiel {cards_text(theirs)}")
            )

        hand = state.hands[seat].mask
        trick = len(plays) // 4
        leading = len(plays) % 4 == 0
        if leading:
            mode = "lead"
        else:
            led_suit = plays[-(len(plays) % 4)] // 13
            mode = "follow" if any(card // 13 == led_suit for card in legal) else "discard"
        if trick == 0 and not leading and not hand & CLUBS_MASK:
            corners["first trick: a player void in clubs discards"] += 1
            if params["no_pts_on_first_trick"] and not hand & ~POINTS_MASK:
                corners["first trick: no points rule, but the player holds only hearts and the QS"] += 1
        if leading and trick > 0:
            broken = hearts_played or (queen_played and params["qs_breaks_hearts"])
            if params["must_break_hearts"] and not broken:
                if not hand & ~HEARTS_MASK:
                    corners["lead before hearts are broken from a hand of only hearts"] += 1
                elif hand & HEARTS_MASK and hand & ~HEARTS_MASK == 1 << QS:
                    which = "may lead a heart" if params["can_lead_hearts_instead_of_qs"] else "must lead the QS"
                    corners[f"lead before hearts are broken from only hearts and the QS ({which})"] += 1
            if (
                params["must_break_hearts"]
                and params["qs_breaks_hearts"]
                and queen_played
                and not hearts_played
                and hand & HEARTS_MASK
                and hand & ~HEARTS_MASK
            ):
                corners["lead after the QS broke hearts (no heart played yet)"] += 1
            if not params["must_break_hearts"] and not hearts_played and hand & HEARTS_MASK and hand & ~HEARTS_MASK:
                corners["lead with hearts not broken and no breaking rule"] += 1

        card = plan.policies[seat](rng, legal, mode)
        if trick == 0 and is_point(card):
            corners["first trick: a heart or the QS is played"] += 1
        hearts_played = hearts_played or card // 13 == HEARTS
        queen_played = queen_played or card == QS
        plays.append(card)
        state = state.play(TEXT[card])
        spiel.apply_action(TO_ACTION[card])
        if len(plays) % 4 == 0 and not spiel.is_terminal():
            check_hands(spiel, state, why)

    assert state.phase == "over", why(f"OpenSpiel's hand is over but our phase is {state.phase}")
    ours = list(state.scores())
    expected = [26 - round(value) for value in spiel.returns()]
    assert ours == expected, why(f"final points differ: ours {ours}, OpenSpiel {expected} (26 - returns)")

    report = state.score_report()
    trickless = [seat for seat, won in enumerate(state.tricks_won) if won == 0]
    if report.moon_shooter is not None:
        corners["moon shot"] += 1
        if params["jd_bonus"]:
            corners["moon shot with the JD bonus on"] += 1
            if not state.taken[report.moon_shooter].mask >> JD & 1:
                corners["moon shot with the JD bonus on, the JD taken by another player"] += 1
        if params["avoid_all_tricks_bonus"] and trickless:
            corners["moon shot with a trickless player (no-tricks bonus withheld)"] += 1
    elif trickless:
        corners["a player took no trick"] += 1
        if params["avoid_all_tricks_bonus"]:
            corners["no-tricks bonus paid"] += 1
    corners[f"plan {plan.name}"] += 1
    corners["hands"] += 1


def run_combo(index: int) -> Counter[str]:
    params = COMBOS[index]
    rules = ruleset_for(params)
    rng = random.Random(f"openspiel-differential-{index}")
    corners: Counter[str] = Counter()
    for _ in range(HANDS_PER_COMBO):
        play_hand(params, rules, rng, corners)
    return corners


def run_defaults() -> Counter[str]:
    rules = Ruleset.preset("openspiel")
    rng = random.Random("openspiel-differential-defaults")
    corners: Counter[str] = Counter()
    for _ in range(EXTRA_DEFAULT_HANDS):
        play_hand(OPENSPIEL_DEFAULTS, rules, rng, corners)
    return corners


# Corners reached by the tests that ran in this process, by test (combo index, or "defaults").
_REACHED: dict[int | str, Counter[str]] = {}

EXPECTED_CORNERS = (
    "any_club: the opener may choose among several clubs",
    "first trick: a player void in clubs discards",
    "first trick: no points rule, but the player holds only hearts and the QS",
    "first trick: a heart or the QS is played",
    "lead before hearts are broken from a hand of only hearts",
    "lead before hearts are broken from only hearts and the QS (may lead a heart)",
    "lead before hearts are broken from only hearts and the QS (must lead the QS)",
    "lead after the QS broke hearts (no heart played yet)",
    "lead with hearts not broken and no breaking rule",
    "moon shot",
    "moon shot with the JD bonus on",
    "moon shot with the JD bonus on, the JD taken by another player",
    "moon shot with a trickless player (no-tricks bonus withheld)",
    "a player took no trick",
    "no-tricks bonus paid",
)


# -- the tests ---------------------------------------------------------------------


def test_card_mapping_matches_openspiel() -> None:
    state = openspiel_game(OPENSPIEL_DEFAULTS).new_initial_state()
    state.apply_action(0)
    assert [state.action_to_string(TO_ACTION[card]) for card in range(52)] == list(TEXT)
    assert [FROM_ACTION[TO_ACTION[card]] for card in range(52)] == list(range(52))


def test_openspiel_preset_is_the_mapping_of_openspiel_defaults() -> None:
    game = pyspiel.load_game("hearts")
    defaults = {name: bool(value) for name, value in game.get_parameters().items()}
    assert defaults == OPENSPIEL_DEFAULTS
    # OpenSpiel draws the pass direction at random; we cycle it by hand number.
    assert Ruleset.preset("openspiel").differences(ruleset_for(defaults)) == {}


def test_pass_direction_mapping() -> None:
    rules = ruleset_for(OPENSPIEL_DEFAULTS)
    for direction in OPENSPIEL_DIRECTIONS:
        state = HandState.deal(rules, seed=1, hand_number=hand_number_for(OPENSPIEL_DEFAULTS, direction))
        assert state.pass_direction == direction
    assert HandState.deal(ruleset_for({**OPENSPIEL_DEFAULTS, "pass_cards": False}), seed=1).phase == "play"


@pytest.mark.slow
@pytest.mark.parametrize(
    "index", range(len(COMBOS)), ids=["-".join(str(int(params[name])) for name in PARAM_NAMES) for params in COMBOS]
)
def test_all_parameter_combinations(index: int) -> None:
    _REACHED[index] = run_combo(index)


@pytest.mark.slow
def test_many_hands_under_openspiel_defaults() -> None:
    _REACHED["defaults"] = run_defaults()


@pytest.mark.slow
def test_rule_corners_were_reached() -> None:
    """Every corner was exercised.  Runs whatever differential hands did not run in
    this process (under ``-k`` or pytest-xdist), so the tally is always complete."""
    total: Counter[str] = Counter()
    for index in range(len(COMBOS)):
        total += _REACHED[index] if index in _REACHED else run_combo(index)
    total += _REACHED["defaults"] if "defaults" in _REACHED else run_defaults()
    print("\nOpenSpiel differential: rule corners reached")
    for name, count in sorted(total.items()):
        print(f"  {count:6d}  {name}")
    missing = [name for name in EXPECTED_CORNERS if total[name] == 0]
    assert not missing, f"corners never reached: {missing}; counts: {dict(total)}"
