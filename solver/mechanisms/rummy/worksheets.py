"""Rummy's worksheet kinds. Every game of draw and discard shares them, so they live beside the
worksheets themselves (mazo.puzzles), with their answers' drawings and explanations."""

from __future__ import annotations

from mazo.puzzles.acomodo import ACOMODO
from mazo.puzzles.fastest_discard import FASTEST_DISCARD
from mazo.puzzles.kinds import HAND_KINDS
from mazo.puzzles.parts import Parts
from mazo.puzzles.take_or_draw import TAKE_OR_DRAW

PARTS = Parts(kinds=(*HAND_KINDS.values(), ACOMODO, TAKE_OR_DRAW, FASTEST_DISCARD))
