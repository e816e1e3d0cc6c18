"""Known failures (docs/TESTING-MODEL.md, "Known failures").

A bug the driver sees before its fix lands is listed here with what its failures look like and a
regression case in regressions/ that shows it. `make test-model` is green while they fail; when
the fix lands, its regression case passes, and the run fails with "known bug fixed, remove it
from the list" until its entry is removed here. Failures found beyond an issue's list are entries
too (defect 0, named by what they are).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, List, Optional


@dataclass
class Known:
    name: str
    defect: int
    what: str
    matches: Callable
    #: Regression cases (in regressions/) that must still show this failure.
    cases: tuple = ()


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
