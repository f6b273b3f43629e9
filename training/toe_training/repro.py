"""Seeding and determinism: the same seed, data and thread count give the same bundle."""

from __future__ import annotations

import os
import random

import numpy as np
import torch


def make_deterministic(seed: int, threads: int) -> np.random.Generator:
    """Seeds python, numpy and torch, pins the thread count, forbids nondeterministic ops.

    Returns the numpy generator every shuffle and k-draw must use (never the global one).
    """
    os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)
    return np.random.Generator(np.random.PCG64(seed))
