"""Finding, opening and checking the shared library (used by :func:`snaplayout.lowlevel.load`).

Below :mod:`snaplayout.lowlevel`: it needs only the header's declarations and the exceptions.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import List, Optional, Tuple, Union

from . import _elf
from . import _header as ll
from .errors import LibraryNotFoundError, LibraryVersionError

#: The environment variable naming the library file; it is tried first.
ENVIRONMENT_VARIABLE = "SNAPLAYOUT_LIBRARY"
#: The SONAME of the major version this binding was written for.
SONAME = f"libsnaplayout.so.{ll.SL_VERSION_MAJOR}"

#: How the package's own copy (the one a wheel carries) is described in messages.
PACKAGED = "next to the package"

PathLike = Union[str, "os.PathLike[str]"]


def candidates(path: Optional[PathLike] = None) -> List[Tuple[str, str]]:
    """The places to try, in order, as (description, name passed to dlopen)."""
    if path is not None:
        return [("the path given", os.fspath(path))]
    places: List[Tuple[str, str]] = []
    from_environment = os.environ.get(ENVIRONMENT_VARIABLE, "")
    if from_environment:
        # An explicit override is the only candidate: silently loading another copy would hide
        # the mistake.
        return [(f"${ENVIRONMENT_VARIABLE}", from_environment)]
    places.append((PACKAGED, str(Path(__file__).resolve().parent / SONAME)))
    places.append(("the system loader (SONAME)", SONAME))
    return places


def find_and_open(path: Optional[PathLike] = None) -> Tuple[ctypes.CDLL, str]:
    """Opens the first candidate that loads; raises LibraryNotFoundError listing every attempt.

    A file of another architecture is named as such (glibc's dlopen only says "cannot open
    shared object file"). If the package's own copy is one, the search stops there: the
    package was installed from a wheel for another machine, and silently loading some other
    copy of the library would hide that.
    """
    attempts: List[str] = []
    for description, name in candidates(path):
        is_file_path = os.sep in name
        if is_file_path and not os.path.exists(name):
            attempts.append(f"{description}: {name} (no such file)")
            continue
        try:
            return ctypes.CDLL(name), name
        except OSError as error:
            reason = str(error)
            foreign = _foreign_architecture(name) if is_file_path else None
            if foreign is not None and description == PACKAGED:
                raise LibraryNotFoundError(
                    f"cannot load the SnapLayout library ({SONAME}): {name} {foreign}. This "
                    f"snaplayout package was installed from a wheel for another machine: "
                    f"install the snaplayout wheel for {_elf.running_machine()} (or set "
                    f"{ENVIRONMENT_VARIABLE} to a library built for it)."
                ) from None
            attempts.append(f"{description}: {name} " + (foreign or f"({reason})"))
    tried = "\n  ".join(attempts)
    raise LibraryNotFoundError(
        f"cannot load the SnapLayout library ({SONAME}). Tried:\n  {tried}\n"
        f"Install a snaplayout wheel (it carries the library), or build it with `make lib` and "
        f"set {ENVIRONMENT_VARIABLE} to its path (e.g. build/{SONAME}), place it next to the "
        f"snaplayout package, or install it where the system loader finds it."
    )


def _foreign_architecture(name: str) -> Optional[str]:
    """Why a file does not load if it is built for another machine, else None.

    e.g. "is an aarch64 library, this Python runs on x86_64", to follow the file's name.
    """
    library_machine = _elf.machine(name)
    python_machine = _elf.running_machine()
    if library_machine is None or library_machine == python_machine:
        return None
    library = _elf.with_article(library_machine)
    return f"is {library} library, this Python runs on {python_machine}"


def check_and_bind(cdll: ctypes.CDLL, where: str) -> None:
    """Checks the library's major version against the header's, then binds every prototype."""
    try:
        version_number = cdll.sl_version_number
    except AttributeError:
        raise LibraryVersionError(
            f"{where} is not a SnapLayout library (it has no sl_version_number)"
        ) from None
    version_number.restype = ctypes.c_int
    version_number.argtypes = ()
    number = int(version_number())
    major, minor, patch = number // 1000000, number // 1000 % 1000, number % 1000
    if major != ll.SL_VERSION_MAJOR:
        raise LibraryVersionError(
            f"{where} is SnapLayout {major}.{minor}.{patch}; this binding was written for "
            f"{ll.SL_VERSION_STRING} and needs major version {ll.SL_VERSION_MAJOR}"
        )
    try:
        ll.bind(cdll)
    except AttributeError as error:
        raise LibraryVersionError(
            f"{where} (SnapLayout {major}.{minor}.{patch}) lacks a function of the header this "
            f"binding was written for ({ll.SL_VERSION_STRING}): {error}"
        ) from None
