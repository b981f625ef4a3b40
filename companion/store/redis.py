"""The shared journal on Redis: a Stream per game, a snapshot hash, and a version key.

Keys, for a game ``g`` under the prefix ``companion``:

- ``companion:game:g:stream``: the entries, stream ID ``<seq>-1`` so an entry is found by number;
- ``companion:game:g:snapshots``: hash of head node -> canonical state;
- ``companion:game:g:digests``: hash of head node -> the state's checksum (SHA-256 hex); a
  snapshot without one (stored before checksums) is read unverified;
- ``companion:game:g:last``: the newest entry's number (the version a writer must extend);
- ``companion:game:g:inputs``: hash of input id -> the entry it made (at most one per input);
- ``companion:game:g:meta``: hash with title, created, updated, and ``archived`` / ``deleted``
  ("1") once the Games page marks the game so (a deleted game's keys all stay);
- ``companion:games``: sorted set of game names by last update;
- channel ``companion:game:g:changed``: a small notice (the new entry number) after each append.

An append runs under WATCH on the version key, so a stale writer's transaction fails
(:class:`StaleWriter`) instead of interleaving; the input's id is checked under the same WATCH
and recorded in the same transaction, so an input is journaled once (:class:`DuplicateInput`).
A connection lost or a server that stops answering (a timeout) raises
:class:`JournalUnavailable`.  When the connection drops after the transaction was sent, the
append reads the entry back: its own entry there means the write happened, and it returns
normally; anything else, it says so.  The client does not retry on its own (a retried write
could land twice): the table retries, and the input's id makes that safe.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from companion.store.base import (
    DamagedEntry,
    DuplicateInput,
    Entry,
    GameInfo,
    GameNotFound,
    JournalError,
    JournalUnavailable,
    StaleWriter,
    checked,
    digest,
)

BATCH = 500
TIMEOUT = 5.0  # seconds without an answer before Redis counts as away
LOST = (redis.ConnectionError, redis.TimeoutError)  # the server is away or hung: nothing known written
log = logging.getLogger(__name__)


class RedisJournal:
    """The journal on a Redis server (or a fakeredis client in unit tests)."""

    def __init__(self, client: Any, prefix: str = "companion", url: str = "redis") -> None:
        self.client = client
        self.prefix = prefix
        self.url = url
        self.notices: list[str] = []
        self._closed = False

    @classmethod
    def from_url(cls, url: str, prefix: str = "companion", timeout: float = TIMEOUT) -> RedisJournal:
        client = redis.Redis.from_url(
            url,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            health_check_interval=10,
            retry=Retry(NoBackoff(), 0),
        )
        journal = cls(client, prefix, url)
        journal._call(client.ping)
        return journal

    def _key(self, game: str, part: str) -> str:
        return f"{self.prefix}:game:{game}:{part}"

    def changed_channel(self, game: str) -> str:
        return self._key(game, "changed")

    def _call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except LOST as exc:
            raise JournalUnavailable(
                f"Redis at {self.url} is not answering ({exc}); nothing was written. "
                "Check that redis-server is running (systemctl status redis-server); the companion retries."
            ) from None

    def create_game(self, name: str, title: str, now: float) -> None:
        # One transaction under WATCH: a new name, or an empty game made again (a power cut came
        # before its first entry); a lost reply and a retry find the empty game and make it again.
        last_key = self._key(name, "last")
        try:
            with self.client.pipeline() as pipe:
                pipe.watch(last_key)
                current = pipe.get(last_key)
                if current is not None and int(current):
                    raise JournalError(f"A game called {name!r} already exists; pick another name or resume it.")
                pipe.multi()
                pipe.set(last_key, 0)
                pipe.hset(self._key(name, "meta"), mapping={"title": title, "created": now, "updated": now})
                pipe.hdel(self._key(name, "meta"), "archived", "deleted")  # an empty game made again is new
                pipe.zadd(f"{self.prefix}:games", {name: now})
                pipe.execute()
        except (redis.WatchError, *LOST) as exc:  # a lost connection while watching is a WatchError too
            if not self._made(name, title, now):
                raise JournalUnavailable(
                    f"Game {name!r} could not be made (Redis at {self.url} went away, or another writer changed it: "
                    f"{exc}); retry."
                ) from None

    def _made(self, name: str, title: str, now: float) -> bool:
        """Whether this very creation is in Redis (its reply was lost after it ran)."""
        meta = {_text(k): _text(v) for k, v in self._call(self.client.hgetall, self._key(name, "meta")).items()}
        last = self._call(self.client.get, self._key(name, "last"))
        return last is not None and int(last) == 0 and meta.get("title") == title and meta.get("created") == repr(now)

    def games(self) -> list[GameInfo]:
        names = self._call(self.client.zrevrange, f"{self.prefix}:games", 0, -1)
        infos = []
        for raw in names:
            name = raw.decode() if isinstance(raw, bytes) else str(raw)
            meta = {_text(k): _text(v) for k, v in self._call(self.client.hgetall, self._key(name, "meta")).items()}
            if meta.get("deleted") == "1":
                continue
            last = int(self._call(self.client.get, self._key(name, "last")) or 0)
            infos.append(
                GameInfo(
                    name,
                    meta.get("title", name),
                    float(meta.get("created", 0)),
                    float(meta.get("updated", 0)),
                    last,
                    meta.get("archived") == "1",
                )
            )
        return infos

    def _live(self, name: str, *, deleted_too: bool = False) -> None:
        """:raises GameNotFound: no game ``name``, or (unless ``deleted_too``) it was deleted."""
        if self._call(self.client.get, self._key(name, "last")) is None:
            raise GameNotFound(f"No stored game called {name!r}.")
        if not deleted_too and _text(self._call(self.client.hget, self._key(name, "meta"), "deleted") or "") == "1":
            raise GameNotFound(f"The game {name!r} was deleted.")

    def rename_game(self, name: str, title: str) -> None:
        self._live(name)
        self._call(self.client.hset, self._key(name, "meta"), "title", title)

    def archive_game(self, name: str, archived: bool = True) -> None:
        self._live(name)
        self._call(self.client.hset, self._key(name, "meta"), "archived", "1" if archived else "0")

    def delete_game(self, name: str) -> None:
        self._live(name, deleted_too=True)
        self._call(self.client.hset, self._key(name, "meta"), "deleted", "1")

    def append(self, game: str, entry: Entry, snapshot: str | None = None) -> None:
        last_key = self._key(game, "last")
        inputs_key = self._key(game, "inputs")
        try:
            with self.client.pipeline() as pipe:
                pipe.watch(last_key)  # the inputs hash changes only with it
                current = pipe.get(last_key)
                if current is None:
                    raise GameNotFound(f"No stored game called {game!r}.")
                done = pipe.hget(inputs_key, entry.input) if entry.input else None
                if done is not None:
                    raise DuplicateInput(game, entry.input, int(done))
                if entry.seq != int(current) + 1:
                    raise StaleWriter(
                        f"Game {game!r} is at entry {int(current)}; entry {entry.seq} was written against an old state."
                    )
                pipe.multi()
                pipe.xadd(self._key(game, "stream"), {"e": entry.to_json()}, id=f"{entry.seq}-1")
                if snapshot is not None:
                    pipe.hset(self._key(game, "snapshots"), str(entry.head), snapshot)
                    pipe.hset(self._key(game, "digests"), str(entry.head), digest(snapshot))
                if entry.input:
                    pipe.hset(inputs_key, entry.input, entry.seq)
                pipe.set(last_key, entry.seq)
                pipe.hset(self._key(game, "meta"), "updated", entry.at)
                pipe.zadd(f"{self.prefix}:games", {game: entry.at})
                pipe.publish(self.changed_channel(game), entry.seq)
                pipe.execute()
        except redis.WatchError:  # also what a connection lost while watching becomes
            if not self._landed(game, entry):
                raise StaleWriter(f"Another writer appended to {game!r} first; reload the game.") from None
        except LOST as exc:
            if not self._landed(game, entry):
                raise JournalUnavailable(f"Redis at {self.url} went away during a write ({exc}); retry.") from None

    def _landed(self, game: str, entry: Entry) -> bool:
        """Whether ``entry`` itself is in the journal: the transaction ran but its reply was lost.
        :raises JournalUnavailable: when Redis does not answer the question either."""
        rows = self._call(self.client.xrange, self._key(game, "stream"), f"{entry.seq}-1", f"{entry.seq}-1")
        try:
            return bool(rows) and _decode(game, rows[0]) == entry
        except DamagedEntry:
            return False

    def keep_snapshot(self, game: str, node: int, snapshot: str) -> None:
        last = self._call(self.client.get, self._key(game, "last"))
        if last is None:
            raise GameNotFound(f"No stored game called {game!r}.")
        if not 1 <= node <= int(last):  # entries are never removed: every number up to the last is one
            raise JournalError(f"Game {game!r} has no entry {node}; its snapshot is not stored.")
        with self.client.pipeline() as pipe:  # the state and its checksum together (MULTI/EXEC)
            pipe.hset(self._key(game, "snapshots"), str(node), snapshot)
            pipe.hset(self._key(game, "digests"), str(node), digest(snapshot))
            self._call(pipe.execute)

    def find_input(self, game: str, input_id: str) -> int | None:
        seq = self._call(self.client.hget, self._key(game, "inputs"), input_id)
        return None if seq is None else int(seq)

    def last(self, game: str) -> Entry | None:
        current = self._call(self.client.get, self._key(game, "last"))
        if current is None:
            raise GameNotFound(f"No stored game called {game!r}.")
        return self.entry(game, int(current)) if int(current) else None

    def entry(self, game: str, seq: int) -> Entry:
        rows = self._call(self.client.xrange, self._key(game, "stream"), f"{seq}-1", f"{seq}-1")
        if not rows:
            raise JournalError(f"Game {game!r} has no entry {seq}.")
        return _decode(game, rows[0])

    def entries(self, game: str, start: int = 1) -> Iterator[Entry]:
        for item in self.read(game, start):
            if isinstance(item, DamagedEntry):
                raise item
            yield item

    def read(self, game: str, start: int = 1) -> Iterator[Entry | DamagedEntry]:
        lower = f"{start}-1"
        while True:
            rows = self._call(self.client.xrange, self._key(game, "stream"), lower, "+", BATCH)
            for row in rows:
                try:
                    yield _decode(game, row)
                except DamagedEntry as damaged:
                    yield damaged
            if len(rows) < BATCH:
                return
            lower = "(" + _text(rows[-1][0])

    def snapshot(self, game: str, node: int) -> str | None:
        with self.client.pipeline(transaction=False) as pipe:  # one round trip for both
            pipe.hget(self._key(game, "snapshots"), str(node))
            pipe.hget(self._key(game, "digests"), str(node))
            value, stored = self._call(pipe.execute)
        if value is None:
            return None
        return checked(game, node, _text(value), None if stored is None else _text(stored))

    def maintain(self) -> None:
        """Nothing to do: Redis rewrites its append-only file itself."""

    def follow(self, on_change: Callable[[str, int], None]) -> Callable[[], None]:
        """Call ``on_change(game, entry number)`` (on a thread of its own) whenever any process
        appends to any game; returns the function that stops following."""
        pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        pattern = self._key("*", "changed")

        def deliver(message: dict[str, Any]) -> None:
            channel = _text(message["channel"])
            game = channel[len(self.prefix) + len(":game:") : -len(":changed")]
            on_change(game, int(_text(message["data"])))

        def away(exc: BaseException, pubsub: Any, thread: Any) -> None:
            # Redis restarting or hung: keep following (the next read reconnects and subscribes
            # again) rather than let the thread die and the screen stop hearing the tower.
            log.warning("following Redis at %s: %s; trying again", self.url, exc)
            time.sleep(0.5)

        self._call(pubsub.psubscribe, **{pattern: deliver})
        worker = pubsub.run_in_thread(sleep_time=0.5, daemon=True, exception_handler=away)

        def stop() -> None:
            worker.stop()  # the worker closes its pubsub connection as it ends
            worker.join(timeout=2)

        return stop

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.client.close()

    def __enter__(self) -> RedisJournal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _decode(game: str, row: Any) -> Entry:
    """A stream row as an entry.  :raises DamagedEntry: its text is not an entry (its number
    taken from the row's ID)."""
    fields = row[1]
    raw = fields.get(b"e", fields.get("e"))
    try:
        return Entry.from_json(_text(raw))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        seq = _text(row[0]).split("-")[0]
        raise DamagedEntry(game, int(seq) if seq.isdigit() else 0, str(exc) or type(exc).__name__) from None
