"""The README's "Use it from Python" examples run as pasted, from the repository root."""

import os
import re

from conftest import ROOT


def python_blocks(section: str) -> list:
    """The ```python blocks of the README section headed `section`, in order."""
    text = (ROOT / "README.md").read_text()
    start = text.index(f"\n## {section}\n")
    end = text.find("\n## ", start + 1)
    return re.findall(r"```python\n(.*?)```", text[start:end], re.S)


def test_the_python_section_runs_as_pasted(capsys):
    blocks = python_blocks("Use it from Python")
    assert len(blocks) == 3, "the decode/tables example, the Machine example, the kernel as calls"
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        scope: dict = {}
        for block in blocks:
            exec(compile(block, "README.md", "exec"), scope)
    finally:
        os.chdir(here)
    # The Machine example's softmax rows sum to one (the causal mask masks nothing there).
    rows = scope["softmax"].astype("float64").sum(axis=1)
    assert abs(rows - 1).max() < 0.02, rows
    assert scope["drains"][0]["offset"] == 0x140
    # The kernel written as calls is the stream the examples ran.
    assert scope["kernel"] == scope["data"]
