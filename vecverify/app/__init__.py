"""The application floor: the command line and everything a user starts from it.

``launch`` (the executable, which hands work to a warm ``server``), ``cli`` (the
dispatcher), ``commands/`` (one module per command), the fuzz campaigns (``fuzz/``),
``opttv/`` (checking what a real ``opt`` does), ``conformance`` (Alive2's test suite) and
the argument types (``options``). This is the only floor that imports the transforms and
the properties; the core below (``vecverify.ir``, ``llvm``, ``semantics``, ``execute``,
``refine``, ``checker``, ``compare``, ...) never imports it (tests/test_layers.py).
"""
