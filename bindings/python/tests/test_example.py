"""examples/plot_layout.py: runs and draws every element at its frame."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import List

import pytest

from conftest import APPSTORE_JSON, PACKAGE_ROOT, grid_config, subprocess_env

SCRIPT = PACKAGE_ROOT / "examples" / "plot_layout.py"
SVG = "{http://www.w3.org/2000/svg}"


def plot(tmp_path: Path, *args: str) -> List[ET.Element]:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        cwd=tmp_path,
        env=subprocess_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("wrote ")
    output = tmp_path / (args[args.index("-o") + 1] if "-o" in args else "layout.svg")
    root = ET.parse(output).getroot()
    return [r for r in root.iter(f"{SVG}rect") if r.get("class") == "element"]


def test_plots_the_app_store_layout(tmp_path: Path) -> None:
    if not APPSTORE_JSON.exists():
        pytest.skip("examples-c/appstore.json not found")
    rects = plot(tmp_path)
    assert len(rects) == 49
    title = next(r for r in rects if r.get("data-kind") == "title")
    assert [float(title.get(k)) for k in ("x", "y", "width", "height")] == [16, 0, 358, 52]
    footer = next(r for r in rects if r.get("data-kind") == "footer")
    assert (float(footer.get("y")), footer.get("data-section")) == (2072, "2")
    cells = [r for r in rects if r.get("data-category") == "cell"]
    assert len(cells) == 35


def test_plots_a_given_file_at_a_size_and_offset(tmp_path: Path) -> None:
    config = grid_config(item_count=7)
    path = tmp_path / "grid.json"
    path.write_text(json.dumps(config))
    rects = plot(tmp_path, str(path), "-o", "grid.svg", "--size", "600x400")
    frames = sorted((float(r.get("y")), float(r.get("x")), float(r.get("width"))) for r in rects)
    assert frames[:3] == [(0, 0, 200), (0, 200, 200), (0, 400, 200)]
    assert frames[-1] == (260, 0, 200)
    if APPSTORE_JSON.exists():
        rects = plot(tmp_path, str(APPSTORE_JSON), "-o", "offset.svg", "--offset", "0=700")
        first = next(r for r in rects if r.get("data-section") == "0" and r.get("data-item") == "0")
        assert float(first.get("x")) == -700  # card 0 starts at content x 0


def test_reports_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"sections": [{"itemCount": -1}]}')
    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(path), "-o", "bad.svg"],
        cwd=tmp_path,
        env=subprocess_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1 and "/sections/0/itemCount" in result.stderr
