"""generate programs, transform, prove and run them natively; save every failure

``vecverify fuzz``: see ``vecverify/app/fuzz/command.py``.
"""

from ..fuzz.command import add_fuzz_command as add_command

__all__ = ["add_command"]
