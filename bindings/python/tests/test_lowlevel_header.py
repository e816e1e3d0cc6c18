"""snaplayout.lowlevel mirrors include/snaplayout.h: checked mechanically against the header.

The header is parsed here (comments stripped; #defines, SL_API prototypes, typedef'd structs)
and every constant, prototype and struct field of the module is compared with it. Struct sizes,
alignments and offsets are compared with what a C compiler says, when there is one.
"""

from __future__ import annotations

import ast
import ctypes
import os
import re
import shutil
import subprocess
from ctypes import POINTER
from typing import Any, Dict, List, Tuple

import pytest

from conftest import HEADER, library_file
from snaplayout import lowlevel as ll

pytestmark = pytest.mark.skipif(not HEADER.exists(), reason="include/snaplayout.h not found")


def header_text() -> str:
    text = HEADER.read_text()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def evaluate(expression: str, known: Dict[str, Any]) -> Any:
    """A #define's value: a literal (integer suffixes dropped) or arithmetic on earlier ones."""
    expression = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", expression.strip())
    tree = ast.parse(expression, mode="eval")
    allowed = (
        ast.Expression,
        ast.BinOp,
        ast.UnaryOp,
        ast.Constant,
        ast.Name,
        ast.Load,
        ast.operator,
        ast.unaryop,
    )
    for node in ast.walk(tree):
        assert isinstance(node, allowed), f"unexpected syntax in #define: {expression}"
    return eval(compile(tree, "<define>", "eval"), {"__builtins__": {}}, dict(known))


def header_defines() -> Dict[str, Any]:
    defines: Dict[str, Any] = {}
    for match in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(SL_\w+)[ \t]*(.*)$", header_text(), re.M):
        name, value = match.group(1), match.group(2).strip()
        if name in ("SL_API", "SL_DEPRECATED"):  # attributes, not values
            continue
        defines[name] = evaluate(value, defines)
    return defines


def split_declaration(declaration: str) -> Tuple[str, str]:
    """'const sl_layout *layout' -> ('const sl_layout *', 'layout')."""
    match = re.match(r"^(.*?)(\w+)\s*$", " ".join(declaration.split()))
    assert match, declaration
    return match.group(1).strip(), match.group(2)


def header_functions() -> Dict[str, Tuple[str, List[str]]]:
    functions: Dict[str, Tuple[str, List[str]]] = {}
    pattern = r"\bSL_API\s+([^;(]*?)\b(sl_\w+)\s*\(([^)]*)\)\s*;"
    for match in re.finditer(pattern, header_text(), re.S):
        result, name, parameters = match.group(1).strip(), match.group(2), match.group(3).strip()
        types = []
        if parameters != "void":
            types = [split_declaration(p)[0] for p in parameters.split(",")]
        functions[name] = (result, types)
    return functions


def header_structs() -> Dict[str, List[Tuple[str, str]]]:
    structs: Dict[str, List[Tuple[str, str]]] = {}
    for match in re.finditer(
        r"typedef\s+struct\s+(sl_\w+)\s*\{(.*?)\}\s*(\w+)\s*;", header_text(), re.S
    ):
        assert match.group(1) == match.group(3)
        fields = [split_declaration(f) for f in match.group(2).split(";") if f.strip()]
        structs[match.group(1)] = [(name, ctype) for ctype, name in fields]
    return structs


_BASE = {
    "int": ctypes.c_int,
    "int32_t": ctypes.c_int32,
    "int64_t": ctypes.c_int64,
    "uint32_t": ctypes.c_uint32,
    "double": ctypes.c_double,
    "size_t": ctypes.c_size_t,
    "sl_layout": ll.sl_layout,
    "sl_visible_items_handler": ll.sl_visible_items_handler,
}


def ctypes_type(declaration: str) -> Any:
    """The ctypes type the binding must use for a C type.

    ``char *`` / ``const char *`` is c_char_p; ``const char **`` (a string the library keeps) is
    POINTER(c_char_p); ``char **`` (a string the caller frees) is POINTER(POINTER(c_char)), so
    that the pointer survives to be passed to sl_free.
    """
    words = declaration.replace("*", " * ").split()
    stars = words.count("*")
    const = "const" in words
    base = " ".join(w for w in words if w not in ("*", "const"))
    if base == "void":
        return None if stars == 0 else ctypes.c_void_p if stars == 1 else POINTER(ctypes.c_void_p)
    if base == "char":
        assert stars in (1, 2), declaration
        if stars == 1:
            return ctypes.c_char_p
        return POINTER(ctypes.c_char_p) if const else POINTER(POINTER(ctypes.c_char))
    result = _BASE.get(base) or ll.STRUCTS.get(base)
    assert result is not None, f"no ctypes mapping for C type {declaration!r}"
    for _ in range(stars):
        result = POINTER(result)
    return result


