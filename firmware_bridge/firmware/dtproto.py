# The dice tower protocol (docs/tower-protocol.md) for MicroPython: no dataclasses, no enum, no
# typing, so the same file runs on a Raspberry Pi Pico and, in the tests, on CPython against the
# companion's own decoder.
MAX_LINE = 120


def checksum(body):
    value = 0
    for byte in body:
        value ^= byte
    return value


def frame(*fields):
    """The wire bytes of a frame with these fields (strings or numbers)."""
    body = ",".join(str(f) for f in fields).encode()
    return b"$" + body + b"*" + (f"{checksum(body):02X}").encode() + b"\r\n"


def parse(line):
    """The fields of one line (CR LF stripped), or None when it is not a valid frame."""
    line = line.strip()
    if len(line) > MAX_LINE or len(line) < 4 or line[:1] != b"$" or line[-3:-2] != b"*":
        return None
    body = line[1:-3]
    try:
        if checksum(body) != int(line[-2:], 16):
            return None
        return body.decode().split(",")
    except ValueError:
        return None


class Tower:
    """The tower's behaviour without its hardware: rolls, repeats until acknowledged, answers
    requests.  ``send(bytes)`` writes to the host; ``dice(count)`` gives settled values."""

    def __init__(self, boot, send, dice, firmware="pico-1.0"):
        self.boot = boot
        self.send = send
        self.dice = dice
        self.firmware = firmware
        self.sequence = 0
        self.unacked = None
        self.requested = None  # (count, die) the host asked for: the "roll N dice" light

    def hello(self):
        self.send(frame("DTHEL", 1, self.firmware, self.boot, "d6+deg"))

    def heartbeat(self):
        self.send(frame("DTHBT", self.sequence))

    def roll(self, count=None, die=None):
        """The dice settled: report them (the host's request decides how many, else one d6)."""
        if count is None:
            count, die = self.requested or (1, "d6")
        self.sequence = self.sequence % 65535 + 1
        self.unacked = frame("DTROL", self.boot, self.sequence, die or "d6", *self.dice(count))
        self.requested = None
        self.send(self.unacked)

    def repeat(self):
        if self.unacked is not None:
            self.send(self.unacked)

    def receive(self, line):
        fields = parse(line)
        if not fields:
            return
        if fields[0] == "DTACK" and len(fields) == 3 and fields[1] == str(self.sequence):
            self.unacked = None
        elif fields[0] == "DTREQ" and len(fields) == 3:
            self.requested = (int(fields[1]), fields[2])
        elif fields[0] == "DTCAN":
            self.requested = None
