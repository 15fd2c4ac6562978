"""OpenSpiel's hearts games to PHN and back (issue 25), on OpenSpiel's own random games.

For random parameter sets and random play in OpenSpiel itself: the PHN record of the game replays
in our engine to the same scores (``26 - returns``) and the same hands; the history read back from
the record replays in OpenSpiel to the same end, and writes the same record again.
"""

from __future__ import annotations

import random

import pytest

from hearts_core.openspiel import PARAM_NAMES, from_phn, params_for, ruleset_for, to_phn
from hearts_core.phn import loads_hand, read_hand

pyspiel = pytest.importorskip("pyspiel")


def _random_game(rng: random.Random, params: dict[str, bool], stop_after: int | None = None) -> object:
    state = pyspiel.load_game("hearts", dict(params)).new_initial_state()
    while not state.is_terminal() and (stop_after is None or len(state.history()) < stop_after):
        # A chance node's legal actions, not its listed outcomes: without passing, OpenSpiel still
        # lists four pass directions but allows only "no pass".
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", range(24))
def test_a_random_openspiel_game_goes_to_phn_and_back(seed: int) -> None:
    rng = random.Random(seed)
    params = {name: rng.random() < 0.5 for name in PARAM_NAMES}
    spiel = _random_game(rng, params)
    text = to_phn(params, spiel.history())  # type: ignore[attr-defined]
    ours = loads_hand(text)
    assert ours.is_over and ours.rules == ruleset_for(params)
    assert list(ours.scores()) == [26 - round(value) for value in spiel.returns()]  # type: ignore[attr-defined]
    assert read_hand(text).tags["Event"] == "OpenSpiel hearts"
    back_params, history = from_phn(text)
    assert back_params == params
    again = pyspiel.load_game("hearts", dict(back_params)).new_initial_state()
    for action in history:
        again.apply_action(action)
    assert again.is_terminal() and again.returns() == spiel.returns()  # type: ignore[attr-defined]
    assert to_phn(back_params, history) == text


def test_an_unfinished_game_converts_too() -> None:
    rng = random.Random(5)
    params = {name: True for name in PARAM_NAMES}
    spiel = _random_game(rng, params, stop_after=1 + 52 + 12 + 9)
    ours = loads_hand(to_phn(params, spiel.history()))  # type: ignore[attr-defined]
    assert ours.is_playing and len(ours.plays()) == 9
    struct = spiel.to_struct()  # type: ignore[attr-defined]
    assert [sorted(str(hand).split()) for hand in ours.hands] == [sorted(hand) for hand in struct.hands]


def test_rules_openspiel_cannot_play_are_refused() -> None:
    from hearts_core import Ruleset

    with pytest.raises(ValueError, match="eight switches"):
        params_for(Ruleset.preset("omnibus"))
    with pytest.raises(ValueError, match="not OpenSpiel"):
        ruleset_for({"no_such_switch": True})
