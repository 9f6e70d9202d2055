"""The IR model: types, values, instructions, blocks, functions and modules."""

from .function import Block, Declaration, Function, Module
from .types import (
    DOUBLE,
    FLOAT,
    HALF,
    I1,
    I8,
    I32,
    I64,
    PTR,
    VOID,
    FloatType,
    IntType,
    PtrType,
    ScalarType,
    Type,
    VectorType,
    VoidType,
)
from .values import *  # noqa: F403

__all__ = [
    "Block", "Declaration", "Function", "Module", "DOUBLE", "FLOAT", "HALF", "I1", "I8",
    "I32", "I64", "PTR", "VOID", "FloatType", "IntType", "PtrType", "ScalarType", "Type",
    "VectorType", "VoidType",
]
