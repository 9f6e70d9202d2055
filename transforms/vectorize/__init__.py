"""Parts every vectorizer shares: the SLP vectorizer (``transforms/slp``) and the loop
vectorizer (``transforms/loop``) both stand on this package, and it imports neither.

- ``address``: addresses as linear forms (consecutive accesses, alias checks);
- ``costs``: the per-target cost tables; ``estimate``: costing scalar code replaced by
  vector code (what dies, what needs an extract);
- ``emit``: the IR emitter (splats, gathers, vector loads, shuffles, operations with the
  flags every lane agrees on);
- ``native_runs``: native runs of a function and its vectorized form on random memory;
- ``verify``: the ``--verify`` loop (every changed function checked against its input,
  and run natively next to it);
- ``clang``: clang-22 for C kernels (finding, installing, compiling).
"""
