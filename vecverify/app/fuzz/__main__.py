"""``python -m vecverify.app.fuzz fuzz ...`` / ``python -m vecverify.app.fuzz mutants``."""

from .command import main

raise SystemExit(main())
