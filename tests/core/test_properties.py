"""Properties of random hands under every preset, every player count and random
variant switches.  Expected results are computed here from the cards, without
the engine's scoring code."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any, TypeAlias

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_core import Card, Game, HandState, Ruleset
from hearts_core.ai.bots import play_random_hand
from hearts_core.engine.presets import DECK_SCHEMES
from hearts_core.engine.vocabulary import FIRST_TRICK_RULES, MOON_RULES, DeckScheme, MoonChoice, TieRule

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

BASES = [(name, None) for name in Ruleset.preset_names()] + [
    ("standard", (players, scheme)) for players, schemes in DECK_SCHEMES.items() for scheme in schemes if players != 4
]


#: A player count and its deck scheme (``Ruleset.with_players``), or None for the preset's own.
Players: TypeAlias = tuple[int, DeckScheme] | None

#: A shooter's moon choice, or none made.
CHOICES: list[MoonChoice | None] = [None, "add_to_others", "subtract_from_self"]


def base_rules(name: str, players: Players) -> Ruleset:
    rules = Ruleset.preset(name)
    return rules.with_players(*players) if players else rules


@st.composite
def variant_switches(draw: st.DrawFn, rules: Ruleset) -> Ruleset:
    """``rules`` with a random selection of switches changed."""
    changes: dict[str, Any] = {}
    if draw(st.booleans()):
        changes["first_trick"] = draw(st.sampled_from(FIRST_TRICK_RULES))
        changes["must_break_hearts"] = draw(st.booleans())
        changes["queen_breaks_hearts"] = draw(st.booleans())
        changes["lead_hearts_with_queen"] = draw(st.booleans())
    if draw(st.booleans()):
        changes["opening_lead"] = draw(st.sampled_from(["lowest_club", "any_club", "left_of_dealer"]))
    if rules.scoring == "points" and draw(st.booleans()):
        changes["moon"] = draw(st.sampled_from(MOON_RULES))
        changes["sun"] = draw(st.booleans())
        changes["no_tricks_bonus"] = draw(st.sampled_from([0, -5]))
        changes["moon_needs_bonus"] = draw(st.booleans())
    if draw(st.booleans()):
        changes["tie"] = draw(st.sampled_from(["share", "play_on"]))
    return dataclasses.replace(rules, **changes)


# -- independent scoring -------------------------------------------------------------------------


def points_of(rules: Ruleset, card: Card) -> int:
    return rules.penalties[str(card)] if card in rules.deck else 0


def expected_scores(
    rules: Ruleset, taken: list[set[Card]], won: list[int], moon_choice: MoonChoice | None, totals: list[int] | None
) -> list[int]:
    """Scores under the rule book's variants: V8 moon, V9 sun, V12 chips, the no-tricks bonus and auto moon."""
    n = rules.players
    raw = [sum(points_of(rules, card) for card in cards) for cards in taken]
    if rules.scoring == "chips":
        hearts = [sum(1 for card in cards if card.suit == 2) for cards in taken]
        fewest = min(hearts)
        collectors = [seat for seat in range(n) if hearts[seat] == fewest]
        if len(collectors) == n:
            return [0] * n
        pot = sum(hearts[seat] for seat in range(n) if seat not in collectors)
        return [-(pot // len(collectors)) if seat in collectors else hearts[seat] for seat in range(n)]
    # Rule penalty_points: a card that costs points is a penalty card (the JD at +11 too); one that
    # gives points back is a bonus card.
    penalty_cards = {card for card in rules.deck if points_of(rules, card) > 0}
    bonus_cards = {card for card in rules.deck if points_of(rules, card) < 0}
    moon = sum(points_of(rules, card) for card in penalty_cards)
    bonus = [sum(points_of(rules, card) for card in cards if card in bonus_cards) for cards in taken]
    if rules.sun and rules.hand_size in won:
        shooter = won.index(rules.hand_size)
        # The sun: the shooter scores 0 (keeping any bonus card), every opponent twice the moon.
        return [bonus[seat] if seat == shooter else 2 * moon for seat in range(n)]
    needed = penalty_cards | (bonus_cards if rules.moon_needs_bonus else set())
    shooters = [seat for seat in range(n) if penalty_cards and needed <= taken[seat]]
    if shooters and rules.moon != "off":
        [shooter] = shooters
        add = [raw[seat] - moon if seat == shooter else raw[seat] + moon for seat in range(n)]
        subtract = [raw[seat] - 2 * moon if seat == shooter else raw[seat] for seat in range(n)]
        if rules.moon == "add_to_others":
            return add
        if rules.moon == "subtract_from_self":
            return subtract
        if rules.moon == "choice" and moon_choice is not None:
            return add if moon_choice == "add_to_others" else subtract
        # auto (or a bot's choice): never add when that ends the game with the shooter not lowest.
        if totals is not None and rules.target_score:
            after = [total + points for total, points in zip(totals, add, strict=True)]
            if max(after) >= rules.target_score and after[shooter] > min(after):
                return subtract
        return add
    if rules.no_tricks_bonus:
        return [raw[seat] + (rules.no_tricks_bonus if won[seat] == 0 else 0) for seat in range(n)]
    return raw


# -- one random hand, checked at every step --------------------------------------------------------


def check_position(state: HandState) -> None:
    seat = state.to_play
    assert seat is not None, "nobody to play while playing"
    hand = state.hands[seat]
    legal = state.legal_moves()
    assert legal, "no legal move while playing"
    assert set(legal) <= set(hand)
    for card in state.rules.deck:
        explanation = state.explain(card)
        assert explanation.legal == (card in legal), (str(card), explanation.reason)
        assert explanation.legal == state.is_legal(card)


def check_notation(state: HandState) -> HandState:
    """Record and position round trips; returns the position rebuilt from text."""
    rules = state.rules
    text = state.to_notation()
    again = HandState.from_notation(rules, text)
    assert again == state
    assert again.to_notation() == text
    position_text = state.to_position()
    position = HandState.from_position(rules, position_text)
    assert position.to_position() == position_text
    assert position.hands == state.hands
    assert position.legal_moves() == state.legal_moves()
    assert position.hand_points() == state.hand_points()
    assert position.to_play == state.to_play
    assert position.hearts_broken == state.hearts_broken
    assert position.tricks_won == state.tricks_won
    assert position.current_trick == state.current_trick
    assert HandState.from_notation(rules, position.to_notation()) == position
    return position


def rigged_deal(rules: Ruleset, rng: random.Random, hand_number: int, swaps: int) -> tuple[HandState, int]:
    """A deal where one seat holds the highest cards but ``swaps`` of them, so that
    it often takes every penalty card (the moon) or every trick (the sun)."""
    n, size = rules.players, rules.hand_size
    deck = sorted(rules.deck, key=lambda card: (-card.rank, rng.random()))
    top, rest = deck[:size], deck[size:]
    rng.shuffle(rest)
    for index in rng.sample(range(size), swaps):
        top[index], rest[index] = rest[index], top[index]
    shooter = rng.randrange(n)
    others = iter(rest)
    hands = [top if seat == shooter else [next(others) for _ in range(size)] for seat in range(n)]
    return HandState.from_hands(rules, hands, hand_number), shooter


def play_checked_hand(
    rules: Ruleset, rng: random.Random, hand_number: int, swaps: int | None = None
) -> tuple[HandState, HandState]:
    """Deal (at random, or rigged for a would-be shooter who always plays high), pass
    and play a random hand, checking every position; returns the state after the pass
    and the finished state."""
    if swaps is None:
        state, shooter = HandState.deal(rules, random.Random(rng.random()), hand_number), None
    else:
        state, shooter = rigged_deal(rules, rng, hand_number, swaps)
    n = rules.players
    assert sorted(card for hand in state.hands for card in hand) == sorted(rules.deck)
    if state.phase == "pass":
        check_notation(state)
        passes = {seat: rng.sample(state.hands[seat].cards(), rules.pass_count) for seat in range(n)}
        state = state.with_passes(passes)
        for seat in range(n):
            assert set(passes[seat]) <= set(state.hands[state.pass_target(seat)])
    start = state
    plays: list[Card] = []
    checkpoints = set(rng.sample(range(len(rules.deck)), 4))
    positions: list[tuple[int, HandState]] = []
    holding = [set(hand) for hand in state.hands]
    while state.phase == "play":
        check_position(state)
        if len(plays) in checkpoints:
            positions.append((len(plays), check_notation(state)))
        assert state.to_play is not None
        seat = state.to_play
        trick = state.current_trick.cards
        legal = state.legal_moves()
        if seat == shooter:
            card = max(legal, key=lambda card: card.rank)
        else:
            card = legal[rng.randrange(len(legal))]
        # Follow suit: a card of another suit only when void in the led suit.
        if trick and card.suit != trick[0].suit:
            assert not any(held.suit == trick[0].suit for held in holding[seat])
        holding[seat].discard(card)
        plays.append(card)
        state = state.play(card)
    assert state.legal_moves() == []
    check_notation(state)
    # A position rebuilt from text and played on ends the same way.
    for index, position in positions:
        for card in plays[index:]:
            position = position.play(card)
        assert position.phase == "over"
        assert position.hand_points() == state.hand_points()
        assert position.scores() == state.scores()
    assert start.phase == "play"
    return start, state


def check_tricks(state: HandState, first_leader: int) -> None:
    rules = state.rules
    n = rules.players
    # Every card played exactly once.
    played = Counter(card for trick in state.tricks for card in trick.cards)
    assert set(played) == set(rules.deck) and set(played.values()) == {1}
    assert len(state.tricks) == rules.hand_size
    leader = first_leader
    for number, trick in enumerate(state.tricks):
        assert len(trick.cards) == n  # one card per player
        assert trick.leader == leader  # the previous winner leads
        led = trick.cards[0].suit
        best = max((card for card in trick.cards if card.suit == led), key=lambda card: card.rank)
        assert trick.winner == (trick.leader + trick.cards.index(best)) % n
        assert trick.points == sum(points_of(rules, card) for card in trick.cards)
        if number == 0 and rules.opening_lead == "lowest_club":
            assert trick.cards[0] == rules.opening_card
        if number == 0 and rules.opening_lead == "any_club":
            assert trick.cards[0].suit == 0
        leader = trick.winner


@pytest.mark.parametrize(("name", "players"), BASES, ids=[f"{n}-{p[0]}{p[1]}" if p else n for n, p in BASES])
@SETTINGS
@given(
    data=st.data(),
    seed=st.integers(0, 2**32),
    hand_number=st.integers(0, 7),
    swaps=st.none() | st.integers(0, 4),
)
def test_random_hands_follow_the_rules(
    name: str, players: Players, data: st.DataObject, seed: int, hand_number: int, swaps: int | None
) -> None:
    rules = data.draw(variant_switches(base_rules(name, players)))
    rng = random.Random(seed)
    start, state = play_checked_hand(rules, rng, hand_number, swaps)
    n = rules.players
    opening = rules.opening_card
    if opening is None:  # the player left of the dealer leads
        first_leader = (state.dealer + 1) % n
    else:  # the holder of the lowest club in the deck (after the pass) leads
        [first_leader] = [seat for seat in range(n) if opening in start.hands[seat]]
    check_tricks(state, first_leader)

    taken = [set(cards) for cards in state.taken]
    for seat in range(n):
        assert taken[seat] == {card for trick in state.tricks if trick.winner == seat for card in trick.cards}
    won = list(state.tricks_won)
    assert sum(won) == rules.hand_size
    # Raw points: the deck's penalties plus its bonus cards, all shared out.
    raw = [sum(points_of(rules, card) for card in cards) for cards in taken]
    assert list(state.hand_points()) == raw
    bonus_total = sum(points_of(rules, card) for card in rules.deck if points_of(rules, card) < 0)
    assert sum(raw) == rules.moon_value + bonus_total

    choice = data.draw(st.sampled_from(CHOICES))
    totals = data.draw(st.none() | st.lists(st.integers(0, 99), min_size=n, max_size=n))
    if rules.target_score and totals is not None:
        totals = [min(total, rules.target_score - 1) for total in totals]
    expected = expected_scores(rules, taken, won, choice, totals)
    assert list(state.scores(moon_choice=choice, totals_before=totals)) == expected


@SETTINGS
@given(
    name=st.sampled_from(Ruleset.preset_names()),
    seed=st.integers(0, 2**32),
    tie=st.sampled_from(["share", "play_on"]),
    end=st.sampled_from([(100, 0), (50, 0), (0, 4), (50, 3)]),
)
def test_game_totals_and_end(name: str, seed: int, tie: TieRule, end: tuple[int, int]) -> None:
    rules = Ruleset.preset(name)
    target, hands = end
    if rules.scoring == "chips":
        target = 0
        hands = hands or 4
    rules = dataclasses.replace(rules, tie=tie, target_score=target, max_hands=hands)
    rng = random.Random(seed)
    game = Game(rules)
    for _ in range(200):
        if game.is_over:
            break
        totals = list(game.totals)
        state = game.start_hand(random.Random(rng.random()))
        assert state.hand_number == len(game.hands)
        assert state.dealer == (state.hand_number - 1) % rules.players
        assert state.pass_direction == rules.pass_cycle[state.hand_number % len(rules.pass_cycle)]
        state = play_random_hand(state, rng)
        choice = rng.choice(CHOICES)
        game = game.record(state, choice)
        scores = list(game.hands[-1].scores)
        assert scores == list(state.scores(moon_choice=choice, totals_before=totals))
        assert list(game.totals) == [a + b for a, b in zip(totals, scores, strict=True)]
        after = list(game.totals)
        reached = bool(target) and max(after) >= target
        out_of_hands = bool(hands) and len(game.hands) >= hands
        single = after.count(min(after)) == 1
        assert game.is_over == ((reached or out_of_hands) and (tie == "share" or single))
    assert game.is_over
    assert game.totals == [sum(result.scores[seat] for result in game.hands) for seat in range(rules.players)]
    lowest = min(game.totals)
    assert game.winners == tuple(seat for seat, total in enumerate(game.totals) if total == lowest)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    base=st.sampled_from(BASES),
    seed=st.integers(0, 2**32),
    swaps=st.integers(0, 3),
    choice=st.sampled_from(CHOICES),
)
def test_moon_and_sun_scoring_on_rigged_deals(
    data: st.DataObject, base: tuple[str, Players], seed: int, swaps: int, choice: MoonChoice | None
) -> None:
    """Deals that often end in a moon or a sun, scored under every moon option, with
    game totals that sometimes make adding to the others lose the game."""
    rules = Ruleset.preset(base[0])
    rules = rules.with_players(*base[1]) if base[1] else rules
    if rules.scoring == "points":
        rules = dataclasses.replace(
            rules,
            moon=data.draw(st.sampled_from(["auto", "choice", *MOON_RULES])),
            sun=data.draw(st.booleans()),
            no_tricks_bonus=data.draw(st.sampled_from([0, -5])),
            moon_needs_bonus=data.draw(st.booleans()),
            pass_cycle=("hold",),
        )
    rng = random.Random(seed)
    state, shooter = rigged_deal(rules, rng, 0, swaps)
    while state.phase == "play":
        legal = state.legal_moves()
        state = state.play(max(legal, key=lambda card: card.rank) if state.to_play == shooter else rng.choice(legal))
    n = rules.players
    totals = data.draw(st.lists(st.integers(40, 99), min_size=n, max_size=n))
    taken = [set(cards) for cards in state.taken]
    expected = expected_scores(rules, taken, list(state.tricks_won), choice, totals)
    assert list(state.scores(moon_choice=choice, totals_before=totals)) == expected
