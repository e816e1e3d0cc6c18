"""Threads: concurrent read-only calls, changes serialised against them, per-thread errors."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import List

import pytest

from conftest import carousel_config, grid_config
from snaplayout import SCROLL_MAIN, Layout, LayoutClosedError, RangeError, Rect

THREADS = 4


def test_concurrent_reads_agree(grid: Layout) -> None:
    expected_frames = list(grid.item_frames(0))
    expected_elements = list(grid.elements((0, 500, 390, 844)))

    def work(_: int) -> bool:
        for _ in range(20):
            if list(grid.item_frames(0)) != expected_frames:
                return False
            if list(grid.elements((0, 500, 390, 844))) != expected_elements:
                return False
        return True

    with ThreadPoolExecutor(THREADS) as pool:
        assert all(pool.map(work, range(THREADS * 2)))


def test_changes_wait_for_reads() -> None:
    # One thread scrolls an orthogonal section as fast as it can while others read it: each
    # read sees one whole offset (card 1 is always 312 wide at 16 + 322 - offset), and the
    # readers keep getting their turns.
    with Layout(carousel_config("paging")) as layout:
        offsets = [0.0, 100.0, 322.0, 1000.0]
        writes = 40
        done = threading.Event()
        torn: List[str] = []
        reads: List[int] = []
        seen = set()

        def scroll() -> None:
            for i in range(writes):
                layout.set_section_offset(0, offsets[i % len(offsets)])
            done.set()

        def read() -> None:
            count = 0
            deadline = time.monotonic() + 30
            while not done.is_set() and time.monotonic() < deadline:
                frame = layout.item_frame(0, 1)
                seen.add(frame.x)
                if frame.width != 312 or (16 + 322 - frame.x) not in offsets:
                    torn.append(f"torn frame {frame}")
                count += 1
            reads.append(count)

        readers = [threading.Thread(target=read) for _ in range(THREADS)]
        for reader in readers:
            reader.start()
        scroll()
        for reader in readers:
            reader.join()
        assert torn == []
        assert len(reads) == THREADS and done.is_set()
        assert len(seen) > 1  # the readers saw the offsets change


def test_errors_are_per_thread(grid: Layout) -> None:
    barrier = threading.Barrier(2)

    def fail(item: int) -> str:
        barrier.wait()
        paths = set()
        for _ in range(200):
            try:
                if item < 0:
                    grid.item_frame(item, 0)
                else:
                    grid.item_frame(0, item)
            except RangeError as error:
                paths.add((error.path, str(item) in error.message))
        return repr(paths)

    with ThreadPoolExecutor(2) as pool:
        sections, items = pool.map(fail, [-5, 500])
    assert sections == repr({("section", True)}) and items == repr({("item", True)})


def test_close_waits_for_reads_and_later_calls_raise() -> None:
    layout = Layout(grid_config(10**6), container_size=(390, 844))
    started = threading.Event()
    results: List[object] = []

    def read() -> None:
        started.set()
        try:
            for _ in range(2000):
                layout.item_frame(0, 999_999)
            results.append("done")
        except LayoutClosedError:
            results.append("closed")

    reader = threading.Thread(target=read)
    reader.start()
    started.wait()
    layout.close()  # never frees the handle under a running call
    reader.join()
    assert results in (["done"], ["closed"])
    with pytest.raises(LayoutClosedError):
        layout.item_frame(0, 0)


def test_motions_sample_from_many_threads() -> None:
    with Layout(carousel_config("groupPaging")) as layout:
        motion = layout.resolve_scroll(0, 0, 30, 300).motion
        expected = [motion.sample(t / 100) for t in range(100)]
        with ThreadPoolExecutor(THREADS) as pool:
            results = list(
                pool.map(lambda _: [motion.sample(t / 100) for t in range(100)], range(8))
            )
        assert all(r == expected for r in results)
        assert layout.scroll_offset(SCROLL_MAIN) == 0
        assert Rect(0, 0, 1, 1).intersects(Rect(0, 0, 1, 1))
