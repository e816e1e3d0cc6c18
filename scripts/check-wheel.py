#!/usr/bin/env python3
"""Checks a manylinux wheel of the snaplayout package as a file: name, files, RECORD, tags,
licenses. scripts/test-wheels.sh runs it on each wheel `make wheels` built, then checks the
libraries inside with binutils and runs them.

    scripts/check-wheel.py WHEEL ARCH

What it expects is worked out from the repository, not from the build scripts:

- the name ``snaplayout-<version>-py3-none-manylinux2014_<ARCH>.manylinux_2_17_<ARCH>.whl``
  (version from bindings/python/pyproject.toml), and WHEEL saying the same tags, not purelib;
- exactly these files: the package's modules and py.typed (bindings/python/src/snaplayout),
  snaplayout/libsnaplayout.so.0 (an ELF library for ARCH, mode 0755), snaplayout/config.schema.json
  when schema/snaplayout-config.schema.json exists (the same bytes), one json-c under the hashed
  name auditwheel gives it (snaplayout.libs/libjson-c-<8 hex>.so.5.2.0), and .dist-info/
  METADATA, WHEEL, top_level.txt, RECORD, licenses/LICENSE (the repository's) and
  licenses/json-c/COPYING (json-c's MIT license);
- RECORD listing every other file once, with its SHA-256 and size;
- METADATA with the name, version, ``License: MIT`` and a License-File line per license file.

Prints one line per wheel and exits 0, or lists every problem and exits 1.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import re
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import List

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "bindings" / "python"


def elf_machine(data: bytes) -> str:
    """The ELF machine of a file's bytes, by the package's own reader (src/snaplayout/_elf.py)."""
    spec = importlib.util.spec_from_file_location("_elf", PACKAGE / "src/snaplayout/_elf.py")
    assert spec is not None and spec.loader is not None
    elf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(elf)
    with tempfile.NamedTemporaryFile() as file:
        file.write(data[:64])
        file.flush()
        return str(elf.machine(file.name))


def check(wheel_path: Path, arch: str) -> List[str]:
    problems: List[str] = []
    pyproject = (PACKAGE / "pyproject.toml").read_text()
    version = re.search(r'^version = "(.*)"$', pyproject, re.MULTILINE).group(1)  # type: ignore
    name = f"snaplayout-{version}-py3-none-manylinux2014_{arch}.manylinux_2_17_{arch}.whl"
    if wheel_path.name != name:
        problems.append(f"the wheel is named {wheel_path.name}, not {name}")
    info = f"snaplayout-{version}.dist-info"
    with zipfile.ZipFile(wheel_path) as wheel:
        names = wheel.namelist()
        files = {n: wheel.read(n) for n in names if not n.endswith("/")}
        modes = {n: wheel.getinfo(n).external_attr >> 16 & 0o777 for n in files}

    expected = {f"snaplayout/{p.name}" for p in (PACKAGE / "src/snaplayout").glob("*.py")}
    expected |= {"snaplayout/py.typed", "snaplayout/libsnaplayout.so.0"}
    schema = REPO / "schema" / "snaplayout-config.schema.json"
    if schema.is_file():
        expected.add("snaplayout/config.schema.json")
    expected |= {
        f"{info}/{n}" for n in ("METADATA", "WHEEL", "top_level.txt", "RECORD", "licenses/LICENSE")
    }
    expected.add(f"{info}/licenses/json-c/COPYING")
    json_c = [
        n for n in files if re.fullmatch(r"snaplayout\.libs/libjson-c-[0-9a-f]{8}\.so\.5\.2\.0", n)
    ]
    if len(json_c) != 1:
        problems.append(f"expected one snaplayout.libs/libjson-c-<hash>.so.5.2.0, found {json_c}")
    expected |= set(json_c)
    for missing in sorted(expected - set(files)):
        problems.append(f"missing {missing}")
    for extra in sorted(set(files) - expected):
        problems.append(f"unexpected {extra}")
    if len(names) != len(set(names)):
        problems.append("a file is in the archive twice")

    library = files.get("snaplayout/libsnaplayout.so.0", b"")
    if library and elf_machine(library) != arch:
        problems.append(f"snaplayout/libsnaplayout.so.0 is for {elf_machine(library)}, not {arch}")
    if library and modes["snaplayout/libsnaplayout.so.0"] != 0o755:
        problems.append(
            f"snaplayout/libsnaplayout.so.0 has mode {modes['snaplayout/libsnaplayout.so.0']:o}"
        )
    for json_c_name in json_c:
        if elf_machine(files[json_c_name]) != arch:
            problems.append(f"{json_c_name} is not for {arch}")
    if schema.is_file() and files.get("snaplayout/config.schema.json") != schema.read_bytes():
        problems.append("snaplayout/config.schema.json is not schema/snaplayout-config.schema.json")
    if files.get(f"{info}/licenses/LICENSE") != (REPO / "LICENSE").read_bytes():
        problems.append(f"{info}/licenses/LICENSE is not the repository's LICENSE")
    copying = files.get(f"{info}/licenses/json-c/COPYING", b"").decode("utf-8", "replace")
    if "Permission is hereby granted" not in copying:
        problems.append(f"{info}/licenses/json-c/COPYING is not json-c's MIT license")

    # RECORD: every file but itself, once, with its hash and size.
    listed = {}
    for line in files.get(f"{info}/RECORD", b"").decode().splitlines():
        path, digest, size = line.rsplit(",", 2)
        if path in listed:
            problems.append(f"RECORD lists {path} twice")
        listed[path] = (digest, size)
    for path, data in files.items():
        if path == f"{info}/RECORD":
            if listed.get(path) != ("", ""):
                problems.append("RECORD does not list itself without a hash")
            continue
        want = (
            "sha256="
            + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        )
        if listed.get(path) != (want, str(len(data))):
            problems.append(f"RECORD has {listed.get(path)} for {path}, not {(want, len(data))}")
    for path in sorted(set(listed) - set(files)):
        problems.append(f"RECORD lists {path}, which is not in the wheel")

    tags = files.get(f"{info}/WHEEL", b"").decode().splitlines()
    want_tags = [f"Tag: py3-none-manylinux_2_17_{arch}", f"Tag: py3-none-manylinux2014_{arch}"]
    if sorted(t for t in tags if t.startswith("Tag:")) != sorted(want_tags):
        problems.append(f"WHEEL has tags {[t for t in tags if t.startswith('Tag:')]}")
    if "Root-Is-Purelib: false" not in tags:
        problems.append("WHEEL does not say Root-Is-Purelib: false")
    headers = files.get(f"{info}/METADATA", b"").decode().split("\n\n", 1)[0].splitlines()
    for line in (
        "Name: snaplayout",
        f"Version: {version}",
        "License: MIT",
        "License-File: LICENSE",
        "License-File: json-c/COPYING",
    ):
        if line not in headers:
            problems.append(f"METADATA lacks '{line}'")
    if not problems:
        size = wheel_path.stat().st_size
        print(f"check-wheel: {wheel_path.name}: {len(files)} files, {size} bytes, as expected")
    return problems


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: scripts/check-wheel.py WHEEL ARCH", file=sys.stderr)
        return 2
    problems = check(Path(sys.argv[1]), sys.argv[2])
    for problem in problems:
        print(f"check-wheel: {Path(sys.argv[1]).name}: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
