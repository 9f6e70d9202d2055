"""vecverify: verification and equivalence checking for SIMD vectorization transforms."""

__version__ = "0.1.0"
