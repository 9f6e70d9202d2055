"""The built-in rewrite-rule transforms, one module per family, each with its
``TRANSFORM`` (the registry finds them: see ``transforms/registry.py``)."""
