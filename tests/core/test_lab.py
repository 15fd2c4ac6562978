"""The Variant Lab engine: comparing rulesets on named deals, the share code,
the linter, the house rules card, paired simulation and its statistics."""

from __future__ import annotations

import dataclasses
import re

import pytest

from hearts_core import HandState, NotationError, Penalties, Ruleset
from hearts_core.engine.table import seat_name
from hearts_core.lab import find_differing_deal, first_divergence, parse_deal_text, replay_pair
from hearts_core.words.languages import LANGUAGES

from .conftest import play_cards
from .named_deals import HOLD, MIXED, MIXED_PLAY, MOON, MOON_PLAY

# Seat 0 holds every club: seat 1 (void) may drop the QS on trick 1 only when
# the first trick allows points.
CLUBS_FIRST = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
)

# Seat 1 drops the QS on trick 1; seat 2 wins it with the 4C and holds the KH.
QUEEN_BREAKS = (
    "2C 3C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "4C 5C 6C 7C 8C 9C TC JC QC KC AC KH AD",
    "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
)


def states(rules: Ruleset, hands: tuple[str, ...], plays: str) -> tuple[HandState, ...]:
    state = HandState.from_hands(rules, list(hands))
    result = [state]
    for token in plays.replace("|", " ").split():
        state = state.play(token)
        result.append(state)
    return tuple(result)


# -- one deal, two rulesets ------------------------------------------------------------------------


def test_first_trick_points_named_deal() -> None:
    a = HOLD
    b = dataclasses.replace(HOLD, first_trick="anything")
    pair = replay_pair(a, b, "deal: " + " / ".join(CLUBS_FIRST))
    divergence = pair.divergence
    assert divergence is not None
    assert (divergence.kind, divergence.index, divergence.seat, divergence.card) == ("legality", 1, 1, "QS")
    text = divergence.text()
    assert "trick 1" in text and "West" in text and "QS" in text and "under B but not under A" in text
    assert str(pair.states_b[2].current_trick.cards[-1]) == "QS"
    assert len(pair.states_a) == 53 and pair.states_a[-1].phase == "over"


def test_queen_breaks_hearts_named_plays() -> None:
    a = dataclasses.replace(HOLD, first_trick="anything")
    b = dataclasses.replace(a, queen_breaks_hearts=True)
    under_a = states(a, QUEEN_BREAKS, "2C QS 4C 2S | 5C")
    under_b = states(b, QUEEN_BREAKS, "2C QS 4C 2S | KH")
    divergence = first_divergence(under_a, under_b)
    assert divergence is not None
    assert (divergence.kind, divergence.index, divergence.seat, divergence.card) == ("legality", 4, 2, "KH")
    assert divergence.reason_code == "queen_broke_hearts"
    assert divergence.text().startswith("Under B the queen broke hearts on trick 1, so North could lead the KH")


def test_queen_breaks_hearts_without_consequence_is_reported() -> None:
    a = dataclasses.replace(HOLD, first_trick="anything")
    b = dataclasses.replace(a, queen_breaks_hearts=True)
    divergence = first_divergence(states(a, QUEEN_BREAKS, "2C QS 4C 2S"), states(b, QUEEN_BREAKS, "2C QS 4C 2S"))
    assert divergence is not None and divergence.kind == "hearts_broken"
    assert "under B only" in divergence.text()


def test_jack_of_diamonds_changes_the_score() -> None:
    omnibus = dataclasses.replace(HOLD, penalties=Penalties({**dict(HOLD.penalties), "JD": -10}))
    divergence = first_divergence(states(HOLD, MIXED, MIXED_PLAY), states(omnibus, MIXED, MIXED_PLAY))
    assert divergence is not None
    assert (divergence.kind, divergence.index, divergence.card) == ("score", 52, "JD")
    assert "worth 0 under A and -10 under B" in divergence.text()


def test_moon_scoring_add_versus_subtract() -> None:
    add = dataclasses.replace(HOLD, moon="add_to_others")
    subtract = dataclasses.replace(HOLD, moon="subtract_from_self")
    divergence = first_divergence(states(add, MOON, MOON_PLAY), states(subtract, MOON, MOON_PLAY))
    assert divergence is not None
    assert (divergence.kind, divergence.seat, divergence.reason_code) == ("score", 0, "score_moon")
    text = divergence.text()
    assert "every opponent scores" in text and "the shooter subtracts" in text


