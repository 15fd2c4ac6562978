"""The endings solver (hearts_core.search.solver) against a brute-force minimax, on
hand-built endings with known answers, and its yes/no mode, lines and card
equivalences.

The brute force below is deliberately simple: it only uses ``HandState.play``
and ``legal_moves`` and scores the finished hand from the cards taken.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any, TypedDict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.engine.cards import ALL_CARDS
from hearts_core.search import kernel
from hearts_core.search.positions import KernelPosition
from hearts_core.search.solver import OBJECTIVES, SolveResult, decide, line_for, solve

# -- the reference: plain minimax over HandState ------------------------------


def final_value(state: HandState, objective: str, seat: int, card: str, shooter: int) -> int:
    """The objective's value of a finished hand, from the cards each seat took."""
    if objective == "min_points":
        return state.hand_points()[seat]
    if objective == "avoid_card":
        return int(card in [str(taken) for taken in state.taken[seat]])
    tables = state.rules.tables
    needed = tables.penalty_mask | (tables.bonus_mask if state.rules.moon_needs_bonus else 0)
    return int(bool(tables.penalty_mask) and state.taken[shooter].mask & needed == needed)


def brute_value(state: HandState, objective: str, seat: int, card: str = "QS", shooter: int = 0) -> int:
    """Paranoid minimax: ``seat`` (the moon's opponents for the moon objectives) minimises."""
    if state.phase == "over":
        return final_value(state, objective, seat, card, shooter)
    values = [brute_value(state.play(move), objective, seat, card, shooter) for move in state.legal_moves()]
    mover = state.to_play
    if objective in ("min_points", "avoid_card"):
        return min(values) if mover == seat else max(values)
    return max(values) if mover == shooter else min(values)


def brute_values(state: HandState, objective: str, seat: int, card: str = "QS", shooter: int = 0) -> dict[str, int]:
    return {str(move): brute_value(state.play(move), objective, seat, card, shooter) for move in state.legal_moves()}


# -- building endings -----------------------------------------------------------


def play_randomly(state: HandState, rng: random.Random, plays: int) -> HandState:
    for _ in range(plays):
        moves = state.legal_moves()
        state = state.play(moves[rng.randrange(len(moves))])
    return state


def random_ending(rules: Ruleset, rng: random.Random, tricks_left: int, into_trick: int) -> HandState:
    """A random hand played at random until ``tricks_left`` tricks remain (and
    ``into_trick`` cards of the next trick), set up again from its position text."""
    state = HandState.deal(rules, rng.getrandbits(32), hand_number=rng.randrange(4))
    if state.phase == "pass":
        state = state.with_passes(
            {seat: rng.sample(hand.cards(), rules.pass_count) for seat, hand in enumerate(state.hands)}
        )
    state = play_randomly(state, rng, (rules.hand_size - tricks_left) * rules.players + into_trick)
    return HandState.from_position(rules, state.to_position())


def one_seat_took_everything(state: HandState, seat: int) -> HandState:
    """The same hands and trick, but ``seat`` won every trick so far (so its moon is alive)."""
    rules = state.rules
    taken = CardSet()
    for cards in state.taken:
        taken = taken | cards
    seats = ["-"] * rules.players
    seats[seat] = str(taken) or "-"
    won = [0] * rules.players
    won[seat] = state.trick_number
    hands = " / ".join(str(hand) or "-" for hand in state.hands)
    trick = " ".join([str(state.current_trick.leader), *map(str, state.current_trick.cards)])
    text = f"hands: {hands}; taken: {' / '.join(seats)}; won: {' '.join(map(str, won))}; trick: {trick}"
    return HandState.from_position(rules, text)


