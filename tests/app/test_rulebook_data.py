"""The Rule Book's plain data (hearts_ui.views.rulebook.data, hearts_ui.texts): no browser, no Streamlit."""

from __future__ import annotations

import dataclasses
import doctest
import tomllib
from pathlib import Path
from types import ModuleType
from typing import get_args

import pytest

import hearts_ui.texts as texts
import hearts_ui.views.puzzles.common as puzzles_view
import hearts_ui.views.rulebook.data as data
from hearts_core import Ruleset, lab
from hearts_core.ai.levels import LEVELS
from hearts_core.content.lessons import ACTIVE_KINDS, STEP_KINDS
from hearts_core.content.puzzles import CARD_MARKS, DIFFICULTIES, KINDS, OBJECTIVES
from hearts_core.content.rulebook import RULES, SECTIONS
from hearts_core.content.sources import SOURCE_LANGUAGES
from hearts_core.engine.describe import penalty_summary
from hearts_core.engine.vocabulary import MOON_CHOICES
from hearts_core.learner.rating import SuggestionReason
from hearts_core.learner.review import CLASS_LIMITS
from hearts_core.records.studies import TASKS
from hearts_core.words.catalogue import has_message, message
from hearts_core.words.languages import LANGUAGES
from hearts_ui.frame import COMING_SOON, PAGES
from hearts_ui.texts import has_ui, ui, ui_catalogue
from hearts_ui.views.home import OPEN_NOW
from hearts_ui.views.lab import simulation as lab_simulation_view
from hearts_ui.views.puzzles.filters import FILTERS
from hearts_ui.views.rulebook.data import (
    matching_rules,
    penalty_chips,
    preset_facts,
    resolve_preset,
    rule_view,
    settings_rows,
    value_words,
    variant_choices,
)
from hearts_ui.views.studies import PROBLEMS as STUDY_PROBLEMS
from hearts_ui.widgets.card_table.payload import SPEEDS, TABLE_WORDS

PRESETS = Ruleset.preset_names()
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", [data, texts])
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("name", PRESETS)
def test_settings_rows_cover_every_field_in_words(name: str) -> None:
    rules = Ruleset.preset(name)
    rows = settings_rows(rules)
    assert [row.field for row in rows] == [item.name for item in dataclasses.fields(Ruleset)]
    assert {row.field for row in rows if row.changed} == set(rules.differences(Ruleset()))
    for row in rows:
        assert row.value and row.standard
        # Nothing falls through as a raw catalogue key, a Python repr or a bare code.
        for text in (row.value, row.label, row.help, row.rule_title):
            assert not text.startswith(("option.", "field.", "rule.", "value.", "penalty.")), text
            assert "(" not in text[:1] and "True" not in text and "False" not in text


def test_changed_rows_of_black_maria() -> None:
    rows = {row.field: row for row in settings_rows(Ruleset.preset("black_maria"))}
    assert rows["penalties"].changed and rows["penalties"].value == "Hearts 1 each, Q♠ 13, K♠ 10, A♠ 7"
    assert rows["pass_cycle"].value == "Right, every hand"
    assert not rows["players"].changed


@pytest.mark.parametrize(
    ("name", "summary"),
    [
        ("standard", "hearts 1 each, Q♠ 13"),
        ("omnibus", "hearts 1 each, Q♠ 13, J♦ −10"),
        ("jack_eleven", "hearts 1 each, J♦ 11, Q♠ 13"),
        ("pink_lady", "hearts 1 each except Q♥ 13, Q♠ 13"),
        ("pure_hearts", "hearts 1 each"),
    ],
)
def test_penalty_summary(name: str, summary: str) -> None:
    assert penalty_summary(Ruleset.preset(name)) == summary


def test_penalty_chips_group_hearts_and_mark_bonuses() -> None:
    chips = penalty_chips(Ruleset.preset("omnibus"))
    assert [(chip.face, chip.points, chip.bonus) for chip in chips] == [
        ("♥ ×13", "1 each", False),
        ("J♦", "−10", True),
        ("Q♠", "13", False),
    ]
    spot = penalty_chips(Ruleset.preset("spot_hearts"))
    assert len(spot) == 14  # no common heart value: every heart on its own


