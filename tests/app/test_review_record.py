"""The game review's PHN record (issue 25): each decision's class as its annotation mark."""

from __future__ import annotations

from hearts_core import CardSet, HandState, Ruleset
from hearts_core.ai.bots import HeuristicBot, play_hand
from hearts_core.learner.review import review_hand
from hearts_core.phn import read_hand
from hearts_ui.views.practice.game_review import reviewed_record


def test_the_review_record_marks_the_blunder_and_reads_back_as_the_hand() -> None:
    hands = "2H TH / 3H 4S / 5S QS / 6S"
    rest = CardSet.full_deck() - CardSet.parse(hands.replace("/", " ") + " 8H")
    start = HandState.from_position(Ruleset(), f"hands: {hands}; taken: - / {rest} / - / -; won: 0 11 0 0; trick: 3 8H")
    hand = play_hand(start.play("TH"), [HeuristicBot()] * 4, seed=1)
    review = review_hand(hand, seat=0, worlds=200)
    text = reviewed_record(hand, review)
    assert "play: TH??" in text
    record = read_hand(text)
    assert record.state == hand
    note = record.notes[1]
    assert note.glyph == "??" and "2♥" in note.comment