def test_black_maria_spades_score() -> None:
    base = Ruleset(pass_cycle=("hold",), first_trick="anything", must_break_hearts=False, moon="off")
    maria = dataclasses.replace(base, penalties=Penalties({**dict(base.penalties), "KS": 10, "AS": 7}))
    divergence = first_divergence(states(base, MIXED, MIXED_PLAY), states(maria, MIXED, MIXED_PLAY))
    assert divergence is not None
    assert divergence.kind == "score" and divergence.card in ("KS", "AS")


def test_identical_rulesets_never_diverge() -> None:
    pair = replay_pair(Ruleset(), Ruleset(), 11)
    assert pair.divergence is None and pair.scores_a == pair.scores_b
    assert pair.start_a.phase == "pass" and pair.states_a[0].phase == "play"


def test_pass_direction_divergence_and_standings() -> None:
    pair = replay_pair(Ruleset(), Ruleset(pass_cycle=("right",)), 3, totals=(10, 20, 30, 40))
    assert pair.divergence is not None and pair.divergence.kind == "pass" and pair.divergence.index == 0
    assert pair.standings_a == tuple(t + s for t, s in zip((10, 20, 30, 40), pair.scores_a, strict=True))


def test_different_decks_refused() -> None:
    with pytest.raises(ValueError, match="same deal"):
        replay_pair(Ruleset(), Ruleset.preset("three_players"), 1)


def test_find_differing_deal_standard_versus_omnibus() -> None:
    pair = find_differing_deal(Ruleset(), Ruleset.preset("omnibus"), time_limit=5.0)
    assert pair is not None and pair.scores_a != pair.scores_b and pair.divergence is not None
    assert find_differing_deal(Ruleset(), Ruleset(), max_deals=5) is None


def test_parse_deal_text() -> None:
    text = " / ".join(CLUBS_FIRST)
    assert parse_deal_text(HOLD, text).hands[1] == HandState.from_hands(HOLD, list(CLUBS_FIRST)).hands[1]
    full = play_cards(HandState.from_hands(HOLD, list(MIXED)), MIXED_PLAY).to_notation()
    assert parse_deal_text(HOLD, full).phase == "play" and not parse_deal_text(HOLD, full).tricks
    with pytest.raises(NotationError, match="empty"):
        parse_deal_text(HOLD, "  ")
    with pytest.raises(NotationError, match="not a card"):
        parse_deal_text(HOLD, "deal: 2C ZZ / - / - / -")


# -- share code, linter, house rules card --------------------------------------------------------


def _every_variant() -> list[Ruleset]:
    from hearts_core.content.rulebook import VARIANT_OPTIONS, apply_variant, player_count_options

    found = [Ruleset.preset(name) for name in Ruleset.preset_names()]
    for rule_id, options in VARIANT_OPTIONS.items():
        for option in options:
            for base in ("standard", "black_maria", "three_players"):
                try:
                    found.append(apply_variant(Ruleset.preset(base), rule_id, option.key))
                except ValueError:
                    continue
    found += [apply_variant(Ruleset(), "V11", key) for key in player_count_options()]
    return found


def test_share_code_round_trips_every_preset_and_variant() -> None:
    from hearts_core.lab import decode_ruleset, encode_ruleset

    for rules in _every_variant():
        code = encode_ruleset(rules)
        assert decode_ruleset(code) == rules, code
        assert all(ch.isalnum() or ch in "_~=.-" for ch in code), code
    assert encode_ruleset(Ruleset.preset("black_maria")) == "black_maria"
    assert decode_ruleset("black_maria~moon=choice~players=3~removed_cards=2D").players == 3
    assert decode_ruleset("moon=off") == Ruleset(moon="off")


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("", "empty"),
        ("blackmaria", "not a preset"),
        ("standard~colour=red", "not a rule"),
        ("standard~sun=maybe", "yes or no"),
        ("standard~players=three", "whole number"),
        ("standard~penalties=ZZ5", "JD-10"),
        ("standard~moon", "field=value"),
        ("standard~moon=off~moon=auto", "twice"),
        ("standard~players=3", "dealt evenly"),
        ("standard~moon=sometimes", "not one of"),
    ],
)
def test_share_code_errors_say_what_is_wrong(code: str, words: str) -> None:
    from hearts_core.lab import RulesetError, decode_ruleset

    with pytest.raises(RulesetError, match=words):
        decode_ruleset(code)