@pytest.mark.parametrize("name", PRESETS)
def test_facts_come_from_the_engine(name: str) -> None:
    rules = Ruleset.preset(name)
    facts = preset_facts(rules)
    assert facts.hand_size == rules.hand_size
    assert facts.points_per_hand == rules.moon_value
    assert facts.deck_size * 1 == len(rules.deck)
    if rules.opening_card is not None:
        assert facts.opening == rules.opening_card.symbol


def test_resolve_preset() -> None:
    assert resolve_preset("pink_lady").name == "pink_lady"
    assert resolve_preset("Black-Maria").name == "black_maria"
    assert resolve_preset(None).problem is None
    assert resolve_preset("").name == "standard"
    bad = resolve_preset("<script>")
    assert bad.name == "standard" and bad.problem is not None
    assert "\\<script\\>" in bad.problem and "<script>" not in bad.problem  # echoed as typed, escaped
    assert all(f"`{name}`" in bad.problem for name in PRESETS)
    link = resolve_preset("[click](http://example.com)").problem or ""
    assert "](" not in link


def test_every_rule_has_catalogue_texts_and_described_sources() -> None:
    for entry in RULES:
        view = rule_view(entry)
        assert has_message(f"rule.{entry.id}.title") and has_message(f"rule.{entry.id}.text")
        for source, title in view.sources:
            assert title == message(f"source.{source}.title").capitalize() or title[:1].isupper(), source


def test_search() -> None:
    assert len(matching_rules("")) == len(RULES)
    assert [entry.id for entry in matching_rules("V3")] == ["V3"]
    assert {entry.section for entry in matching_rules("moon")} <= set(SECTIONS)
    assert matching_rules("first_trick")  # field names are searchable
    assert matching_rules("xyzzy") == ()


def test_value_words_for_numbers() -> None:
    assert value_words(Ruleset(no_tricks_bonus=-5), "no_tricks_bonus") == "−5 to each player who took no trick"
    assert value_words(Ruleset(max_hands=8), "max_hands") == "8 hands"
    assert value_words(Ruleset.preset("three_players"), "removed_cards") == "2♦, leaving 51 cards"


