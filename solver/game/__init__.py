"""The game engine: dealing, turns, bots, records and simulation."""
