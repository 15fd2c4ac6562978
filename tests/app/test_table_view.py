"""The card table's HTML (hearts_ui.widgets.table): what it says, for 2 to 6 players, and in Streamlit."""

from __future__ import annotations

import dataclasses
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from hearts_core import Card, HandState, Ruleset
from hearts_core.ai.bots import random_passes
from hearts_core.engine.cards import ALL_CARDS, cards_of_mask
from hearts_core.engine.table import table_snapshot
from hearts_ui.texts import ui
from hearts_ui.widgets.table import card_html, chip_html, table_html

ROUND_ROBIN = (
    "2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS",
    "3C 7C JC 2D 6D TD AD 5H 9H KH 4S 8S QS",
    "4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS",
    "5C 9C KC 4D 8D QD 3H 7H JH 2S 6S TS AS",
)
PASSES = {0: "AC KD QH", 1: "AD KH QS", 2: "AH KS QC", 3: "AS KC QD"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def mid_hand() -> HandState:
    """Round robin, passed left; East takes the QS on trick 3; West to play to trick 4."""
    state = HandState.from_hands(Ruleset(), list(ROUND_ROBIN)).with_passes(PASSES)
    for card in ("2C", "3C", "4C", "5C", "9C", "KC", "AC", "8C", "7C", "QS", "QC", "TC", "4D", "5D"):
        state = state.play(card)
    return state


def seeded(players: int, plays: int, seed: int = 3) -> HandState:
    """A deterministic position for ``players`` (random but seeded passes and plays)."""
    import random

    rules = Ruleset() if players == 4 else Ruleset().with_players(players)
    rng = random.Random(seed)
    state = HandState.deal(rules, seed=seed)
    if state.phase == "pass":
        state = state.with_passes(random_passes(state, rng))
    for _ in range(plays):
        moves = cards_of_mask(state.legal_mask())
        state = state.play(moves[rng.randrange(len(moves))])
    return state


class Structure(HTMLParser):
    """Checks that tags nest and close, and collects the attributes of every element."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.elements: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:]}")
        else:
            self.stack.pop()


def parse(page: str) -> Structure:
    parser = Structure()
    parser.feed(page)
    parser.close()
    assert parser.errors == [] and parser.stack == [], (parser.errors, parser.stack)
    return parser


def seat_block(page: str, seat: int) -> str:
    """The HTML of one seat's panel (up to the next seat or the middle)."""
    start = page.index(f'hat-seat hat-seat-{seat}')
    ends = [page.find(marker, start + 1) for marker in ('class="hat-seat ', 'class="hat-center"')]
    return page[start : min(end for end in ends if end > 0)]


# -- what the page says ----------------------------------------------------------------------


def test_every_face_up_card_is_an_image_named_for_screen_readers() -> None:
    state = mid_hand()
    page = table_html(table_snapshot(state))
    for hand in state.hands:
        for card in hand:
            assert f'role="img" aria-label="{card.name}"' in page, card
    for card in state.played:  # in the trick or the last trick
        if card in state.current_trick.cards or card in state.tricks[-1].cards:
            assert f'aria-label="{card.name}"' in page, card


def test_face_down_hands_say_how_many_cards_and_nothing_more() -> None:
    state = mid_hand()
    page = table_html(table_snapshot(state, face_up=[0]))
    assert 'aria-label="West: 10 cards, face down"' in page
    assert 'aria-label="North: 10 cards, face down"' in page
    assert 'aria-label="East: 9 cards, face down"' in page
    assert 'aria-label="South: 9 cards"' in page
    assert page.count('class="hat-back"') == 10 + 10 + 9
    # North's cards are nowhere (North passed to East and received from West: both hidden).
    for card in state.hands[2]:
        assert f'aria-label="{card.name}' not in page, card


def test_the_badges() -> None:
    page = table_html(table_snapshot(mid_hand()))
    for text in (
        "Passed left", "Trick 4 of 13", "Hearts broken: no", "Q♠ fallen: yes", "Points taken: 13 of 26",
    ):
        assert text in page, text
    assert 'aria-label="About this hand"' in page
    passing = table_html(table_snapshot(HandState.from_hands(Ruleset(), list(ROUND_ROBIN), hand_number=2)))
    assert "Passing 3 cards across" in passing and "13 tricks to play" in passing
    assert ui("table.trick_waiting") in passing
    held = HandState.from_hands(Ruleset(pass_cycle=("hold",)), list(ROUND_ROBIN))
    assert "No passing this hand" in table_html(table_snapshot(held))


def test_the_seat_to_play_and_the_dealer_are_marked_in_words() -> None:
    page = table_html(table_snapshot(mid_hand(), face_up=[0]))
    west = seat_block(page, 1)
    assert "hat-turn" in west and "▶ to play" in west
    east = seat_block(page, 3)
    assert ">dealer<" in east and "to play" not in east
    for seat in (0, 2):
        assert "hat-turn" not in seat_block(page, seat) and "dealer" not in seat_block(page, seat)
    # The empty slot in the trick names the seat to play too.
    assert re.search(r'hat-slot hat-next"><span class="hat-who">West<span class="hat-note">to play', page)


def test_the_trick_and_the_last_trick_name_who_played_what() -> None:
    page = table_html(table_snapshot(mid_hand(), face_up=[0]))
    middle = page[page.index('class="hat-center"') :]
    assert "Trick 4" in middle
    # East led the 4D, South's 5D is winning; West and North still to play.
    colon = '<span class="hat-sr">:</span>'
    assert re.search(f'East{colon}<span class="hat-note">led</span>.*four of diamonds', middle)
    assert re.search(f'South{colon}<span class="hat-note">winning</span>.*five of diamonds', middle)
    assert middle.count('hat-slot') == 2
    assert "Last trick (3)" in middle and "won by East · 13 points" in middle
    assert 'hat-lp hat-won"><span class="hat-who">East' in middle
    assert 'aria-label="queen of spades"' in middle


def test_the_pass_lines() -> None:
    page = table_html(table_snapshot(mid_hand(), face_up=[0]))
    south = seat_block(page, 0)
    assert "Passed to West:" in south and "Received from East:" in south
    assert chip_html("AC") in south and chip_html("AS") in south
    assert "Received from South:" in seat_block(page, 1)
    assert "Passed to South:" in seat_block(page, 3)
    assert "Passed" not in seat_block(page, 2) and "Received" not in seat_block(page, 2)


def test_highlighted_cards_have_an_outline_class_and_say_so() -> None:
    state = mid_hand()
    page = table_html(table_snapshot(state, face_up=[0, 1], highlight=state.legal_moves()))
    for card in state.legal_moves():
        assert f'class="hat-card hat-red hat-hl" role="img" aria-label="{card.name}, marked"' in page
    body = page[page.index("</style>") :]
    assert body.count("hat-hl") == len(state.legal_moves())
    assert 'content: "★"' in page  # the marker that is not a colour


def test_face_up_hands_are_grouped_by_suit_in_rank_order() -> None:
    page = table_html(table_snapshot(mid_hand(), face_up=[0]))
    hand = seat_block(page, 0)
    names = re.findall(r'aria-label="([a-z]+ of [a-z]+)"', hand[: hand.index("hat-pass")])
    assert names == [Card.parse(card).name for card in ("6C", "9D", "QD", "4H", "8H", "3S", "7S", "JS", "AS")]
    assert hand.count('class="hat-suit"') == 4


def test_caption_and_headings() -> None:
    table = table_snapshot(mid_hand(), caption="West <to> follow & win")
    page = table_html(table)
    assert '<h3 class="hat-title">West &lt;to&gt; follow &amp; win</h3>' in page
    assert page.count("<h4 ") == 4 + 1 and page.count("<h5 ") == 1  # seats and the trick; the last trick
    deeper = table_html(dataclasses.replace(table, caption=None), heading_level=2)
    assert f'<h2 class="hat-sr">{ui("table.heading")}</h2>' in deeper and "<h3 " in deeper


def test_no_svg_no_script_and_a_scoped_style() -> None:
    page = table_html(table_snapshot(mid_hand()))
    assert "<svg" not in page.lower() and "<script" not in page.lower()
    assert not re.search(r"\son[a-z]+=", re.sub(r">[^<]*<", "><", page))  # no event handlers
    style = page[page.index("<style>") + 7 : page.index("</style>")]
    selectors = [rule.split("{")[0] for rule in re.sub(r"/\*.*?\*/", "", style, flags=re.S).split("}")]
    for selector in selectors:
        for part in re.split(r",(?![^()]*\))", selector):
            part = part.strip()
            if part and not part.startswith("@"):
                assert part.startswith((".hat-root", ".hat-n")), part


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_face_shows_rank_and_suit_symbol(card: Card) -> None:
    html = card_html(str(card))
    rank = card.symbol[:-1]
    suit = card.symbol[-1]
    assert f"<span>{rank}</span><span class=\"hat-s\">{suit}</span>" in html
    assert f'aria-label="{card.name}"' in html
    assert ("hat-red" in html) == (card.suit in (1, 2))


# -- every table size ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("face_up", ["all", [0]])
def test_structure_for_every_player_count(players: int, face_up: str | list[int]) -> None:
    state = seeded(players, plays=players * 2 + 1)
    table = table_snapshot(state, face_up=face_up)
    page = table_html(table)
    parsed = parse(page)
    assert f"hat-root hat-n{players}" in page
    assert page.count('class="hat-seat hat-seat-') == players
    for seat in range(players):
        assert f"hat-seat-{seat}" in page
        assert f">{table.seats[seat].name}</h4>" in page
    images = [attrs for tag, attrs in parsed.elements if attrs.get("role") == "img"]
    assert images and all(attrs.get("aria-label") for attrs in images)
    down = [view for view in table.seats if not view.face_up]
    assert sum(1 for attrs in images if (attrs.get("aria-label") or "").endswith("face down")) == len(down)
    assert f"Trick 3 of {state.rules.hand_size}" in page
    assert "<svg" not in page


def test_unknown_player_count_is_refused() -> None:
    table = table_snapshot(mid_hand())
    with pytest.raises(ValueError, match="7 players"):
        table_html(dataclasses.replace(table, players=7))


def test_a_finished_hand() -> None:
    state = seeded(4, plays=52)
    page = table_html(table_snapshot(state))
    parse(page)
    assert "Hand over: 13 tricks played" in page and ui("table.trick_over") in page
    assert page.count("No cards left") == 4 and "Points taken: 26 of 26" in page


# -- inside Streamlit --------------------------------------------------------------------------------

APP = """
from hearts_core import HandState, Ruleset
from hearts_core.engine.table import table_snapshot
from hearts_ui.widgets.table import render_table

state = HandState.from_hands(Ruleset(), {hands!r}).with_passes({passes!r})
render_table(table_snapshot(state, face_up=[0], caption="A table"))
"""


def test_render_table_in_streamlit(tmp_path: Path) -> None:
    script = tmp_path / "table_app.py"
    script.write_text(APP.format(hands=list(ROUND_ROBIN), passes=PASSES), encoding="utf-8")
    at = AppTest.from_file(str(script), default_timeout=30).run()
    assert not at.exception, at.exception
    bodies = [element.proto.body for element in at.get("html")]
    assert len(bodies) == 1
    assert bodies[0].startswith("<style>") and "A table" in bodies[0] and 'aria-label="two of clubs"' in bodies[0]
