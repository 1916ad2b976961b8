"""docs/bots-guide.md's Python code ("A first bot") runs as written against
the server: the three-line example and the Bot subclass; the package README
shows examples/lobby_bot.py as it is."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
GUIDE = ROOT / "docs" / "bots-guide.md"
PACKAGE = Path(__file__).resolve().parents[1]


def python_blocks():
    text = GUIDE.read_text()
    section = text[text.index("## A first bot"):text.index("## A lobby bot")]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_readme_has_the_three_line_example_and_a_bot():
    blocks = python_blocks()
    assert len(blocks) == 2
    assert len(blocks[0].strip().splitlines()) == 3
    assert len(blocks[1].strip().splitlines()) < 30


def test_the_package_readme_shows_the_lobby_bot():
    code = (PACKAGE / "examples" / "lobby_bot.py").read_text()
    body = code[code.index("import argparse"):]
    assert body in (PACKAGE / "README.md").read_text()


def test_the_readme_python_code_plays_games(address):
    for code in python_blocks():
        code = code.replace('"127.0.0.1:50051"', repr(address))
        out = subprocess.run([sys.executable, "-c", code, address], capture_output=True,
                             text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip(), "it prints the outcome's summary"
