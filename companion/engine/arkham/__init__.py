"""Arkham Horror (2nd edition): the Mythos Phase, refereed on a model of the Arkham board."""
