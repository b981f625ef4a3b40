"""Cthulhu Wars: the core round, the board, and the map expansions' rules."""
