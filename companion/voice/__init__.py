"""The companion's voice: spoken announcements and short sound cues for the big moments.

Three layers, as for the panel:

- :mod:`companion.voice.lines` (pure): which events are worth saying, in which words, how
  urgent, and which cue goes with them.
- :mod:`companion.voice.queue` (a thread): big moments first, routine lines dropped when stale,
  so speech never waits on the table and never reads old news.
- :mod:`companion.voice.audio` and :mod:`companion.voice.espeak`: espeak-ng renders the words,
  SDL's audio (pygame.mixer) plays them and the generated cues (:mod:`companion.voice.sounds`).

:class:`companion.voice.speaker.Voice` ties them together as a session listener.
"""
