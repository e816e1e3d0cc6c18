"""The sdist: setuptools' (the package, this backend, PKG-INFO) plus the library's sources.

A wheel is built from an sdist without the repository around it, so the sdist carries what
``make build/libsnaplayout.so.0`` needs, under ``libsnaplayout/`` (:data:`SOURCES`): the
Makefile and its fragments, the scripts they call, the Swift and C sources, the public header,
the license and the JSON Schema. setuptools cannot add files from outside the project directory
(MANIFEST.in paths are relative to it), so they are appended to its archive here.
"""

from __future__ import annotations

import gzip
import io
import os
import tarfile
from pathlib import Path
from typing import List, Optional, Tuple

from .library import SDIST_SOURCES

#: What the sdist takes from the sources' root: files, and directories taken whole.
SOURCES = ("Makefile", "LICENSE", "include", "Sources", "mk", "scripts", "schema")
_SKIPPED_DIRECTORIES = {"__pycache__", ".build", "build"}


def source_files(root: Path) -> List[Path]:
    """The files of :data:`SOURCES` that exist under root, sorted, relative to it."""
    found: List[Path] = []
    for name in SOURCES:
        path = root / name
        if path.is_file():
            found.append(Path(name))
        elif path.is_dir():
            for directory, subdirectories, files in os.walk(path):
                subdirectories[:] = sorted(set(subdirectories) - _SKIPPED_DIRECTORIES)
                for file_name in sorted(files):
                    if not file_name.endswith((".pyc", ".pyo")):
                        found.append((Path(directory) / file_name).relative_to(root))
    return found


def add_sources(archive: Path, root: Path) -> None:
    """Rewrites setuptools' .tar.gz with the library's sources under <top>/libsnaplayout/."""
    with tarfile.open(archive, "r:gz") as source:
        members = [(member, source.extractfile(member)) for member in source.getmembers()]
        contents = [(m, f.read() if f is not None else None) for m, f in members]
    top = contents[0][0].name.split("/", 1)[0]
    mtime = max((m.mtime for m, _ in contents), default=0)
    temporary = archive.with_suffix(".part")
    # gzip with a fixed header time, as setuptools writes it, so the same sources give the same
    # bytes.
    with open(temporary, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=mtime) as compressed:
            _write(compressed, contents, top, mtime, root)
    os.replace(temporary, archive)


Contents = List[Tuple[tarfile.TarInfo, Optional[bytes]]]


def _write(compressed: gzip.GzipFile, contents: Contents, top: str, mtime: int, root: Path) -> None:
    with tarfile.open(fileobj=compressed, mode="w", format=tarfile.PAX_FORMAT) as target:
        for member, data in contents:
            target.addfile(member, None if data is None else io.BytesIO(data))
        target.addfile(_directory(f"{top}/{SDIST_SOURCES}", mtime))
        added_directories = set()
        for relative in source_files(root):
            for parent in reversed(list(relative.parents)[:-1]):
                if parent not in added_directories:
                    added_directories.add(parent)
                    target.addfile(_directory(f"{top}/{SDIST_SOURCES}/{parent.as_posix()}", mtime))
            path = root / relative
            info = tarfile.TarInfo(f"{top}/{SDIST_SOURCES}/{relative.as_posix()}")
            info.size = path.stat().st_size  # a symbolic link is taken as the file it names
            info.mtime = int(path.stat().st_mtime)
            info.mode = 0o755 if os.access(path, os.X_OK) else 0o644
            with open(path, "rb") as file:
                target.addfile(info, file)


def _directory(name: str, mtime: int) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = tarfile.DIRTYPE
    info.mode = 0o755
    info.mtime = mtime
    return info
