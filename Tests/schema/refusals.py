"""Why the library refused a configuration, from its message, and what the schema should do.

Every SL_ECONFIG message the decoder and the solver write falls in one category (an unknown
message is a test failure: add it here):

- ``unknown-key``, ``type``, ``range``: one value on its own is wrong. The schema refuses these,
  but for the rules in ``INEXPRESSIBLE``.
- ``structure``: required keys, keys that exclude or need each other, opposite anchor edges,
  a flow section with a group, the flow layout's scroll direction against the configuration's.
  JSON Schema expresses these too (required, oneOf, dependentRequired, if/then).
- ``cross-field``: a rule between values a schema cannot compare, and ``nesting``: groups
  nested past 32 levels, which the recursive group of the schema does not count
  (docs/CONFIG.md, "What the schema cannot check").
- ``solve``: the document is valid; the layout cannot be solved at the container size. The
  solver runs only after the whole document decoded, so the schema must accept these.
"""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

# (category, pattern) in the order they are tried; the messages are the decoder's
# (Sources/SnapLayoutConfig) and the solver's (Sources/SnapLayoutCore/Engine).
MESSAGES: List[Tuple[str, str]] = [
    ("unknown-key", r"^unknown key '"),
    ("unknown-key", r"^'[^']*' belongs to a group, but this object has no \"group\" key"),
    ("type", r"^expected .+, found "),
    ("range", r" is out of range: "),
    ("range", r"^the integer does not fit in 64 bits"),
    ("range", r"^the array has \d+ entries; the limit is \d+"),
    ("range", r"^'.*' is not one of "),
    # The error record holds 1,023 bytes (docs/C-API.md): a long string that is not one of the
    # choices loses the end of its message.
    ("range", r"^'[^']{1000,}$"),
    ("range", r"^unsupported configuration version "),
    ("range", r"^an element kind cannot be empty"),
    ("range", r"^an element kind is at most \d+ bytes long"),
    ("range", r"^an element kind cannot contain a NUL"),
    ("range", r"^an item's (width|height) must be greater than 0"),
    ("range", r"^a group needs at least one subitem"),
    ("structure", r"^missing required key '"),
    ("structure", r"^a section's group must be a group"),
    ("structure", r"^a group needs one of 'subitems'"),
    ("structure", r"^a group takes only one of "),
    ("structure", r"^'count' applies to 'subitem' and 'repeatingSubitem'"),
    ("structure", r"^a dimension has exactly one of "),
    ("structure", r"^a spacing has exactly one of "),
    ("structure", r"^an anchor takes 'offset' or 'fractionalOffset', not both"),
    ("structure", r"^an anchor cannot name opposite edges"),
    ("structure", r"^edge '[a-z]+' is listed twice"),
    ("structure", r"^a spring is either "),
    ("structure", r"^a flow layout's sections have no group"),
    ("structure", r"^configuration\.scrollDirection contradicts "),
    ("structure", r"^a variant cannot change itemCount"),
    ("structure", r"^variants cannot be nested"),
    ("structure", r"^a looping container uses the standard algorithm"),
    ("cross-field", r"^element kind '.*' is already used "),
    ("cross-field", r"^maximumRate must not be below minimumRate"),
    ("cross-field", r"^itemSizes holds \d+ sizes for \d+ items"),
    ("cross-field", r"^max(Width|Height) .* must be greater than min(Width|Height) "),
    ("cross-field", r"^an empty 'when' matches every container"),
    ("nesting", r"^groups are nested more than \d+ levels deep"),
    ("solve", r"cannot fit even a single item"),
    ("solve", r"^the group has no room for its subitems"),
    ("solve", r"contentInsets leave no room"),
    ("solve", r"^the subitems take no room along the group's"),
    ("solve", r"^the group would hold .* subitems in one repetition, more than \d+"),
    ("solve", r"^one repetition of the section's group holds more than"),
    ("solve", r"^items .* put more than \d+ on one .* line"),
    ("solve", r"is not a finite number of points"),
]

#: The categories of refusals the schema is asked to share (issue 15): the rest are reported.
IN_SCOPE = ("unknown-key", "type", "range")
#: Categories the schema expresses as well.
EXPRESSIBLE = IN_SCOPE + ("structure",)


def category(message: str) -> str:
    """The category of a refusal; raises LookupError for a message this file does not know."""
    for name, pattern in MESSAGES:
        if re.search(pattern, message, re.DOTALL):
            return name
    raise LookupError(f"a refusal no category describes (add it to refusals.py): {message!r}")


def _integer_with_fraction(message: str) -> bool:
    match = re.match(r"^expected an integer, found (.+)$", message, re.DOTALL)
    if not match:
        return False
    try:
        value = float(match.group(1))
    except ValueError:
        return False
    return value == value and abs(value) != float("inf") and value.is_integer()


#: One-value refusals a JSON Schema cannot share, each with the reason (docs/CONFIG.md, "What
#: the schema cannot check"): (name, reason, test on the message).
INEXPRESSIBLE = [
    (
        "integer-spelling",
        "an integer written with a fraction or an exponent (3.0, 1e2): JSON Schema's "
        '"integer" is any number whose fractional part is zero, the library wants the '
        'integer spelling (docs/CONFIG.md, "The JSON Schema")',
        _integer_with_fraction,
    ),
    (
        "nan",
        "NaN: not a JSON value (RFC 8259); json-c reads it, a strict parser refuses the text, and "
        "no schema keyword refuses it (every comparison with NaN is false)",
        lambda message: bool(re.search(r", found -?nan$", message)),
    ),
    (
        "kind-bytes",
        "an element kind of at most 256 characters but more than 256 bytes: maxLength counts "
        "characters, the library counts UTF-8 bytes",
        lambda message: bool(re.search(r"^an element kind is at most \d+ bytes long", message)),
    ),
]


def inexpressible(message: str) -> Optional[str]:
    """The name of the INEXPRESSIBLE rule that explains why the schema accepts a text the
    library refuses with `message`, or None."""
    for name, _, test in INEXPRESSIBLE:
        if test(message):
            return name
    return None


def disagreement(message: str, schema_refuses: bool) -> Optional[str]:
    """Why the schema's verdict on a text the library refused with `message` is wrong, or None.

    The schema must refuse what it can express, except INEXPRESSIBLE cases, and must accept what
    only solving refuses; about cross-field and nesting refusals it may say either.
    """
    kind = category(message)
    if kind in EXPRESSIBLE and not schema_refuses and inexpressible(message) is None:
        return f"the library refuses it ({kind}: {message}) but the schema accepts it"
    if kind == "solve" and schema_refuses:
        return f"only solving refuses it ({message}), but the schema refuses it too"
    return None
