"""A file system that forgets, on a power cut, every write not yet made durable.

Run as a process of its own (its Python must import pyfuse3: Debian's python3-pyfuse3 on the
system's python3; the harness, bench/power_cut.py, finds one)::

    python3 bench/fuse_cut.py IMAGE MOUNTPOINT [--names ext4|strict]

It keeps the directory IMAGE (the disk as it was at power-on) in memory, mounted at
MOUNTPOINT, and takes lines on stdin:

- ``mount``: load IMAGE (the disk as the last cut left it), mount it, write ``ready``.
- ``cut``: the power goes.  From now on every operation fails (EIO), as on a dead machine; IMAGE
  is replaced by the durable state only, and ``cut`` is written back.  ``cut torn SEED``: the
  same, but each file also keeps a random prefix of its unsynced writes (the last perhaps torn
  at a 512-byte sector), as a disk may have written some of them on its own before the cut.
- ``unmount`` (once the harness has killed what ran on the mount): the mount goes, ``unmounted``
  is written back; ``mount`` may follow.  ``exit``, or the end of stdin, ends the process.

What is durable (the model of ext4 in its default data=ordered mode, without a timer):

- A file's contents and size: as they were at its last ``fsync`` or ``fdatasync`` (both the
  same here: on ext4 either commits what is needed to read the data back).  Writes, truncations
  and shared-mmap stores since then are lost.  Stricter than ext4, whose writeback may also
  save some unsynced pages (a cut here never saves them).
- Names (create, unlink, rename, mkdir, rmdir):
  - ``--names ext4`` (the default): every name change so far becomes durable at the next
    fsync, fdatasync or directory fsync of anything on the file system.  That is ext4 without
    fast_commit: any fsync commits the journal's running transaction, which holds every
    metadata change since the last commit.  (ext4 also commits every 5 s; this model does not,
    so a cut can always come before that.)
  - ``--names strict``: POSIX's minimum.  A name change becomes durable only when its
    directory is fsynced, or when the file it names is fsynced (its own names only).

Nothing else ever becomes durable: no periodic flush, no flush on close or on exit.
"""

from __future__ import annotations

import argparse
import errno
import os
import random
import shutil
import stat
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyfuse3
import trio

TIMEOUT = 300.0  # s: the kernel may cache names and attributes; only this mount changes them


@dataclass
class Node:
    ino: int
    is_dir: bool
    mode: int
    data: bytearray = field(default_factory=bytearray)  # what reads see now
    durable: bytes = b""  # what the disk holds
    kids: dict[bytes, int] = field(default_factory=dict)  # names now (directories)
    durable_kids: dict[bytes, int] = field(default_factory=dict)  # names on the disk
    # Writes ("w", offset, bytes) and truncations ("t", size, b"") since the last fsync, in order.
    pending: list[tuple[str, int, bytes]] = field(default_factory=list)
    mtime_ns: int = field(default_factory=time.time_ns)


SECTOR = 512


def _replay(image: bytearray, kind: str, where: int, data: bytes) -> None:
    if kind == "t":
        del image[where:]
        image.extend(bytes(where - len(image)))
        return
    if where > len(image):
        image.extend(bytes(where - len(image)))
    image[where : where + len(data)] = data


