"""``python -m vecverify.fuzz fuzz ...`` / ``python -m vecverify.fuzz mutants``."""

from .command import main

raise SystemExit(main())
