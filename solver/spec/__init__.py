"""Rule specs: a game's YAML file read, checked and resolved into a frozen `RuleSpec`."""

from mazo.solver.spec.load import game_names, load_spec
from mazo.solver.spec.rules import RuleSpec

__all__ = ["RuleSpec", "game_names", "load_spec"]
