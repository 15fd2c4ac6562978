"""Every kind of lesson step is drawn: the renderers of the Lessons page are the step kinds, one each."""

from __future__ import annotations

from hearts_core.content.lesson_steps import STEP_CLASSES
from hearts_ui.views.lessons.steps import RENDERERS


def test_every_step_kind_has_a_renderer_and_every_renderer_a_kind() -> None:
    kinds = set(STEP_CLASSES.values())
    missing = sorted(kind.__name__ for kind in kinds - set(RENDERERS))
    stray = sorted(kind.__name__ for kind in set(RENDERERS) - kinds)
    assert missing == [], "give these kinds a renderer in hearts_ui/views/lessons/steps.py"
    assert stray == [], "these renderers draw no kind of step (hearts_core/content/lesson_steps.py)"
