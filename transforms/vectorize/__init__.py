"""Parts every vectorizer shares: the SLP vectorizer (``transforms/slp``) and the loop
vectorizer (``transforms/loop``) both stand on this package, and it imports neither.

- ``address``: addresses as linear forms (consecutive accesses, alias checks);
- ``costs``: the per-target cost tables; ``estimate``: costing scalar code replaced by
  vector code (what dies, what needs an extract);
- ``emit``: the IR emitter (splats, gathers, vector loads, shuffles, operations with the
  flags every lane agrees on);
- ``verify``: the ``--verify`` loop (every changed function compared with its input by
  ``vecverify.compare.compare_functions``: the proof, and native runs on random memory,
  ``vecverify/execute/memory_runs.py``);
- ``clang``: clang-22 for C kernels (finding, installing, compiling).
"""
