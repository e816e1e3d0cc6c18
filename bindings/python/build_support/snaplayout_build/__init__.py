"""PEP 517 build backend of the snaplayout package: setuptools, plus the library inside.

- **Wheels** carry ``snaplayout/libsnaplayout.so.0`` (:mod:`.library`: a library supplied with
  ``--config-settings library=PATH`` or ``$SNAPLAYOUT_WHEEL_LIBRARY``, else one built by the
  repository's make rule), the configuration's JSON Schema as ``snaplayout/config.schema.json``
  when the sources have one, and SnapLayout's LICENSE; they are tagged
  ``py3-none-linux_<machine of the library>`` (:mod:`.wheel`). setuptools reads pyproject.toml,
  writes the metadata and copies the package's modules (its build_py command); the zip is made
  here, so no setuptools version needs the separate ``wheel`` package, and
  ``pip install --no-build-isolation`` works offline with any setuptools >= 61.
- **sdists** are setuptools' with the library's sources added under ``libsnaplayout/``
  (:mod:`.sdist`), so that a wheel can be built from one where a Swift toolchain exists.
- **Editable installs** are setuptools' own: they carry no library (set $SNAPLAYOUT_LIBRARY).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Dict, List, Mapping, Optional

import setuptools
from setuptools import build_meta as _setuptools

from . import library, sdist, wheel

# pyproject.toml's [project] table needs setuptools 61. An isolated build installs it (the
# build-system requirement); `--no-build-isolation` uses whatever is there, and an older
# setuptools would silently build an empty "UNKNOWN" package.
if int(setuptools.__version__.split(".")[0]) < 61:
    raise ImportError(
        f"building snaplayout needs setuptools >= 61, found {setuptools.__version__}: upgrade "
        "it (python3 -m pip install -U setuptools) or build without --no-build-isolation"
    )

BuildError = library.BuildError
ConfigSettings = Optional[Mapping[str, object]]

get_requires_for_build_sdist = _setuptools.get_requires_for_build_sdist
if hasattr(_setuptools, "build_editable"):  # PEP 660, setuptools >= 64
    get_requires_for_build_editable = _setuptools.get_requires_for_build_editable
    prepare_metadata_for_build_editable = _setuptools.prepare_metadata_for_build_editable
    build_editable = _setuptools.build_editable


def get_requires_for_build_wheel(config_settings: ConfigSettings = None) -> List[str]:
    return []  # setuptools (the build-system requirement) is all; not the `wheel` package


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: ConfigSettings = None
) -> str:
    dist = wheel.distribution()
    dist_info = wheel.dist_info_name(dist)
    files = {
        "METADATA": wheel.metadata(dist, sorted(_licenses(_project()))),
        "top_level.txt": wheel.top_level(dist),
    }
    for name, data in files.items():
        path = os.path.join(metadata_directory, dist_info, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(data)
    return dist_info


def build_wheel(
    wheel_directory: str,
    config_settings: ConfigSettings = None,
    metadata_directory: Optional[str] = None,
) -> str:
    project = _project()
    root = library.require_source_root(project)
    dist = wheel.distribution()
    library.check_version(root, dist.get_version())
    with tempfile.TemporaryDirectory() as staging:
        built = library.obtain(root, Path(staging), config_settings)
        added = [(f"snaplayout/{library.SONAME}", built.path.read_bytes(), 0o755)]
        schema = root / library.SCHEMA_SOURCE
        if schema.is_file():
            added.append((library.SCHEMA_IN_PACKAGE, schema.read_bytes(), 0o644))
    # What the backend adds replaces a file of the same name among the package's own.
    replaced = {name for name, _, _ in added}
    entries = [e for e in wheel.package_files(dist) if e[0] not in replaced] + added
    tag = f"py3-none-linux_{built.machine}"
    entries += wheel.dist_info_files(dist, tag, purelib=False, licenses=_licenses(project))
    dist_info = wheel.dist_info_name(dist)
    file_name = f"{dist_info[: -len('.dist-info')]}-{tag}.whl"
    return wheel.write(wheel_directory, file_name, dist_info, entries)


def build_sdist(sdist_directory: str, config_settings: ConfigSettings = None) -> str:
    project = _project()
    root = library.require_source_root(project)
    library.check_version(root, wheel.distribution().get_version())
    name = _setuptools.build_sdist(sdist_directory, config_settings)
    sdist.add_sources(Path(sdist_directory) / name, root)
    return name


def _project() -> Path:
    return Path.cwd()  # PEP 517: hooks run in the project's directory


def _licenses(project: Path) -> Dict[str, bytes]:
    """The license files every wheel carries (PEP 639 paths): SnapLayout's LICENSE."""
    root = library.require_source_root(project)
    path = root / "LICENSE"
    if not path.is_file():
        raise BuildError(f"{path} is missing: the package cannot be built without its license")
    return {"LICENSE": path.read_bytes()}
