"""The engine: what turns a plan into results, independent of which command asked for it.

Cells (:mod:`~windtunnel.engine.cells`) are planned lazily from a config (:mod:`~windtunnel.engine.plan`), run by
one runner (:mod:`~windtunnel.engine.runner`) inside one session skeleton (:mod:`~windtunnel.engine.session`) on
an executor (a local worker pool, or Ray actors), and their results streamed to listeners that store and score
them (:mod:`~windtunnel.engine.sink`, :mod:`~windtunnel.engine.scoring`). The package's ``__init__`` imports
nothing, so importing one engine module does not drag in the runtime of the others."""
