"""The seats' secrets: one link per seat, each with a secret of 192 bits, revocable.

A seat's link is ``http://<address>/seat#<secret>``: the secret travels in the fragment, which
a browser never sends in a request line or a Referer (it reaches the server only in the
WebSocket's first message).  Secrets are compared in constant time.  Re-issuing a seat's link
revokes the old one at once (a lost phone): the server closes that seat's open sockets.

The secrets are kept in memory, and in a file of the state directory when one is given (read
and written with mode 0600), so a phone's link survives a restart of the service.
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import secrets
import threading
from pathlib import Path

log = logging.getLogger(__name__)

SECRET_BYTES = 24  # 192 bits (the issue asks for at least 128)
MAX_SECRET = 64  # characters: a longer one is refused before it is compared


class SeatKeys:
    """The secrets of the seats, by seat id; safe to use from any thread."""

    def __init__(self, path: Path | None = None) -> None:
        self._lock = threading.Lock()
        self._path = path
        self._keys: dict[str, str] = self._load()

    def _load(self) -> dict[str, str]:
        if self._path is None or not self._path.exists():
            return {}
        try:
            data = json.loads(self._path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:  # unreadable: fresh links (the old ones stop working)
            log.warning("seat links not read from %s (%s): new ones are issued", self._path, exc)
            return {}
        ok = isinstance(data, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in data.items())
        return dict(data) if ok else {}

    def _save(self) -> None:
        if self._path is None:
            return
        try:
            temporary = self._path.with_suffix(".tmp")
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w", encoding="utf-8") as out:
                json.dump(self._keys, out)
            os.replace(temporary, self._path)
        except OSError as exc:  # a read-only disk: the links work until the next restart
            log.warning("seat links not saved to %s: %s", self._path, exc)

    def secret(self, seat: str) -> str:
        """The secret of ``seat``'s link, issued on first use."""
        with self._lock:
            key = self._keys.get(seat)
            if key is None:
                key = self._keys[seat] = secrets.token_urlsafe(SECRET_BYTES)
                self._save()
            return key

    def reissue(self, seat: str) -> str:
        """Revoke ``seat``'s link and issue a new one (its new secret)."""
        with self._lock:
            key = self._keys[seat] = secrets.token_urlsafe(SECRET_BYTES)
            self._save()
            return key

    def seat_of(self, secret: str) -> str | None:
        """The seat whose secret this is, or None (wrong, revoked, too long): every held secret is
        compared, in constant time, so the time taken says nothing of how close it came."""
        if not isinstance(secret, str) or not secret or len(secret) > MAX_SECRET:
            return None
        given = secret.encode("utf-8", "replace")
        found = None
        with self._lock:
            for seat, key in self._keys.items():
                if hmac.compare_digest(key.encode(), given):
                    found = seat
        return found
