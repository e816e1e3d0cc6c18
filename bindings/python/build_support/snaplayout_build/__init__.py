"""PEP 517 build backend: setuptools, with a fallback when it cannot make wheels itself.

setuptools before 70.1 builds wheels through the separate `wheel` package. Under
`pip install --no-build-isolation` on a machine without it (and without a network to fetch it),
setuptools fails with "invalid command 'bdist_wheel'". The package is pure Python, so in that
case this backend writes the wheel itself: setuptools still reads pyproject.toml, writes the
metadata and copies the package files (its build_py command); only the zip is made here.
Everything else (sdists, editable installs, wheels when setuptools can) is setuptools' own.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tempfile
import zipfile
from typing import Dict, List, Optional, Tuple

import setuptools
from setuptools import build_meta as _setuptools

# pyproject.toml's [project] table needs setuptools 61. An isolated build installs it (the
# build-system requirement); `--no-build-isolation` uses whatever is there, and an older
# setuptools would silently build an empty "UNKNOWN" package.
if int(setuptools.__version__.split(".")[0]) < 61:
    raise ImportError(
        f"building snaplayout needs setuptools >= 61, found {setuptools.__version__}: upgrade "
        "it (python3 -m pip install -U setuptools) or build without --no-build-isolation"
    )

get_requires_for_build_sdist = _setuptools.get_requires_for_build_sdist
get_requires_for_build_wheel = _setuptools.get_requires_for_build_wheel
build_sdist = _setuptools.build_sdist
if hasattr(_setuptools, "build_editable"):  # PEP 660, setuptools >= 64
    get_requires_for_build_editable = _setuptools.get_requires_for_build_editable
    prepare_metadata_for_build_editable = _setuptools.prepare_metadata_for_build_editable
    build_editable = _setuptools.build_editable


def _setuptools_makes_wheels() -> bool:
    try:
        import setuptools.command.bdist_wheel  # noqa: F401  (setuptools >= 70.1)

        return True
    except ImportError:
        pass
    try:
        import wheel.bdist_wheel  # noqa: F401

        return True
    except ImportError:
        return False


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: Optional[Dict[str, object]] = None
) -> str:
    if _setuptools_makes_wheels():
        return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)
    dist_info, files = _metadata(_distribution())
    for name, data in files.items():
        path = os.path.join(metadata_directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(data)
    return dist_info


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Dict[str, object]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    if _setuptools_makes_wheels():
        return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
    dist = _distribution()
    dist_info, metadata = _metadata(dist)
    entries: List[Tuple[str, bytes]] = _package_files(dist) + sorted(metadata.items())
    name = dist_info[: -len(".dist-info")] + "-py3-none-any.whl"
    record_name = f"{dist_info}/RECORD"
    record = io.StringIO()
    os.makedirs(wheel_directory, exist_ok=True)
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for archive_name, data in entries:
            wheel.writestr(_zip_info(archive_name), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.write(f"{archive_name},sha256={digest.decode()},{len(data)}\n")
        record.write(f"{record_name},,\n")
        wheel.writestr(_zip_info(record_name), record.getvalue())
    return name


def _zip_info(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # reproducible
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def _distribution():  # type: ignore[no-untyped-def]
    from setuptools.dist import Distribution

    dist = Distribution()
    dist.script_name = "setup.py"
    dist.parse_config_files()  # pyproject.toml (setuptools >= 61)
    return dist


def _metadata(dist) -> Tuple[str, Dict[str, bytes]]:  # type: ignore[no-untyped-def]
    name = re.sub(r"[-_.]+", "_", dist.get_name()).lower()
    dist_info = f"{name}-{dist.get_version()}.dist-info"
    metadata = io.StringIO()
    dist.metadata.write_pkg_file(metadata)
    wheel = (
        "Wheel-Version: 1.0\n"
        "Generator: snaplayout_build (setuptools metadata)\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    top_level = "".join(f"{package}\n" for package in dist.packages or [] if "." not in package)
    return dist_info, {
        f"{dist_info}/METADATA": metadata.getvalue().encode("utf-8"),
        f"{dist_info}/WHEEL": wheel.encode("utf-8"),
        f"{dist_info}/top_level.txt": top_level.encode("utf-8"),
    }


def _package_files(dist) -> List[Tuple[str, bytes]]:  # type: ignore[no-untyped-def]
    """The package's files as setuptools' build_py lays them out (modules and package data)."""
    with tempfile.TemporaryDirectory() as build_lib:
        command = dist.get_command_obj("build_py")
        command.build_lib = build_lib
        command.compile = 0
        command.optimize = 0
        command.ensure_finalized()
        command.run()
        entries = []
        for root, directories, files in os.walk(build_lib):
            directories.sort()
            for file_name in sorted(files):
                path = os.path.join(root, file_name)
                archive_name = os.path.relpath(path, build_lib).replace(os.sep, "/")
                with open(path, "rb") as file:
                    entries.append((archive_name, file.read()))
        return entries
