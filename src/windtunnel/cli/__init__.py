"""The typer command-line interface: parse → build config → call the library → map the outcome to an ExitCode.

Command modules import library code inside command bodies, so ``windtunnel --help`` stays fast.
"""
