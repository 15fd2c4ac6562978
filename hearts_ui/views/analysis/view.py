"""What the Analysis page keeps of the learner's visit, as one frozen object in the session.

The position is the address's (``?position=<notation>&rules=<share code>``, a contract), read once
per session; then the board's own start position, the move tree played from it and the node shown
live here.

>>> AnalysisView.widget_key("node", 3)
'ha_an_node_3'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from hearts_core.engine.state import HandState
from hearts_core.learner.move_tree import MoveTree

from ...page_state import PageState


@dataclass(frozen=True)
class AnalysisView(PageState):
    """The board: whether the address was ``restored``, the ``problems`` found in it or in a pasted
    or uploaded record, the ``start`` position, the move ``tree`` from it and the ``node`` shown."""

    WIDGETS = "an"

    restored: bool = False
    problems: tuple[str, ...] = ()
    start: HandState | None = None
    tree: MoveTree = field(default_factory=MoveTree)
    node: int = 0
    #: The deal being set up by hand: each card's seat by card index (absent: not dealt yet).
    owners: Mapping[int, int] = field(default_factory=dict)

    def with_start(self, start: HandState) -> AnalysisView:
        """The board on a new position, with no move tried yet."""
        return replace(self, start=start, tree=MoveTree(), node=0, problems=())

    def with_tree(self, start: HandState, tree: MoveTree, node: int) -> AnalysisView:
        """The board on a record's start with its whole move tree (variations too), at ``node``."""
        return replace(self, start=start, tree=tree, node=node, problems=())
