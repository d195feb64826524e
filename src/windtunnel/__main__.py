"""``python -m windtunnel``: the command line, as the ``windtunnel`` script runs it."""

from windtunnel.cli.entry import main

main()
