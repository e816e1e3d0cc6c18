"""An LVGL 9 host of SnapLayout: a vertical list under a centred paging carousel.

LVGL (the embedded UI toolkit, here its CPython binding ``pydevices-lvgl``, ``import lvgl``)
owns the screen, the objects, the input devices and the timers; SnapLayout (the repository's
Python binding, ``import snaplayout``) makes every decision about geometry and scrolling:

- every card and row is an ``lv.obj`` placed from the library's rect query
  (``Layout.elements``): position and size from the element's frame, scale from its transform
  through LVGL's ``transform_scale_x/y`` style (pivot at the centre);
- LVGL's own scrolling is off (no ``SCROLLABLE``, ``SCROLL_MOMENTUM`` or ``SCROLL_ELASTIC`` on the
  screen or any object); the pointer's press, move and release (LVGL events) move the scroll
  offsets (past a touch slop, the first movement picks the axis: the carousel or the page), and
  on release ``Layout.resolve_scroll`` says where the scroll comes to rest, with the
  reference snap of a motion caught in flight (``Layout.reference_snap``);
- an ``lv.timer`` samples the running motions every frame (``Motion.sample``), sets the
  offsets (``Layout.set_scroll_offset``) and re-places the objects;
- keypad keys (``LV_KEY_RIGHT`` / ``LEFT`` / ``HOME`` / ``END``) and encoder turns (the group in
  edit mode turns them into the same keys) step the carousel with ``Layout.navigate``;
- every motion's target is registered with the layout (``Layout.set_scroll_target``, cleared
  when it settles or a touch catches it), so that ``resize`` (a new display resolution, a
  rotation) keeps a carousel at rest on its card and lands a motion in flight on the card it
  was heading to (``Layout.set_container_size``, ``Layout.retarget_motion``).

It renders into memory: LVGL's flush callback copies each rendered area into
``framebuffer`` (a ``bytearray``, 3 bytes a pixel in LVGL's RGB888 order: blue, green, red).
The clock is fake: every frame advances LVGL's tick by ``FRAME_MS`` with ``lv.tick_inc`` and
runs ``lv.timer_handler``, so a scripted session gives the same pixels on every machine.

Run it: ``python3 lvgl_carousel.py OUT.png`` plays a fling and writes the frame 120 ms
after it (docs/pictures/lvgl/carousel.png)
(SNAPLAYOUT_LIBRARY names the library, as for the binding's tests; docs/LVGL.md).
"""

from __future__ import annotations

import functools
import json
import struct
import sys
import zlib
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import lvgl as lv

from snaplayout import SCROLL_MAIN, Layout, Motion, MotionKind

HERE = Path(__file__).resolve().parent
CONFIG_PATH = HERE / "carousel.json"

#: Milliseconds a frame: the fake tick advances by this much, and the display refresh, the
#: input reads and the motion timer all run once a frame.
FRAME_MS = 10
#: Points the finger moves before a drag starts; the first movement past it picks the axis.
TOUCH_SLOP = 6
#: The release velocity is the least-squares slope of the finger's positions over this window.
VELOCITY_WINDOW_MS = 100
#: Card colours by item index mod 8 (the SDL example's palette, docs/SDL-EXAMPLE.md).
PALETTE = (0x007AFF, 0xFF3B30, 0x34C759, 0xFF9500, 0xAF52DE, 0x30B0C7, 0xA2845E, 0xFFCC00)
#: List rows alternate these two colours.
ROW_COLORS = (0xE5E5EA, 0xAEAEB2)
BACKGROUND = 0x1C1C1E

_KEY_ACTIONS = {"right": "next", "left": "previous", "home": "first", "end": "last"}

_lv_ready = False


def _lv_init() -> None:
    """``lv.init()`` once per process (hosts come and go; LVGL stays)."""
    global _lv_ready
    if not _lv_ready:
        lv.init()
        _lv_ready = True