def tiny_deal(rng: random.Random, per_seat: int, **fields: Any) -> HandState:
    """A whole hand from the deal with a tiny deck (``per_seat`` cards each): the
    first trick's rules (opening lead, no points on trick 0) are in play."""
    players = int(fields.get("players", 4))
    deck = [str(card) for card in CardSet.full_deck()]
    favoured = ["QS", "AH", "KH", "2H", "JD", "KS", "AS", "2C", "3C"]
    chosen = [card for card in favoured if rng.random() < 0.5]
    chosen += rng.sample([card for card in deck if card not in chosen], per_seat * players)
    chosen = chosen[: per_seat * players]
    if not any(card.endswith("C") for card in chosen):
        chosen[0] = rng.choice([card for card in deck if card.endswith("C") and card not in chosen])
    removed = " ".join(card for card in deck if card not in chosen)
    rules = Ruleset(removed_cards=CardSet.parse(removed), pass_cycle=("hold",), pass_count=1, **fields)
    rng.shuffle(chosen)
    return HandState.from_hands(rules, [" ".join(chosen[seat::players]) for seat in range(players)])


class SolveOptions(TypedDict, total=False):
    """The keyword arguments of :func:`solve`, :func:`decide` and :func:`line_for`."""

    card: str
    shooter: int


def objectives_for(state: HandState, rng: random.Random) -> list[tuple[str, int, SolveOptions]]:
    """Every objective, with seats and cards picked at random (the mover's own side first)."""
    n = state.rules.players
    mover = state.to_play
    assert mover is not None
    other = rng.choice([seat for seat in range(n) if seat != mover])
    held = [str(card) for hand in state.hands for card in hand] + ["QS"]
    return [
        ("min_points", mover, {}),
        ("min_points", other, {}),
        ("avoid_card", mover, {}),
        ("avoid_card", rng.randrange(n), {"card": rng.choice(held)}),
        ("stop_moon", mover, {"shooter": other}),
        ("make_moon", mover, {}),
        ("make_moon", other, {}),
    ]


def check_against_brute(state: HandState, rng: random.Random) -> None:
    for objective, seat, kw in objectives_for(state, rng):
        card = str(kw.get("card", "QS"))
        shooter = int(kw["shooter"]) if "shooter" in kw else seat
        expected = brute_values(state, objective, seat, card, shooter)
        result = solve(state, objective, seat, **kw)
        assert result.values == expected, (objective, seat, kw, state.to_position())
        check_result(state, result, seat, card, shooter)


def check_result(state: HandState, result: SolveResult, seat: int, card: str, shooter: int) -> None:
    """``best`` and ``best_value`` follow ``values``; the line is legal and scores ``best_value``."""
    mover = state.to_play
    maximising = mover == shooter if "moon" in result.objective else mover != seat
    choose = max if maximising else min
    assert result.best_value == choose(result.values.values())
    assert result.best == tuple(card for card, value in result.values.items() if value == result.best_value)
    assert list(result.best) == sorted(result.best, key=lambda text: CardSet.parse(text).cards()[0])
    assert result.line[0] == (mover, result.best[0])
    after = replay(state, result.line)
    assert final_value(after, result.objective, seat, card, shooter) == result.best_value


def replay(state: HandState, line: tuple[tuple[int, str], ...]) -> HandState:
    for seat, card in line:
        assert state.to_play == seat
        state = state.play(card)
    assert state.phase == "over"
    return state


# -- (1) the brute force agrees on small random endings ----------------------------

PRESETS = [
    "standard",
    "omnibus",
    "black_maria",
    "spot_hearts",
    "pink_lady",
    "openspiel",
    "jack_eleven",
    "pure_hearts",
    "three_players",
    "three_players_no_2c",
]


@pytest.mark.parametrize("preset", PRESETS)
def test_random_endings_match_brute_force(preset: str) -> None:
    rules = Ruleset.preset(preset)
    rng = random.Random(f"endings {preset}")
    for index in range(12):
        tricks_left = 2 if index % 2 else 3
        state = random_ending(rules, rng, tricks_left, rng.randrange(rules.players))
        if index % 4 == 3:
            state = one_seat_took_everything(state, rng.randrange(rules.players))
        check_against_brute(state, rng)


