"""The typer command-line interface: parse → build config → call the library → map the outcome to an ExitCode.

A command does four things and nothing else: read its options into a flow's request (``RunRequest``, ``ContractRequest``
...), call the flow in :mod:`windtunnel.flows` with a :class:`~windtunnel.cli._listener.RichListener` that draws the
progress, render the :class:`~windtunnel.flows.outcome.Outcome` (:mod:`~windtunnel.cli._render`), and exit with the
outcome's code. Anything a Python user could also want — planning, checks, scoring, report files — is in the flows, so
``windtunnel run`` and :func:`windtunnel.run` cannot behave differently.

Start-up is part of the interface (``windtunnel --help`` and ``validate`` run in editors and pre-commit hooks):

* :mod:`~windtunnel.cli.entry` runs ``validate`` without typer or click at all;
* :mod:`~windtunnel.cli.app` registers the sub-commands by name (:mod:`~windtunnel.cli._lazy`), so ``--help``
  imports no command module and ``windtunnel <cmd>`` imports only ``<cmd>``'s — which lets every command module
  import what it needs at its top, where readers and tools see it;
* rich is imported by the modules that draw (progress, tables), and :mod:`~windtunnel.cli._plain` prints errors
  without it.

Errors: every command runs under :func:`~windtunnel.cli._guard.guarded`, which prints a
:class:`~windtunnel._util.errors.WindtunnelError` with its hint and no traceback and exits with its code (2 usage
or config, 3 agent or harness); Ctrl-C exits 130 and a run holds it until its report is written
(:func:`~windtunnel._util.signals.held_interrupts`), so an interrupted run still leaves its results. Only this
package (with ``reports/`` and ``view/``) prints; the library under it is silent.
"""
