"""Hypothesis strategies that generate programs for the transforms, and their properties."""
