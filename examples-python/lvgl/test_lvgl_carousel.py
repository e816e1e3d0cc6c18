"""The LVGL host, driven by a scripted pointer, keypad and encoder on the fake clock, checked on
its pixels (make test-lvgl; docs/LVGL.md, "The test").

The expectations do not come from the host: which card rests centred follows from the rules of
docs/SNAPPING.md (one card per gesture, a slow short drag goes back, a re-grab counts from where
the caught motion was going, quick key presses add up), and where things are drawn from the
configuration (carousel.json, 320 x 240): cards 200 x 100 at y 10, 10 apart, the centred one at
x 60; neighbours scaled 0.8 about their centres (160 x 80, y 20 to 100); list rows 28 high every
32 from y 120, 8 from the sides; the main scroll decelerates freely at 0.998 a millisecond.
"""

import copy
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import lvgl_carousel as host_module  # noqa: E402
from lvgl_carousel import BACKGROUND, PALETTE, ROW_COLORS, LvglCarousel  # noqa: E402

ROOT = HERE.parent.parent
PICTURE = ROOT / "docs" / "pictures" / "lvgl" / "carousel.png"
CARD_Y = 30  # a row through every card, scaled or not, clear of the labels
TOP_Y = 15  # inside a centred card (top 10), above a scaled one (top 20)


def card(item):
    return PALETTE[item % len(PALETTE)]


