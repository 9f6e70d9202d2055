"""run a short campaign against each deliberately wrong transform variant

``vecverify mutants``: see ``vecverify/app/fuzz/command.py``.
"""

from ..fuzz.command import add_mutants_command as add_command

__all__ = ["add_command"]
