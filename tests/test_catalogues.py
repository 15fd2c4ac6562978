"""The message catalogues: one key per text, across the engine's and the interface's."""

from __future__ import annotations

from collections import defaultdict

from hearts_core.words.catalogue import catalogue
from hearts_ui.texts import ui, ui_catalogue


def test_no_text_is_written_under_two_keys() -> None:
    keys: dict[str, list[str]] = defaultdict(list)
    for key, text in catalogue().items():
        keys[str(text)].append(f"engine {key}")
    for key, text in ui_catalogue().items():
        keys[str(text)].append(f"interface {key}")
    twice = {text: where for text, where in keys.items() if len(where) > 1}
    assert twice == {}, "the same text under several keys: use one key (or reword where the meaning differs)"


def test_the_points_a_learner_took_agree_with_their_number() -> None:
    # "Ви взяли 4 очок" was one form for every number; each language's plural forms now.
    expected = {
        "en": {1: "1 point;", 4: "4 points;"},
        "uk": {1: "1 очко;", 4: "4 очки;", 5: "5 очок;", 21: "21 очко;"},
        "ru": {1: "1 очко;", 4: "4 очка;", 5: "5 очков;", 21: "21 очко;"},
    }
    for language, cases in expected.items():
        for points, words in cases.items():
            for key in ("review.luck_worse", "review.luck_better", "review.luck_even"):
                assert words in ui(key, language, points=points, engine="3", replays=8, skill="1"), (language, key)
            daily = ui("daily.your_result", language, points=str(points), place=1, players=4, median="5")
            assert words.replace(" ", "** ", 1).rstrip(";") in daily, (language, daily)
