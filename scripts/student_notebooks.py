"""Write student copies of the notebooks: every cell tagged ``solution`` is removed.

    python scripts/student_notebooks.py notebooks student-notebooks

Teachers keep the solutions in the notebooks (executed and checked in CI); students get
copies with the questions and empty room to try, without outputs of the removed cells.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

from cardgames.core.files import write_with


def strip(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook without its solution cells and without stored outputs."""
    cells = [c for c in notebook.cells if "solution" not in c.get("metadata", {}).get("tags", [])]
    for cell in cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    notebook.cells = cells
    return notebook


def main(source: str, target: str) -> int:
    src, dst = Path(source), Path(target)
    count = 0
    for path in sorted(src.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        out = dst / path.relative_to(src)
        out.parent.mkdir(parents=True, exist_ok=True)
        notebook = strip(nbformat.read(path, as_version=4))
        # whole or not at all: a student's copy already there stays as it was if this write fails
        write_with(out, lambda name, notebook=notebook: nbformat.write(notebook, name), "student notebook")
        count += 1
    print(f"wrote {count} student notebooks to {dst}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(*(sys.argv[1:] or ["notebooks", "student-notebooks"])))
