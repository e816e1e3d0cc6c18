"""The hypothesis profile of every SnapLayout test suite (this package's, Tests/schema's).

Repeatable in CI: the same examples every run and no example database on disk;
SNAPLAYOUT_HYPOTHESIS_RANDOM=1 searches new examples. Failure patches go under the temporary
directory, never into the tree. Without hypothesis nothing happens: the property tests skip
themselves.
"""

from __future__ import annotations

import os
import tempfile


def load(name: str) -> None:
    """Registers the profile under `name` and makes it the current one."""
    os.environ.setdefault(
        "HYPOTHESIS_STORAGE_DIRECTORY",
        os.path.join(tempfile.gettempdir(), "snaplayout-hypothesis"),
    )
    try:
        from hypothesis import HealthCheck, settings
    except ImportError:  # pragma: no cover - the property tests skip themselves
        return
    settings.register_profile(
        name,
        derandomize=os.environ.get("SNAPLAYOUT_HYPOTHESIS_RANDOM") != "1",
        database=None,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    settings.load_profile(name)