def test_linter_cases() -> None:
    from hearts_core.lab import lint_ruleset

    def codes(rules: Ruleset) -> list[str]:
        return [warning.code for warning in lint_ruleset(rules)]

    assert codes(Ruleset()) == []
    no_2c = Ruleset.preset("three_players_no_2c")
    assert codes(no_2c) == ["deck_opening_card"]
    assert "the 3C is the lowest club" in lint_ruleset(no_2c)[0].text()
    assert codes(Ruleset.preset("omnibus")) == ["bonus_moon_unspecified"]
    assert codes(dataclasses.replace(Ruleset.preset("omnibus"), moon_needs_bonus=True)) == []
    assert "lead_hearts_with_queen_no_effect" in codes(Ruleset(must_break_hearts=False, lead_hearts_with_queen=True))
    assert "queen_breaks_no_effect" in codes(Ruleset(must_break_hearts=False, queen_breaks_hearts=True))
    assert codes(Ruleset(moon="off", sun=True)) == ["sun_without_moon"]
    chips = dataclasses.replace(Ruleset.preset("chips_1887"), penalties=Penalties({**dict(Ruleset().penalties)}))
    assert "chips_ignore_values" in codes(chips)
    assert "first_trick_free_lead" in codes(Ruleset(opening_lead="left_of_dealer"))
    assert "pass_count_large" in codes(Ruleset(pass_count=7))
    assert "fixed_hands" in codes(Ruleset(target_score=0, max_hands=5))
    reversed_maria = dataclasses.replace(
        Ruleset.preset("black_maria"), penalties=Penalties({**dict(Ruleset().penalties), "KS": 7, "AS": 10})
    )
    assert "black_maria_reversed" in codes(reversed_maria)
    assert codes(Ruleset.preset("black_maria")) == []


def test_house_rules_card_highlights_changes() -> None:
    from hearts_core.lab import encode_ruleset, house_rules_html, house_rules_markdown

    rules = dataclasses.replace(Ruleset.preset("omnibus"), moon="add_to_others", sun=True)
    card = house_rules_markdown(rules, title="Friday night")
    assert card.startswith("# Friday night")
    assert "**Moon scoring: Every opponent scores" in card and "(house rule)" in card
    assert "**Penalty cards: Hearts 1 each, Q♠ 13, J♦ −10.** (house rule)" in card
    assert "- Opening lead: The holder of the 2♣ leads it to the first trick." in card
    assert "worth 26 points" in card and "13 cards each" in card
    assert "JD is a bonus card" in card
    assert f"`{encode_ruleset(rules)}`" in card
    page = house_rules_html(rules, title="<Friday & night>")
    assert page.startswith("<!DOCTYPE html>") and "&lt;Friday &amp; night&gt;" in page
    assert "<strong>" in page and "<Friday" not in page
    assert house_rules_markdown(Ruleset()).count("(house rule)") == 0


# -- paired simulation and statistics ------------------------------------------------------------


def test_simulation_rows_and_replay() -> None:
    from hearts_core.lab import simulate_pairs

    a, b = Ruleset(), Ruleset.preset("omnibus")
    result = simulate_pairs(a, b, 60, seed=2)
    assert len(result.rows) == 120 and result.pairs == 60 and not result.cancelled
    assert [row.ruleset for row in result.rows[:4]] == ["A", "B", "A", "B"]
    assert all(sum(row.scores) in (26, 78, 16, 6, 68, -10) or row.moon_shooter >= 0 for row in result.rows)
    record = result.records()[0]
    assert {"deal", "ruleset", "score_0", "score_3", "moon_shooter", "queen_taker", "deal_seed"} <= set(record)
    # Any row replays card by card on the HandState path with the same result.
    for row in result.rows[:6]:
        pair = replay_pair(a, b, row.deal_seed, hand_number=row.hand_number)
        assert (pair.scores_a if row.ruleset == "A" else pair.scores_b) == row.scores


