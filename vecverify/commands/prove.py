"""prove the transforms' rewrite rules at every type they claim

``vecverify prove [NAME...]``: see ``transforms/prove.py``.
"""

from transforms.prove import add_prove_command as add_command

__all__ = ["add_command"]
