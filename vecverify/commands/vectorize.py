"""SLP/SLP-M-vectorize every function of a file

``vecverify vectorize IN.ll [-o OUT.ll] [--verify]``: see ``transforms/slp/command.py``.
"""

from transforms.slp.command import add_vectorize_command as add_command

__all__ = ["add_command"]