def test_identical_rulesets_give_zero_differences() -> None:
    from hearts_core.lab import compare_stats, simulate_pairs

    stats = compare_stats(simulate_pairs(Ruleset(), Ruleset(), 40, seed=5))
    assert stats and all(stat.diff == 0 and stat.verdict == "identical" for stat in stats)
    assert "identical on every deal" in stats[0].text() and "noise" not in stats[0].text()


def test_a_difference_on_one_deal_is_not_called_identical() -> None:
    from hearts_core.lab.simulation import paired_difference

    stat = paired_difference([(0.0, 0.0)] * 39 + [(0.0, 26.0)], "seat0_points")
    assert stat.verdict == "noise" and stat.diff == 0.65


def test_a_real_difference_is_called_real() -> None:
    from hearts_core.lab import compare_stats, simulate_pairs

    stats = {stat.key: stat for stat in compare_stats(simulate_pairs(Ruleset(), Ruleset.preset("omnibus"), 200))}
    assert stats["hand_points"].verdict == "real" and stats["hand_points"].diff < 0
    assert "is real" in stats["hand_points"].text()
    first = {s.key: s for s in compare_stats(simulate_pairs(Ruleset(), Ruleset(first_trick="anything"), 300))}
    assert first["first_trick_points"].mean_a == 0 and first["first_trick_points"].verdict == "real"


def test_cancellation_and_progress() -> None:
    from hearts_core.lab import simulate_pairs

    calls: list[tuple[int, int]] = []

    def stop_after_first(done: int, total: int) -> bool:
        calls.append((done, total))
        return False

    result = simulate_pairs(Ruleset(), Ruleset(moon="off"), 200, progress=stop_after_first, chunk=50)
    assert result.cancelled and calls == [(50, 200)] and len(result.rows) == 100
    seen: list[int] = []

    def go_on(done: int, total: int) -> bool:
        seen.append(done)
        return True

    full = simulate_pairs(Ruleset(), Ruleset(moon="off"), 100, progress=go_on, chunk=40)
    assert not full.cancelled and seen == [40, 80, 100]


def test_games_mode_and_workers() -> None:
    from hearts_core.lab import compare_stats, simulate_pairs

    a, b = Ruleset(target_score=50), Ruleset(target_score=50, moon="off")
    result = simulate_pairs(a, b, 6, games=True, seed=1)
    assert len(result.games) == 12 and result.games_mode
    for game in result.games:
        assert max(game.totals) >= 50 and game.hands == sum(
            1 for row in result.rows if row.game == game.game and row.ruleset == game.ruleset
        )
    keys = [stat.key for stat in compare_stats(result)]
    assert keys[-2:] == ["hands_per_game", "winner_margin"]
    twice = simulate_pairs(Ruleset(), Ruleset.preset("omnibus"), 120, seed=4, workers=2, chunk=30)
    assert twice.rows == simulate_pairs(Ruleset(), Ruleset.preset("omnibus"), 120, seed=4).rows


def test_card_choice_names_the_rules_that_differ() -> None:
    pair = find_differing_deal(Ruleset(), Ruleset.preset("rickety_kate"), time_limit=5.0)
    assert pair is not None and pair.divergence is not None
    if pair.divergence.kind == "card":
        assert "moon scoring" in pair.divergence.text()


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_trick_winner_divergence_names_the_winners_by_compass(language: str) -> None:
    """Learners read seats as South, West, North, East, never as numbers."""
    from hearts_core.lab.compare import Divergence

    divergence = Divergence(
        index=5,
        kind="trick_winner",
        seat=1,
        card="QS",
        reason_code="trick_winner",
        params={"trick": 7, "players": 4, "winner_a": 3, "winner_b": 2},
    )
    text = divergence.text(language)
    assert seat_name(3, 4, language) in text and seat_name(2, 4, language) in text
    assert "7" in text and not re.search(r"[0-689]", text), text  # the trick's number, and no seat number
