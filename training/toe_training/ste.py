"""Straight-through hard top-k (paper Eq. 1): forward the hard mask, backward softmax(s/tau)."""

from __future__ import annotations

import torch

# Invalid slots get this score inside training so that a stay with no valid unit gives a
# uniform (not NaN) softmax; its mask is 0 there anyway, so no gradient reaches them.
TRAIN_NEG = -1e9


def straight_through_topk(
    scores: torch.Tensor, k: int, valid: torch.Tensor | None = None, tau: float = 1.0
) -> torch.Tensor:
    """scores [B,N] -> mask [B,N] whose value is exactly the hard top-k mask (restricted to
    valid units) and whose gradient is that of softmax(scores / tau).

    ``hard + (soft - soft.detach())`` rather than ``hard - sg(soft) + soft``: the same
    gradient, but the added term is exactly zero, so the forward value stays exactly 0/1.
    """
    masked = scores if valid is None else scores.masked_fill(valid <= 0, TRAIN_NEG)
    k_eff = min(k, scores.shape[1])
    idx = masked.topk(k_eff, dim=1).indices
    hard = torch.zeros_like(scores).scatter(1, idx, 1.0)
    if valid is not None:
        hard = hard * (valid > 0).to(scores.dtype)
    soft = torch.softmax(masked / tau, dim=1)
    return hard.detach() + (soft - soft.detach())