def png_pixels(data):
    """(width, height, RGB rows) of an 8-bit RGB PNG without filters, as LvglCarousel.png
    writes it."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, size = 8, b"", None
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        kind = data[at + 4:at + 8]
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            size = (int.from_bytes(body[0:4], "big"), int.from_bytes(body[4:8], "big"))
            assert body[8:10] == b"\x08\x02", "8-bit RGB"
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    width, height = size
    rows = [raw[y * (width * 3 + 1):(y + 1) * (width * 3 + 1)] for y in range(height)]
    assert all(row[0] == 0 for row in rows)
    return width, height, b"".join(row[1:] for row in rows)


class HostTest(unittest.TestCase):
    config = None

    def setUp(self):
        self.host = LvglCarousel(copy.deepcopy(self.config) if self.config else None)

    def tearDown(self):
        self.host.close()

    def assertPixel(self, x, y, colour, why=""):
        got = self.host.pixel(x, y)
        self.assertEqual(got, colour, f"pixel ({x}, {y}) is {got:06x}, not {colour:06x} {why}")

    def assertCentred(self, item):
        """Card ``item`` rests centred, unscaled (x 60 to 260, y 10 to 110), its neighbours
        scaled to 0.8 (x up to 30 and from 290, y 20 to 100), the list where it started."""
        h = self.host
        self.assertFalse(h.moving(), h.motions)
        self.assertPixel(160, CARD_Y, card(item), f"(card {item} centred)")
        self.assertPixel(62, CARD_Y, card(item), "(its left edge at 60)")
        self.assertPixel(257, CARD_Y, card(item), "(its right edge at 260)")
        self.assertPixel(57, CARD_Y, BACKGROUND, "(the gap before it)")
        self.assertPixel(263, CARD_Y, BACKGROUND, "(the gap after it)")
        self.assertPixel(160, 12, card(item), "(its top at 10)")
        self.assertPixel(160, 108, card(item), "(its bottom at 110)")
        # Neighbours: unscaled they would reach x 50 and start at x 270, with tops at 10.
        if item > 0:
            self.assertPixel(25, CARD_Y, card(item - 1), "(the left neighbour, scaled)")
            self.assertPixel(35, CARD_Y, BACKGROUND, "(the left neighbour ends at 30: scaled)")
            self.assertPixel(25, TOP_Y, BACKGROUND, "(the left neighbour's top at 20: scaled)")
        if item < 5:
            self.assertPixel(295, CARD_Y, card(item + 1), "(the right neighbour, scaled)")
            self.assertPixel(285, CARD_Y, BACKGROUND, "(the right neighbour starts at 290)")
            self.assertPixel(295, TOP_Y, BACKGROUND, "(the right neighbour's top at 20)")
        self.assertListAt(0)

    def assertListAt(self, offset):
        """The list at rest at main offset ``offset``: row k from y 120 + 32k - offset, 28 high,
        x 8 to 312 (sampled at x 300, clear of the labels)."""
        for k in range(12):
            top = 120 + 32 * k - offset
            for y, colour in ((top + 3, ROW_COLORS[k % 2]), (top + 24, ROW_COLORS[k % 2]),
                              (top + 30, BACKGROUND)):
                if 0 <= y < self.host.height and y >= 112 - offset:
                    self.assertPixel(300, y, colour, f"(row {k} at {top})")
            if 0 <= top + 14 < self.host.height:
                self.assertPixel(4, top + 14, BACKGROUND, "(the list's left inset)")


class CarouselTest(HostTest):
    def test_at_launch_card_0_is_centred_and_card_1_scaled(self):
        self.host.refresh()
        self.assertCentred(0)

    def test_a_fling_moves_one_card(self):
        h = self.host
        h.drag_to(200, 50, 140, 50, 50)  # 60 points in 50 ms to the left: 1200 pt/s
        self.assertIn("at 1200 pt/s", h.log[-1])
        h.settle()
        self.assertCentred(1)
        self.assertEqual(h.layout.scroll_offset(0), 150)  # card 1 at x 270 - (150 + 60) = 60
        h.drag_to(140, 50, 200, 50, 50)  # and back
        h.settle()
        self.assertCentred(0)

    def test_a_fling_mid_flight_shrinks_the_card_leaving(self):
        h = self.host
        h.drag_to(200, 50, 140, 50, 50)
        h.wait(120)
        h.refresh()
        self.assertTrue(h.moving())
        # Card 0 has left the centre: it is shorter than 100 (its top below y 12).
        self.assertPixel(h.width // 8, 12, BACKGROUND)
        h.settle()
        self.assertCentred(1)

    def test_a_slow_short_drag_goes_back(self):
        h = self.host
        h.drag_to(200, 50, 160, 50, 500)  # 40 points at 80 pt/s
        h.settle()
        self.assertCentred(0)

    def test_a_drag_held_still_does_not_fling(self):
        h = self.host
        h.down(200, 50)
        h.move(120, 50, 50)
        h.wait(150)  # the last 100 ms say 0 pt/s; 80 points are under half a card
        h.up()
        self.assertIn("at 0 pt/s", h.log[-1])
        h.settle()
        self.assertCentred(0)

    def test_a_regrab_counts_from_where_the_caught_motion_was_going(self):
        h = self.host
        h.drag_to(200, 50, 140, 50, 50)
        h.wait(30)
        h.drag_to(200, 50, 140, 50, 50)  # caught in flight toward card 1, flung again
        self.assertIn("reference 1", h.log[-1])
        h.settle()
        self.assertCentred(2)

    def test_keys_and_the_encoder_navigate(self):
        h = self.host
        h.key("right")
        h.settle()
        self.assertCentred(1)
        h.key("right")
        h.key("right")  # pressed while the first runs: two cards
        h.settle()
        self.assertCentred(3)
        h.turn(-1)
        h.settle()
        self.assertCentred(2)
        h.turn(2)
        h.settle()
        self.assertCentred(4)
        h.key("end")
        h.settle()
        self.assertCentred(5)
        h.key("home")
        h.settle()
        self.assertCentred(0)

    def test_a_vertical_fling_on_the_list_decelerates_freely(self):
        h = self.host
        h.drag_to(160, 200, 160, 180, 50)  # 20 points up in 50 ms: 400 pt/s
        self.assertIn("-1: 0 -> 14 at 400 pt/s", h.log[-1])  # 20 less the 6-point slop
        h.settle()
        # Free deceleration at 0.998 a millisecond: 14 + 0.4 * 0.998 / 0.002 = 213.6.
        offset = h.layout.scroll_offset(-1)
        self.assertAlmostEqual(offset, 213.6, delta=0.5)
        self.assertEqual(h.layout.scroll_offset(0), -60)  # the carousel untouched
        self.assertListAt(round(offset))

    def test_a_vertical_drag_on_the_carousel_scrolls_the_page(self):
        h = self.host
        h.drag_to(160, 60, 165, 20, 400)  # mostly up, slowly: the page follows, not the carousel
        self.assertIn("release container -1: 0 -> 34 ", h.log[-1])  # 40 less the slop
        h.settle()
        self.assertEqual(h.layout.scroll_offset(0), -60)
        self.assertListAt(round(h.layout.scroll_offset(-1)))

    def test_a_tap_moves_nothing_and_a_touch_catches_a_moving_carousel(self):
        h = self.host
        h.down(160, 60)
        h.move(164, 57, 30)  # under the 6-point slop
        h.up()
        self.assertEqual(h.log, [])
        self.assertFalse(h.moving())
        h.drag_to(200, 50, 140, 50, 50)
        h.wait(60)
        h.down(160, 60)  # caught: it stops where it is while the finger stays
        caught_at = h.layout.scroll_offset(0)
        self.assertTrue(-60 < caught_at < 150)
        h.wait(100)
        self.assertEqual(h.layout.scroll_offset(0), caught_at)
        h.up()  # and comes to rest on a card from there
        h.settle()
        self.assertIn(h.layout.scroll_offset(0), h.layout.snap_offsets(0))

    def test_the_list_pulled_past_its_top_comes_back(self):
        h = self.host
        h.down(160, 150)
        h.move(160, 200, 300)
        # 50 points less the slop, 44, rubber-banded: (1 - 1/(44 * 0.55 / 240 + 1)) * 240 = 21.98.
        self.assertAlmostEqual(h.layout.scroll_offset(-1), -21.98, delta=0.05)
        h.up()
        h.settle()
        self.assertCentred(0)

    def test_the_picture_is_this_session(self):
        """docs/pictures/lvgl/carousel.png is what the session of lvgl_carousel.main draws."""
        h = self.host
        h.drag_to(200, 50, 140, 50, 50)
        h.wait(120)
        h.refresh()
        width, height, rgb = png_pixels(h.png())
        self.assertEqual((width, height), (h.width, h.height))
        self.assertEqual(rgb[(30 * width + 160) * 3:(30 * width + 160) * 3 + 3],
                         card(1).to_bytes(3, "big"))
        self.assertTrue(PICTURE.exists(), f"{PICTURE} missing: make lvgl-pictures")
        # Not assertEqual: a diff of two frames' bytes takes minutes.
        self.assertTrue(png_pixels(PICTURE.read_bytes()) == (width, height, rgb),
                        f"{PICTURE} is stale: make lvgl-pictures")

    def test_reproducible(self):
        h = self.host
        h.drag_to(200, 50, 140, 50, 50)
        h.wait(90)
        h.refresh()
        first = bytes(h.framebuffer)
        again = LvglCarousel()
        try:
            again.drag_to(200, 50, 140, 50, 50)
            again.wait(90)
            again.refresh()
            self.assertTrue(bytes(again.framebuffer) == first, "two runs drew different frames")
        finally:
            again.close()


class ResizeTest(HostTest):
    """A new display resolution (a window resized, the device rotated) lays the layout out
    again (docs/SNAPPING.md, "Through layout changes"). At 480 x 240 cards are 300 wide, the
    centred one from x 90 to 390; at 240 x 320, 150 wide from x 45 to 195."""

    def velocity(self, container):
        motion, start = self.host.motions[container]
        return motion.sample((self.host.now_ms - start) / 1000.0).velocity

    def test_a_carousel_at_rest_stays_on_its_card_through_resizes(self):
        h = self.host
        h.key("right")
        h.key("right")
        h.settle()
        self.assertCentred(2)
        h.resize(480, 240)
        self.assertFalse(h.moving(), "a resize at rest starts no motion")
        self.assertEqual(h.layout.scroll_offset(0), h.layout.snap_offsets(0)[2])
        self.assertPixel(240, CARD_Y, card(2), "(card 2 centred at 480)")
        self.assertPixel(92, CARD_Y, card(2), "(its left edge at 90)")
        self.assertPixel(387, CARD_Y, card(2), "(its right edge at 390)")
        self.assertPixel(87, CARD_Y, BACKGROUND, "(the gap before it)")
        h.resize(240, 320)  # rotated
        self.assertFalse(h.moving())
        self.assertEqual(h.layout.scroll_offset(0), h.layout.snap_offsets(0)[2])
        self.assertPixel(120, CARD_Y, card(2), "(card 2 centred at 240)")
        self.assertPixel(47, CARD_Y, card(2), "(its left edge at 45)")
        h.resize(320, 240)
        self.assertEqual(h.layout.scroll_offset(0), 360)
        self.assertCentred(2)

    def test_a_fling_resized_in_flight_lands_on_the_card_it_was_heading_to(self):
        h = self.host
        h.drag_to(200, 50, 140, 50, 50)  # a fling toward card 1, offset 150 at 320
        h.wait(30)
        self.assertEqual(h.layout.scroll_target(0), 150)
        offset, velocity = h.layout.scroll_offset(0), self.velocity(0)
        self.assertGreater(velocity, 100)
        h.resize(480, 240)
        # No jump, no stop: the same offset and velocity, now heading to card 1 at 480.
        self.assertEqual(h.layout.scroll_offset(0), offset)
        self.assertTrue(h.moving())
        self.assertAlmostEqual(self.velocity(0), velocity, delta=1e-6 * velocity)
        self.assertEqual(h.layout.scroll_target(0), h.layout.snap_offsets(0)[1])
        self.assertEqual(h.layout.snap_offsets(0)[1], 220)  # 310 - 90
        h.settle()
        self.assertEqual(h.layout.scroll_offset(0), 220)
        self.assertIsNone(h.layout.scroll_target(0), "the target outlives its motion")
        self.assertPixel(240, CARD_Y, card(1), "(card 1 centred at 480)")
        h.resize(320, 240)
        self.assertCentred(1)

    def test_a_drag_in_progress_ends_at_a_resize_and_comes_to_rest_on_a_card(self):
        h = self.host
        h.down(200, 50)
        h.move(150, 50, 300)
        h.resize(480, 240)
        h.up()
        h.settle()
        self.assertIn(h.layout.scroll_offset(0), h.layout.snap_offsets(0))


def _exported(library):
    """The function names a shared object exports."""
    out = subprocess.run(["nm", "-D", "--defined-only", str(library)], check=True,
                         capture_output=True, text=True).stdout
    return {line.split()[-1].split("@")[0] for line in out.splitlines() if " T " in line}


class CSketchTest(unittest.TestCase):
    """The C of docs/LVGL.md ("The same wiring in C") compiles against include/snaplayout.h and
    c-sketch/lvgl.h, and calls only functions LVGL and the library export."""

    def test_the_c_sketch_compiles_and_calls_real_functions(self):
        compiler = os.environ.get("CC", "cc")
        if shutil.which(compiler) is None or shutil.which("nm") is None:
            self.skipTest(f"{compiler} or nm not found")
        text = (ROOT / "docs" / "LVGL.md").read_text()
        section = text[text.index("## The same wiring in C"):]
        code = re.search(r"```c\n(.*?)```", section, re.S).group(1)
        with tempfile.TemporaryDirectory() as tmp:
            source, obj = Path(tmp) / "sketch.c", Path(tmp) / "sketch.o"
            source.write_text(code)
            subprocess.run([compiler, "-std=c11", "-Wall", "-Wextra", "-Werror",
                            "-I", str(ROOT / "include"), "-I", str(HERE / "c-sketch"),
                            "-c", str(source), "-o", str(obj)], check=True)
            out = subprocess.run(["nm", "-u", str(obj)], check=True, capture_output=True,
                                 text=True).stdout
        called = {line.split()[-1] for line in out.splitlines()}
        lv_called = {name for name in called if name.startswith("lv_")}
        sl_called = {name for name in called if name.startswith("sl_")}
        self.assertGreater(len(lv_called), 20)
        self.assertGreater(len(sl_called), 8)
        lvgl_module = Path(host_module.lv.__file__)
        self.assertEqual(lv_called - _exported(lvgl_module), set(),
                         f"not functions of the LVGL in {lvgl_module}")
        library = os.environ["SNAPLAYOUT_LIBRARY"]
        self.assertEqual(sl_called - _exported(library), set(), f"not functions of {library}")


def _looping_config():
    config = json.loads(host_module.CONFIG_PATH.read_text())
    config["sections"][0]["orthogonalScrollingProperties"] = {"loop": True}
    return config


class LoopTest(HostTest):
    config = _looping_config()

    def test_a_fling_back_from_card_0_crosses_the_seam(self):
        h = self.host
        self.assertTrue(h.layout.loop_info(0).active)
        h.refresh()
        # Card 5's copy before the seam is the left neighbour at launch.
        self.assertPixel(25, CARD_Y, card(5))
        h.drag_to(140, 50, 200, 50, 50)
        h.settle()
        self.assertEqual(h.pixel(160, CARD_Y), card(5))
        self.assertPixel(25, CARD_Y, card(4))
        self.assertPixel(295, CARD_Y, card(0), "(card 0 after the seam)")
        # At rest, re-based into the canonical lap: card 5's own rest offset.
        self.assertEqual(h.layout.canonical_offset(0, h.layout.scroll_offset(0))[1], 0)
        self.assertEqual(h.layout.scroll_offset(0), h.layout.snap_offsets(0)[5])

    def test_keys_cross_the_seam(self):
        h = self.host
        h.key("left")
        h.settle()
        self.assertPixel(160, CARD_Y, card(5))
        h.key("right")
        h.key("right")
        h.settle()
        self.assertPixel(160, CARD_Y, card(1))
        self.assertPixel(25, CARD_Y, card(0))

    def test_a_resize_keeps_a_loop_on_its_card_in_the_canonical_lap(self):
        h = self.host
        h.key("left")  # card 5 of the lap before, re-based at rest
        h.settle()
        h.resize(480, 240)
        self.assertFalse(h.moving())
        self.assertEqual(h.layout.scroll_offset(0), h.layout.snap_offsets(0)[5])
        self.assertPixel(240, CARD_Y, card(5))
        h.resize(320, 240)
        self.assertPixel(160, CARD_Y, card(5))


if __name__ == "__main__":
    unittest.main()