def memoised_values(state: HandState, objective: str, seat: int, card: str = "QS") -> dict[str, int]:
    """The brute force with a memo, for the additive objectives, to reach 4-trick endings:
    the memo keeps what is still to come from a position (hands, trick, hearts broken)."""

    def score(position: HandState) -> int:
        return final_value(position, objective, seat, card, seat)

    memo: dict[tuple[object, ...], int] = {}

    def to_come(position: HandState) -> int:
        if position.phase == "over":
            return 0
        key = (tuple(hand.mask for hand in position.hands), position.current_trick, position.hearts_broken)
        if key not in memo:
            now = score(position)
            values = []
            for move in position.legal_moves():
                child = position.play(move)
                values.append(score(child) - now + to_come(child))
            memo[key] = min(values) if position.to_play == seat else max(values)
        return memo[key]

    return {str(move): score(state.play(move)) + to_come(state.play(move)) for move in state.legal_moves()}


@pytest.mark.parametrize("preset", ["standard", "omnibus", "spot_hearts", "black_maria", "three_players"])
def test_four_trick_endings_match_a_memoised_minimax(preset: str) -> None:
    """Deeper endings, where relative ranks and transpositions really matter."""
    rules = Ruleset.preset(preset)
    rng = random.Random(f"four tricks {preset}")
    for index in range(3):
        state = random_ending(rules, rng, 4, index)
        mover = state.to_play
        assert mover is not None
        assert solve(state).values == memoised_values(state, "min_points", mover)
        other = (mover + 1) % rules.players
        assert solve(state, "min_points", other).values == memoised_values(state, "min_points", other)
        assert solve(state, "avoid_card").values == memoised_values(state, "avoid_card", mover)


SWITCHES: list[dict[str, Any]] = [
    {"must_break_hearts": False},
    {"queen_breaks_hearts": True},
    {"lead_hearts_with_queen": True, "queen_breaks_hearts": True},
    {"lead_hearts_with_queen": True},
    {"moon_needs_bonus": True, "penalties": {"QS": 13, "JD": -10, "AH": 1, "KH": 1, "QH": 1, "2H": 5}},
]


@pytest.mark.parametrize("switches", SWITCHES, ids=lambda switches: "-".join(switches))
def test_rule_switches_match_brute_force(switches: dict[str, Any]) -> None:
    rng = random.Random(f"switches {sorted(switches)}")
    for players in (3, 4):
        rules = dataclasses.replace(Ruleset().with_players(players), **switches)
        for index in range(4):
            state = random_ending(rules, rng, 2 + index % 2, rng.randrange(players))
            if index % 2:
                state = one_seat_took_everything(state, state.current_trick.leader)
            check_against_brute(state, rng)


@pytest.mark.parametrize("preset", ["five_players", "six_players"])
def test_five_and_six_players_match_brute_force(preset: str) -> None:
    rules = Ruleset.preset(preset)
    rng = random.Random(preset)
    for index in range(4):
        state = random_ending(rules, rng, 2, rng.randrange(rules.players))
        if index % 2:
            state = one_seat_took_everything(state, rng.randrange(rules.players))
        check_against_brute(state, rng)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("first_trick", ["no_points", "no_queen", "anything"])
@pytest.mark.parametrize("opening_lead", ["lowest_club", "any_club", "left_of_dealer"])
def test_whole_tiny_hands_with_first_trick_rules(players: int, first_trick: str, opening_lead: str) -> None:
    """Trick 0 has its own legality: tiny decks make whole hands small enough for the brute force."""
    rng = random.Random(f"tiny {players} {first_trick} {opening_lead}")
    for index in range(3):
        switches = {
            "must_break_hearts": rng.random() < 0.7,
            "lead_hearts_with_queen": rng.random() < 0.5,
            "queen_breaks_hearts": rng.random() < 0.5,
        }
        state = tiny_deal(
            rng,
            3 if players < 5 else 2,
            players=players,
            first_trick=first_trick,
            opening_lead=opening_lead,
            **switches,
        )
        state = play_randomly(state, rng, index)  # from the deal, or into the first trick
        assert state.trick_number == 0
        check_against_brute(state, rng)