def rubber_band(overshoot: float, dimension: float) -> float:
    """UIScrollView's rubber band: how far content pulled ``overshoot`` past its end moves."""
    sign = 1.0 if overshoot >= 0 else -1.0
    x = abs(overshoot)
    return sign * (1.0 - 1.0 / (x * 0.55 / dimension + 1.0)) * dimension


def least_squares_slope(samples: List[Tuple[float, float]]) -> float:
    """The slope of (time in ms, position) samples, in points per second (0 for fewer than 2
    distinct times)."""
    n = len(samples)
    if n < 2:
        return 0.0
    mt = sum(t for t, _ in samples) / n
    mp = sum(p for _, p in samples) / n
    var = sum((t - mt) ** 2 for t, _ in samples)
    if var == 0:
        return 0.0
    cov = sum((t - mt) * (p - mp) for t, p in samples)
    return cov / var * 1000.0


def _reported(callback):
    """An LVGL callback whose exception reaches the host: the binding swallows exceptions
    raised in callbacks without a word, so the first one is kept and ``frame`` raises it."""

    @functools.wraps(callback)
    def run(self, *args):
        try:
            return callback(self, *args)
        except BaseException as error:  # noqa: B902 - kept for frame() to raise
            if self.callback_error is None:
                self.callback_error = error
            return None

    return run


class _Drag:
    """A finger down: where it touched, which containers it caught, and, once it has moved past
    the touch slop, the container it drags."""

    def __init__(self, x: int, y: int, band: int, references: Dict[int, Optional[int]],
                 caught: List[int], now: int) -> None:
        self.press = (x, y)
        #: The carousel under the touch, or SCROLL_MAIN.
        self.band = band
        #: The rest position each container under the finger counts from (None: free scroll).
        self.references = references
        #: The containers that were moving and stopped at the touch: those not dragged come to
        #: rest from where they are when the finger lifts.
        self.caught = caught
        #: (time in ms, x, y) of every point the finger has been at.
        self.points: List[Tuple[int, int, int]] = [(now, x, y)]
        # Set when the finger has moved past the slop (None until then):
        self.container: Optional[int] = None
        self.horizontal = False
        self.touch = 0.0
        self.start_offset = 0.0


