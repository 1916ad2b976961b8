"""The README's Python code ("Write a bot") runs as written against the
server: the three-line example and the Bot subclass."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[3] / "README.md"


def python_blocks():
    text = README.read_text()
    section = text[text.index("## Write a bot"):text.index("<!-- bot kit (issue 15): end -->")]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_readme_has_the_three_line_example_and_a_bot():
    blocks = python_blocks()
    assert len(blocks) == 2
    assert len(blocks[0].strip().splitlines()) == 3
    assert len(blocks[1].strip().splitlines()) < 30


def test_the_readme_python_code_plays_games(address):
    for code in python_blocks():
        code = code.replace('"127.0.0.1:50051"', repr(address))
        out = subprocess.run([sys.executable, "-c", code, address], capture_output=True,
                             text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip(), "it prints the outcome's summary"