def test_the_solver_legality_is_the_engines() -> None:
    """The kernel's legality, on the numbers the solver gives it (also on trick 0), agrees with
    ``HandState.legal_mask`` everywhere."""
    rng = random.Random("legality")
    names = ["standard", "omnibus", "black_maria", "pagat", "openspiel", "three_players", "six_players"]
    for index in range(60):
        rules = Ruleset.preset(names[index % len(names)])
        rules = dataclasses.replace(
            rules,
            must_break_hearts=rng.random() < 0.8,
            queen_breaks_hearts=rng.random() < 0.5,
            lead_hearts_with_queen=rng.random() < 0.5,
            first_trick=rng.choice(["no_points", "no_queen", "anything"]),
        )
        state = HandState.deal(rules, index, hand_number=3)
        if state.phase == "pass":
            state = state.with_passes({seat: hand.cards()[:3] for seat, hand in enumerate(state.hands)})
        numbers = kernel.rules_array(rules)
        while state.phase == "play":
            at = KernelPosition.of(state)
            hand = state.hand_masks[at.seat]
            assert kernel.legal_mask(numbers, hand, at.led, bool(at.first), bool(at.broken)) == state.legal_mask()
            state = play_randomly(state, rng, 1)


# -- (2) hand-built endings with known answers ---------------------------------


