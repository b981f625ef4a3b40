"""The dice tower: its serial line protocol, reader and simulated tower (issue 8)."""
