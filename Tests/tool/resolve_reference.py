"""Checks `snaplayout resolve --json` against the library called directly through ctypes.

    python3 resolve_reference.py LIBRARY CONFIG CONTAINER TOUCH RELEASE VELOCITY SAMPLES < OUT

LIBRARY is build/libsnaplayout.so.0; CONFIG the configuration the tool read (laid out at its own
container, else 390x844, as the tool does); CONTAINER "main" or a section; TOUCH a number or
"-" for the container's offset; RELEASE a number or touch+D / touch-D; VELOCITY points per
second; SAMPLES 0 or the tool's --samples. OUT is the tool's JSON. The release, the scroll
container's facts, the decision, the motion and every sample must be the library's own numbers,
exactly (the tool prints the shortest text that reads back as the same double). The structs are
declared here from include/snaplayout.h, not taken from the Python binding. Exits 1 with the
first difference.
"""

import ctypes
import json
import sys

D, I32, U32, I64 = ctypes.c_double, ctypes.c_int32, ctypes.c_uint32, ctypes.c_int64


class ScrollInfo(ctypes.Structure):
    _fields_ = [(n, D) for n in ("viewport_length", "content_length", "inset_leading",
                                  "inset_trailing", "min_offset", "max_offset", "offset",
                                  "deceleration_rate")] + [("snap_count", I64)] + \
               [(n, I32) for n in ("container", "horizontal", "orthogonal_scrolling_behavior",
                                   "snap_unit", "max_pages_per_gesture", "bounce")]


class Release(ctypes.Structure):
    _fields_ = [("version", U32), ("flags", U32), ("start_offset", D), ("release_offset", D),
                ("velocity", D), ("reference_snap", I64)]


class Motion(ctypes.Structure):
    _fields_ = [("kind", I32), ("reserved", I32)] + [
        (n, D) for n in ("start_offset", "start_velocity", "target_offset", "duration", "decay",
                         "omega", "damping_ratio", "epsilon_offset", "epsilon_velocity",
                         "landing_min_rate", "landing_max_rate")]


class SnapResult(ctypes.Structure):
    _fields_ = [("target_offset", D), ("release_progress", D), ("snap_index", I64),
                ("reference_snap", I64), ("item", I64), ("section", I32), ("reserved", I32),
                ("motion", Motion)]


class MotionState(ctypes.Structure):
    _fields_ = [("offset", D), ("velocity", D), ("settled", I32), ("reserved", I32)]


UNITS = {0: "none", 1: "page", 2: "item", 3: "group"}
KINDS = {0: "none", 1: "decay", 2: "spring"}
BEHAVIORS = {0: "none", 1: "continuous", 2: "continuousGroupLeadingBoundary", 3: "paging",
             4: "groupPaging", 5: "groupPagingCentered"}


def expected(library, config, container, touch, release_text, velocity, samples):
    lib = ctypes.CDLL(library)
    text = open(config, "rb").read()
    layout = ctypes.c_void_p()
    assert lib.sl_layout_create(text, len(text), ctypes.byref(layout)) == 0, "create"
    size = (D * 2)()
    if lib.sl_layout_get_container_size(layout, size) != 0:
        assert lib.sl_layout_set_container_size(layout, D(390), D(844)) == 0, "container"
    info = ScrollInfo()
    assert lib.sl_layout_get_scroll_info(layout, container, ctypes.byref(info)) == 0, "info"
    start = info.offset if touch == "-" else float(touch)
    if release_text.startswith("touch"):
        end = start + float(release_text[len("touch"):])
    else:
        end = float(release_text)
    release = Release(1, 0, start, end, float(velocity), 0)
    result = SnapResult()
    assert lib.sl_layout_resolve_scroll(layout, container, ctypes.byref(release),
                                        ctypes.byref(result)) == 0, "resolve"
    motion = result.motion
    out = {
        "container": "main" if container == -1 else container,
        "orthogonalScrollingBehavior": BEHAVIORS[info.orthogonal_scrolling_behavior],
        "snapUnit": UNITS[info.snap_unit], "snapCount": info.snap_count,
        "minOffset": info.min_offset, "maxOffset": info.max_offset,
        "release": {"touch": start, "offset": end, "velocity": float(velocity)},
        "target": result.target_offset, "snapIndex": result.snap_index,
        "referenceSnap": result.reference_snap, "section": result.section,
        "item": result.item, "releaseProgress": result.release_progress,
        "motion": {"kind": KINDS[motion.kind], "duration": motion.duration,
                   "startOffset": motion.start_offset, "startVelocity": motion.start_velocity,
                   "targetOffset": motion.target_offset, "decay": motion.decay,
                   "omega": motion.omega, "dampingRatio": motion.damping_ratio,
                   "epsilonOffset": motion.epsilon_offset,
                   "epsilonVelocity": motion.epsilon_velocity},
    }
    if samples:
        out["samples"] = []
        for i in range(samples):
            t = 0.0 if samples == 1 else motion.duration * i / (samples - 1)
            if samples > 1 and i == samples - 1:
                t = motion.duration
            state = MotionState()
            assert lib.sl_motion_sample(ctypes.byref(motion), D(t), ctypes.byref(state)) == 0
            out["samples"].append({"time": t, "offset": state.offset,
                                   "velocity": state.velocity, "settled": bool(state.settled)})
    lib.sl_layout_destroy(layout)
    return out


def differences(want, got, where=""):
    if isinstance(want, dict):
        if not isinstance(got, dict) or set(want) != set(got):
            return ["%s: members %s, expected %s" % (where or "/", sorted(got), sorted(want))]
        return [d for key in want for d in differences(want[key], got[key], where + "/" + key)]
    if isinstance(want, list):
        if not isinstance(got, list) or len(want) != len(got):
            return ["%s: %r, expected %d entries" % (where, got, len(want))]
        return [d for i, (w, g) in enumerate(zip(want, got))
                for d in differences(w, g, "%s/%d" % (where, i))]
    if isinstance(want, float) and isinstance(got, (int, float)) and not isinstance(got, bool):
        # The tool prints -0 as 0: equal values, whatever the sign of a zero.
        same = float(got) == want
        return [] if same else ["%s: %r, the library says %r" % (where, got, want)]
    return [] if type(want) is type(got) and want == got else \
        ["%s: %r, the library says %r" % (where, got, want)]


def main(library, config, container, touch, release, velocity, samples):
    container = -1 if container == "main" else int(container)
    want = expected(library, config, container, touch, release, velocity, int(samples))
    got = json.load(sys.stdin)
    problems = differences(want, got)
    if problems:
        for problem in problems[:10]:
            print("resolve_reference: " + problem, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
