"""Every configuration in the repository, as the text a host would hand to the library.

Found, not listed, so that a new file or code block is checked without editing this file:

- `Tests/Fixtures/*.json`: each fixture's `config` (serialized, as the runners do) or `configText`;
- `examples-c/appstore.json`, `docs/pictures/configs/*.json`, the fuzzer's seed configurations
  (`fuzz/corpus/config/*`);
- the C string literals of `examples-c/*.c` and of README's ```c block that spell a configuration;
- every ```json and ```jsonc block of the Markdown files (`README.md`, `docs/*.md`,
  `bindings/python/README.md`, `Tests/*/README.md`): a whole document, or members of one
  (`"configuration": {...}`), which are tried in the places a configuration has (the top level, a
  section, a flow section, a group, an item) until the library accepts one;
- the dict literals with a "sections" key in ```python blocks and `bindings/python/examples/*.py`.

Each is a `Candidate`: where it is, and the text; whether it is a configuration at all the
library decides (test_schema_repository.py).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List, Optional

from conftest import REPO_ROOT


@dataclass
class Candidate:
    origin: str  # the file (and line or member) it comes from
    text: bytes
    # For a fragment: the key it defines ("configuration"); the texts to try it in are built
    # by `embeddings`.
    fragment_key: Optional[str] = None


def relative(path: Path) -> str:
    return str(path.relative_to(REPO_ROOT))


def fixtures() -> Iterator[Candidate]:
    for path in sorted((REPO_ROOT / "Tests" / "Fixtures").glob("*.json")):
        fixture = json.loads(path.read_text(encoding="utf-8"))
        if "config" in fixture:
            # Tests/Fixtures/README.md: "`config` is serialized first".
            yield Candidate(relative(path) + "#config", json.dumps(fixture["config"]).encode())
        if "configText" in fixture:
            yield Candidate(relative(path) + "#configText", fixture["configText"].encode("utf-8"))


def files() -> Iterator[Candidate]:
    paths = [REPO_ROOT / "examples-c" / "appstore.json"]
    paths += sorted((REPO_ROOT / "docs" / "pictures" / "configs").glob("*.json"))
    paths += sorted(p for p in (REPO_ROOT / "fuzz" / "corpus" / "config").glob("*") if p.is_file())
    for path in paths:
        yield Candidate(relative(path), path.read_bytes())


def markdown_files() -> List[Path]:
    paths = sorted(REPO_ROOT.glob("*.md")) + sorted((REPO_ROOT / "docs").glob("*.md"))
    paths += [REPO_ROOT / "bindings" / "python" / "README.md"]
    paths += sorted((REPO_ROOT / "Tests").glob("*/README.md"))
    return [p for p in paths if p.is_file()]


FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


def code_blocks(path: Path, languages: tuple) -> Iterator[tuple]:
    """(line, language, text) of each fenced block in `languages`."""
    text = path.read_text(encoding="utf-8")
    for match in FENCE.finditer(text):
        if match.group(1) in languages:
            yield text.count("\n", 0, match.start()) + 2, match.group(1), match.group(2)


def json_blocks() -> Iterator[Candidate]:
    for path in markdown_files():
        for line, _, block in code_blocks(path, ("json", "jsonc")):
            origin = f"{relative(path)}:{line}"
            yield Candidate(origin, block.encode("utf-8"))
            # Members of a configuration shown on their own ("configuration": {...}).
            if not block.lstrip().startswith("{"):
                for key in fragment_keys(block):
                    yield Candidate(f"{origin} ({key})", block.encode("utf-8"), key)


def fragment_keys(block: str) -> List[str]:
    """The top-level keys of `block` read as members of an object ([] when it is not)."""
    import jsonc

    try:
        members = jsonc.loads(("{" + block + "}").encode("utf-8"))
    except jsonc.NotJSON:
        return []
    return list(members) if isinstance(members, dict) else []


# Minimal valid configurations: the places a fragment's key may belong.
ITEM = {"layoutSize": {"widthDimension": {"fractionalWidth": 1},
                       "heightDimension": {"fractionalHeight": 1}}}
GROUP = {"group": "horizontal",
         "layoutSize": {"widthDimension": {"fractionalWidth": 1},
                        "heightDimension": {"absolute": 44}},
         "subitems": [ITEM]}
SECTION = {"itemCount": 3, "group": GROUP}


def embeddings(key: str, value: object) -> List[dict]:
    """Whole configurations with `key: value` at each place a key may be, first to last."""
    def put(target: dict) -> dict:
        return {**target, key: value}

    return [
        put({"sections": [SECTION]}),
        put({"flowLayout": {}, "sections": [{"itemCount": 3}]}),
        {"sections": [put(SECTION)]},
        {"flowLayout": {}, "sections": [put({"itemCount": 3})]},
        {"sections": [{**SECTION, "group": put(GROUP)}]},
        {"sections": [{**SECTION, "group": {**GROUP, "subitems": [put(ITEM)]}}]},
    ]


C_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def c_configurations(source: str, origin: str, first_line: int = 1) -> Iterator[Candidate]:
    """Runs of adjacent C string literals (one statement) that mention "sections"; `source`
    starts at line `first_line` of `origin`."""
    # Comments and preprocessor lines go (their line breaks stay, for the line numbers).
    code = re.sub(
        r"/\*.*?\*/|//[^\n]*|^[ \t]*#[^\n]*",
        lambda match: "\n" * match.group(0).count("\n"),
        source,
        flags=re.DOTALL | re.MULTILINE,
    )
    line = first_line
    for statement in code.split(";"):
        literals = C_STRING.findall(statement)
        text = "".join(literals).encode("utf-8").decode("unicode_escape").encode("latin-1")
        if b'"sections"' in text:
            start = line + statement[: statement.find('"')].count("\n")
            # A printf format (%s, %d) is completed at run time: not a configuration yet.
            label = " (printf format)" if re.search(rb"%[-0-9.]*[sdgf]", text) else ""
            yield Candidate(f"{origin}:{start}{label}", text)
        line += statement.count("\n")


def c_examples() -> Iterator[Candidate]:
    for path in sorted((REPO_ROOT / "examples-c").glob("*.c")):
        yield from c_configurations(path.read_text(encoding="utf-8"), relative(path))
    readme = REPO_ROOT / "README.md"
    for line, _, block in code_blocks(readme, ("c",)):
        yield from c_configurations(block, "README.md", line)


def python_dicts(source: str, origin: str, first_line: int = 1) -> Iterator[Candidate]:
    """Dict literals with a "sections" key; `source` starts at line `first_line` of `origin`."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(
            isinstance(k, ast.Constant) and k.value == "sections" for k in node.keys
        ):
            line = first_line + node.lineno - 1
            try:
                value = ast.literal_eval(node)
            except ValueError:
                yield Candidate(f"{origin}:{line} (not a literal)", b"")
                continue
            yield Candidate(f"{origin}:{line}", json.dumps(value).encode())


def python_examples() -> Iterator[Candidate]:
    for path in sorted((REPO_ROOT / "bindings" / "python" / "examples").glob("*.py")):
        yield from python_dicts(path.read_text(encoding="utf-8"), relative(path))
    for path in markdown_files():
        for line, _, block in code_blocks(path, ("python",)):
            yield from python_dicts(block, relative(path), line)


def everything() -> List[Candidate]:
    return [
        *fixtures(), *files(), *c_examples(), *json_blocks(), *python_examples(),
    ]
