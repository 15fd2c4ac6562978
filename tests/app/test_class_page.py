"""AppTest of the "Class" page (issue 30): a teacher makes a class and sees it; a learner in another
session joins with the link's code and a name of their own; the teacher's dashboard shows them; work set
reaches them; a removed learner is gone; a wrong code and a bad name are refused with a short message;
the learner sees no dashboard of a class they do not own.  Two AppTest sessions are two browsers
(two learners); the page works on the run's real database (``tests/conftest.py``)."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from hearts_core.content.lessons import load_curriculum
from hearts_core.content.schema import LESSONS_DIR
from hearts_core.engine.rules import Ruleset
from hearts_core.engine.state import HandState
from hearts_core.learner.puzzle_progress import PuzzleEvent
from hearts_core.learner.review_queue import QueueCard, rules_text
from hearts_core.store import PuzzleAttempt
from hearts_core.words.echo import echo
from hearts_ui.storage import Identity, store
from hearts_ui.texts import ui
from hearts_ui.views.classes import ClassView, classes
from hearts_ui.views.puzzles.common import library, theme_title
from tests.app.page_state import kept

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PAGE = "pages/12_Class.py"
TIMEOUT = 60


def _open(query: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    for name, value in (query or {}).items():
        at.query_params[name] = value
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def _make_class(name: str = "Year 7 Hearts club") -> tuple[AppTest, str]:
    """A teacher's session with a new class: the session and the class's join code."""
    teacher = _open()
    teacher.text_input(key="ha_cls_new_name").input(name)
    teacher.button(key="ha_cls_create").click().run()
    assert not teacher.exception
    assert [item.value for item in teacher.success] == [ui("classes.created", name=name)]
    recovery = kept(teacher, ClassView).recovery
    assert recovery is not None and any(recovery in item.value for item in teacher.warning)
    teacher_key = kept(teacher, Identity).learner
    assert teacher_key is not None
    code = classes().teaching(teacher_key)[0].join_code
    assert any(code in item.value for item in teacher.markdown)  # the page shows it
    return teacher, code


def _join(code: str, name: str) -> AppTest:
    """A learner's session that opened the class's join link and joined as ``name``."""
    pupil = _open({"join": code})
    pupil.text_input(key="ha_cls_join_name").input(name)
    pupil.button(key="ha_cls_join").click().run()
    return pupil


def _dashboard_names(at: AppTest) -> list[str]:
    frames = at.dataframe
    return [] if not frames else list(frames[0].value[ui("classes.col_name")])


def test_a_teacher_makes_a_class_and_a_learner_joins_by_its_link() -> None:
    teacher, code = _make_class()
    assert [item.value for item in teacher.info] == [ui("classes.empty")]
    assert any(f"/Class?join={code}" in block.value for block in teacher.code)

    pupil = _open({"join": code})
    assert pupil.text_input(key="ha_cls_join_code").value == code  # the link fills the code in
    pupil.text_input(key="ha_cls_join_name").input("Mia")
    pupil.button(key="ha_cls_join").click().run()
    assert [item.value for item in pupil.success] == [ui("classes.joined", name="Year 7 Hearts club")]
    assert "join" not in pupil.query_params
    assert any("Year 7 Hearts club" in item.value and "Mia" in item.value for item in pupil.markdown)
    assert (
        pupil.selectbox(key="ha_cls_open")
        if False
        else not any(element.key == "ha_cls_open" for element in pupil.selectbox)
    )  # the learner teaches nothing: no dashboard to open

    teacher.run()
    assert _dashboard_names(teacher) == ["Mia"]
    assert len(teacher.get("download_button")) == 1


def test_work_set_by_the_teacher_reaches_the_class_and_a_removed_learner_is_gone() -> None:
    teacher, code = _make_class("Club B")
    pupil = _open({"join": code})
    pupil.text_input(key="ha_cls_join_name").input("Bo").run()
    pupil.button(key="ha_cls_join").click().run()
    teacher.run()
    class_id = kept(teacher, ClassView).opened
    lesson = load_curriculum(LESSONS_DIR).ordered()[2]
    teacher.selectbox(key=f"ha_cls_assign_lesson_{class_id}").set_value(lesson.id)
    teacher.button(key=f"ha_cls_assign_{class_id}").click().run()
    assert [item.value for item in teacher.success] == [ui("classes.assigned")]
    pupil.run()
    labels = [str(link.proto.label) for link in pupil.get("page_link")]
    assert any(ui("classes.work_lesson", title=lesson.title) in label for label in labels), labels

    learner = kept(pupil, Identity).learner
    teacher.selectbox(key=f"ha_cls_remove_who_{class_id}").set_value(learner)
    teacher.button(key=f"ha_cls_remove_{class_id}").click().run()
    assert [item.value for item in teacher.success] == [ui("classes.removed")]
    assert _dashboard_names(teacher) == []
    pupil.run()
    assert not any("Club B" in item.value for item in pupil.markdown)


def test_a_wrong_code_and_a_bad_name_are_refused_with_a_short_message() -> None:
    _, code = _make_class("Club C")
    pupil = _open()
    pupil.text_input(key="ha_cls_join_code").input("ZZZZZZZZ")
    pupil.text_input(key="ha_cls_join_name").input("Mia")
    pupil.button(key="ha_cls_join").click().run()
    assert [item.value for item in pupil.error] == [ui("classes.refused_unknown")]
    pupil.text_input(key="ha_cls_join_code").input(code)
    pupil.text_input(key="ha_cls_join_name").input("<b>Mia</b>")
    pupil.button(key="ha_cls_join").click().run()
    assert [item.value for item in pupil.error] == [ui("classes.name_characters")]
    assert not pupil.exception


def test_a_new_code_shuts_the_old_link() -> None:
    teacher, code = _make_class("Club D")
    class_id = kept(teacher, ClassView).opened
    teacher.button(key=f"ha_cls_code_{class_id}").click().run()
    assert [item.value for item in teacher.success] == [ui("classes.code_changed")]
    pupil = _join(code, "Late")
    assert [item.value for item in pupil.error] == [ui("classes.refused_unknown")]


def test_the_work_set_comes_first_on_the_learner_s_home_page() -> None:
    teacher, code = _make_class("Club E")
    pupil = _join(code, "Eva")
    class_id = kept(teacher, ClassView).opened
    lesson = load_curriculum(LESSONS_DIR).ordered()[3]
    teacher.selectbox(key=f"ha_cls_assign_lesson_{class_id}").set_value(lesson.id)
    teacher.button(key=f"ha_cls_assign_{class_id}").click().run()
    pupil.switch_page("app.py").run()
    assert not pupil.exception
    labels = [str(link.proto.label) for link in pupil.get("page_link")]
    work = [index for index, label in enumerate(labels) if ui("classes.work_lesson", title=lesson.title) in label]
    review = [index for index, label in enumerate(labels) if label == ui("home.lessons_link")]
    assert work and (not review or work[0] < review[0]), labels


def test_a_learner_up_close_shows_their_weak_themes_and_costliest_decisions() -> None:
    teacher, code = _make_class("Club F")
    pupil = _join(code, "Flo")
    who = kept(pupil, Identity).learner
    assert who is not None
    puzzle = next(iter(library().puzzles.values()))
    store().record_puzzle(who, PuzzleAttempt(PuzzleEvent(puzzle.id, "answer", correct=False)))
    store().record_puzzle(who, PuzzleAttempt(PuzzleEvent(puzzle.id, "reveal")))
    state = HandState.deal(Ruleset(), seed=5)
    card = QueueCard(
        "play:test", "play", store().now(), rules_text(state.rules), state.to_notation(), 0, "QS", "2C", 4.5
    )
    store().add_review_cards(who, [card])
    teacher.run()
    class_id = kept(teacher, ClassView).opened
    teacher.selectbox(key=f"ha_cls_detail_{class_id}").set_value(who).run()
    shown = " ".join(item.value for item in teacher.markdown)
    assert puzzle.themes and theme_title(library(), puzzle.themes[0]) in shown
    assert ui("classes.costly_line", answer="QS", best="2C", loss="4.5") in shown
    assert not teacher.exception


def test_puzzles_of_a_theme_set_as_work_and_who_has_done_what() -> None:
    teacher, code = _make_class("Club G")
    pupil = _join(code, "Gus")
    who = kept(pupil, Identity).learner
    assert who is not None
    class_id = kept(teacher, ClassView).opened
    loaded = library()
    theme = next(iter(loaded.themes))
    teacher.radio(key=f"ha_cls_assign_kind_{class_id}").set_value("puzzles").run()
    teacher.selectbox(key=f"ha_cls_assign_theme_{class_id}").set_value(theme)
    teacher.number_input(key=f"ha_cls_assign_count_{class_id}").set_value(1)
    teacher.button(key=f"ha_cls_assign_{class_id}").click().run()
    assert [item.value for item in teacher.success] == [ui("classes.assigned")]
    label = ui("classes.work_puzzles", theme=theme_title(loaded, theme), count=1)
    assert any(f"{label}: " in item.value and "Gus (0/1)" in item.value for item in teacher.markdown)
    pupil.run()
    assert any(label in str(link.proto.label) for link in pupil.get("page_link"))
    solved = next(puzzle for puzzle in loaded.puzzles.values() if theme in puzzle.themes)
    store().record_puzzle(who, PuzzleAttempt(PuzzleEvent(solved.id, "answer", correct=True)))
    teacher.run()
    done = ui("classes.progress_line", finished="Gus", waiting="—")
    assert any(done in item.value for item in teacher.markdown), [item.value for item in teacher.markdown]


def _study_of(teacher_key: str) -> str:
    """A one-step study of ``teacher_key``'s, made in the store (as the board's panel makes it)."""
    from hearts_core.records.studies import StudyStep
    from hearts_core.store.studies import StudyStore

    shelf = StudyStore(store())
    made = shelf.create(teacher_key, "Opening leads")
    start = HandState.deal(Ruleset(), seed=4, hand_number=3)
    shelf.add_step(teacher_key, made, StudyStep.from_board(start, "card", answers=("2C",), words="Lead the two."))
    return made


def test_a_study_opens_for_its_class_and_for_nobody_else() -> None:
    teacher, code = _make_class()
    teacher_key = kept(teacher, Identity).learner
    assert teacher_key is not None
    made = _study_of(teacher_key)
    address = {"lesson": f"study-{made}", "step": "1"}

    stranger = _open()
    stranger.query_params.update(address)
    stranger.switch_page("pages/2_Lessons.py").run()
    assert not stranger.exception
    shown = ui("lessons.unknown_lesson", name=echo(f"study-{made}"))
    assert [item.value for item in stranger.warning] == [shown]  # "no such lesson": nothing of it shown
    assert not any("Lead the two." in item.value for item in stranger.markdown)

    pupil = _join(code, "Mia")
    school_class = classes().teaching(teacher_key)[0]
    classes().assign(teacher_key, school_class.id, "study", {"study": made, "title": "Opening leads"})
    pupil.switch_page(PAGE).run()
    assert any(
        ui("classes.work_study", title="Opening leads") in str(link.proto.label) for link in pupil.get("page_link")
    )
    pupil.query_params.update(address)
    pupil.switch_page("pages/2_Lessons.py").run()
    assert not pupil.exception and not pupil.warning
    assert any("Lead the two." in item.value for item in pupil.markdown)


def test_the_shelf_offers_the_study_s_export_as_phn_with_the_teacher_s_words() -> None:
    teacher, _ = _make_class()
    teacher_key = kept(teacher, Identity).learner
    assert teacher_key is not None
    made = _study_of(teacher_key)
    teacher.run()
    export = [button for button in teacher.get("download_button") if button.proto.label == ui("studies.export")]
    assert export, "the study can be exported"
    from hearts_core.store.studies import StudyStore

    text = StudyStore(store()).export(teacher_key, made)
    assert '[Study "Opening leads"]' in text and "% Lead the two." in text


def test_a_class_deal_on_the_home_page_starts_the_class_s_deal_in_practice() -> None:
    from hearts_core.store.classes import ClassStore
    from hearts_ui.views.practice.session import StoredGame

    teacher, code = _make_class("Club G")
    pupil = _join(code, "Gus")
    class_id = kept(teacher, ClassView).opened
    teacher.radio(key=f"ha_cls_assign_kind_{class_id}").set_value("deal").run()
    teacher.button(key=f"ha_cls_assign_{class_id}").click().run()
    assert not teacher.exception
    teacher_key = kept(teacher, Identity).learner
    assert teacher_key is not None
    [work] = ClassStore(store()).assignments(teacher_key, class_id or "")
    assert work.kind == "deal" and isinstance(work.target["seed"], int)

    pupil.switch_page("app.py").run()
    play = [
        button
        for button in pupil.button
        if button.label
        == ui("classes.work_deal") + " " + ui("classes.due", day=work.due_at.date().isoformat() if work.due_at else "")
    ]
    assert play, [button.label for button in pupil.button]
    play[0].click().run()
    assert not pupil.exception
    game = kept(pupil, StoredGame).game
    assert game is not None and game.class_deal == work.id and game.seed == work.target["seed"]
