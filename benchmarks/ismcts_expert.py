"""Issue 29's experiment with information-set search: does it make the expert stronger?

    python benchmarks/ismcts_expert.py [--iterations 4096] [--exploration 0.7] [--deals 200] [--seed 4242]
                                       [--field monte_carlo] [--jobs N]

The expert (``hearts_core.ai.expert``) is perfect-information Monte Carlo: each candidate card is
played out in 512 sampled deals by the heuristic player for every seat, and the card with the
lowest mean wins.  Its playouts never search: the others' replies and its own later cards are the
heuristic's.  Here, before the ending the expert solves exactly, its card comes instead from
single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, "Information
Set Monte Carlo Tree Search", 2012) on the compiled kernel: each iteration takes the next of the
expert's weighted deals, descends a tree of cards shared by every deal (UCB1 over the cards legal in
that deal, counted by how often each was available), adds one node, rolls the hand out with the
heuristic player and credits every card on the path with the score of the seat that played it (each
seat minimises its own points).  The card played is the root's most visited.  Where the expert's
moon plans apply (its own shot, or another seat collecting every penalty card) it plays as the
expert does, since the tree's rollouts never shoot.

The match is paired: the expert and the search expert each play the same duplicate deals
(``duplicate_match.py``) against the same field, and the difference per deal is reported.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from learned_policy import _add_level, _gains, _jit, _paired, _summary

from hearts_core.ai import expert as expert_module
from hearts_core.ai.bots import CandidateStats, Decision, classify_card, heuristic_choice
from hearts_core.ai.exact import exact_applies
from hearts_core.ai.view import PlayerView
from hearts_core.ai.worlds import Worlds
from hearts_core.engine.cards import ALL_CARDS
from hearts_core.search import kernel as K
from hearts_core.search.equivalence import equivalent_classes, point_attributes


@_jit
def ismcts(
    rules: np.ndarray,
    bases: np.ndarray,
    seeds: np.ndarray,
    me: int,
    iterations: int,
    exploration: float,
    epsilon: int,
    totals: np.ndarray,
    use_totals: bool,
    candidates: int,
    others_by_heuristic: bool,
    root_visits: np.ndarray,
    root_rewards: np.ndarray,
) -> None:
    """Single-observer ISMCTS from the positions ``bases`` (one sampled deal a row, used in turn),
    ``iterations`` times, the root's cards limited to the mask ``candidates``; per card, the root
    child's visits and summed rewards (1 - points / 26 for the seat that played it) into
    ``root_visits[card]`` and ``root_rewards[card]``."""
    nodes = 8 * iterations + 2
    children = np.full((nodes, 52), -1, dtype=np.int32)
    visits = np.zeros(nodes)
    available = np.zeros(nodes)
    rewards = np.zeros(nodes)
    mover = np.zeros(nodes, dtype=np.int64)
    path = np.zeros(64, dtype=np.int64)
    state = np.empty(K.STATE_SIZE, dtype=np.int64)
    rng = np.empty(1, dtype=np.int64)
    scores = np.zeros(rules[K.R_N], dtype=np.int64)
    count = 1
    worlds = bases.shape[0]
    for iteration in range(iterations):
        world = iteration % worlds
        state[:] = bases[world]
        rng[0] = (seeds[world] ^ (iteration * 2654435761)) & K.RNG_MASK
        node = 0
        depth = 0
        while True:
            seat = state[K.S_TO_PLAY]
            if state[K.S_HANDS + seat] == 0:
                break
            legal = K.state_legal(rules, state)
            if depth == 0:
                legal &= candidates  # one card of each kind of equivalent cards at the root
            if others_by_heuristic and seat != me:
                # The others play the heuristic's card in this deal (their own cards known to it, as in
                # the expert's playouts); the tree only follows their cards, it does not choose them.
                if not legal & (legal - 1):
                    card = K.lowest(legal)
                elif K.next_bits(rng) < epsilon:
                    card = K.random_card(legal, rng)
                else:
                    card = K.heuristic_card(rules, state, legal)
                child = children[node, card]
                if child < 0:
                    if count >= nodes:
                        break
                    child = count
                    count += 1
                    children[node, card] = child
                    mover[child] = seat
                K.play_card(rules, state, card)
                node = child
                depth += 1
                path[depth] = child
                continue
            untried = 0
            best_card = -1
            best_value = -1e300
            rest = legal
            while rest:
                low = rest & -rest
                rest ^= low
                card = K.lowest(low)
                child = children[node, card]
                if child < 0:
                    untried |= low
                    continue
                available[child] += 1
                value = rewards[child] / visits[child] + exploration * math.sqrt(
                    math.log(available[child]) / visits[child]
                )
                if value > best_value:
                    best_card, best_value = card, value
            if untried and count < nodes:
                heuristic = K.heuristic_card(rules, state, legal)
                card = heuristic if (untried >> heuristic) & 1 else K.random_card(untried, rng)
                child = count
                count += 1
                children[node, card] = child
                mover[child] = seat
                available[child] = 1
                K.play_card(rules, state, card)
                depth += 1
                path[depth] = child
                break
            if best_card < 0:  # the tree is full: roll out from here
                break
            K.play_card(rules, state, best_card)
            node = children[node, best_card]
            depth += 1
            path[depth] = node
        K.rollout(rules, state, me, False, epsilon, rng)
        K.score_hand(rules, state, totals, use_totals, scores)
        for step in range(1, depth + 1):
            child = path[step]
            visits[child] += 1
            rewards[child] += 1.0 - scores[mover[child]] / 26.0
    for card in range(52):
        child = children[0, card]
        if child >= 0:
            root_visits[card] = visits[child]
            root_rewards[card] = rewards[child]


class SearchExpert(expert_module.ExpertBot):
    """The expert with its card chosen by :func:`ismcts` before the ending (module docstring)."""

    name = "search_expert"
    iterations = 4096
    exploration = 0.7
    others_by_heuristic = False

    def choose_card(self, view: PlayerView, rng: random.Random) -> Decision:
        tricks_left = view.hand.bit_count()
        threat = int(K.moon_threat(view.kernel_rules, view.kernel_state()))
        if (
            (tricks_left <= expert_module.EXPERT_TRICKS and exact_applies(view))
            or self._may_shoot(view)
            or threat not in (-1, view.seat)
        ):
            return super().choose_card(view, rng)
        legal = view.legal_mask()
        heuristic, idea = heuristic_choice(view)
        classes = equivalent_classes(legal, point_attributes(view.rules), view.elsewhere)
        if len(classes) == 1:
            return Decision(ALL_CARDS[heuristic], idea)
        candidates = 0
        for cls in classes:
            candidates |= 1 << (heuristic if cls >> heuristic & 1 else (cls & -cls).bit_length() - 1)
        worlds = Worlds(view, self.worlds * expert_module.EXPERT_WORLDS_FACTOR, rng, expert_module.EXPERT_POOL)
        visits = np.zeros(52)
        rewards = np.zeros(52)
        ismcts(
            view.kernel_rules, worlds._positions(), worlds.seeds, view.seat, self.iterations, self.exploration,
            int(self.epsilon * 2**31), worlds.totals, worlds.use_totals, candidates, self.others_by_heuristic,
            visits, rewards,
        )  # fmt: skip
        best = int(np.argmax(visits))
        stats = tuple(
            CandidateStats(ALL_CARDS[card], 26 * (1 - rewards[card] / visits[card]), 0.0, 0.0, 0.0, int(visits[card]))
            for card in range(52)
            if visits[card] > 0
        )
        return Decision(ALL_CARDS[best], idea if best == heuristic else classify_card(view, best), stats)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=SearchExpert.iterations)
    parser.add_argument("--exploration", type=float, default=SearchExpert.exploration)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--field", default="monte_carlo")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument(
        "--others-by-heuristic",
        action="store_true",
        help="the tree chooses the expert's cards only; the others play the heuristic's",
    )
    parser.add_argument("--skip-default", action="store_true", help="play the search expert only")
    args = parser.parse_args(argv)
    SearchExpert.iterations = args.iterations
    SearchExpert.exploration = args.exploration
    SearchExpert.others_by_heuristic = args.others_by_heuristic
    _add_level("search_expert", SearchExpert)
    changed = _gains("search_expert", args.field, args.deals, args.seed, args.jobs)
    gains = _summary(f"search expert {args.iterations}/{args.exploration}", changed)
    if args.skip_default:
        return 0
    _paired(gains, _summary("the expert", _gains("expert", args.field, args.deals, args.seed, args.jobs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
