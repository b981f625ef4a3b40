"""Spoken commands: push to talk, say it, hear it read back, confirm it.

The table's voice input, offline.  :mod:`~companion.listening.phrases` turns what can be said
now (the engine's legal commands, the table's corrections, undo, redo, next, roll for me) into
phrases; :mod:`~companion.listening.grammar` writes them as a JSGF grammar with the game's words'
pronunciations (:mod:`~companion.listening.words`); :mod:`~companion.listening.recognizer` decodes
a held button's audio against it with pocketsphinx; :mod:`~companion.listening.talk` is the
press, hear, confirm cycle that posts the command on the table's queue like a tap.  Audio comes
from :mod:`~companion.listening.microphone` (a real one through PortAudio, or a WAV file through
the same path).  Nothing here is applied unconfirmed (docs/voice.md, "Talking to the table").
"""
