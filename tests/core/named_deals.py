"""Named deals shared by the rule tests: every card written out, so a test shows its rule."""

from hearts_core import Ruleset

HOLD = Ruleset(pass_cycle=("hold",))

RANKS = "23456789TJQKA"

# The sorted deck dealt round-robin: every seat holds every suit.
ROUND_ROBIN = (
    "2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS",
    "3C 7C JC 2D 6D TD AD 5H 9H KH 4S 8S QS",
    "4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS",
    "5C 9C KC 4D 8D QD 3H 7H JH 2S 6S TS AS",
)

# One suit per seat: seat 0 (clubs) leads every trick and wins them all.
SUITS = tuple(" ".join(rank + suit for rank in RANKS) for suit in "CDHS")

SUITS_PLAY = " | ".join(f"{rank}C {rank}D {rank}H {rank}S" for rank in RANKS)

# A realistic hand, played out below: points end 8 / 4 / 14 / 0.
MIXED = (
    "2C 5C 6C 7C 8C 9C TC JC QC 3D 2H KH AH",
    "3C KC 2D 4D 5D 6D 7D 8D 9D TD 3H 4H QH",
    "AC AD JD QD KD 5H 6H JH TS JS QS KS AS",
    "4C 7H 8H 9H TH 2S 3S 4S 5S 6S 7S 8S 9S",
)

MIXED_PLAY = (
    "2C 3C AC 4C | AD 7H 3D 4D | 5H 8H AH 3H | KH 4H 6H 9H | 2H QH JH TH | KC TS 2S 5C | 2D JD 3S 6C"
    " | QD 4S 7C 5D | KD 5S 8C 6D | JS 6S 9C 7D | QS 7S TC 8D | KS 8S JC 9D | AS 9S QC TD"
)

# Seat 0 takes every heart and the QS; seat 1 wins only the (pointless) first trick.
MOON = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD",
    "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "2H 3H 4H 5H 6H 7H 8H 2S 3S 4S 5S 6S 7S",
    "9H TH JH QH KH AH 8S 9S TS JS QS KS AS",
)

MOON_PLAY = (
    "2C AC 2S 8S | 2D 2H 9H AD | 3C 3D 3H TH | 4C 4D 4H JH | 5C 5D 5H QH | 6C 6D 6H KH | 7C 7D 7H AH"
    " | 8C 8D 8H 9S | 9C 9D 3S TS | TC TD 4S JS | JC JD 5S QS | QC QD 6S KS | KC KD 7S AS"
)

# Dispute 4: seat 0 takes 12 hearts and the QS; the 2H goes to seat 1 on trick 1.
MISSED_MOON = (
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD",
    "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    SUITS[2],
    SUITS[3],
)

MISSED_MOON_PLAY = "2C AC 2H 2S | 2D 3H 3S AD | " + " | ".join(
    f"{club}C {club}D {heart}H {heart}S" for club, heart in zip("3456789TJQK", "456789TJQKA", strict=True)
)

PASSES = {0: "AC KD QH", 1: "AD KH QS", 2: "AH KS QC", 3: "AS KC QD"}
