"""Child process for the kill -9 test: writes cells and acknowledges each one on stdout."""

from __future__ import annotations

import sys

from windtunnel.reports.sample import sample_cells
from windtunnel.store import RunStore


def main() -> None:
    path, run_id, total = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = RunStore(path)
    store.start_run({"id": run_id, "mode": "ci", "seed": 11})
    done = store.completed_cell_ids(run_id)
    for cell in sample_cells(total, seed=11, repeats=2):
        if cell["id"] in done:
            continue
        store.add_cell(run_id, cell)
        sys.stdout.write(cell["id"] + "\n")
        sys.stdout.flush()
    sys.stdout.write("DONE\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
