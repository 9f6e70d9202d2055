"""The vectorizing transforms, each with its rewrite rules and their proof obligations."""

from .base import Obligation, Param, Rule, Transform, TransformOptions, TypeInfo
from .registry import all_transforms, get, register

__all__ = [
    "Obligation", "Param", "Rule", "Transform", "TransformOptions", "TypeInfo",
    "all_transforms", "get", "register",
]
