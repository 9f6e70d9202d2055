"""The code-generator process (see codegen.py): reads modules on stdin, writes their
object code on stdout, until stdin closes.

Run as a script (``python -I -S codegen_worker.py LIBRARY SITE``), not as a module of
the package: it loads llvmlite's shared library LIBRARY and declares the dozen C calls it
makes on it (as vecverify/llvm/libllvm.py does for the reader): importing
``llvmlite.binding`` was two thirds of this process's start-up, which a counterexample's
replay waits for. Where the library or one of its calls is missing it imports
``llvmlite.binding`` from SITE (the directory holding the ``llvmlite`` package) instead;
both make the same calls. Each request is a length-prefixed ``marshal`` dump of
``{"cpu", "features", "text"}`` (the parent runs the same interpreter); each answer is
one status byte (``O``: the object code follows, ``E``: an error message follows) and a
length-prefixed payload. LLVM's fatal errors end the process; the caller reads the
message from its stderr.
"""

from __future__ import annotations

import marshal
import sys
from typing import IO, Any

LENGTH_SIZE = 8


def read_message(stream: IO[bytes]) -> bytes | None:
    """One length-prefixed message, None at the end of the stream."""
    head = stream.read(LENGTH_SIZE)
    if len(head) < LENGTH_SIZE:
        return None
    n = int.from_bytes(head, "little")
    data = stream.read(n)
    return data if len(data) == n else None


def write_message(stream: IO[bytes], data: bytes, status: bytes = b"") -> None:
    stream.write(status + len(data).to_bytes(LENGTH_SIZE, "little") + data)
    stream.flush()


class _Direct:
    """llvmlite's C calls for one module's object code, declared on its library (the
    calls ``llvmlite.binding`` makes for the same steps, with the same arguments)."""

    def __init__(self, path: str) -> None:
        import ctypes

        p, s, i, pp = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)
        self.ctypes = ctypes
        lib = ctypes.CDLL(path)

        def declare(name: str, args: list[Any], result: Any) -> Any:
            f = getattr(lib, name)
            f.argtypes, f.restype = args, result
            return f

        declare("LLVMPY_InitializeNativeTarget", [], None)()
        declare("LLVMPY_InitializeNativeAsmPrinter", [], None)()
        self.dispose_string = declare("LLVMPY_DisposeString", [s], None)
        self.triple = declare("LLVMPY_GetDefaultTargetTriple", [pp], None)
        self.target = declare("LLVMPY_GetTargetFromTriple", [s, pp], p)
        self.machine = declare("LLVMPY_CreateTargetMachine", [p, s, s, s, i, s, s, i, i, s], p)
        self.context = declare("LLVMPY_GetGlobalContext", [], p)
        self.parse = declare("LLVMPY_ParseAssembly", [p, s, pp], p)
        self.verify = declare("LLVMPY_VerifyModule", [p, pp], ctypes.c_bool)
        self.dispose_module = declare("LLVMPY_DisposeModule", [p], None)
        self.pto = declare("LLVMPY_CreatePipelineTuningOptions", [], p)
        self.dispose_pto = declare("LLVMPY_DisposePipelineTuningOptions", [p], None)
        self.manager = declare("LLVMPY_CreateNewModulePassManager", [], p)
        self.dispose_manager = declare("LLVMPY_DisposeNewModulePassManger", [p], None)
        self.inliner = declare("LLVMPY_module_AddAlwaysInlinerPass", [p], None)
        self.builder = declare("LLVMPY_CreatePassBuilder", [p, p], p)
        self.dispose_builder = declare("LLVMPY_DisposePassBuilder", [p], None)
        self.run = declare("LLVMPY_RunNewModulePassManager", [p, p, p], None)
        self.emit = declare("LLVMPY_TargetMachineEmitToMemory", [p, p, i, pp], p)
        self.buffer_start = declare("LLVMPY_GetBufferStart", [p], p)
        self.buffer_size = declare("LLVMPY_GetBufferSize", [p], ctypes.c_size_t)
        self.dispose_buffer = declare("LLVMPY_DisposeMemoryBuffer", [p], None)

    def _take(self, out: Any) -> str:
        """The string LLVM returned through ``out`` (freed here)."""
        text = out.value.decode("utf-8", errors="replace") if out.value else ""
        if out:
            self.dispose_string(out)
        return text

    def target_machine(self, cpu: str, features: str) -> Any:
        """What ``Target.from_default_triple().create_target_machine(cpu=cpu,
        features=features, opt=2)`` makes."""
        c = self.ctypes
        out = c.c_char_p()
        self.triple(c.byref(out))
        triple = self._take(out).encode()
        err = c.c_char_p()
        target = self.target(triple, c.byref(err))
        if not target:
            raise RuntimeError(self._take(err))
        self._take(err)
        tm = self.machine(target, triple, cpu.encode(), features.encode(), 2, b"default", b"jitdefault", 0, 0, b"")
        if not tm:
            raise RuntimeError("Cannot create target machine")
        return tm

    def object_code(self, text: str, machine: Any) -> bytes:
        """As :func:`_object_code`."""
        c = self.ctypes
        err = c.c_char_p()
        module = self.parse(self.context(), text.encode("utf-8"), c.byref(err))
        if not module:
            raise RuntimeError("LLVM IR parsing error\n" + self._take(err))
        self._take(err)
        try:
            msg = c.c_char_p()
            if self.verify(module, c.byref(msg)):
                raise RuntimeError(self._take(msg))
            self._take(msg)
            pto, manager = self.pto(), self.manager()
            builder = self.builder(machine, pto)
            try:
                self.inliner(manager)
                self.run(manager, module, builder)
            finally:
                self.dispose_builder(builder)
                self.dispose_manager(manager)
                self.dispose_pto(pto)
            emitted = self.emit(machine, module, 1, c.byref(err))
            if not emitted:
                raise RuntimeError(self._take(err))
            self._take(err)
            try:
                return c.string_at(self.buffer_start(emitted), self.buffer_size(emitted))
            finally:
                self.dispose_buffer(emitted)
        finally:
            self.dispose_module(module)


