"""Child process for the kill -9 test: queues cells and acknowledges each one on stdout once committed."""

from __future__ import annotations

import sys
import threading

from windtunnel.reports.sample import sample_cells
from windtunnel.store import RunStore


def main() -> None:
    path, run_id, total = sys.argv[1], sys.argv[2], int(sys.argv[3])
    out = threading.Lock()

    def ack(ids: list[str]) -> None:  # called by the committing thread after each batch's COMMIT
        with out:
            sys.stdout.write("".join(i + "\n" for i in ids))
            sys.stdout.flush()

    store = RunStore(path, on_commit=ack, batch_size=64)
    store.start_run({"id": run_id, "mode": "ci", "seed": 11})
    done = store.completed_cell_ids(run_id)
    for cell in sample_cells(total, seed=11, repeats=2):
        if cell["id"] in done:
            continue
        store.add_cell(run_id, cell)
    store.close()
    with out:
        sys.stdout.write("DONE\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
