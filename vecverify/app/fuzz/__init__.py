"""Fuzz campaigns: Hypothesis-generated kernels through every registered transform,
proved with the checker and run natively; failures shrunk and saved in the corpus."""

from __future__ import annotations

from .campaign import CampaignOptions, CampaignResult, TransformStats, run_campaign
from .corpus import Finding

__all__ = [
    "CampaignOptions", "CampaignResult", "Finding", "TransformStats", "run_campaign",
]
