"""The processor an ELF file is built for, read from its header.

The loader uses it to say why a library of another architecture does not load ("… is an
aarch64 library, this Python runs on x86_64"); the build backend (``build_support/``) loads this
file by path to tag a wheel with the platform of the library inside it. Standard library only.

The header fields are those of the System V ABI's "ELF Header": ``e_ident[EI_CLASS]`` (32 or
64 bits), ``e_ident[EI_DATA]`` (byte order) and ``e_machine``, a 16-bit number at offset 18.
"""

from __future__ import annotations

import os
import platform
import sys
from typing import Dict, Optional, Tuple

_MAGIC = b"\x7fELF"
_CLASS_32, _CLASS_64 = 1, 2
_LITTLE_ENDIAN, _BIG_ENDIAN = 1, 2

# (e_machine, class, byte order or 0 for either) -> the name `uname -m` gives such a machine,
# which is also the architecture part of a wheel's platform tag (linux_x86_64, linux_armv7l).
_MACHINES: Dict[Tuple[int, int, int], str] = {
    (3, _CLASS_32, 0): "i686",  # EM_386
    (62, _CLASS_64, 0): "x86_64",  # EM_X86_64
    (40, _CLASS_32, 0): "armv7l",  # EM_ARM (armhf)
    (183, _CLASS_64, 0): "aarch64",  # EM_AARCH64
    (243, _CLASS_64, 0): "riscv64",  # EM_RISCV
    (243, _CLASS_32, 0): "riscv32",
    (21, _CLASS_64, _LITTLE_ENDIAN): "ppc64le",  # EM_PPC64
    (21, _CLASS_64, _BIG_ENDIAN): "ppc64",
    (22, _CLASS_64, 0): "s390x",  # EM_S390
    (8, _CLASS_32, 0): "mips",  # EM_MIPS
    (8, _CLASS_64, 0): "mips64",
}


def machine(path: "str | os.PathLike[str]") -> Optional[str]:
    """The architecture of an ELF file (``"x86_64"``, ``"aarch64"``, ...), None if it is not one.

    A machine missing from the table above is named by its number and class, e.g.
    ``"ELF machine 258 (64-bit)"``; a file that cannot be read is None, like a non-ELF file.
    """
    try:
        with open(path, "rb") as file:
            header = file.read(20)
    except OSError:
        return None
    if len(header) < 20 or header[:4] != _MAGIC:
        return None
    elf_class, byte_order = header[4], header[5]
    if elf_class not in (_CLASS_32, _CLASS_64) or byte_order not in (_LITTLE_ENDIAN, _BIG_ENDIAN):
        return None
    number = int.from_bytes(header[18:20], "little" if byte_order == _LITTLE_ENDIAN else "big")
    name = _MACHINES.get((number, elf_class, byte_order)) or _MACHINES.get((number, elf_class, 0))
    return name or f"ELF machine {number} ({32 if elf_class == _CLASS_32 else 64}-bit)"


def running_machine() -> str:
    """The architecture this Python runs on: its executable's, else ``platform.machine()``.

    The executable is the better witness: a 32-bit Python on a 64-bit kernel is i686 while
    ``uname`` says x86_64, and under qemu-user the emulated program's machine is what counts.
    """
    executable = os.path.realpath(sys.executable) if sys.executable else ""
    return (executable and machine(executable)) or platform.machine() or "an unknown machine"


def with_article(name: str) -> str:
    """``"an aarch64"``, ``"an x86_64"``, ``"a riscv64"``: the article as the name is read."""
    return ("an " if name[:1] in "aeiosx" else "a ") + name
