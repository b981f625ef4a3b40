# The dice tower protocol (docs/tower-protocol.md) for MicroPython: no dataclasses, no enum, no
# typing, so the same file runs on a Raspberry Pi Pico and, in the tests, on CPython against the
# companion's own decoder. Protocol 2: every frame ends in the CRC-16/CCITT-FALSE of its body.
PROTOCOL = 2
FIRMWARE = "pico-2.0"
MAX_LINE = 120
HEX = "0123456789ABCDEF"


def _crc_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_TABLE = _crc_table()  # 256 small ints: no big-int arithmetic on the Pico


def crc16(body):
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF (crc16(b"123456789") == 0x29B1)."""
    crc = 0xFFFF
    for byte in body:
        crc = ((crc << 8) & 0xFFFF) ^ _TABLE[(crc >> 8) ^ byte]
    return crc


def boot_id(random_bytes):
    """The boot id (upper-case hex) of these random bytes: main.py gives it os.urandom(4), which on
    a Pico reads the RP2040's ring-oscillator random bit, so it is new at every power-up."""
    return "".join(HEX[byte >> 4] + HEX[byte & 15] for byte in random_bytes)


def frame(*fields):
    """The wire bytes of a frame with these fields (strings or numbers)."""
    body = ",".join(str(f) for f in fields).encode()
    return b"$" + body + b"*" + (f"{crc16(body):04X}").encode() + b"\r\n"


def parse(line):
    """The fields of one line (CR LF stripped), or None when it is not a valid frame."""
    line = line.strip()
    if len(line) > MAX_LINE or len(line) < 6 or line[:1] != b"$" or line[-5:-4] != b"*":
        return None
    try:
        body, given = line[1:-5].decode(), line[-4:].decode()
        if "*" in body or any(digit not in HEX for digit in given):
            return None  # one spelling per check: upper-case hex digits only
        if crc16(body.encode()) != int(given, 16):
            return None
        return body.split(",")
    except ValueError:  # not ASCII (UnicodeError is a ValueError), not hex
        return None


class Tower:
    """The tower's behaviour without its hardware: rolls, repeats until acknowledged, answers
    requests.  ``send(bytes)`` writes to the host; ``dice(count)`` gives settled values."""

    def __init__(self, boot, send, dice, firmware=FIRMWARE):
        self.boot = boot
        self.send = send
        self.dice = dice
        self.firmware = firmware
        self.sequence = 0
        self.unacked = None
        self.requested = None  # (count, die) the host asked for: the "roll N dice" light
        self.answered = None  # the request the unacknowledged roll answers

    def hello(self):
        self.send(frame("DTHEL", PROTOCOL, self.firmware, self.boot, "d6+deg"))

    def heartbeat(self):
        self.send(frame("DTHBT", self.sequence))

    def roll(self, count=None, die=None):
        """The dice settled: report them (the host's request decides how many, else one d6)."""
        if count is None:
            count, die = self.requested or (1, "d6")
        self.sequence = self.sequence % 65535 + 1
        self.unacked = frame("DTROL", self.boot, self.sequence, die or "d6", *self.dice(count))
        self.answered = self.requested
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
            self.answered = None
        elif fields[0] == "DTREQ" and len(fields) == 3:
            asked = (int(fields[1]), fields[2])
            if self.unacked is None or asked != self.answered:  # else: the host reopened the port and
                self.requested = asked  # asks again for the roll it has not yet answered: light stays out
        elif fields[0] == "DTCAN":
            self.requested = None
        elif fields[0] == "DTQRY":  # the host opened the port and asks who we are
            self.hello()
