"""Known failures (docs/TESTING-MODEL.md, "Known failures").

The fixes of issue 16's defects land in parallel with the driver, so each defect the driver can
see is listed here with what its failures look like and a regression case in regressions/ that
shows it. `make test-model` is green while they fail; when a fix lands, its regression case
passes, and the run fails with "known bug fixed, remove it from the list" until its entry is
removed here. Failures found by the driver beyond the issue's list are entries too (defect 0,
named by what they are), reported in the closing note of the issue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, List, Optional

#: At most this many units in the last place: "answers that differ in the last bit".
LAST_BITS = 64


@dataclass
class Known:
    name: str
    defect: int
    what: str
    matches: Callable
    #: Regression cases (in regressions/) that must still show this failure.
    cases: tuple = ()


def _last_bits(f) -> bool:
    return f.info.get("ulps", float("inf")) <= LAST_BITS and not f.info.get("structural", False)


def _items_per_group(f) -> bool:
    if f.check == "model-section-info":
        return f.info.get("key") == "items_per_group" and f.info.get("flow")
    if f.check in ("undo", "recreate"):
        return (
            f.info.get("structural") and "tems_per_group" in f.detail or "itemsPerGroup" in f.detail
        )
    return False


KNOWN: List[Known] = [
    # The defects and the failures found beyond them were listed here until their fixes
    # landed (docs/TESTING-MODEL.md, "Known failures"); their cases stay in regressions/.
]


def match(failure) -> Optional[Known]:
    for entry in KNOWN:
        if entry.matches(failure):
            return entry
    # A later difference of the same comparison that follows from a known first one.
    name = failure.info.get("consequence_of")
    return next((entry for entry in KNOWN if entry.name == name), None)


#: ThreadSanitizer reports of Tests/c/model_readers.c (tsan_readers.py), matched on the report's
#: text (stacks demangled).
TSAN_KNOWN: List[Known] = [
    # Defect 2 (read-only functions wrote the measured-sizes lookup cache) was listed here until
    # its fix landed: reports through `MeasuredSizes` under readers of measured layouts.
]
