# Reference firmware for a dice tower on a Raspberry Pi Pico (MicroPython), speaking
# docs/tower-protocol.md (protocol 2) over USB serial. Copy dtproto.py and this file to the Pico.
#
# Wiring: a "dice settled" switch on GP15 (to ground), the "roll N dice" LED on GP16. A real tower
# reads the dice with a camera or sensors; this reference one rolls them with the hardware RNG
# when the switch closes, which is enough to test a table end to end.
#
# Randomness: os.urandom on the rp2 port reads the RP2040's ring oscillator's random bit (ROSC
# RANDOMBIT), a physical source, new at every power-up. The boot id comes from it (a repeated id
# would make the companion answer this boot's rolls DUP and drop them), and it seeds the dice's
# generator too: an older MicroPython seeds urandom with a constant at every boot.
import os
import select
import sys
import time

import machine
import urandom
from dtproto import Tower, boot_id

SETTLED = machine.Pin(15, machine.Pin.IN, machine.Pin.PULL_UP)
REQUEST_LED = machine.Pin(16, machine.Pin.OUT)
HEARTBEAT_MS = 1000
REPEAT_MS = 500
DEBOUNCE_MS = 50


def send(data):
    sys.stdout.buffer.write(data)


def dice(count):
    return [urandom.randint(1, 6) for _ in range(count)]


def main():
    urandom.seed(int.from_bytes(os.urandom(4), "big"))
    tower = Tower(boot_id(os.urandom(4)), send, dice)
    tower.hello()
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    line, last_beat, last_repeat, was_closed = b"", 0, 0, False
    while True:
        if poll.poll(10):
            char = sys.stdin.buffer.read(1)
            line = b"" if len(line) > 130 else line + char
            if char == b"\n":
                tower.receive(line)
                line = b""
        closed = SETTLED.value() == 0
        if closed and not was_closed:
            time.sleep_ms(DEBOUNCE_MS)
            if SETTLED.value() == 0:
                tower.roll()
        was_closed = closed
        REQUEST_LED.value(1 if tower.requested else 0)
        now = time.ticks_ms()
        if time.ticks_diff(now, last_beat) >= HEARTBEAT_MS:
            last_beat = now
            tower.heartbeat()
        if time.ticks_diff(now, last_repeat) >= REPEAT_MS:
            last_repeat = now
            tower.repeat()


main()
