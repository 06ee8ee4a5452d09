"""Rulebooks: the bundled game specs (specs/*.yaml) and the builder that prints them."""
