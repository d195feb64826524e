"""SIGTERM handled like Ctrl-C, so ``kill PID`` (what CI runners and ``timeout`` send) keeps completed work.

Beyond that, run-like commands hold interrupts for their whole duration and open a window (:func:`interruptible`)
only where stopping is safe (while cells run, during set-up before anything is stored), so storing the run's row,
writing the report and printing the summary finish however often Ctrl-C is pressed; only :data:`INSISTED` presses
in a row break through, the escape from a step that hangs."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator
from typing import Any


def sigterm_as_interrupt() -> None:
    """From now on a SIGTERM raises ``KeyboardInterrupt`` in the main thread (nothing elsewhere).

    For long commands outside the run flows (the leakage tools), so ``kill PID`` keeps their partial report as
    Ctrl-C does; in a thread where signals cannot be handled (tests, an embedding application) nothing changes."""

    def handler(signum: int, frame: Any) -> None:
        """Record the signal and raise ``KeyboardInterrupt``: SIGTERM then takes Ctrl-C's path (results kept, exit
        130)."""
        _received.append(signum)
        raise KeyboardInterrupt

    if hasattr(signal, "SIGTERM"):
        with contextlib.suppress(ValueError):  # not the main thread (tests)
            signal.signal(signal.SIGTERM, handler)


@contextlib.contextmanager
def keep_sigterm() -> Iterator[None]:
    """Whatever handles SIGTERM before the block handles it after: for libraries that install their own (``ray.init``
    exits the process with status 15 and a stack dump), so ``kill PID`` stays an interrupt.

    A handler installed outside Python (``None`` from ``getsignal``) cannot be put back and is left as the library
    set it."""
    if not hasattr(signal, "SIGTERM"):
        yield
        return
    previous = signal.getsignal(signal.SIGTERM)
    try:
        yield
    finally:
        if previous is not None:  # None: installed outside Python, nothing to put back
            with contextlib.suppress(ValueError):  # not the main thread: the library could not install one
                signal.signal(signal.SIGTERM, previous)


# Where Ctrl-C may land in a run-like command (QA-5 "Not reproduced"): the CLI holds SIGINT and SIGTERM for
# the whole command, so a signal only *notes* that the user asked to stop; the flow opens a window
# (:func:`interruptible`) where a signal raises ``KeyboardInterrupt`` as usual: while the cells run, and
# during its setup, before anything is stored. Storing the run's row, closing the store, writing the
# report and printing the summary and the ``--resume`` line therefore always finish, however many times
# Ctrl-C is pressed; one pressed during them before the cells run stops the run as its first cell starts.
_held: list[bool] = []
"""One entry per active hold (a hold inside a hold changes nothing)."""
_noted: list[int] = []
"""The signals received while held and not yet acted on."""
_to_exit: list[bool] = []
"""Set by :func:`hold_until_exit`: the process ends with this command, so a hold is kept to the end."""


def hold_until_exit() -> None:
    """The process ends when the command does (the console script): once a command has held Ctrl-C,
    it stays ignored until the process exits, so a late Ctrl-C cannot land in the interpreter's shutdown
    and end the process by the signal (exit -2 instead of 130, after the summary was printed)."""
    _to_exit.append(True)


INSISTED = 3
"""Signals noted in a row after which a hold gives way: the escape from a set-up or an exit that hangs."""


_received: list[int] = []
"""Every SIGINT / SIGTERM a handler of this module has seen (see :func:`from_signal`)."""


def from_signal(err: BaseException) -> bool:
    """Whether ``err`` (a ``KeyboardInterrupt``) comes from a signal — one of this module's handlers saw one,
    or a signal handler raised it — rather than from code that raised it itself (an agent under test: its
    exception fails its cell, it does not stop the run)."""
    if _received:
        return True
    tb = err.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code if tb is not None else None
    return code is not None and (code.co_filename == __file__ or code.co_name == "_on_sigint")


def _note(signum: int, frame: Any) -> None:
    """The held handler: note the signal so the flow can stop at its next window; after :data:`INSISTED` signals in a
    row, give way and raise at once (a set-up or an exit that hangs must still be stoppable)."""
    _received.append(signum)
    _noted.append(signum)
    if len(_noted) >= INSISTED:
        _noted.clear()
        sys.stderr.write(
            f"interrupted ({INSISTED} times): stopping at once; the cells completed so far are in the store, "
            "but this run may show as running and have no report\n"
        )
        raise KeyboardInterrupt


def _raise(signum: int, frame: Any) -> None:
    """The SIGTERM handler inside an :func:`interruptible` window: record it and raise ``KeyboardInterrupt``, as
    Ctrl-C does there."""
    _received.append(signum)
    raise KeyboardInterrupt


@contextlib.contextmanager
def held_interrupts() -> Iterator[None]:
    """Inside, SIGINT and SIGTERM are only noted (see :func:`interruptible`); the handlers before come back after.

    Outside the main thread (tests, an embedding application's worker) nothing is held.
    """
    if _held:
        _held.append(True)
        try:
            yield
        finally:
            _held.pop()
        return
    try:
        previous = signal.signal(signal.SIGINT, _note)
    except ValueError:  # not the main thread
        yield
        return
    previous_term = signal.signal(signal.SIGTERM, _note) if hasattr(signal, "SIGTERM") else None
    _held.append(True)
    _noted.clear()
    try:
        yield
    finally:
        _held.pop()
        _noted.clear()
        if _to_exit:
            # the command has done its work and the process exits next: Ctrl-C is ignored to the end (a
            # Python handler would be reset to the default as the interpreter finalizes, and a Ctrl-C
            # landing then would end the process by the signal); SIGTERM still ends a hung exit at once
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            if previous_term is not None:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
        else:  # the command has run: a Ctrl-C now is no longer "before any cell ran"
            signal.signal(signal.SIGINT, signal.default_int_handler if previous is _before_start else previous)
            if previous_term is not None:
                signal.signal(signal.SIGTERM, previous_term)


def interrupts_held() -> bool:
    """Whether a :func:`held_interrupts` is active (the CLI's run-like commands)."""
    return bool(_held)


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """Within a hold: Ctrl-C raises ``KeyboardInterrupt`` inside the block (asyncio's cancel-then-raise
    included), SIGTERM too, and one noted since the hold began is raised at once. Held again after,
    however the block ends. Without a hold: the block runs as it is (the caller's own handling)."""
    if not _held or signal.getsignal(signal.SIGINT) is not _note:
        yield
        return
    _received.clear()  # a signal of an earlier run in this process says nothing about this one
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, _raise)
    try:
        if _noted:
            _noted.clear()
            raise KeyboardInterrupt
        yield
    finally:
        signal.signal(signal.SIGINT, _note)
        if hasattr(signal, "SIGTERM"):
            signal.signal(signal.SIGTERM, _note)


def interrupt_noted() -> bool:
    """Whether Ctrl-C / SIGTERM came while held and outside every :func:`interruptible` window."""
    return bool(_noted)


def _before_start(signum: int, frame: Any) -> None:
    """The Ctrl-C handler before a command's body runs: nothing was opened or stored, so say so and exit 130 straight
    away (from the process when it is the console script; by ``SystemExit`` in-process)."""
    message = b"interrupted before any cell ran (the command had not started): nothing was stored\n"
    if _to_exit:
        # the process is this command and nothing is open yet: end it here. An exception raised from a
        # signal handler can land in a callback that swallows it ("Exception ignored in ..."), and the
        # run would go on after this message; a second Ctrl-C could end the process by the signal
        os.write(2, message)
        os._exit(130)
    sys.stderr.write(message.decode())  # called in-process (tests): nothing to end but the command
    raise SystemExit(130)


@contextlib.contextmanager
def interrupt_before_start() -> Iterator[None]:
    """From process start until a command's body runs (:func:`command_started`), Ctrl-C exits 130 saying so.

    typer turns a ``KeyboardInterrupt`` escaping a command into a silent exit 130, so one landing while
    the CLI imports and parses would print nothing; this says what happened instead.
    """
    try:
        previous = signal.signal(signal.SIGINT, _before_start)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        if signal.getsignal(signal.SIGINT) is _before_start:
            signal.signal(signal.SIGINT, previous)


def command_started() -> None:
    """A command's body begins: Ctrl-C raises ``KeyboardInterrupt`` again (the command's own handling)."""
    with contextlib.suppress(ValueError):
        if signal.getsignal(signal.SIGINT) is _before_start:
            signal.signal(signal.SIGINT, signal.default_int_handler)