class _ThroughLlvmlite:
    """The same through ``llvmlite.binding``."""

    def __init__(self) -> None:
        import llvmlite.binding as llvm

        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        self.llvm = llvm

    def target_machine(self, cpu: str, features: str) -> Any:
        return self.llvm.Target.from_default_triple().create_target_machine(cpu=cpu, features=features, opt=2)

    def object_code(self, text: str, machine: Any) -> bytes:
        return _object_code(self.llvm, text, machine)


def _object_code(llvm: Any, text: str, machine: Any) -> bytes:
    """Parse, verify, inline the wrappers' calls (marked alwaysinline; no other
    optimization: the code generator sees each instruction as written), emit."""
    ir = llvm.parse_assembly(text)
    ir.verify()
    pto = llvm.create_pipeline_tuning_options(speed_level=0)
    manager = llvm.create_new_module_pass_manager()
    manager.add_always_inliner_pass()
    manager.run(ir, llvm.create_pass_builder(machine, pto))
    return bytes(machine.emit_object(ir))


def _backend(library: str, site: str) -> _Direct | _ThroughLlvmlite:
    if library:
        try:
            return _Direct(library)
        except (OSError, AttributeError):  # not loadable, or a call missing: llvmlite's own way
            pass
    if site:
        sys.path.insert(0, site)
    return _ThroughLlvmlite()


def serve(inp: IO[bytes], out: IO[bytes], library: str = "", site: str = "") -> None:
    # the parent imports this module for its framing only; LLVM loads in the worker process
    backend = _backend(library, site)
    machines: dict[tuple[str, str], Any] = {}
    while (request := read_message(inp)) is not None:
        job = marshal.loads(request)
        try:
            key = (job["cpu"], job["features"])
            if key not in machines:
                machines[key] = backend.target_machine(*key)
            write_message(out, backend.object_code(job["text"], machines[key]), b"O")
        except Exception as e:  # noqa: BLE001 - invalid IR: the caller reports it
            write_message(out, f"{type(e).__name__}: {e}".encode(), b"E")


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer, *sys.argv[1:3])
