"""Every public member has documentation: the names in ``snaplayout.__all__``, and the public
methods, properties and fields of the public classes.

Classes, functions, methods and properties need a docstring; constants and dataclass fields need
a ``#:`` comment on the line(s) above them (what pdoc and Sphinx show as their documentation).
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import inspect
import types
from pathlib import Path
from typing import Dict, List, Set, Tuple

import snaplayout

PACKAGE = Path(snaplayout.__file__).resolve().parent


def commented_names() -> Dict[str, Set[Tuple[str, ...]]]:
    """Per module, the (class, name) or (name,) assignments with a ``#:`` comment above them."""
    found: Dict[str, Set[Tuple[str, ...]]] = {}
    for path in PACKAGE.glob("*.py"):
        lines = path.read_text().splitlines()
        names: Set[Tuple[str, ...]] = set()

        def note(body: List[ast.stmt], owner: Tuple[str, ...]) -> None:
            for statement in body:
                if isinstance(statement, ast.ClassDef):
                    note(statement.body, owner + (statement.name,))
                targets: List[ast.expr] = []
                if isinstance(statement, ast.Assign):
                    targets = list(statement.targets)
                elif isinstance(statement, ast.AnnAssign):
                    targets = [statement.target]
                line = statement.lineno - 2  # the line above, 0-based
                if line >= 0 and lines[line].strip().startswith("#:"):
                    for target in targets:
                        if isinstance(target, ast.Name):
                            names.add(owner + (target.id,))

        note(ast.parse("\n".join(lines)).body, ())
        found[f"snaplayout.{path.stem}" if path.stem != "__init__" else "snaplayout"] = names
    return found


def undocumented() -> List[str]:
    comments = commented_names()
    missing: List[str] = []
    for name in snaplayout.__all__:
        value = getattr(snaplayout, name)
        if isinstance(value, (types.ModuleType, types.FunctionType)) or inspect.isclass(value):
            if not inspect.getdoc(value) or (
                inspect.isclass(value) and not value.__dict__.get("__doc__")
            ):
                missing.append(name)
        elif not any((name,) in names for names in comments.values()):
            missing.append(f"{name} (a constant: a #: comment above it)")
        if inspect.isclass(value):
            missing += undocumented_members(value, comments.get(value.__module__, set()))
    return missing


def undocumented_members(cls: type, comments: Set[Tuple[str, ...]]) -> List[str]:
    missing: List[str] = []
    for member, attribute in vars(cls).items():
        if member.startswith("_") or (isinstance(cls, enum.EnumMeta) and member in cls.__members__):
            continue
        if isinstance(attribute, (classmethod, staticmethod)):
            attribute = attribute.__func__
        if isinstance(attribute, (types.FunctionType, property)):
            if not (attribute.__doc__ or "").strip():
                missing.append(f"{cls.__name__}.{member}")
    if dataclasses.is_dataclass(cls):
        for field in dataclasses.fields(cls):
            if not field.name.startswith("_") and (cls.__name__, field.name) not in comments:
                missing.append(f"{cls.__name__}.{field.name} (a field: a #: comment above it)")
    return missing


def test_every_public_member_is_documented() -> None:
    missing = undocumented()
    assert not missing, f"{len(missing)} public members without documentation:\n  " + "\n  ".join(
        missing
    )


def test_the_walk_sees_the_members() -> None:
    """The walk reaches methods, properties and fields (it is not vacuous)."""

    @dataclasses.dataclass
    class Example:
        documented: int
        bare: int

        def method(self) -> None:
            pass

        @property
        def value(self) -> int:
            """A property."""
            return 0

    found = undocumented_members(Example, {("Example", "documented")})
    assert found == ["Example.method", "Example.bare (a field: a #: comment above it)"]