class LvglCarousel:
    """The LVGL screen, its input devices and timer, and the SnapLayout layout behind them."""

    def __init__(self, config: Optional[dict] = None, width: Optional[int] = None,
                 height: Optional[int] = None) -> None:
        _lv_init()
        if config is None:
            config = json.loads(CONFIG_PATH.read_text())
        container = config.get("environment", {}).get("container", {})
        self.width = int(width or container.get("width", 320))
        self.height = int(height or container.get("height", 240))
        self.layout = Layout(config, container_size=(self.width, self.height))
        self.now_ms = 0  # the fake clock: advanced with LVGL's tick, by the same steps
        self.callback_error: Optional[BaseException] = None
        self.motions: Dict[int, Tuple[Motion, int]] = {}  # container -> (motion, start ms)
        self.drag: Optional[_Drag] = None
        self.cards: Dict[Tuple[int, int, int], lv.obj] = {}
        self.log: List[str] = []

        # The display: LVGL renders partial areas into draw_buffer, flush copies them out.
        self.display = lv.display_create(self.width, self.height)
        self.display.set_color_format(lv.COLOR_FORMAT.RGB888)
        self.display.set_flush_cb(self._flush)
        self._set_buffers()
        self.display.get_refr_timer().set_period(FRAME_MS)

        # The screen: no scrolling of LVGL's own; pointer events of every object bubble to it.
        self.screen = self.display.get_screen_active()
        self.screen.remove_flag(lv.OBJ_FLAG.SCROLLABLE | lv.OBJ_FLAG.SCROLL_MOMENTUM
                                | lv.OBJ_FLAG.SCROLL_ELASTIC)
        self.screen.set_style_bg_color(lv.color_hex(BACKGROUND), 0)
        self.screen.set_style_bg_opa(lv.OPA.COVER, 0)
        self.screen.set_style_pad_all(0, 0)
        self.screen.add_flag(lv.OBJ_FLAG.PRESS_LOCK)  # a finger sliding onto a row stays ours
        self.screen.add_event_cb(self._on_event, lv.EVENT.ALL, None)

        # A pointer whose read_cb answers the scripted finger.
        self._finger = (0, 0, False)
        self.pointer = lv.indev_create()
        self.pointer.set_type(lv.INDEV_TYPE.POINTER)
        self.pointer.set_read_cb(self._read_pointer)
        self.pointer.set_display(self.display)
        self.pointer.get_read_timer().set_period(FRAME_MS)

        # A keypad and an encoder, both on a group whose one object is the screen; in edit mode
        # an encoder's turns arrive as LV_KEY_RIGHT / LV_KEY_LEFT.
        self._keys: List[Tuple[int, bool]] = []
        self._encoder_steps: List[int] = []
        self.group = lv.group_create()
        self.group.add_obj(self.screen)
        self.group.set_editing(True)
        self.keypad = lv.indev_create()
        self.keypad.set_type(lv.INDEV_TYPE.KEYPAD)
        self.keypad.set_read_cb(self._read_keypad)
        self.keypad.set_display(self.display)
        self.keypad.set_group(self.group)
        self.keypad.get_read_timer().set_period(FRAME_MS)
        self.encoder = lv.indev_create()
        self.encoder.set_type(lv.INDEV_TYPE.ENCODER)
        self.encoder.set_read_cb(self._read_encoder)
        self.encoder.set_display(self.display)
        self.encoder.set_group(self.group)
        self.encoder.get_read_timer().set_period(FRAME_MS)

        # The motion timer: every frame, sample, set the offsets, re-place the objects.
        self.timer = lv.timer_create(self._on_timer, FRAME_MS, None)
        self.place()
        self.refresh()

    def _set_buffers(self) -> None:
        """A framebuffer and a draw buffer (a quarter of the screen) for the current size."""
        self.framebuffer = bytearray(self.width * self.height * 3)
        self._draw_buffer = bytearray(self.width * (self.height // 4) * 3)
        self.display.set_buffers(self._draw_buffer, None, len(self._draw_buffer),
                                 lv.DISPLAY_RENDER_MODE.PARTIAL)

    # -- LVGL callbacks -------------------------------------------------------------------------

    @_reported
    def _flush(self, display, area, pixels) -> None:
        try:
            w = area.x2 - area.x1 + 1
            h = area.y2 - area.y1 + 1
            data = pixels.__dereference__(w * h * 3)
            row = w * 3
            for line in range(h):
                at = ((area.y1 + line) * self.width + area.x1) * 3
                self.framebuffer[at:at + row] = data[line * row:(line + 1) * row]
        finally:
            display.flush_ready()  # even after an error: LVGL waits for it

    @_reported
    def _read_pointer(self, indev, data) -> None:
        x, y, pressed = self._finger
        data.point.x = x
        data.point.y = y
        data.state = lv.INDEV_STATE.PRESSED if pressed else lv.INDEV_STATE.RELEASED

    @_reported
    def _read_keypad(self, indev, data) -> None:
        if self._keys:
            key, pressed = self._keys.pop(0)
            data.key = key
            data.state = lv.INDEV_STATE.PRESSED if pressed else lv.INDEV_STATE.RELEASED
        else:
            data.state = lv.INDEV_STATE.RELEASED

    @_reported
    def _read_encoder(self, indev, data) -> None:
        data.enc_diff = self._encoder_steps.pop(0) if self._encoder_steps else 0
        data.state = lv.INDEV_STATE.RELEASED

    @_reported
    def _on_event(self, event) -> None:
        code = event.get_code()
        if code == lv.EVENT.KEY:
            self._on_key(event.get_key())
            return
        if code not in (lv.EVENT.PRESSED, lv.EVENT.PRESSING, lv.EVENT.RELEASED,
                        lv.EVENT.PRESS_LOST):
            return
        indev = event.get_indev()
        point = lv.point_t()
        indev.get_point(point)
        if code == lv.EVENT.PRESSED:
            self._press(point.x, point.y)
        elif code == lv.EVENT.PRESSING:
            self._move(point.x, point.y)
        else:
            self._release()

    @_reported
    def _on_timer(self, timer) -> None:
        for container, (motion, start) in list(self.motions.items()):
            state = motion.sample((self.now_ms - start) / 1000.0)
            self.layout.set_scroll_offset(container, state.offset)
            if state.settled:
                del self.motions[container]
                self.layout.clear_scroll_target(container)
                self._rebase(container)
        self.place()

    # -- scrolling ------------------------------------------------------------------------------

    def _container_at(self, y: float) -> int:
        """The carousel whose band holds screen row ``y``, else the main scroll."""
        content_y = y + self.layout.scroll_offset(SCROLL_MAIN)
        for info in self.layout.section_infos():
            if info.is_orthogonal and info.frame.y <= content_y < info.frame.max_y:
                return info.section
        return SCROLL_MAIN

    def _catch(self, container: int) -> Optional[int]:
        """Stops a container where its motion is now; the rest position the next gesture counts
        from (the caught motion's target while it runs, else the nearest)."""
        offset = self.layout.scroll_offset(container)
        running = self.motions.pop(container, None)
        if running is None:
            return self.layout.reference_snap(container, offset)
        self.layout.clear_scroll_target(container)
        motion, start = running
        time = (self.now_ms - start) / 1000.0
        offset = motion.sample(time).offset
        self.layout.set_scroll_offset(container, offset)
        return self.layout.reference_snap(container, offset, in_flight=motion, time=time)

    def _press(self, x: int, y: int) -> None:
        band = self._container_at(y)
        caught = list(self.motions)
        under = {band, SCROLL_MAIN} | set(caught)
        references = {c: self._catch(c) for c in sorted(under)}
        self.drag = _Drag(x, y, band, references, caught, self.now_ms)
        self.place()

    def _lock(self, drag: _Drag, x: int, y: int) -> bool:
        """Past the touch slop, the first movement picks the axis (UIScrollView's directional
        lock): along the carousel under the finger, the carousel; else the main scroll."""
        dx, dy = x - drag.press[0], y - drag.press[1]
        if max(abs(dx), abs(dy)) < TOUCH_SLOP:
            return False
        container = SCROLL_MAIN
        if drag.band != SCROLL_MAIN:
            if (abs(dx) > abs(dy)) == self.layout.scroll_info(drag.band).horizontal:
                container = drag.band
        drag.container = container
        drag.horizontal = self.layout.scroll_info(container).horizontal
        moved = dx if drag.horizontal else dy
        # The content follows from the slop's edge: no jump when it starts to move.
        drag.touch = float(drag.press[0] if drag.horizontal else drag.press[1])
        drag.touch += TOUCH_SLOP if moved > 0 else -TOUCH_SLOP
        drag.start_offset = self.layout.scroll_offset(container)
        return True

    def _move(self, x: int, y: int) -> None:
        drag = self.drag
        if drag is None:
            return
        drag.points.append((self.now_ms, x, y))
        if drag.container is None and not self._lock(drag, x, y):
            return
        position = float(x if drag.horizontal else y)
        offset = drag.start_offset - (position - drag.touch)
        info = self.layout.scroll_info(drag.container)
        if not self.layout.loop_info(drag.container).active:
            low, high = info.min_offset, info.max_offset
            if offset < low:
                offset = low + rubber_band(offset - low, info.viewport_length)
            elif offset > high:
                offset = high + rubber_band(offset - high, info.viewport_length)
        self.layout.set_scroll_offset(drag.container, offset)
        self.place()

    def _release(self) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if drag.container is not None:
            axis = 1 if drag.horizontal else 2
            recent = [(p[0], float(p[axis])) for p in drag.points
                      if p[0] >= self.now_ms - VELOCITY_WINDOW_MS]
            velocity = 0.0 - least_squares_slope(recent)  # finger left: offset grows (no -0)
            release = self.layout.scroll_offset(drag.container)
            reference = drag.references[drag.container]
            result = self.layout.resolve_scroll(drag.container, drag.start_offset, release,
                                                velocity, reference_snap=reference)
            self.log.append(f"release container {drag.container}: {drag.start_offset:g} -> "
                            f"{release:g} at {velocity:g} pt/s, rest {result.target_offset:g} "
                            f"(snap {result.snap_index}, reference {reference})")
            self._start(drag.container, result.motion)
        for container in drag.caught:
            if container == drag.container:
                continue
            offset = self.layout.scroll_offset(container)
            rest = self.layout.resolve_scroll(container, offset, offset, 0.0,
                                              reference_snap=drag.references[container])
            self._start(container, rest.motion)

    def _on_key(self, key: int) -> None:
        names = {lv.KEY.RIGHT: "right", lv.KEY.LEFT: "left", lv.KEY.HOME: "home",
                 lv.KEY.END: "end"}
        name = names.get(key)
        if name is None:
            return
        container = self.carousel
        running = self.motions.get(container)
        if running is None:
            result = self.layout.navigate(container, _KEY_ACTIONS[name])
        else:
            motion, start = running
            result = self.layout.navigate(container, _KEY_ACTIONS[name], in_flight=motion,
                                          time=(self.now_ms - start) / 1000.0)
        self.log.append(f"key {name}: rest {result.target_offset:g} (snap {result.snap_index})")
        self._start(container, result.motion)

    def _start(self, container: int, motion: Motion) -> None:
        """Runs ``motion`` from now and tells the layout where it is heading (docs/SNAPPING.md,
        "Through layout changes"): a resize then carries the target with its card. A motion of
        kind NONE puts the container at its target on the next frame, with no target kept."""
        self.motions[container] = (motion, self.now_ms)
        if motion.kind == MotionKind.NONE:
            self.layout.clear_scroll_target(container)
        else:
            self.layout.set_scroll_target(container, motion.target_offset)

    def _settle_from_here(self, container: int, reference: Optional[int] = None) -> None:
        """Comes to rest from where the container is, as a release without velocity."""
        offset = self.layout.scroll_offset(container)
        rest = self.layout.resolve_scroll(container, offset, offset, 0.0,
                                          reference_snap=reference)
        self._start(container, rest.motion)

    def resize(self, width: int, height: int) -> None:
        """The display changes resolution (a window resized, the device rotated): LVGL renders
        at the new size and the layout is laid out again (docs/SNAPPING.md, "Through layout
        changes"). The library re-snaps a container at rest on a rest position to the same
        card's rest position and carries each registered target with its card; each motion in
        flight is redirected there from where its container is, with the velocity it had
        (``Layout.retarget_motion``), and its clock restarts. A touch in progress ends: what it
        dragged or caught comes to rest from where it is; a container at rest left outside its
        new bounds settles into them, a loop at rest is re-based."""
        width, height = int(width), int(height)
        if width < 1 or height < 1 or (width, height) == (self.width, self.height):
            return
        # The motions brought to now: the layout's offsets are theirs at this time.
        for container, (motion, start) in self.motions.items():
            state = motion.sample((self.now_ms - start) / 1000.0)
            self.layout.set_scroll_offset(container, state.offset)
        self.layout.set_container_size(width, height)
        self.width, self.height = width, height
        self.display.set_resolution(width, height)
        self._set_buffers()
        drag, self.drag = self.drag, None
        touched = {}
        if drag is not None:
            touched = {c: drag.references.get(c) for c in drag.caught}
            if drag.container is not None:
                touched[drag.container] = drag.references.get(drag.container)
        containers = [SCROLL_MAIN] + [i.section for i in self.layout.section_infos()
                                      if i.is_orthogonal]
        for container in containers:
            running = self.motions.get(container)
            if running is not None:
                motion, start = running
                carried = self.layout.retarget_motion(container, motion,
                                                      (self.now_ms - start) / 1000.0)
                self.log.append(f"resize {width} x {height}: container {container} carried "
                                f"-> {carried.target_offset:g}")
                self._start(container, carried)
            elif container in touched:
                self._settle_from_here(container, touched[container])
            elif self.layout.loop_info(container).active:
                self._rebase(container)
            else:
                info = self.layout.scroll_info(container)
                offset = self.layout.scroll_offset(container)
                if not info.min_offset <= offset <= info.max_offset:
                    self._settle_from_here(container)
        self.place()
        self.refresh()

    def _rebase(self, container: int) -> None:
        """A looping container at rest in another lap moves to the same place in the canonical
        one (the same pixels, small offsets)."""
        canonical, shift = self.layout.canonical_offset(container,
                                                        self.layout.scroll_offset(container))
        if shift != 0:
            self.layout.set_scroll_offset(container, canonical)

    @property
    def carousel(self) -> int:
        """The first orthogonal section: what keys and the encoder step."""
        return next(i.section for i in self.layout.section_infos() if i.is_orthogonal)

    # -- placing the objects --------------------------------------------------------------------

    def _make(self, section: int, item: int) -> lv.obj:
        obj = lv.obj(self.screen)
        obj.remove_flag(lv.OBJ_FLAG.SCROLLABLE | lv.OBJ_FLAG.SCROLL_MOMENTUM
                        | lv.OBJ_FLAG.SCROLL_ELASTIC | lv.OBJ_FLAG.CLICK_FOCUSABLE)
        obj.add_flag(lv.OBJ_FLAG.EVENT_BUBBLE | lv.OBJ_FLAG.PRESS_LOCK)
        obj.set_style_border_width(0, 0)
        obj.set_style_shadow_width(0, 0)
        obj.set_style_pad_all(0, 0)
        obj.set_style_bg_opa(lv.OPA.COVER, 0)
        label = lv.label(obj)
        if self.layout.section_info(section).is_orthogonal:
            obj.set_style_radius(10, 0)
            obj.set_style_bg_color(lv.color_hex(PALETTE[item % len(PALETTE)]), 0)
            label.set_text(f"Card {item}")
            label.set_style_text_color(lv.color_hex(0xFFFFFF), 0)
            label.align(lv.ALIGN.BOTTOM_LEFT, 10, -8)
        else:
            obj.set_style_radius(4, 0)
            obj.set_style_bg_color(lv.color_hex(ROW_COLORS[item % 2]), 0)
            label.set_text(f"Row {item}")
            label.set_style_text_color(lv.color_hex(0x1C1C1E), 0)
            label.align(lv.ALIGN.LEFT_MID, 8, 0)
        return obj

    def place(self) -> None:
        """Every cell the screen shows, at its frame, scaled by its transform; the others hidden."""
        main = self.layout.scroll_offset(SCROLL_MAIN)
        shown = set()
        for element in self.layout.elements((0, main, self.width, self.height)):
            if not element.is_cell:
                continue
            key = element.view_key
            obj = self.cards.get(key)
            if obj is None:
                obj = self.cards[key] = self._make(element.section, element.item)
            frame = element.frame
            x0, x1 = round(frame.x), round(frame.max_x)
            y0, y1 = round(frame.y - main), round(frame.max_y - main)
            obj.set_pos(x0, y0)
            obj.set_size(x1 - x0, y1 - y0)
            obj.set_style_transform_pivot_x((x1 - x0) // 2, 0)
            obj.set_style_transform_pivot_y((y1 - y0) // 2, 0)
            obj.set_style_transform_scale_x(round(256 * element.transform.a), 0)
            obj.set_style_transform_scale_y(round(256 * element.transform.d), 0)
            obj.remove_flag(lv.OBJ_FLAG.HIDDEN)
            shown.add(key)
        for key, obj in self.cards.items():
            if key not in shown:
                obj.add_flag(lv.OBJ_FLAG.HIDDEN)

    # -- the fake clock and the script ----------------------------------------------------------

    def frame(self) -> None:
        """One frame: the tick advances, LVGL runs its timers (input, motion, refresh)."""
        self.now_ms += FRAME_MS
        lv.tick_inc(FRAME_MS)
        lv.timer_handler()
        self._raise_callback_error()

    def _raise_callback_error(self) -> None:
        error, self.callback_error = self.callback_error, None
        if error is not None:
            raise RuntimeError("an LVGL callback failed") from error

    def refresh(self) -> None:
        """Renders now (everything that changed), so ``framebuffer`` shows the current state."""
        lv.refr_now(self.display)
        self._raise_callback_error()

    def wait(self, ms: int) -> None:
        for _ in range(max(1, round(ms / FRAME_MS))):
            self.frame()

    def moving(self) -> bool:
        return bool(self.motions) or self.drag is not None

    def settle(self, limit_ms: int = 10000) -> None:
        """Frames go by until nothing moves; fails after ``limit_ms``."""
        waited = 0
        while self.moving():
            if waited >= limit_ms:
                raise RuntimeError(f"still moving after {limit_ms} ms: {self.motions}")
            self.frame()
            waited += FRAME_MS
        self.frame()
        self.refresh()

    def down(self, x: int, y: int) -> None:
        self._finger = (x, y, True)
        self.frame()

    def move(self, x: int, y: int, ms: int) -> None:
        """The finger moves in a straight line to (x, y), one position a frame."""
        x0, y0, pressed = self._finger
        steps = max(1, round(ms / FRAME_MS))
        for step in range(1, steps + 1):
            self._finger = (round(x0 + (x - x0) * step / steps),
                            round(y0 + (y - y0) * step / steps), pressed)
            self.frame()

    def up(self) -> None:
        x, y, _ = self._finger
        self._finger = (x, y, False)
        self.frame()

    def drag_to(self, x0: int, y0: int, x1: int, y1: int, ms: int) -> None:
        """Touch down at (x0, y0), move to (x1, y1) over ``ms``, lift: a fling when quick."""
        self.down(x0, y0)
        self.move(x1, y1, ms)
        self.up()

    def key(self, name: str) -> None:
        """A keypad key pressed and released: ``right``, ``left``, ``home`` or ``end``."""
        code = {"right": lv.KEY.RIGHT, "left": lv.KEY.LEFT, "home": lv.KEY.HOME,
                "end": lv.KEY.END}[name]
        self._keys += [(code, True), (code, False)]
        self.frame()
        self.frame()

    def turn(self, steps: int) -> None:
        """The encoder turned ``steps`` detents (positive: clockwise, the next card)."""
        self._encoder_steps.append(steps)
        self.frame()

    # -- pixels ---------------------------------------------------------------------------------

    def pixel(self, x: int, y: int) -> int:
        """The colour at (x, y) as 0xRRGGBB."""
        at = (y * self.width + x) * 3
        b, g, r = self.framebuffer[at:at + 3]
        return (r << 16) | (g << 8) | b

    def png(self) -> bytes:
        """The frame as a PNG file (standard library only)."""
        rows = bytearray()
        fb = self.framebuffer
        for y in range(self.height):
            rows.append(0)  # filter: none
            line = fb[y * self.width * 3:(y + 1) * self.width * 3]
            rgb = bytearray(len(line))
            rgb[0::3], rgb[1::3], rgb[2::3] = line[2::3], line[1::3], line[0::3]
            rows += rgb

        def chunk(kind: bytes, data: bytes) -> bytes:
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))

    def close(self) -> None:
        """Deletes this host's timer, input devices and display (LVGL itself stays up)."""
        self.timer.delete()
        for indev in (self.pointer, self.keypad, self.encoder):
            indev.delete()
        self.group.delete()
        self.display.delete()
        self.layout.close()


def main(argv: List[str]) -> int:
    if len(argv) != 2:
        print("usage: lvgl_carousel.py OUT.png", file=sys.stderr)
        return 2
    host = LvglCarousel()
    host.drag_to(200, 50, 140, 50, 50)   # a fling to the left: card 1
    host.wait(120)                       # mid-flight: card 1 on its way, card 0 shrinking
    host.refresh()
    Path(argv[1]).write_bytes(host.png())
    host.settle()
    for line in host.log:
        print(line)
    host.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