class CutFS(pyfuse3.Operations):  # type: ignore[misc]
    """The in-memory file system; see the module's docstring for what survives a cut."""

    def __init__(self, image: Path, strict_names: bool) -> None:
        super().__init__()
        self.strict_names = strict_names
        self.nodes: dict[int, Node] = {}
        self.handles: dict[int, int] = {}  # file handle -> inode
        self.next_fh = 1
        self.dead = False
        self.fsyncs = 0
        self.last_ino = pyfuse3.ROOT_INODE
        root = self._new(True, 0o755, ino=pyfuse3.ROOT_INODE)
        self._load(image, root)

    # -- the model ------------------------------------------------------------------------------

    def _new(self, is_dir: bool, mode: int, ino: int | None = None) -> Node:
        if ino is None:
            self.last_ino += 1
            ino = self.last_ino
        node = Node(ino, is_dir, (stat.S_IFDIR if is_dir else stat.S_IFREG) | (mode & 0o7777))
        self.nodes[ino] = node
        return node

    def _load(self, folder: Path, into: Node) -> None:
        for path in sorted(folder.iterdir()):
            if path.is_dir():
                node = self._new(True, path.stat().st_mode)
                self._load(path, node)
            else:
                node = self._new(False, path.stat().st_mode)
                node.durable = path.read_bytes()
                node.data = bytearray(node.durable)
            into.kids[os.fsencode(path.name)] = into.durable_kids[os.fsencode(path.name)] = node.ino

    def dump(self, folder: Path) -> None:
        """Write the durable tree into ``folder`` (made anew)."""
        fresh = folder.with_name(folder.name + ".cutting")
        shutil.rmtree(fresh, ignore_errors=True)
        fresh.mkdir()
        self._dump(self.nodes[pyfuse3.ROOT_INODE], fresh)
        old = folder.with_name(folder.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if folder.exists():
            folder.rename(old)
        fresh.rename(folder)
        shutil.rmtree(old, ignore_errors=True)

    def _dump(self, node: Node, folder: Path) -> None:
        for name, ino in node.durable_kids.items():
            kid = self.nodes[ino]
            path = folder / os.fsdecode(name)
            if kid.is_dir:
                path.mkdir(mode=kid.mode & 0o7777)
                self._dump(kid, path)
            else:
                path.write_bytes(kid.durable)
                path.chmod(kid.mode & 0o7777)

    def _sync_names(self, synced: Node | None, folder: Node | None) -> None:
        """Make name changes durable: all of them (ext4's journal commit), or in strict mode
        those in ``folder`` and those naming ``synced``."""
        for directory in [n for n in self.nodes.values() if n.is_dir]:
            if not self.strict_names or directory is folder:
                directory.durable_kids = dict(directory.kids)
                continue
            if synced is None:
                continue
            for name in set(directory.kids) | set(directory.durable_kids):
                if synced.ino in (directory.kids.get(name), directory.durable_kids.get(name)):
                    if name in directory.kids:
                        directory.durable_kids[name] = directory.kids[name]
                    else:
                        directory.durable_kids.pop(name, None)

    def cut(self, torn: random.Random | None = None) -> None:
        """The power goes.  With ``torn``, each file also keeps a random prefix of its unsynced
        writes, the last of them perhaps in part (whole 512-byte sectors): what a disk may have
        written on its own before the cut, in order."""
        self.dead = True
        if torn is None:
            return
        for node in self.nodes.values():
            if node.is_dir or not node.pending:
                continue
            image = bytearray(node.durable)
            kept = torn.randint(0, len(node.pending))
            for index, (kind, where, data) in enumerate(node.pending[: kept + 1]):
                if index == kept:  # the next write: a part of it, or nothing
                    if kind != "w" or len(data) <= SECTOR:
                        break
                    data = data[: torn.randrange(0, len(data), SECTOR)]
                _replay(image, kind, where, data)
            node.durable = bytes(image)

    # -- helpers ----------------------------------------------------------------------------

    def _alive(self) -> None:
        if self.dead:
            raise pyfuse3.FUSEError(errno.EIO)

    def _node(self, ino: int) -> Node:
        self._alive()
        try:
            return self.nodes[ino]
        except KeyError:
            raise pyfuse3.FUSEError(errno.ENOENT) from None

    def _attr(self, node: Node) -> Any:
        attr = pyfuse3.EntryAttributes()
        attr.st_ino = node.ino
        attr.generation = 0
        attr.entry_timeout = TIMEOUT
        attr.attr_timeout = TIMEOUT
        attr.st_mode = node.mode
        attr.st_nlink = 2 if node.is_dir else self._links(node)
        attr.st_uid = os.getuid()
        attr.st_gid = os.getgid()
        attr.st_rdev = 0
        attr.st_size = 4096 if node.is_dir else len(node.data)
        attr.st_blksize = 4096
        attr.st_blocks = (attr.st_size + 511) // 512
        attr.st_atime_ns = attr.st_mtime_ns = attr.st_ctime_ns = node.mtime_ns
        return attr

    def _links(self, node: Node) -> int:
        """The names a file has now (a hard link adds one; unlinked while open: 0)."""
        return sum(list(d.kids.values()).count(node.ino) for d in self.nodes.values() if d.is_dir)

    def _dir(self, ino: int) -> Node:
        node = self._node(ino)
        if not node.is_dir:
            raise pyfuse3.FUSEError(errno.ENOTDIR)
        return node

    def _child(self, parent: int, name: bytes) -> Node:
        ino = self._dir(parent).kids.get(name)
        if ino is None:
            raise pyfuse3.FUSEError(errno.ENOENT)
        return self.nodes[ino]

    def _handle(self, ino: int) -> int:
        fh = self.next_fh
        self.next_fh += 1
        self.handles[fh] = ino
        return fh

    # -- the operations ---------------------------------------------------------------------

    async def lookup(self, parent_inode: int, name: bytes, ctx: Any = None) -> Any:
        if name == b".":
            return self._attr(self._dir(parent_inode))
        return self._attr(self._child(parent_inode, name))

    async def getattr(self, inode: int, ctx: Any = None) -> Any:
        return self._attr(self._node(inode))

    async def setattr(self, inode: int, attr: Any, fields: Any, fh: int | None, ctx: Any) -> Any:
        node = self._node(inode)
        if fields.update_size and not node.is_dir:
            size = attr.st_size
            _replay(node.data, "t", size, b"")
            node.pending.append(("t", size, b""))
        if fields.update_mode:
            node.mode = (node.mode & ~0o7777) | (attr.st_mode & 0o7777)
        if fields.update_mtime:
            node.mtime_ns = attr.st_mtime_ns
        return self._attr(node)

    async def opendir(self, inode: int, ctx: Any) -> int:
        return self._handle(self._dir(inode).ino)

    async def readdir(self, fh: int, start_id: int, token: Any) -> None:
        node = self._dir(self.handles[fh])
        entries = sorted(node.kids.items())
        for index, (name, ino) in enumerate(entries[start_id:], start=start_id + 1):
            if not pyfuse3.readdir_reply(token, name, self._attr(self.nodes[ino]), index):
                break

    async def releasedir(self, fh: int) -> None:
        self.handles.pop(fh, None)

    async def fsyncdir(self, fh: int, datasync: bool) -> None:
        node = self._dir(self.handles[fh])
        self.fsyncs += 1
        self._sync_names(None, node)

    async def mkdir(self, parent_inode: int, name: bytes, mode: int, ctx: Any) -> Any:
        parent = self._dir(parent_inode)
        if name in parent.kids:
            raise pyfuse3.FUSEError(errno.EEXIST)
        node = self._new(True, mode)
        parent.kids[name] = node.ino
        return self._attr(node)

    async def rmdir(self, parent_inode: int, name: bytes, ctx: Any) -> None:
        node = self._child(parent_inode, name)
        if not node.is_dir:
            raise pyfuse3.FUSEError(errno.ENOTDIR)
        if node.kids:
            raise pyfuse3.FUSEError(errno.ENOTEMPTY)
        del self.nodes[parent_inode].kids[name]

    async def unlink(self, parent_inode: int, name: bytes, ctx: Any) -> None:
        node = self._child(parent_inode, name)
        if node.is_dir:
            raise pyfuse3.FUSEError(errno.EISDIR)
        del self.nodes[parent_inode].kids[name]

    async def link(self, inode: int, new_parent_inode: int, new_name: bytes, ctx: Any) -> Any:
        node = self._node(inode)
        parent = self._dir(new_parent_inode)
        if node.is_dir:
            raise pyfuse3.FUSEError(errno.EPERM)
        if new_name in parent.kids:
            raise pyfuse3.FUSEError(errno.EEXIST)
        parent.kids[new_name] = node.ino
        return self._attr(node)

    async def rename(
        self, parent_inode_old: int, name_old: bytes, parent_inode_new: int, name_new: bytes, flags: int, ctx: Any
    ) -> None:
        node = self._child(parent_inode_old, name_old)
        target = self._dir(parent_inode_new)
        if flags:
            raise pyfuse3.FUSEError(errno.EINVAL)
        replaced = target.kids.get(name_new)
        if replaced is not None and self.nodes[replaced].is_dir and self.nodes[replaced].kids:
            raise pyfuse3.FUSEError(errno.ENOTEMPTY)
        del self.nodes[parent_inode_old].kids[name_old]
        target.kids[name_new] = node.ino

    async def create(self, parent_inode: int, name: bytes, mode: int, flags: int, ctx: Any) -> Any:
        parent = self._dir(parent_inode)
        if name in parent.kids:
            node = self.nodes[parent.kids[name]]
            if flags & os.O_EXCL:
                raise pyfuse3.FUSEError(errno.EEXIST)
        else:
            node = self._new(False, mode)
            parent.kids[name] = node.ino
        if flags & os.O_TRUNC:
            node.data.clear()
            node.pending.append(("t", 0, b""))
        return pyfuse3.FileInfo(fh=self._handle(node.ino), keep_cache=True), self._attr(node)

    async def open(self, inode: int, flags: int, ctx: Any) -> Any:
        node = self._node(inode)
        if node.is_dir:
            raise pyfuse3.FUSEError(errno.EISDIR)
        if flags & os.O_TRUNC:
            node.data.clear()
            node.pending.append(("t", 0, b""))
        return pyfuse3.FileInfo(fh=self._handle(inode), keep_cache=True)

    async def read(self, fh: int, off: int, size: int) -> bytes:
        node = self._node(self.handles[fh])
        return bytes(node.data[off : off + size])

    async def write(self, fh: int, off: int, buf: bytes) -> int:
        node = self._node(self.handles[fh])
        _replay(node.data, "w", off, bytes(buf))
        node.pending.append(("w", off, bytes(buf)))
        node.mtime_ns = time.time_ns()
        return len(buf)

    async def fsync(self, fh: int, datasync: bool) -> None:
        node = self._node(self.handles[fh])
        self.fsyncs += 1
        node.durable = bytes(node.data)
        node.pending.clear()
        self._sync_names(node, None)

    async def flush(self, fh: int) -> None:
        self._alive()

    async def release(self, fh: int) -> None:
        self.handles.pop(fh, None)

    async def forget(self, inode_list: Any) -> None:
        pass  # nodes are kept: the image is small and a name may come back with the durable state

    async def statfs(self, ctx: Any) -> Any:
        self._alive()
        data = pyfuse3.StatvfsData()
        data.f_bsize = data.f_frsize = 4096
        data.f_blocks = data.f_bfree = data.f_bavail = 1 << 20
        data.f_files = data.f_ffree = data.f_favail = 1 << 20
        data.f_namemax = 255
        return data


class Lines:
    """Lines from stdin, read raw (one buffer for the blocking reads between mounts and the
    trio reads while mounted)."""

    def __init__(self) -> None:
        self.fd = sys.stdin.fileno()
        self.pending = b""

    def _take(self) -> str | None:
        if b"\n" not in self.pending:
            return None
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode().strip()

    def read(self) -> str:
        """The next line, blocking; "exit" at the end of stdin."""
        while (line := self._take()) is None:
            chunk = os.read(self.fd, 4096)
            if not chunk:
                return "exit"
            self.pending += chunk
        return line

    async def aread(self) -> str:
        while (line := self._take()) is None:
            await trio.lowlevel.wait_readable(self.fd)
            chunk = os.read(self.fd, 4096)
            if not chunk:
                return "exit"
            self.pending += chunk
        return line


async def control(fs: CutFS, image: Path, lines: Lines) -> None:
    """While mounted: ``cut``, then ``unmount`` (or ``exit``, or the end of stdin)."""
    while True:
        line = await lines.aread()
        if line.startswith("cut"):  # "cut", or "cut torn SEED"
            words = line.split()
            fs.cut(random.Random(int(words[2])) if len(words) == 3 else None)
            fs.dump(image)
            print(f"cut {fs.fsyncs}", flush=True)
        elif line in ("unmount", "exit"):
            pyfuse3.terminate()
            return


async def serve(fs: CutFS, image: Path, lines: Lines) -> None:
    async with trio.open_nursery() as nursery:
        nursery.start_soon(control, fs, image, lines)
        print("ready", flush=True)
        await pyfuse3.main()
        nursery.cancel_scope.cancel()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("image", type=Path)
    parser.add_argument("mountpoint", type=Path)
    parser.add_argument("--names", choices=("ext4", "strict"), default="ext4")
    args = parser.parse_args()
    lines = Lines()
    # One process mounts again and again (``mount`` ... ``unmount``): Python and trio start once.
    while (line := lines.read()) != "exit":
        if line != "mount":
            continue
        args.image.mkdir(parents=True, exist_ok=True)
        fs = CutFS(args.image, args.names == "strict")
        pyfuse3.init(fs, str(args.mountpoint), set(pyfuse3.default_options) | {"fsname=cutfs"})
        try:
            trio.run(serve, fs, args.image, lines)
        finally:
            pyfuse3.close(unmount=True)
        print("unmounted", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
