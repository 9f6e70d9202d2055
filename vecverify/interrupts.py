"""Ctrl-C that always reaches the command, even while Z3 is solving.

Z3 installs a SIGINT handler of its own while it solves (its ``ctrl_c`` parameter): the
query then ends "interrupted from keyboard" and Python never sees the signal. When Z3's own
time limit fires at about the same moment, the query ends "timeout" instead and the
interrupt is lost: the command goes on. (Seen: a check interrupted 2.5 s in exited 3,
"failed to prove", with no word of the interrupt.)

:func:`install` takes SIGINT back: Z3's handler is turned off (``ctrl_c=false``), Python's
own handler stays in place (KeyboardInterrupt as soon as the main thread runs Python), and
a watcher thread, woken through ``signal.set_wakeup_fd``, interrupts whatever Z3 is doing
in the main context so that the main thread gets back to Python at once.

Where it cannot be installed (not the main thread, or a wakeup fd is taken already), Z3
keeps its handler and the reason "interrupted from keyboard" is still turned into
KeyboardInterrupt where queries end (portfolio.py, refine.py, tactics.py).

Python raises the KeyboardInterrupt wherever the main thread is, and two places hide it:
a finalizer (a Z3 term's ``__del__``) or a ctypes callback, which print "Exception
ignored" and drop it (install's hook records it instead, quietly: the next query start
raises it); and ctypes converting a call's arguments (z3py's ``from_param`` is Python
code), which turns it into ``ctypes.ArgumentError("argument 3: KeyboardInterrupt: ")``, an
ordinary exception a catch-all reports as an internal error (:func:`stands_for_interrupt`).
A served check interrupted early ended so ("internal error: ArgumentError", exit 4), about
one Ctrl-C in thirty.
"""

from __future__ import annotations

import _thread
import ctypes
import os
import signal
import sys
import threading

import z3

_state: dict[str, int] = {}  # "read": the pipe's read end while installed in this process
# Set once SIGINT came: the KeyboardInterrupt Python raises may land in a finalizer (a Z3
# object's __del__), which swallows it; every query start and end looks here too.
_requested = threading.Event()


def requested() -> bool:
    """Whether Ctrl-C came (in a process where :func:`install` took it)."""
    return _requested.is_set()


# Set once a command ended "interrupted" in this process (came): finalizers say nothing
# from then on. Not _requested: a process that goes on (a test runner calling the CLI in
# process) must not have its later queries raise KeyboardInterrupt.
_quiet = threading.Event()


def came() -> None:
    """A Ctrl-C was caught where the command ends "interrupted": from here on, what
    finalizers raise (objects the KeyboardInterrupt cut short, freed with its traceback)
    is not shown either (see _unraisable), whether or not the watcher has run yet."""
    _quiet.set()


def stands_for_interrupt(e: BaseException) -> bool:
    """Whether ``e``, caught by a catch-all, is (or came after) a Ctrl-C: a KeyboardInterrupt
    ctypes turned into ArgumentError while converting a call's arguments, or any exception
    once Ctrl-C came. Catch-alls raise KeyboardInterrupt then, instead of a verdict."""
    return _disguised(e) or requested()


def _disguised(e: BaseException | None) -> bool:
    return isinstance(e, KeyboardInterrupt) or (
        isinstance(e, ctypes.ArgumentError) and ": KeyboardInterrupt:" in f"{e}:")


def _unraisable(hook: object, unraisable: object) -> None:
    """sys.unraisablehook: a KeyboardInterrupt (or its ctypes disguise) that a finalizer or
    a ctypes callback would drop, with a traceback on stderr, is recorded instead, for the
    next query to raise. Once Ctrl-C came, what finalizers raise is not shown either: a
    KeyboardInterrupt that cut a Z3 object's ``__init__`` short leaves one whose
    ``__del__`` fails (AttributeError), a traceback after "interrupted"."""
    if _disguised(getattr(unraisable, "exc_value", None)) or requested():
        _requested.set()
        return
    if _quiet.is_set():
        return
    hook(unraisable)  # type: ignore[operator]


def _watch(read_fd: int) -> None:
    while True:
        try:
            data = os.read(read_fd, 64)
        except OSError:
            return
        if not data:
            return
        if signal.SIGINT in data:
            _requested.set()
            z3.main_ctx().interrupt()


def install() -> None:
    """Take Ctrl-C back from Z3 in this process (idempotent; main thread only)."""
    if "read" in _state or threading.current_thread() is not threading.main_thread():
        return
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    try:
        previous = signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
    except ValueError:  # not the main thread of the main interpreter
        os.close(read_fd)
        os.close(write_fd)
        return
    if previous != -1:  # someone else's (an event loop's): leave it and Z3's handler be
        signal.set_wakeup_fd(previous)
        os.close(read_fd)
        os.close(write_fd)
        return
    _state["read"] = read_fd
    if signal.getsignal(signal.SIGINT) in (signal.SIG_IGN, signal.SIG_DFL):
        # Started with SIGINT ignored (a background job of a shell script, a test runner's
        # worker): Z3's handler used to answer it all the same; so does Python's now.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    # A bare thread: threading.Thread.start() waits until the new thread has run, a
    # scheduling round trip that cost a served one-pair check 1-5 ms on a busy machine.
    # It only reads the pipe (the interpreter's end kills it like a daemon thread).
    _thread.start_new_thread(_watch, (read_fd,))
    z3.set_param("ctrl_c", False)
    if getattr(sys.unraisablehook, "func", None) is not _unraisable:
        import functools

        sys.unraisablehook = functools.partial(_unraisable, sys.unraisablehook)


def _after_fork_in_child() -> None:
    """A forked child has no watcher thread and shares the parent's pipe: its own."""
    if "read" not in _state:
        return
    del _state["read"]
    _requested.clear()
    _quiet.clear()
    z3.set_param("ctrl_c", True)
    try:
        signal.set_wakeup_fd(-1)
    except ValueError:  # forked from another thread: Z3's handler it is
        return
    install()


os.register_at_fork(after_in_child=_after_fork_in_child)
