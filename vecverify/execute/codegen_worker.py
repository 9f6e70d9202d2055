"""The code-generator process (see codegen.py): reads modules on stdin, writes their
object code on stdout, until stdin closes.

Run as a script (``python codegen_worker.py``), not as a module of the package: it
imports llvmlite and nothing else, so it starts fast and stays small. Each request is
a length-prefixed UTF-8 JSON object ``{"cpu", "features", "text"}``; each answer is
one status byte (``O``: the object code follows, ``E``: an error message follows) and
a length-prefixed payload. LLVM's fatal errors end the process; the caller reads the
message from its stderr.
"""

from __future__ import annotations

import json
import struct
import sys
from typing import IO, Any

LENGTH = struct.Struct("<Q")


def read_message(stream: IO[bytes]) -> bytes | None:
    """One length-prefixed message, None at the end of the stream."""
    head = stream.read(LENGTH.size)
    if len(head) < LENGTH.size:
        return None
    (n,) = LENGTH.unpack(head)
    data = stream.read(n)
    return data if len(data) == n else None


def write_message(stream: IO[bytes], data: bytes, status: bytes = b"") -> None:
    stream.write(status + LENGTH.pack(len(data)) + data)
    stream.flush()


def _target_machine(llvm: Any, cpu: str, features: str, cache: dict[tuple[str, str], Any]) -> Any:
    key = (cpu, features)
    if key not in cache:
        target = llvm.Target.from_default_triple()
        cache[key] = target.create_target_machine(cpu=cpu, features=features, opt=2)
    return cache[key]


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


def serve(inp: IO[bytes], out: IO[bytes]) -> None:
    # the parent imports this module for its framing only; LLVM loads in the worker process
    import llvmlite.binding as llvm

    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    machines: dict[tuple[str, str], Any] = {}
    while (request := read_message(inp)) is not None:
        job = json.loads(request.decode())
        try:
            machine = _target_machine(llvm, job["cpu"], job["features"], machines)
            write_message(out, _object_code(llvm, job["text"], machine), b"O")
        except Exception as e:  # noqa: BLE001 - invalid IR: the caller reports it
            write_message(out, f"{type(e).__name__}: {e}".encode(), b"E")


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