def test_header_parses() -> None:
    # A guard against the parser silently finding nothing.
    assert len(header_defines()) > 40
    assert len(header_functions()) > 40
    assert len(header_structs()) == len(ll.STRUCTS)


def test_every_define_has_the_same_value() -> None:
    defines = header_defines()
    missing = sorted(name for name in defines if not hasattr(ll, name))
    assert not missing, f"lowlevel lacks #defines: {missing}"
    for name, value in defines.items():
        actual = getattr(ll, name)
        assert actual == value and type(actual) is type(
            value
        ), f"{name} = {actual!r}, header {value!r}"


def test_every_status_code_has_a_name_and_an_exception() -> None:
    from snaplayout import errors

    codes = {v: k for k, v in header_defines().items() if re.fullmatch(r"SL_(OK|E[A-Z]+)", k)}
    assert ll.STATUS_NAMES == codes
    for code in codes:
        if code != ll.SL_OK:
            assert errors.error_class(code).default_code == code


def test_every_function_has_its_prototype() -> None:
    functions = header_functions()
    assert sorted(ll.PROTOTYPES) == sorted(functions), "functions differ from the header's"
    for name, (result, parameters) in functions.items():
        restype, argtypes = ll.PROTOTYPES[name]
        assert restype is ctypes_type(result), f"{name} returns {result}: {restype}"
        expected = tuple(ctypes_type(p) for p in parameters)
        assert argtypes == expected, f"{name}{tuple(parameters)}: {argtypes} != {expected}"


def test_every_struct_has_the_same_fields() -> None:
    structs = header_structs()
    assert sorted(structs) == sorted(ll.STRUCTS)
    for name, fields in structs.items():
        declared = ll.STRUCTS[name]._fields_  # type: ignore[attr-defined]
        assert [f[0] for f in declared] == [f[0] for f in fields], name
        for (field, ctype), (_, declared_type) in zip(fields, declared):
            assert declared_type is ctypes_type(ctype), f"{name}.{field}: {ctype}"


def test_the_loaded_library_has_every_prototype_bound() -> None:
    lib = ll.library()
    for name, (restype, argtypes) in ll.PROTOTYPES.items():
        function = getattr(lib, name)
        assert function.restype is restype and tuple(function.argtypes or ()) == argtypes, name
    assert ll.sl_version_number() == ll.SL_VERSION_NUMBER
    assert ll.sl_version_string() == ll.SL_VERSION_STRING.encode()


def test_the_library_exports_exactly_the_header_functions() -> None:
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("nm not found")
    out = subprocess.run(
        [nm, "-D", "--defined-only", str(library_file())],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    exported = {line.split()[-1] for line in out.splitlines() if re.search(r" T sl_", line)}
    exported = {name.split("@")[0] for name in exported}
    assert exported == set(ll.PROTOTYPES)


def test_struct_layout_matches_the_c_compiler(tmp_path) -> None:  # type: ignore[no-untyped-def]
    compiler = shutil.which(os.environ.get("CC", "cc")) or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler")
    lines = [
        "#include <stdio.h>",
        "#include <stddef.h>",
        '#include "snaplayout.h"',
        "int main(void) {",
    ]
    for name, struct in ll.STRUCTS.items():
        lines.append(f'  printf("{name} %zu %zu\\n", sizeof({name}), _Alignof({name}));')
        for field, _ in struct._fields_:  # type: ignore[attr-defined]
            lines.append(f'  printf("{name}.{field} %zu\\n", offsetof({name}, {field}));')
    lines += ["  return 0;", "}"]
    source = tmp_path / "layout.c"
    source.write_text("\n".join(lines) + "\n")
    program = tmp_path / "layout"
    compiled = subprocess.run(
        [compiler, "-std=c11", f"-I{HEADER.parent}", str(source), "-o", str(program)],
        capture_output=True,
        text=True,
    )
    if compiled.returncode != 0:
        pytest.skip(f"the C compiler failed: {compiled.stderr[:500]}")
    printed = subprocess.run([str(program)], capture_output=True, text=True, check=True).stdout
    c_values = {}
    for line in printed.splitlines():
        key, *numbers = line.split()
        c_values[key] = tuple(int(n) for n in numbers)
    for name, struct in ll.STRUCTS.items():
        assert c_values[name] == (ctypes.sizeof(struct), ctypes.alignment(struct)), name
        for field, _ in struct._fields_:  # type: ignore[attr-defined]
            assert c_values[f"{name}.{field}"] == (
                getattr(struct, field).offset,
            ), f"{name}.{field}"