def test_ui_keys_in_code_and_catalogue_match() -> None:
    """Every ui("...") key in hearts_ui exists in the English catalogue, and every entry is used."""
    import re

    from hearts_core.learner.review_queue import CARD_KINDS
    from hearts_core.learner.streaks import GOALS, DayMark
    from hearts_ui.views.classes import COLUMNS as CLASS_COLUMNS

    used = set()
    for path in (ROOT / "hearts_ui").rglob("*.py"):
        code = "\n".join(
            line for line in path.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith(">>>")
        )
        used |= set(re.findall(r"""\bui\(\s*["']([a-z_.]+)["']""", code))
    assert len(used) > 20, "no keys found"
    # Keys built at run time.
    used |= {f"rulebook.tab.{section}" for section in SECTIONS if section not in ("standard", "variants", "history")}
    used |= {f"home.{item}" for item in COMING_SOON}
    used |= {f"home.{item}_{part}" for _, _, item in OPEN_NOW for part in ("blurb", "link")}
    used |= {label_key for _, label_key, _ in PAGES}
    used |= {f"lessons.status_{state}" for state in ("new", "started", "completed")}
    used |= {f"lessons.kind_{kind}" for kind in STEP_KINDS}
    used |= {f"lessons.{outcome}" for outcome in ("illegal", "poor")}
    steps = ("first", "back", "next", "last")
    used |= {f"stepper.{name}" for name in steps}
    used |= {f"stepper.{unit}_{name}" for unit in ("step", "card") for name in steps}
    used |= {f"puzzles.kind_{kind}" for kind in KINDS}
    used |= {f"puzzles.difficulty_{level}" for level in DIFFICULTIES}
    used |= {f"puzzles.{part}_{name}" for part in ("any", "filter") for name in FILTERS}
    used |= {f"puzzles.{part}_{option}" for part in ("moon", "col") for option in MOON_CHOICES}
    used |= {f"puzzles.{part}_{objective}" for part in ("value", "cost") for objective in OBJECTIVES}
    used |= {f"puzzles.nudge_{kind}" for kind in puzzles_view.ASKED.values()}
    used |= {f"puzzles.rung_{rung}" for rung in ("idea", "answer")}
    used |= {f"puzzles.marks_{mark}" for mark in CARD_MARKS}
    used |= {f"puzzles.for_you_{reason}" for reason in get_args(SuggestionReason)}
    used |= {f"practice.level_{level}_note" for level in LEVELS} | {f"practice.level_{level}" for level in LEVELS[2:]}
    used |= {f"practice.moon_{option}" for option in MOON_CHOICES}
    used |= {f"lessons.nudge_{kind}" for kind in ACTIVE_KINDS}
    used |= {f"table.{word}" for word in TABLE_WORDS} | {f"table.speed_{speed}" for speed in SPEEDS}
    used |= {f"glossary.{language}" for language in SOURCE_LANGUAGES}
    used |= {f"review_page.ask_{kind}" for kind in CARD_KINDS}  # the review queue's card kinds
    used |= {f"review_page.open_{kind}" for kind in ("puzzle", "lesson")}
    used |= {f"review_page.name_{kind}" for kind in ("play", "pass")}
    used |= {f"dashboard.goal_{goal}" for goal in GOALS} | {f"dashboard.mark_{mark}" for mark in get_args(DayMark)}
    used |= set(CLASS_COLUMNS)  # the class dashboard's column headings
    used |= {f"studies.problem_{code}" for code in (*STUDY_PROBLEMS, "not_phn")}  # StudyError codes
    used |= {f"studies.task_{task}" for task in TASKS}  # a study step's task, named on the shelf
    used |= {"analysis.gap_open_only"}  # the analysis's gap code (hearts_core.ai.analysis.Gap.code)
    used |= {f"review.class_{name}" for name, _ in CLASS_LIMITS}  # the game review's classes
    used |= {key for _, key in lab_simulation_view.VERDICT_BADGES.values()}
    used |= {f"glossary.{part}{language}" for part in ("course_", "course_word_") for language in LANGUAGES.translated}
    columns = lab.simulate_pairs(Ruleset(), Ruleset(), 1).records()[0]
    used |= {
        "lab_column.score" if name.startswith("score_") and name != "score_spread" else f"lab_column.{name}"
        for name in columns
    } | {"lab_column.nobody"}
    missing = sorted(key for key in used if not has_ui(key))
    assert missing == []
    unused = sorted(set(ui_catalogue()) - used)
    assert unused == [], "\n".join(unused)


def test_ui_catalogue_is_valid_toml_and_fills_in() -> None:
    tomllib.loads((ROOT / "hearts_ui" / "locales" / "en.toml").read_text(encoding="utf-8"))
    assert ui("rulebook.search_results", count=3, query="moon") == "3 rules match “moon”."


def test_variant_choices_mark_standard_and_chosen_options() -> None:
    for entry in RULES:
        choices = variant_choices(entry.id)
        if not choices:
            continue
        # Exactly one option is the standard game's, and it changes nothing.
        standard = [choice for choice in choices if choice.standard]
        assert len(standard) == 1, entry.id
        assert standard[0].changes == () and standard[0].presets == ()
        assert all(choice.changes for choice in choices if not choice.standard), entry.id
    black_maria = {choice.key: choice for choice in variant_choices("V7", Ruleset.preset("black_maria"))}
    assert black_maria["on"].chosen and not black_maria["off"].chosen
    assert black_maria["on"].presets == ("black_maria",)
    assert variant_choices("V11")[0].text == message("variant.V11.4_base")