def position(
    hands: str, trick: str, taken: dict[int, str] | None = None, rest_to: int = 1, rules: Ruleset | None = None
) -> HandState:
    """A position with ``hands`` and ``trick`` written out; ``taken`` names cards won
    per seat, and every other card of the deck was won by seat ``rest_to``."""
    rules = rules or Ruleset()
    n = rules.players
    taken = dict(taken or {})
    shown = hands.replace("/", " ") + " " + " ".join(trick.split()[1:]) + " " + " ".join(taken.values())
    rest = rules.deck - CardSet.parse(shown)
    taken[rest_to] = (taken.get(rest_to, "") + " " + str(rest)).strip()
    won = [len(CardSet.parse(taken.get(seat, ""))) // n for seat in range(n)]
    seats = " / ".join(taken.get(seat, "") or "-" for seat in range(n))
    return HandState.from_position(
        rules, f"hands: {hands}; taken: {seats}; won: {' '.join(map(str, won))}; trick: {trick}"
    )


def test_ducking_is_the_only_way() -> None:
    """Seat 3 led the 8H.  Seat 0 must play the 2H under it: with the TH seat 0 wins
    the trick, seat 2 (out of hearts) drops the queen on it, and the 2H follows."""
    state = position("2H TH / 3H 4S / 5S QS / 6S", "3 8H")
    result = solve(state)
    assert result.values == {"2H": 0, "TH": 17}
    assert result.best == ("2H",)
    assert line_for(state, "TH")[:3] == ((0, "TH"), (1, "3H"), (2, "QS"))
    assert solve(state, "avoid_card").values == {"2H": 0, "TH": 1}


def test_ducking_three_tricks_out() -> None:
    """Seat 3 led the JD.  Seat 0 must duck with the 2D: the JD wins, seat 2 drops the
    queen on it, and seat 0 later throws the KD under seat 3's AD.  Winning with the
    KD puts seat 0 on lead with the 2D and the 4C, and the queen comes down on it."""
    state = position("2D KD 4C / TD 3C KC / 5H QS 5S / 6S AD", "3 JD")
    result = solve(state)
    assert result.values == {"2D": 0, "KD": 13}
    assert result.line[:5] == ((0, "2D"), (1, "TD"), (2, "QS"), (3, "AD"), (0, "KD"))
    assert result.values == brute_values(state, "min_points", 0)


def test_unblocking_is_the_only_way() -> None:
    """Seat 1's AS is winning the spade trick; seat 0 must throw the KS under it now.
    Kept, the KS would have to win the last trick, where seat 2's queen falls."""
    state = position("KS 3S / 6S / QS / 2D", "1 AS 4S 5S")
    result = solve(state)
    assert result.values == {"3S": 13, "KS": 0}
    assert result.line == ((0, "KS"), (1, "6S"), (2, "QS"), (3, "2D"), (0, "3S"))


def test_an_endplay_forces_out_the_queen_or_a_heart() -> None:
    """Seat 0 leads the 8H: seat 1 must win it (9H, TH over the 4H) and, left with
    the TH and the QS, must lead the queen or a heart, and win it itself.  Leading
    a club instead keeps seat 0 on lead, and the queen comes down on its clubs."""
    state = position("8H JC TC / 9H TH QS / 4H 7D KD / 7S 2D 9C", "0", rest_to=2)
    result = solve(state)
    assert result.values == {"8H": 0, "TC": 14, "JC": 14}
    assert result.line[:4] == ((0, "8H"), (1, "9H"), (2, "4H"), (3, "9C"))
    assert result.line[4] in ((1, "QS"), (1, "TH"))


def test_stopping_and_making_the_moon() -> None:
    """Seat 3 took every other penalty card.  The 5H lead lets it win with the AH and
    lead the 2H, on which seat 2 must throw the queen; the 5S makes seat 2 win its own queen."""
    state = position("5H 5S / 8S 7S / QS 7H / AH 2H", "0", rest_to=3)
    stop = solve(state, "stop_moon", shooter=3)
    assert stop.values == {"5H": 1, "5S": 0} and stop.best == ("5S",) and stop.best_value == 0
    assert decide(state, "stop_moon", 0, shooter=3)
    assert not decide(state, "make_moon", 1, seat=3)
    # Seat 0 is an opponent of seat 3's moon here: its best is the lowest value.
    make = solve(state, "make_moon", seat=3)
    assert make.values == {"5H": 1, "5S": 0} and make.best_value == 0


def test_a_moon_already_stopped_is_worth_nothing() -> None:
    state = position("5H 5S / 8S 7S / QS 7H / AH 2H", "0", taken={0: "3C 4C 6H 5C"}, rest_to=3)
    result = solve(state, "make_moon", seat=3)
    assert set(result.values.values()) == {0}
    assert decide(state, "stop_moon", 0, shooter=3)
    replay(state, result.line)


def test_points_already_taken_and_in_the_trick_count() -> None:
    """min_points includes points taken before and the trick in progress; bonuses count negative."""
    omnibus = Ruleset.preset("omnibus")
    state = position("2H TH / 3H 4S / 5S QS / 6S", "3 8H", taken={0: "9H 2C JD 3C"}, rules=omnibus)
    result = solve(state)
    assert result.values == {"2H": 1 - 10, "TH": 1 - 10 + 17}
    assert decide(state, "min_points", -9) and not decide(state, "min_points", -10)


def test_black_maria_spades() -> None:
    """Black Maria: the KS (10) is a penalty card too.  Seat 3 led the AS; seat 0 must
    throw the KS under it, or win the next spade lead with it and two hearts."""
    rules = Ruleset.preset("black_maria")
    state = position("KS 4S / 9H 8C / 3H 6H / 5S", "3 AS", rules=rules)
    result = solve(state)
    assert result.values == {"4S": 12, "KS": 0}
    assert result.values == brute_values(state, "min_points", 0)


# -- (3) decide agrees with solve; (4) lines are legal and score their value ----------


def test_decide_agrees_with_solve() -> None:
    rng = random.Random("decide")
    for index in range(32):
        rules = Ruleset.preset(["standard", "omnibus", "black_maria", "three_players"][index % 4])
        state = random_ending(rules, rng, 3 + index % 3, rng.randrange(rules.players))
        if index % 3 == 0:
            state = one_seat_took_everything(state, rng.randrange(rules.players))
        for objective, seat, kw in objectives_for(state, rng):
            result = solve(state, objective, seat, **kw)
            for threshold in range(result.best_value - 2, result.best_value + 3):
                expected = (
                    result.best_value >= threshold if objective == "make_moon" else result.best_value <= threshold
                )
                assert decide(state, objective, threshold, seat, **kw) is expected


def test_lines_are_legal_and_score_their_values() -> None:
    rng = random.Random("lines")
    for index in range(12):
        rules = Ruleset.preset(["standard", "spot_hearts", "omnibus"][index % 3])
        state = random_ending(rules, rng, 4, rng.randrange(rules.players))
        for objective, seat, kw in objectives_for(state, rng)[:4]:
            result = solve(state, objective, seat, **kw)
            card = str(kw.get("card", "QS"))
            check_result(state, result, seat, card, seat)
            for first, value in result.values.items():
                line = line_for(state, first, objective, seat, **kw)
                assert line[0] == (state.to_play, first)
                assert final_value(replay(state, line), objective, seat, card, seat) == value


def test_bad_requests() -> None:
    state = position("2H TH / 3H 4S / 5S QS / 6S", "3 8H")
    with pytest.raises(ValueError, match="unknown objective"):
        solve(state, "win")
    with pytest.raises(ValueError, match="shooter"):
        solve(state, "stop_moon")
    with pytest.raises(ValueError, match="must not be the shooter"):
        solve(state, "stop_moon", shooter=0)
    with pytest.raises(ValueError, match="seat"):
        solve(state, "min_points", 4)
    with pytest.raises(ValueError, match="not a legal card"):
        line_for(state, "4S")
    with pytest.raises(ValueError, match="phase"):
        solve(HandState.deal(Ruleset(), 1))
    assert set(OBJECTIVES) == {"min_points", "stop_moon", "make_moon", "avoid_card"}


# -- (5) equivalent cards ----------------------------------------------------------


def equivalent_pairs(state: HandState) -> list[tuple[str, str, str]]:
    """Pairs (held card, other card) with the same suit and points and no card still in
    a hand or in the trick between them, the other one being held by the same seat
    (``"held"``) or already taken (``"taken"``)."""
    rules = state.rules
    points = rules.tables.points
    live = 0
    for hand in state.hands:
        live |= hand.mask
    for card in state.current_trick.cards:
        live |= card.bit
    taken = 0
    for cards in state.taken:
        taken |= cards.mask
    pairs = []
    mover = state.to_play
    assert mover is not None
    for card in state.hands[mover]:
        for other in range(card.suit * 13, card.suit * 13 + 13):
            if other == card or points[other] != points[card] or "QS" in (str(card), str(ALL_CARDS[other])):
                continue
            low, high = sorted((card, other))
            between = sum(1 << index for index in range(low + 1, high))
            if between & live & ~state.hands[mover].mask:
                continue
            if state.hands[mover].mask >> other & 1:
                pairs.append((str(card), str(ALL_CARDS[other]), "held"))
            elif taken >> other & 1 and not between & live:
                pairs.append((str(card), str(ALL_CARDS[other]), "taken"))
    return pairs


def swap_cards(text: str, first: str, second: str) -> str:
    return re.sub(rf"\b({first}|{second})\b", lambda match: second if match.group(1) == first else first, text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    preset=st.sampled_from(["standard", "omnibus", "spot_hearts", "three_players"]),
    into_trick=st.integers(0, 3),
)
def test_equivalent_cards_have_equal_values(seed: int, preset: str, into_trick: int) -> None:
    """Held cards with nothing live between them score the same; and swapping a held card
    with a taken card of the same points and nothing live between them changes nothing."""
    rules = Ruleset.preset(preset)
    rng = random.Random(seed)
    state = random_ending(rules, rng, 4, into_trick % rules.players)
    result = solve(state)
    text = state.to_position()
    for card, other, kind in equivalent_pairs(state):
        if kind == "held":
            if card in result.values and other in result.values:
                assert result.values[card] == result.values[other]
        else:
            swapped = solve(HandState.from_position(rules, swap_cards(text, card, other)))
            renamed = {other if key == card else key: value for key, value in result.values.items()}
            assert swapped.values == renamed
