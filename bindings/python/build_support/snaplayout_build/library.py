"""The shared library a wheel carries: supplied, or built from SnapLayout's sources with make.

The sources are found in one of two places:

- a checkout: this package is ``bindings/python`` in the repository, so the sources are two
  directories up;
- an sdist: :mod:`snaplayout_build.sdist` puts them in ``libsnaplayout/`` next to
  ``pyproject.toml``.

A library given with ``--config-settings library=PATH`` (pip, build) or the environment
variable ``SNAPLAYOUT_WHEEL_LIBRARY`` (a relative PATH is taken from the directory the frontend
was started in) goes into the wheel as it is, for whatever architecture it was built (``make wheels`` passes the stripped x86_64 and aarch64 builds). Otherwise the
library is made with the repository's own rule, ``make -C SOURCES build/libsnaplayout.so.0``
(nothing is recompiled when that file is up to date), and a stripped copy goes into the wheel,
as ``make install`` strips it. That needs the Swift toolchain; without one the build stops and
says what to do.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Mapping, NamedTuple, Optional

#: The library's file name, its SONAME (the loader looks for it next to the package).
SONAME = "libsnaplayout.so.0"
#: Where an sdist keeps the library's sources, relative to pyproject.toml.
SDIST_SOURCES = "libsnaplayout"
#: The environment variable and the config setting naming a library to pack as it is.
ENVIRONMENT_VARIABLE = "SNAPLAYOUT_WHEEL_LIBRARY"
CONFIG_SETTING = "library"
#: The JSON Schema of the configuration, and where the package reads it from.
SCHEMA_SOURCE = "schema/snaplayout-config.schema.json"
SCHEMA_IN_PACKAGE = "snaplayout/config.schema.json"


class BuildError(Exception):
    """The wheel cannot be built; the message says why and what to do."""


class Library(NamedTuple):
    path: Path  # the file to put in the wheel as snaplayout/libsnaplayout.so.0
    machine: str  # its architecture, e.g. "x86_64": the wheel's platform tag is linux_<machine>


def source_root(project: Path) -> Optional[Path]:
    """SnapLayout's sources (Makefile, include/, Sources/...), or None if neither place has them."""
    for candidate in (project / SDIST_SOURCES, project.parent.parent):
        header = candidate / "include" / "snaplayout.h"
        if header.is_file() and (candidate / "Makefile").is_file():
            return candidate.resolve()
    return None


def require_source_root(project: Path) -> Path:
    root = source_root(project)
    if root is None:
        raise BuildError(
            f"cannot find SnapLayout's sources (Makefile, include/snaplayout.h) in "
            f"{project / SDIST_SOURCES} or {project.parent.parent}: build the package from a "
            f"checkout of the repository (bindings/python) or from its sdist"
        )
    return root


def check_version(root: Path, version: str) -> None:
    """The package's version must be the header's SL_VERSION_STRING: they are released together."""
    header = (root / "include" / "snaplayout.h").read_text(encoding="utf-8")
    found = re.search(r'^#define SL_VERSION_STRING "([^"]*)"', header, re.MULTILINE)
    if found is None:
        raise BuildError(f"{root / 'include' / 'snaplayout.h'} defines no SL_VERSION_STRING")
    if _normalized(found.group(1)) != _normalized(version):
        raise BuildError(
            f"bindings/python/pyproject.toml says version {version}, include/snaplayout.h says "
            f"{found.group(1)}: bump both together"
        )


def _normalized(version: str) -> str:
    """PEP 440's spelling of a pre-release: the header's "0.2.0-rc1" is the package's "0.2.0rc1"."""
    return re.sub(r"[-_.](?=[a-z])", "", version.strip().lower())


def obtain(root: Path, staging: Path, config_settings: Optional[Mapping[str, object]]) -> Library:
    """The library to pack: the one supplied, else one made by make from the sources in root."""
    supplied = _supplied(config_settings)
    if supplied is not None:
        return _check(supplied, f"the library given ({_how_supplied(config_settings)})")
    swiftc = os.environ.get("SWIFTC", "swiftc")
    if shutil.which(swiftc) is None:
        raise BuildError(
            f"building the snaplayout wheel compiles {SONAME} from Swift sources, and {swiftc} "
            f"is not on PATH. Install the Swift 6.3 toolchain (swift.org) and retry, or pass a "
            f"library built elsewhere: {ENVIRONMENT_VARIABLE}=/path/to/{SONAME} (or pip's "
            f"--config-settings {CONFIG_SETTING}=/path/to/{SONAME}). Released wheels carry "
            f"the library and need no toolchain."
        )
    target = f"build/{SONAME}"
    command = [os.environ.get("MAKE", "make"), "-C", str(root), target]
    print("snaplayout_build: " + " ".join(command), flush=True)
    try:
        status = subprocess.call(command)
    except OSError as error:
        raise BuildError(f"cannot run {command[0]} ({error}): install GNU make") from None
    if status != 0:
        raise BuildError(
            f"`{' '.join(command)}` failed (exit status {status}; its output is above). It needs "
            f"the Swift 6.3 toolchain and json-c's headers (Debian/Ubuntu: libjson-c-dev)."
        )
    built = _check(root / target, f"{root / target}")
    staging.mkdir(parents=True, exist_ok=True)
    copy = staging / SONAME
    shutil.copyfile(built.path, copy)
    _strip(copy)
    return Library(copy, built.machine)


def _supplied(config_settings: Optional[Mapping[str, object]]) -> Optional[Path]:
    value = (config_settings or {}).get(CONFIG_SETTING) or os.environ.get(ENVIRONMENT_VARIABLE)
    if not value:
        return None
    if not isinstance(value, str):  # given twice on pip's command line: a list
        raise BuildError(f"--config-settings {CONFIG_SETTING}= given more than once: {value!r}")
    # A frontend runs the backend in the project's directory; a relative path means the one pip
    # or build was started from ($PWD, which the shell sets and the frontend passes on).
    return Path(os.environ.get("PWD") or os.getcwd(), value)


def _how_supplied(config_settings: Optional[Mapping[str, object]]) -> str:
    if (config_settings or {}).get(CONFIG_SETTING):
        return f"--config-settings {CONFIG_SETTING}="
    return f"${ENVIRONMENT_VARIABLE}"


def _check(path: Path, what: str) -> Library:
    if not path.is_file():
        raise BuildError(f"{what}: {path} is not a file")
    machine = elf_module().machine(path)
    if machine is None:
        raise BuildError(f"{what}: {path} is not an ELF shared library")
    if machine.startswith("ELF machine"):
        raise BuildError(f"{what}: {path} is built for {machine}, which has no wheel platform tag")
    return Library(path, machine)


def _strip(path: Path) -> None:
    """Strips as `make install` does; a missing or failing strip leaves the library as it is."""
    strip = os.environ.get("STRIP", "strip")
    try:
        status = subprocess.call([strip, "--strip-unneeded", str(path)])
    except OSError:
        status = -1
    if status != 0:
        print(f"snaplayout_build: {strip} --strip-unneeded failed; the library stays unstripped")


def elf_module() -> ModuleType:
    """The package's own ELF header reader (src/snaplayout/_elf.py), loaded by path.

    Importing the package itself would import its C binding; the backend needs only this file.
    """
    path = Path(__file__).resolve().parents[2] / "src" / "snaplayout" / "_elf.py"
    spec = importlib.util.spec_from_file_location("_snaplayout_build_elf", path)
    if spec is None or spec.loader is None:
        raise BuildError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
