"""The JSON Schema of the configuration (draft 2020-12), for validators and editors.

::

    import jsonschema, snaplayout

    jsonschema.validate(config, snaplayout.config_schema())

The schema checks each value on its own (keys, types, ranges, which keys go together); the
library checks everything, including the rules the schema cannot express (docs/CONFIG.md,
"The JSON Schema").
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any, Dict, List, Optional

#: The schema's file inside the package.
RESOURCE = "config.schema.json"


def source_tree_file() -> Optional[Path]:
    """The schema in the source checkout the package runs from (``bindings/python/src``)."""
    parents = list(Path(__file__).resolve().parent.parents)
    if len(parents) < 4 or [parent.name for parent in parents[:3]] != ["src", "python", "bindings"]:
        return None
    return parents[3] / "schema" / "snaplayout-config.schema.json"


def _read_text() -> str:
    tried: List[str] = []
    try:
        packaged = resources.files(__package__).joinpath(RESOURCE)
        if packaged.is_file():
            return packaged.read_text(encoding="utf-8")
        tried.append(f"the package resource snaplayout/{RESOURCE} (not in this installation)")
    except (OSError, TypeError) as error:  # pragma: no cover - unusual importers
        tried.append(f"the package resource snaplayout/{RESOURCE} ({error})")
    checkout = source_tree_file()
    if checkout is not None and checkout.is_file():
        return checkout.read_text(encoding="utf-8")
    if checkout is not None:
        tried.append(f"the source checkout's {checkout} (no such file)")
    raise FileNotFoundError(
        "the configuration's JSON Schema was not found; tried " + "; ".join(tried)
    )


def config_schema() -> Dict[str, Any]:
    """The configuration's JSON Schema as a new dict (``$id`` ``urn:snaplayout:config-schema:1``).

    Read from ``snaplayout/config.schema.json`` in the installed package, or, when the package
    runs from a source checkout, from ``schema/snaplayout-config.schema.json``. Each call returns
    a fresh dict, which the caller may change. Raises ``FileNotFoundError`` naming the places
    tried when neither is there.
    """
    return json.loads(_read_text())
