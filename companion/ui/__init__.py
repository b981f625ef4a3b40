"""The touchscreen: pygame scenes over the table loop (events -> update -> draw)."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner in the journal or the terminal
