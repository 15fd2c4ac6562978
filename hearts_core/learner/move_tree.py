"""The analysis board's move tree: the cards tried from a position, with their variations.

As on a chess analysis board, playing a card from a node that already has that card goes to it;
a different card starts a variation beside the first one.  Node 0 is the starting position; every
other node is one card played from its parent.  The tree is immutable: :meth:`MoveTree.play`
returns a new tree and the node reached.

>>> tree, first = MoveTree().play(0, "2C")
>>> tree, second = tree.play(first, "9C")
>>> tree, other = tree.play(first, "AC")      # another card after the 2C: a variation
>>> tree.line(second), tree.line(other), tree.children(first)
(('2C', '9C'), ('2C', 'AC'), (2, 3))
>>> tree.play(first, "9C")[1] == second       # the same card again goes to the same node
True
>>> tree.lines()
((1, 2), (1, 3))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.state import HandState


@dataclass(frozen=True)
class MoveTree:
    """``parents[i - 1]`` and ``cards[i - 1]`` are node ``i``'s parent and the card that reached it."""

    parents: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.cards) + 1

    def play(self, node: int, card: str) -> tuple[MoveTree, int]:
        """The tree with ``card`` played from ``node``, and the node reached."""
        self._check(node)
        for child in self.children(node):
            if self.cards[child - 1] == card:
                return self, child
        return MoveTree(self.parents + (node,), self.cards + (card,)), len(self.cards) + 1

    def parent(self, node: int) -> int | None:
        """The node before ``node`` (None for the start)."""
        self._check(node)
        return None if node == 0 else self.parents[node - 1]

    def children(self, node: int) -> tuple[int, ...]:
        """The cards tried after ``node``, in the order they were first played (the main line first)."""
        self._check(node)
        return tuple(index + 1 for index, parent in enumerate(self.parents) if parent == node)

    def path(self, node: int) -> tuple[int, ...]:
        """The nodes from the start to ``node`` (the start left out)."""
        self._check(node)
        nodes: list[int] = []
        while node:
            nodes.append(node)
            node = self.parents[node - 1]
        return tuple(reversed(nodes))

    def line(self, node: int) -> tuple[str, ...]:
        """The cards played from the start to ``node``."""
        return tuple(self.cards[step - 1] for step in self.path(node))

    def card(self, node: int) -> str:
        """The card that reached ``node`` (not the start)."""
        self._check(node)
        if node == 0:
            raise ValueError("the start is reached by no card")
        return self.cards[node - 1]

    def lines(self) -> tuple[tuple[int, ...], ...]:
        """Every line of the tree, from the start to each leaf, the main line first."""
        leaves = [node for node in range(len(self)) if not self.children(node) and node]
        return tuple(self.path(leaf) for leaf in leaves)

    def state_at(self, start: HandState, node: int) -> HandState:
        """The position at ``node``: ``start`` with the node's line played (``IllegalPlayError``
        if a card is illegal there, which a tree built from legal plays never has)."""
        state = start
        for card in self.line(node):
            state = state.play(card)
        return state

    def _check(self, node: int) -> None:
        if not 0 <= node < len(self):
            raise ValueError(f"no node {node} in a tree of {len(self)}")


__all__ = ["MoveTree"]
