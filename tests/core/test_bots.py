"""The bots: named positions for the heuristic, no bot sees hidden cards, the world
sampler keeps to the view, and every bot plays only legal cards under every ruleset."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.ai.bots import (
    IDEAS,
    HeuristicBot,
    MonteCarloBot,
    classify_card,
    heuristic_pass,
    moon_threat,
    pass_candidates,
    play_hand,
)
from hearts_core.ai.levels import make_bot
from hearts_core.ai.view import PlayerView, sample_worlds
from hearts_core.engine.cards import SUIT_MASKS
from hearts_core.search import kernel
from hearts_core.search.equivalence import equivalent_classes, point_attributes
from hearts_core.words.catalogue import has_message

from .test_properties import BASES, Players, base_rules

HOLD = Ruleset(pass_cycle=("hold",))


def position(rules: Ruleset, hands: list[str], trick: str, taken: dict[int, str]) -> HandState:
    """A position from the cards held, the trick in progress ("leader card card..."), and
    the penalty cards each seat has taken; the other played cards are spread over the
    seats so that every seat's taken cards make whole tricks (none of them has points)."""
    n = rules.players
    leader, *trick_cards = trick.split()
    explicit = [CardSet.parse(taken.get(seat, "")).mask for seat in range(n)]
    used = sum(CardSet.parse(hand).mask for hand in hands) | CardSet.parse(" ".join(trick_cards)).mask
    for mask in explicit:
        used |= mask
    rest = list(CardSet.from_mask(rules.tables.deck_mask & ~used))
    assert not any(rules.tables.points[card] for card in rest), "name every card with points"
    masks = list(explicit)
    for seat in range(n):
        while masks[seat].bit_count() % n:
            masks[seat] |= rest.pop().bit
    while rest:
        for _ in range(n):
            masks[0] |= rest.pop().bit
    text = "; ".join(
        [
            "hands: " + " / ".join(hands),
            "taken: " + " / ".join(str(CardSet.from_mask(mask)) or "-" for mask in masks),
            "won: " + " ".join(str(mask.bit_count() // n) for mask in masks),
            f"trick: {leader} {' '.join(trick_cards)}",
        ]
    )
    return HandState.from_position(rules, text)


def heuristic(state: HandState) -> tuple[str, str]:
    seat = state.to_play
    assert seat is not None
    view = PlayerView.from_state(state, seat)
    decision = HeuristicBot().choose_card(view, random.Random(0))
    assert state.is_legal(decision.card)
    return str(decision.card), decision.idea


# -- named positions ---------------------------------------------------------------------------------


def test_heuristic_ducks_under_the_winner_with_its_highest_losing_card() -> None:
    # Four cards each; East (seat 3) leads TD, South (seat 0) holds 4D 9D KD: 9D ducks, KD is kept
    # for a safe trick and 4D as an exit.
    state = position(
        HOLD,
        ["4D 9D KD 2C", "3D 5D 6D 3C", "7D 8D 4C 5C", "JD QD AD"],
        "3 TD",
        {1: "2H 3H 4H 5H 6H 7H", 2: "8H 9H TH JH QH KH AH QS"},
    )
    assert heuristic(state) == ("9D", "duck_under_winner")


def test_heuristic_dumps_the_queen_under_the_ace() -> None:
    # The rule book's worked example from the dumper's side: AS led, TS followed, South holds QS 4S.
    state = position(
        HOLD,
        ["KS 9D TD JD", "5D 6D 7C", "7D 8D 8C", "QS 4S 2D 3D"],
        "1 AS TS",
        {1: "2H 3H 4H 5H 6H 7H 8H", 2: "9H TH JH QH KH AH"},
    )
    assert heuristic(state) == ("QS", "dump_queen")


def test_heuristic_dumps_the_queen_when_void() -> None:
    state = position(
        HOLD,
        ["KS 9D TD JD", "5D 6D 7C", "7D 8D 8C", "QS 4S 2D 3D"],
        "1 AC TC",
        {1: "2H 3H 4H 5H 6H 7H 8H", 2: "9H TH JH QH KH AH"},
    )
    assert heuristic(state) == ("QS", "dump_queen")


def test_heuristic_dumps_its_highest_heart_when_void_and_the_queen_is_gone() -> None:
    state = position(
        HOLD,
        ["KS 9D TD JD", "5D 6D 7C", "7D 8D 8C", "2H KH 4S 2D"],
        "1 AC TC",
        {1: "3H 4H 5H 6H 7H 8H QS", 2: "9H TH JH QH AH"},
    )
    assert heuristic(state) == ("KH", "dump_high_heart")


def test_heuristic_flushes_the_queen_with_a_low_spade() -> None:
    # South leads, holds no QS, KS or AS, and the queen is still out.
    state = position(
        HOLD,
        ["3S 8S 2D 8C", "QS 5S 6D 9C", "KS 6S 7D TC", "AS 7S 8D JC"],
        "0",
        {1: "2H 3H 4H 5H 6H 7H", 2: "8H 9H TH JH QH KH AH"},
    )
    assert heuristic(state) == ("3S", "flush_queen")


def test_a_lead_is_called_low_only_when_the_others_can_play_over_it() -> None:
    # South leads.  A lone QC with seven clubs out below it and two above is no low card: the
    # hint must not say "lead a low card" beside it (it unblocks a high card); the 2D, with only
    # higher diamonds out, is.
    state = position(
        HOLD,
        ["QC KS 2D 3D", "2C 3C 4C AS", "5C 6C KC 9D", "7C 8C AC TD"],
        "0",
        {1: "QS 2H 3H 4H 5H 6H", 2: "7H 8H 9H TH JH QH KH AH"},
    )
    view = PlayerView.from_state(state, 0)

    def index(text: str) -> int:
        return CardSet.parse(text).mask.bit_length() - 1

    assert classify_card(view, index("QC")) == "unblock"
    assert classify_card(view, index("2D")) == "lead_low"


def test_heuristic_takes_a_heart_trick_to_stop_a_moon() -> None:
    # West (seat 1) has taken the QS and six hearts, nobody else a point: West leads 9H and
    # North (seat 2) takes the trick with TH instead of ducking with 2H.
    state = position(
        HOLD, ["JH 2D 3D 4D", "5D 6D 7D", "2H TH 3C 4C", "KH AH 8D 9D"], "1 9H", {1: "3H 4H 5H 6H 7H 8H QS QH"}
    )
    assert moon_threat(PlayerView.from_state(state, 2)) == 1
    assert heuristic(state) == ("TH", "stop_moon")
    # The same trick when the points are shared: North ducks.
    shared = position(
        HOLD, ["JH 2D 3D 4D", "5D 6D 7D", "2H TH 3C 4C", "KH AH 8D 9D"], "1 9H", {1: "3H 4H 5H 6H QS QH", 3: "7H 8H"}
    )
    assert heuristic(shared) == ("2H", "duck_under_winner")


def test_heuristic_wins_the_jack_of_diamonds_under_omnibus() -> None:
    # West leads 9D, North plays JD, East discards 2H; South, last, takes the trick with QD
    # under Omnibus (JD -10), and ducks with 2D when the JD is worth nothing.
    hands = ["QD 2D 4C 5C", "5D 6C 7C", "JC 8C 9C", "3C TC 3H"]
    taken = {1: "4H 5H 6H 7H 8H", 2: "9H TH JH QH KH AH QS"}
    omnibus = dataclasses.replace(Ruleset.preset("omnibus"), pass_cycle=("hold",))
    assert heuristic(position(omnibus, hands, "1 9D JD 2H", taken)) == ("QD", "win_jack")
    assert heuristic(position(HOLD, hands, "1 9D JD 2H", taken)) == ("2D", "duck_under_winner")


def _deal_with(rules: Ruleset, hand: str) -> HandState:
    """South (seat 0) holds ``hand``; the rest of the deck goes round the others in order."""
    mine = CardSet.parse(hand)
    rest = [card for card in rules.deck if card not in mine]
    size = rules.hand_size
    hands = [str(mine)] + [str(CardSet(rest[i * size : (i + 1) * size])) for i in range(rules.players - 1)]
    return HandState.from_hands(rules, hands)


def test_heuristic_passes_high_spades_when_short_and_keeps_low_ones() -> None:
    rules = Ruleset()
    short = _deal_with(rules, "2C 5C 9C JC 2D 7D TD 2H 5H 8H QS KS AS")
    assert [str(card) for card in heuristic_pass(PlayerView.from_state(short, 0))] == ["QS", "KS", "AS"]
    # With five spades the honours are guarded: keep them, and never pass low spades.
    long_spades = _deal_with(rules, "2C 5C 9C 2D 7D 2H 5H 3S 7S 8S QS KS AS")
    passed = [str(card) for card in heuristic_pass(PlayerView.from_state(long_spades, 0))]
    assert not {"3S", "7S", "8S", "QS", "KS", "AS"} & set(passed)
    # A short suit with no low cards goes first; the lone AH stays.
    voiding = _deal_with(rules, "3C 5C 8C TC 2D 4D 9D AH KD 3S 5S 6S 9S")
    assert [str(card) for card in heuristic_pass(PlayerView.from_state(voiding, 0))] == ["TC", "9D", "KD"]


# -- no peeking --------------------------------------------------------------------------------------


def _shuffled_others(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same position with the other seats' unplayed cards dealt again (same counts)."""
    cards = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
    rng.shuffle(cards)
    hands = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(str(hand) or "-")
        else:
            mine, cards = cards[: len(hand)], cards[len(hand) :]
            hands.append(str(CardSet(mine)) or "-")
    text = state.to_position().splitlines()
    text = [("hands: " + " / ".join(hands)) if line.startswith("hands:") else line for line in text]
    return HandState.from_position(state.rules, "\n".join(text))


@pytest.mark.parametrize("level", ["random", "heuristic", "monte_carlo"])
def test_no_bot_sees_hidden_cards(level: str) -> None:
    rng = random.Random(11)
    bot = make_bot(level, worlds=16)
    checked = 0
    for deal in range(6):
        state = HandState.deal(HOLD, deal, 3)
        for _ in range(rng.randrange(4, 30)):
            state = state.play(rng.choice(state.legal_moves()))
        state = HandState.from_position(HOLD, state.to_position())
        seat = state.to_play
        assert seat is not None
        other = _shuffled_others(state, seat, rng)
        assert other.hands != state.hands or len(state.hands[seat]) <= 1
        view, other_view = PlayerView.from_state(state, seat), PlayerView.from_state(other, seat)
        assert view == other_view
        first = bot.choose_card(view, random.Random(deal))
        second = bot.choose_card(other_view, random.Random(deal))
        assert first == second
        checked += 1
    assert checked == 6


def test_views_of_a_whole_hand_ignore_other_seats_hidden_cards() -> None:
    """Two deals that differ only in two unplayed cards of other seats give the same view."""
    rules = Ruleset()
    base = HandState.deal(rules, 5, 0)
    rng = random.Random(3)
    passes = {seat: heuristic_pass(PlayerView.from_state(base, seat)) for seat in range(4)}
    state = base.with_passes(passes)
    for _ in range(9):
        state = state.play(rng.choice(state.legal_moves()))
    seat = state.to_play
    assert seat is not None
    # Swap two cards of one suit still held by two other seats (neither passed by `seat`).
    assert state.passes is not None
    known = state.passes[seat].mask
    swap = None
    for a in range(4):
        for b in range(a + 1, 4):
            if seat in (a, b):
                continue
            for suit in range(4):
                mask_a = state.hands[a].mask & SUIT_MASKS[suit] & ~known
                mask_b = state.hands[b].mask & SUIT_MASKS[suit] & ~known
                if mask_a and mask_b and not swap:
                    swap = (a, b, (mask_a & -mask_a).bit_length() - 1, (mask_b & -mask_b).bit_length() - 1)
    assert swap is not None
    a, b, card_a, card_b = swap
    hands = [state.hands[s].mask for s in range(4)]
    hands[a] ^= (1 << card_a) | (1 << card_b)
    hands[b] ^= (1 << card_a) | (1 << card_b)
    twin = state._copy()
    twin._hands = tuple(hands)
    assert twin.hands != state.hands
    view = PlayerView.from_state(state, seat, (10, 20, 30, 40))
    assert view == PlayerView.from_state(twin, seat, (10, 20, 30, 40))
    assert (
        sample_worlds(view, 5, random.Random(1))
        == sample_worlds(PlayerView.from_state(twin, seat, (10, 20, 30, 40)), 5, random.Random(1))
    ).all()


def test_sample_worlds_respects_hand_sizes_voids_and_passed_cards() -> None:
    rules = Ruleset()
    rng = random.Random(8)
    checked_voids = 0
    for deal in range(40):
        state = HandState.deal(rules, deal, deal % 3)  # left, right, across
        passes = {seat: heuristic_pass(PlayerView.from_state(state, seat)) for seat in range(4)}
        state = state.with_passes(passes)
        for _ in range(rng.randrange(10, 40)):
            state = state.play(rng.choice(state.legal_moves()))
        seat = state.to_play
        assert seat is not None
        view = PlayerView.from_state(state, seat)
        target = state.pass_target(seat)
        assert state.passes is not None
        still_passed = state.passes[seat].mask & ~view.gone
        # The true deal is consistent with the view.
        for other in range(4):
            assert not view.voids[other] & sum(
                1 << suit for suit in range(4) if state.hands[other].mask & SUIT_MASKS[suit]
            )
        checked_voids += sum(bool(mask) for other, mask in enumerate(view.voids) if other != seat)
        for world in sample_worlds(view, 20, rng).tolist():
            assert world[seat] == state.hands[seat].mask
            union = 0
            for other, hand in enumerate(world):
                assert hand.bit_count() == len(state.hands[other])
                assert not union & hand
                union |= hand
                for suit in range(4):
                    if view.voids[other] >> suit & 1:
                        assert not hand & SUIT_MASKS[suit], (other, suit)
            assert union == rules.tables.deck_mask & ~view.gone
            assert world[target] & still_passed == still_passed
    assert checked_voids > 10


def _tight_deal(seed: int, free: str = "3C 4C 5C 6C 7C TC JC 4D 7D 6H 9H TH JH AH 3S 5S TS JS QS KS") -> np.ndarray:
    """Deal a position seen in a duplicate match (seat 3 to play, 7 cards each): North, who holds the
    9C this seat passed, is void in diamonds; East is void in everything but clubs, so the 7 clubs
    left are all East's; West is void in clubs.  About one quick draw in 1,700 gives East every club."""
    known = [CardSet.parse("9C").mask, 0, 0, CardSet.parse("3D JD QD KD 7H 8H KH").mask]
    sizes = [6, 7, 7, 0]
    voids = [0b0010, 0b1110, 0b0001, 0]
    cards = sorted(int(card) for card in CardSet.parse(free))
    worlds = np.zeros((64, 4), dtype=np.int64)
    found = kernel.deal_worlds(
        np.array(known, dtype=np.int64),
        np.array(sizes, dtype=np.int64),
        np.array(voids, dtype=np.int64),
        np.array(cards, dtype=np.int64),
        np.array([0, 1, 2], dtype=np.int64),
        kernel.rng_state(seed),
        worlds,
    )
    return worlds if found else np.zeros((0, 4), dtype=np.int64)


@pytest.mark.parametrize("seed", [0, 1, 16, 17, 20, 24, 29])
def test_voids_that_leave_few_deals_are_dealt_every_time(seed: int) -> None:
    # Before, ten thousand quick draws all met a dead end in some world now and then (seeds 16 to 29
    # here, 13 of the first 100), and the bot to play raised "no deal of the unseen cards fits the
    # view" (once in a 1,000-deal match).
    worlds = _tight_deal(seed)
    assert len(worlds) == 64
    clubs = CardSet.parse("3C 4C 5C 6C 7C TC JC").mask
    for north, east, west, _ in worlds.tolist():
        assert east == clubs
        assert not north & SUIT_MASKS[1] and not west & SUIT_MASKS[0]
        assert north.bit_count() == 7 and west.bit_count() == 7 and not north & west


def test_voids_that_leave_no_deal_are_said_to() -> None:
    # Six clubs left for an East who may hold only clubs and has seven places: no deal fits.
    assert len(_tight_deal(1, free="3C 4C 5C 6C 7C TC 4D 7D 6H 9H TH JH AH 3S 5S TS JS QS KS 2H")) == 0


# -- legal play under every ruleset ------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), BASES, ids=lambda value: str(value))
def test_every_bot_plays_only_legal_cards(name: str, players: Players) -> None:
    rules = base_rules(name, players)
    levels = ["random", "heuristic", "monte_carlo"]
    seen: set[str] = set()
    for hand_number in range(3):
        n = rules.players
        # Each level sits in every seat over the hands, next to the other levels.
        bots = [make_bot(levels[(seat + hand_number) % 3], worlds=3) for seat in range(n)]
        final = play_hand(
            HandState.deal(rules, f"{name}-{hand_number}", hand_number),
            bots,
            seed=hand_number,
            on_decision=lambda view, decision: seen.add(decision.idea),
        )
        assert final.phase == "over"
    assert seen <= set(IDEAS)


# -- the API around the bots -------------------------------------------------------------------------


def test_every_idea_has_a_catalogue_text() -> None:
    for idea in IDEAS:
        assert has_message(f"idea.{idea}"), idea


def test_make_bot_levels() -> None:
    assert make_bot("random").name == "random"
    assert make_bot("heuristic").name == "heuristic"
    bot = make_bot("monte_carlo", worlds=32)
    assert isinstance(bot, MonteCarloBot) and bot.worlds == 32
    with pytest.raises(ValueError, match="no bot level"):
        make_bot("grandmaster")


def test_equivalent_cards_collapse_but_the_queen_stays_alone() -> None:
    rules = Ruleset()
    hand = CardSet.parse("JS QS KS 2C 3C 5C").mask
    gone = CardSet.parse("4C").mask
    elsewhere = rules.tables.deck_mask & ~hand & ~gone
    classes = [str(CardSet.from_mask(m)) for m in equivalent_classes(hand, point_attributes(rules), elsewhere)]
    assert classes == ["2C 3C 5C", "JS", "QS", "KS"]


def test_monte_carlo_reports_its_numbers() -> None:
    # South (seat 3) must follow the AS: keeping the queen with AD AC left means winning
    # every remaining trick and the queen with them.
    state = position(
        HOLD,
        ["9D TD JD 9C", "5D 6D 7C", "7D 8D 8C", "QS 4S AD AC"],
        "1 AS TS",
        {1: "2H 3H 4H 5H 6H 7H 8H", 2: "9H TH JH QH KH AH"},
    )
    decision = MonteCarloBot(worlds=16).choose_card(PlayerView.from_state(state, 3), random.Random(1))
    assert str(decision.card) == "QS"
    by_card = {str(stats.card): stats for stats in decision.stats}
    assert set(by_card) == {"QS", "4S"}
    assert by_card["QS"].queen == 0.0 and by_card["4S"].queen == 1.0
    assert by_card["QS"].mean < by_card["4S"].mean


def test_monte_carlo_passes_by_simulation_from_its_own_cards_only() -> None:
    # Short spades: the scored shortlist keeps passing the queen.
    mine = ["QS", "KS", "AS", "2C", "5C", "9C", "3D", "6D", "TD", "4H", "7H", "JH", "2D"]
    rules = Ruleset()
    rest = [str(card) for card in rules.deck if str(card) not in mine]
    deals = [rest, rest[::-1]]
    passes = []
    for order in deals:
        state = HandState.from_hands(
            rules, [" ".join(mine)] + [" ".join(order[i * 13 : (i + 1) * 13]) for i in range(3)]
        )
        view = PlayerView.from_state(state, 0)
        chosen = MonteCarloBot(worlds=16).choose_pass(view, random.Random(3))
        assert len(chosen) == 3 and all(str(card) in mine for card in chosen)
        assert CardSet(chosen).mask in pass_candidates(view)
        passes.append(chosen)
    # Only the seat's own cards matter: another deal of the rest gives the same pass.
    assert passes[0] == passes[1]
    assert "QS" in {str(card) for card in passes[0]}
