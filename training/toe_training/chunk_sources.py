"""The sources of chunk embeddings (features.ChunkVectors): the built-in hashed n-gram
encoder, run here in PyTorch, and an ONNX encoder's vectors, read from the store where
the embed step (scripts/embed-notes.ts) wrote them; and none, for a TS-only bundle."""

from __future__ import annotations

import numpy as np

from .features import note_slots, slot_indices
from .onnx_encoder import OnnxEncoder, read_chunk_embeddings
from .store import RawStay
from .text_encoder import EMBED_DIM, TextEncoder, embed_texts


class BuiltInChunks:
    """Runs the frozen random-projection encoder over every kept chunk, in one flat list
    (batches of embed_texts), exactly as bundles trained before ONNX encoders existed."""

    def __init__(self, encoder: TextEncoder) -> None:
        self.encoder = encoder
        self.dim = EMBED_DIM

    def vectors(self, stays: list[RawStay]) -> np.ndarray:
        flat = [c for st in stays for c in note_slots(st)]
        return embed_texts(self.encoder, flat) if flat else np.zeros((0, self.dim), np.float32)


class StoredChunks:
    """The vectors an ONNX encoder left in chunk_embeddings under its id."""

    def __init__(self, db: str, encoder: OnnxEncoder) -> None:
        self.db = db
        self.encoder = encoder
        self.dim = encoder.embedding_dim

    def vectors(self, stays: list[RawStay]) -> np.ndarray:
        if not stays:
            return np.zeros((0, self.dim), np.float32)
        return read_chunk_embeddings(self.db, self.encoder, stays, [slot_indices(st) for st in stays])


class NoChunks:
    """A TS-only bundle's source: no text encoder runs, every kept chunk gets a zero-width
    vector (the shapes stay those of build_tensors; no model reads them)."""

    dim = 0

    def vectors(self, stays: list[RawStay]) -> np.ndarray:
        return np.zeros((sum(len(note_slots(st)) for st in stays), 0), np.float32)
