"""Writing the wheel: setuptools' metadata and package files, the library, the licenses.

The layout is the wheel format's (PyPA "Binary distribution format"): the package, then
``snaplayout-<version>.dist-info/`` with METADATA, WHEEL, top_level.txt, the license files under
``licenses/`` (PEP 639; each named by a ``License-File`` line of METADATA) and RECORD (every
file's SHA-256 and size). The wheel holds a compiled library, so it is not purelib and its tag
is ``py3-none-linux_<machine>``: any Python 3 (ctypes, no CPython ABI), any ABI, this platform;
``auditwheel repair`` turns it into a manylinux wheel (``make wheels``).
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tempfile
import zipfile
from typing import Dict, List, Sequence, Tuple

Entry = Tuple[str, bytes, int]  # name in the archive, contents, Unix mode


def distribution():  # type: ignore[no-untyped-def]
    """setuptools' view of pyproject.toml (setuptools >= 61 reads its [project] table)."""
    from setuptools.dist import Distribution

    dist = Distribution()
    dist.script_name = "setup.py"
    dist.parse_config_files()
    return dist


def dist_info_name(dist) -> str:  # type: ignore[no-untyped-def]
    name = re.sub(r"[-_.]+", "_", dist.get_name()).lower()
    return f"{name}-{dist.get_version()}.dist-info"


def metadata(dist, license_files: Sequence[str]) -> bytes:  # type: ignore[no-untyped-def]
    """METADATA as setuptools writes it, with a License-File line per license file.

    setuptools before 70.1 leaves the requirements (Requires-Dist) to the `wheel` package's
    bdist_wheel; they are written here then.
    """
    text = io.StringIO()
    dist.metadata.write_pkg_file(text)
    headers, _, body = text.getvalue().partition("\n\n")
    lines = headers.rstrip("\n").split("\n")
    if not any(line.startswith("Requires-Dist:") for line in lines):
        lines += _requirements(dist)
    present = {line[len("License-File: ") :] for line in lines if line.startswith("License-File:")}
    lines += [f"License-File: {name}" for name in license_files if name not in present]
    return ("\n".join(lines) + "\n\n" + body).encode("utf-8")


def _requirements(dist) -> List[str]:  # type: ignore[no-untyped-def]
    """Requires-Dist lines (core metadata 2.1) from setuptools' install_requires/extras_require."""
    lines = [f"Requires-Dist: {requirement}" for requirement in dist.install_requires or []]
    for key, requirements in (dist.extras_require or {}).items():
        extra, _, extra_marker = key.partition(":")
        condition = f'extra == "{extra}"' + (f" and ({extra_marker})" if extra_marker else "")
        for requirement in requirements:
            name, _, marker = str(requirement).partition(";")
            both = f"({marker.strip()}) and {condition}" if marker.strip() else condition
            lines.append(f"Requires-Dist: {name.strip()}; {both}")
    return lines


def top_level(dist) -> bytes:  # type: ignore[no-untyped-def]
    return "".join(f"{p}\n" for p in dist.packages or [] if "." not in p).encode("utf-8")


def package_files(dist) -> List[Entry]:  # type: ignore[no-untyped-def]
    """The package's files as setuptools' build_py lays them out (modules and package data)."""
    with tempfile.TemporaryDirectory() as build_lib:
        command = dist.get_command_obj("build_py")
        command.build_lib = build_lib
        command.compile = 0
        command.optimize = 0
        command.ensure_finalized()
        command.run()
        entries: List[Entry] = []
        for root, directories, files in os.walk(build_lib):
            directories.sort()
            for file_name in sorted(files):
                path = os.path.join(root, file_name)
                archive_name = os.path.relpath(path, build_lib).replace(os.sep, "/")
                with open(path, "rb") as file:
                    entries.append((archive_name, file.read(), 0o644))
        return entries


def wheel_file(tag: str, purelib: bool) -> bytes:
    return (
        "Wheel-Version: 1.0\n"
        "Generator: snaplayout_build\n"
        f"Root-Is-Purelib: {'true' if purelib else 'false'}\n"
        f"Tag: {tag}\n"
    ).encode("utf-8")


def write(directory: str, file_name: str, dist_info: str, entries: List[Entry]) -> str:
    """Zips the entries (reproducibly: fixed times, sorted dist-info last) and their RECORD."""
    record_name = f"{dist_info}/RECORD"
    record = io.StringIO()
    os.makedirs(directory, exist_ok=True)
    with zipfile.ZipFile(os.path.join(directory, file_name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for archive_name, data, mode in entries:
            wheel.writestr(_zip_info(archive_name, mode), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.write(f"{archive_name},sha256={digest.decode()},{len(data)}\n")
        record.write(f"{record_name},,\n")
        wheel.writestr(_zip_info(record_name, 0o644), record.getvalue())
    return file_name


def dist_info_files(
    dist, tag: str, purelib: bool, licenses: Dict[str, bytes]
) -> List[Entry]:  # type: ignore[no-untyped-def]
    """Everything in the .dist-info directory but RECORD."""
    dist_info = dist_info_name(dist)
    entries: List[Entry] = [
        (f"{dist_info}/METADATA", metadata(dist, sorted(licenses)), 0o644),
        (f"{dist_info}/WHEEL", wheel_file(tag, purelib), 0o644),
        (f"{dist_info}/top_level.txt", top_level(dist), 0o644),
    ]
    entries += [(f"{dist_info}/licenses/{n}", data, 0o644) for n, data in sorted(licenses.items())]
    return entries


def _zip_info(name: str, mode: int) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.external_attr = (0o100000 | mode) << 16  # a regular file with its permissions
    info.compress_type = zipfile.ZIP_DEFLATED
    return info
