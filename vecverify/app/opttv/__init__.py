"""``vecverify opt-tv``: a real ``opt`` run over LLVM test files, every function it
changed checked before against after (like ``alive-tv`` with ``-passes``)."""
