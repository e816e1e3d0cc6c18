"""A readers-writer gate: many read-only calls at once, changes alone (the header's rule)."""

from __future__ import annotations

import threading


class Gate:
    """Shared access for the header's read-only functions, exclusive access for the others.

    The C library lets many threads read a layout at once but needs a change (container size,
    offsets, measured sizes, data changes, destruction) to run alone; the gate enforces that,
    so no Python program can race a change against a read, or a read against ``close()``.

    Fair both ways: a waiting writer holds back new readers (so steady reads cannot starve a
    change), and the readers that waited for a writer go before the next one (so a thread
    changing the layout in a loop cannot starve the readers). A thread that already reads may
    read again without waiting (a visible-items handler querying its layout).
    """

    __slots__ = ("_lock", "_condition", "_readers", "_readers_waiting", "_readers_turn",
                 "_writing", "_writers_waiting", "_local")

    def __init__(self) -> None:
        # The lock is taken directly on the fast paths (no waiting): a read costs two C calls.
        self._lock = threading.Lock()
        self._condition = threading.Condition(self._lock)
        self._readers = 0
        self._readers_waiting = 0
        self._readers_turn = False
        self._writing = False
        self._writers_waiting = 0
        self._local = threading.local()

    def enter_read(self) -> None:
        local = self._local
        depth = getattr(local, "depth", 0)
        self._lock.acquire()
        try:
            if depth == 0 and (self._writing or self._writers_waiting):
                self._readers_waiting += 1
                while self._writing or (self._writers_waiting and not self._readers_turn):
                    self._condition.wait()
                self._readers_waiting -= 1
                if self._readers_waiting == 0:
                    self._readers_turn = False
            self._readers += 1
        finally:
            self._lock.release()
        local.depth = depth + 1

    def exit_read(self) -> None:
        self._local.depth -= 1
        self._lock.acquire()
        try:
            self._readers -= 1
            if self._readers == 0 and self._writers_waiting:
                self._condition.notify_all()
        finally:
            self._lock.release()

    def enter_write(self) -> None:
        with self._condition:
            self._writers_waiting += 1
            while self._writing or self._readers or self._readers_turn:
                self._condition.wait()
            self._writers_waiting -= 1
            self._writing = True

    def exit_write(self) -> None:
        with self._condition:
            self._writing = False
            if self._readers_waiting:
                self._readers_turn = True
            self._condition.notify_all()
