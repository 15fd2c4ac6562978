"""What the card table component is given (hearts_ui.widgets.card_table.payload): seats by compass for
2 to 6 players, hidden cards kept out, the learner's controls, the change to animate, the size."""

from __future__ import annotations

import json
import random

import pytest

from hearts_core import HandState, Ruleset
from hearts_ui.texts import ui
from hearts_ui.widgets.card_table import TableLook, TableScene, play_control, select_control, table_payload
from hearts_ui.widgets.card_table.component import parse_action
from tests.core.conftest import deal_hands, play_cards
from tests.core.named_deals import PASSES, ROUND_ROBIN

STANDARD = Ruleset()
#: Where each seat sits on the felt (South, the learner, at the bottom; play goes clockwise).
AREAS = {
    2: ["s", "n"],
    3: ["s", "w", "e"],
    4: ["s", "w", "n", "e"],
    5: ["s", "w", "nw", "ne", "e"],
    6: ["s", "sw", "nw", "n", "ne", "se"],
}


def mid_hand() -> HandState:
    """Round robin, passed left; East took the QS on trick 3; East led the 4D, South played the 5D."""
    state = deal_hands(STANDARD, *ROUND_ROBIN).with_passes(PASSES)
    return play_cards(state, "2C 3C 4C 5C | 9C KC AC 8C | 7C QS QC TC | 4D 5D")


def seeded(players: int, seed: int = 3) -> HandState:
    """A dealt, passed hand for ``players``, a few random cards in."""
    rules = STANDARD if players == 4 else STANDARD.with_players(players)
    rng = random.Random(seed)
    state = HandState.deal(rules, seed=seed)
    if state.is_passing:
        state = state.with_passes(
            {seat: rng.sample(hand.cards(), rules.pass_count) for seat, hand in enumerate(state.hands)}
        )
    for _ in range(players + 2):
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("players", sorted(AREAS))
def test_seats_sit_by_compass_with_their_names(players: int) -> None:
    data = table_payload(TableScene(seeded(players), face_up=[0]))
    assert [seat["area"] for seat in data["seats"]] == AREAS[players]
    assert data["seats"][0]["name"] == "South" and data["players"] == players


@pytest.mark.parametrize("players", sorted(AREAS))
def test_a_face_down_hand_never_reaches_the_browser(players: int) -> None:
    state = seeded(players)
    data = table_payload(TableScene(state, face_up=[0], hand=play_control(state, 0)))
    shown = set(data["faces"])
    for seat in range(1, players):
        assert data["seats"][seat]["rows"] is None
        assert data["seats"][seat]["count"] == len(state.hands[seat])
        known = {card for line in data["seats"][0]["exchange"] for card in line["cards"]}  # South's own pass
        hidden = {str(card) for card in state.hands[seat]} - known
        assert not hidden & shown, f"seat {seat}'s cards are in the payload"
        assert not any(card in json.dumps(data) for card in (f'"{code}"' for code in hidden))


def test_the_learners_hand_plays_legal_cards_and_dims_the_others_with_the_engines_reason() -> None:
    state = mid_hand()
    west = state.to_play
    assert west == 1
    data = table_payload(TableScene(state, face_up=[west], hand=play_control(state, west)))
    cards = {card["c"]: card for card in data["hand"]["cards"]}
    assert {code for code, card in cards.items() if card["ok"]} == {str(card) for card in state.legal_moves()}
    for code, card in cards.items():
        if not card["ok"]:
            assert card["why"] == str(state.explain(code)) and "must follow suit" in card["why"]
    assert data["hand"]["mode"] == "play" and data["hand"]["label"] == ui("table.seat_hand", seat="West")


def test_choosing_a_pass_says_how_many_are_chosen() -> None:
    state = deal_hands(STANDARD, *ROUND_ROBIN)
    data = table_payload(TableScene(state, face_up=[0], hand=select_control(0, 3, "Pass", selected=["AC"])))
    hand = data["hand"]
    assert hand["mode"] == "select" and hand["need"] == 3 and hand["confirm"] == "Pass"
    assert [card["c"] for card in hand["cards"] if card["sel"]] == ["AC"]
    assert hand["chosen"] == [ui("table.chosen_of", chosen=count, need=3) for count in range(4)]


def test_the_hand_is_sorted_by_the_learners_rank_order() -> None:
    state = deal_hands(STANDARD, *ROUND_ROBIN)
    high = table_payload(TableScene(state, face_up=[0], hand=play_control(state, 0)))
    low = table_payload(TableScene(state, face_up=[0], hand=play_control(state, 0)), TableLook(rank_order="low_first"))
    assert [card["c"] for card in high["hand"]["cards"]][:4] == ["JS", "7S", "3S", "QH"]
    assert [card["c"] for card in low["hand"]["cards"]][:4] == ["3S", "7S", "JS", "4H"]


def test_the_change_since_the_last_picture_is_given_to_animate() -> None:
    before = mid_hand()
    after = play_cards(before, "6D 7D")  # West and North follow: the trick is over
    data = table_payload(TableScene(after, face_up=[0], before=before))
    assert data["from"] is not None and data["from"] != data["scene"]
    assert [(event["t"], event.get("card")) for event in data["events"]] == [
        ("play", "6D"),
        ("play", "7D"),
        ("gather", None),
    ]
    assert data["events"][-1]["seat"] == after.tricks[-1].winner
    assert [play["card"] for play in data["start"]["trick"]] == ["4D", "5D"]
    # Backwards (a step back, an undo): no motion, the table is drawn as it is.
    still = table_payload(TableScene(before, face_up=[0], before=after))
    assert still["events"] == [] and still["from"] is None


def test_the_passes_that_the_viewer_may_know_are_shown_with_the_seats() -> None:
    data = table_payload(TableScene(mid_hand(), face_up=[0]))
    south = data["seats"][0]["exchange"]
    assert south == [
        {"t": ui("table.passed", seat="West"), "cards": ["AC", "KD", "QH"]},
        {"t": ui("table.received", seat="East"), "cards": ["KC", "QD", "AS"]},
    ]
    assert data["seats"][2]["exchange"] == []  # North's pass went between two hidden seats


def test_speed_and_colours_reach_the_table() -> None:
    data = table_payload(TableScene(mid_hand()), TableLook(speed="instant", four_colour=True))
    assert data["delay"] == 0 and data["four"] is True
    assert (
        table_payload(TableScene(mid_hand()), TableLook(speed="slow"))["delay"]
        > table_payload(TableScene(mid_hand()))["delay"]
    )


def test_a_click_on_another_picture_is_dropped() -> None:
    data = table_payload(TableScene(mid_hand()))
    assert parse_action({"kind": "play", "card": "QD", "scene": data["scene"]}, data["scene"]) is not None
    assert parse_action({"kind": "play", "card": "QD", "scene": "stale"}, data["scene"]) is None
    assert parse_action({"kind": "seat", "seat": True, "scene": data["scene"]}, data["scene"]) is None
    assert parse_action({"kind": "cards", "cards": ["QD", 3], "scene": data["scene"]}, data["scene"]) is None


@pytest.mark.parametrize("players", sorted(AREAS))
def test_the_payload_stays_small(players: int) -> None:
    """Every card face up, a controlled hand and a whole trick to animate: well under 50 kB."""
    state = seeded(players)
    after = state
    while after.to_play != 0 or after is state:
        after = after.play(after.legal_moves()[0])
    data = table_payload(TableScene(after, face_up="all", hand=play_control(after, 0), before=state))
    assert len(json.dumps(data, ensure_ascii=False).encode()) < 20_000
