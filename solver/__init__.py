"""The rules engine: cards, rule specs, candidate melds and the exact meld solver."""
