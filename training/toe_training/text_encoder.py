"""The frozen text encoder shipped with every bundle: a seeded random projection.

embedding = mean over valid ids of W[id]   (W: [BUCKETS + 1, EMBED_DIM])

W is drawn once from a fixed seed (standard normal, row 0 = padding = zeros), rounded to
float16 (halves the bundle; rows are cast to float32 exactly before averaging, in PyTorch
and in ONNX alike) and never trained. Why a random projection rather than an encoder pretrained on the cohort:

* It is data independent: the same encoder for every cohort and bundle, so chunk
  embeddings cached in the store (chunk_embeddings.encoder_id) stay valid, and no
  information from validation or test text leaks into it.
* A mean of random Gaussian rows is a Johnson-Lindenstrauss projection of the normalised
  bag of hashed n-grams: linear read-outs of n-gram presence survive, which is what the
  learned projection phi of the note stream needs.
* It is reproducible from the seed alone and exports to three ONNX ops.

A hospital that wants semantic embeddings plugs in its own ONNX encoder, e.g. a clinical
BERT (docs/model-bundle.md, "Plugging in an ONNX text encoder"; onnx_encoder.py), and
trains a bundle on it.
"""

from __future__ import annotations

import numpy as np
import torch
from torch import nn

from . import tokenizer

EMBED_DIM = 128
ENCODER_SEED = 20240611
ENCODER_ID = f"{tokenizer.TOKENIZER_KIND}/random-projection-{tokenizer.BUCKETS}x{EMBED_DIM}-seed{ENCODER_SEED}"


def projection_table(
    buckets: int = tokenizer.BUCKETS, dim: int = EMBED_DIM, seed: int = ENCODER_SEED
) -> np.ndarray:
    """The fixed float16 table: row 0 (padding) is zero, rows 1..buckets standard normal."""
    rng = np.random.Generator(np.random.PCG64(seed))
    table = np.zeros((buckets + 1, dim), dtype=np.float32)
    table[1:] = rng.standard_normal((buckets, dim), dtype=np.float32)
    return table.astype(np.float16)


class TextEncoder(nn.Module):
    """token_ids int64 [B, L], token_mask float32 [B, L] -> embedding float32 [B, E].

    The embedding is the mask-weighted mean of table rows; a text without ids (all mask
    zero) embeds to the zero vector (the count is clamped to 1).
    """

    def __init__(self, table: np.ndarray | None = None) -> None:
        super().__init__()
        weights = torch.from_numpy(projection_table() if table is None else table)
        self.table = nn.Parameter(weights, requires_grad=False)

    def forward(self, token_ids: torch.Tensor, token_mask: torch.Tensor) -> torch.Tensor:
        rows = self.table[token_ids].float()  # [B, L, E]; float16 -> float32 is exact
        summed = (rows * token_mask.unsqueeze(-1)).sum(dim=1)
        count = token_mask.sum(dim=1, keepdim=True).clamp(min=1.0)
        return summed / count


@torch.no_grad()
def embed_texts(encoder: TextEncoder, texts: list[str], batch: int = 512) -> np.ndarray:
    """Embeds texts with the frozen encoder (float32 [N, E])."""
    out = np.zeros((len(texts), EMBED_DIM), dtype=np.float32)
    for start in range(0, len(texts), batch):
        enc = tokenizer.encode_batch(texts[start : start + batch])
        emb = encoder(torch.from_numpy(enc.ids), torch.from_numpy(enc.mask))
        out[start : start + batch] = emb.numpy()
    return out
