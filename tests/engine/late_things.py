"""The tag registry of tests/engine/test_codec.py's lazy-import test: the module that test writes
imports it from here (not from the test module) and registers into it."""

from __future__ import annotations

from companion.engine.codec import TagRegistry

LATE = TagRegistry("thing")
