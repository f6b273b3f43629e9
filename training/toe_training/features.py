"""Turns stored stays into model inputs, exactly as docs/model-bundle.md specifies.

Every standardisation is computed in float64 from the stored float32 value and the
float64 mean/sd written to the manifest, then rounded once to float32. JavaScript does the
same with ``Math.fround((x - mean) / sd)``, so the TypeScript runtime reproduces the inputs
bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from .store import CohortSchema, RawStay, StaticInputSpec

MAX_CHUNKS = 20
CXR_STATES = ("notMentioned", "positive", "negative", "uncertain")  # index = stored code
MIN_SD = 1e-6


@dataclass(frozen=True)
class Standardiser:
    """Training-split mean/sd per feature column; sd 1 when a column is constant or empty."""

    mean: np.ndarray  # float64
    sd: np.ndarray  # float64

    @staticmethod
    def fit(values: np.ndarray, valid: np.ndarray) -> "Standardiser":
        """values, valid: [N, C]; statistics per column over the valid entries."""
        count = valid.sum(axis=0)
        safe = np.where(valid, values.astype(np.float64), 0.0)
        mean = np.where(count > 0, safe.sum(axis=0) / np.maximum(count, 1), 0.0)
        var = np.where(valid, (values.astype(np.float64) - mean) ** 2, 0.0).sum(axis=0) / np.maximum(count, 1)
        sd = np.sqrt(var)
        sd = np.where((count > 0) & (sd >= MIN_SD), sd, 1.0)
        return Standardiser(mean=mean, sd=sd)

    def apply(self, values: np.ndarray, valid: np.ndarray) -> np.ndarray:
        """Standardised float32, 0 where not valid."""
        with np.errstate(invalid="ignore"):
            z = (values.astype(np.float64) - self.mean) / self.sd
        return np.where(valid, z, 0.0).astype(np.float32)


@dataclass(frozen=True)
class FeatureSpec:
    """What the bundle needs to rebuild inputs: schema sizes and standardisers."""

    hours: int
    n_vars: int
    n_cxr: int
    n_ecg: int
    series: Standardiser  # over the 3V value columns, column = 3*v + s
    ecg: Standardiser
    # Static inputs the model reads (declaration order; empty: none, or --no-static) and the
    # standardiser of their numeric ones (one column per numeric input, in that order).
    static_inputs: tuple[StaticInputSpec, ...] = ()
    static: Standardiser = field(default_factory=lambda: Standardiser(np.zeros(0), np.ones(0)))

    @property
    def d_ts(self) -> int:
        return 4 * self.n_vars

    @property
    def d_cxr(self) -> int:
        return 4 * self.n_cxr + 1

    @property
    def d_ecg(self) -> int:
        return 2 * self.n_ecg + 1

    @property
    def d_static(self) -> int:
        """Ds: numeric input = value + missing flag; categorical = one slot per category + "not recorded"."""
        return sum(2 if x.kind == "numeric" else len(x.categories) + 1 for x in self.static_inputs)


def _series_columns(stay: RawStay) -> tuple[np.ndarray, np.ndarray]:
    """[T, 3V] values and their validity (finite and the variable's missing flag is 0)."""
    t, v, _ = stay.series.shape
    values = stay.series.reshape(t, 3 * v)
    flags = np.repeat(stay.missing, 3, axis=1)  # column 3*v+s takes variable v's flag
    return values, np.isfinite(values) & (flags == 0)


def _ecg_columns(stay: RawStay) -> tuple[np.ndarray, np.ndarray]:
    return stay.ecg, np.isfinite(stay.ecg) & stay.has_ecg


def _numeric_static(stay: RawStay, inputs: tuple[StaticInputSpec, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The numeric static inputs' values and validity (recorded as a finite number)."""
    values = [stay.static.get(x.name) for x in inputs if x.kind == "numeric"]
    valid = np.array([isinstance(v, float) and np.isfinite(v) for v in values], dtype=bool)
    return np.array([v if ok else np.nan for v, ok in zip(values, valid)], np.float64), valid


def fit_spec(schema: CohortSchema, train: list[RawStay], use_static: bool = True) -> FeatureSpec:
    """Fits the standardisers on the training split only; use_static False leaves the
    cohort's static inputs out of the model (to measure what they add)."""
    series = [_series_columns(s) for s in train]
    ecg = [_ecg_columns(s) for s in train]
    inputs = tuple(schema.static_inputs) if use_static else ()
    numeric = [_numeric_static(s, inputs) for s in train]
    n_numeric = sum(x.kind == "numeric" for x in inputs)
    return FeatureSpec(
        hours=schema.hours,
        n_vars=len(schema.variables),
        n_cxr=len(schema.cxr_labels),
        n_ecg=len(schema.ecg_fields),
        series=Standardiser.fit(np.concatenate([v for v, _ in series]), np.concatenate([m for _, m in series])),
        ecg=Standardiser.fit(np.stack([v for v, _ in ecg]), np.stack([m for _, m in ecg])),
        static_inputs=inputs,
        static=Standardiser.fit(
            np.stack([v for v, _ in numeric]).reshape(len(train), n_numeric),
            np.stack([m for _, m in numeric]).reshape(len(train), n_numeric),
        ),
    )


def encode_ts(stay: RawStay, spec: FeatureSpec) -> np.ndarray:
    """float32 [T, 4V]: 3V standardised values (column 3*v+s), then V missingness flags."""
    values, valid = _series_columns(stay)
    return np.concatenate([spec.series.apply(values, valid), stay.missing.astype(np.float32)], axis=1)


def encode_cxr(stay: RawStay, spec: FeatureSpec) -> np.ndarray:
    """float32 [4L+1]: one-hot of the stored code per label (zeros without a study), has_cxr."""
    out = np.zeros(spec.d_cxr, dtype=np.float32)
    if stay.has_cxr:
        if stay.cxr.size != spec.n_cxr or stay.cxr.max(initial=0) > 3:
            raise ValueError(f"Stay {stay.stay_key}: bad CXR codes {stay.cxr.tolist()}")
        out[np.arange(spec.n_cxr) * 4 + stay.cxr.astype(np.int64)] = 1.0
        out[-1] = 1.0
    return out


def encode_ecg(stay: RawStay, spec: FeatureSpec) -> np.ndarray:
    """float32 [2F+1]: standardised values (0 where absent), absent flags, has_ecg."""
    values, valid = _ecg_columns(stay)
    return np.concatenate(
        [spec.ecg.apply(values, valid), (~valid).astype(np.float32), np.array([float(stay.has_ecg)], np.float32)]
    )


def encode_static(stay: RawStay, spec: FeatureSpec) -> np.ndarray:
    """float32 [Ds], inputs in declaration order. Numeric: standardised value (0 when not
    recorded), then a flag 1 when not recorded. Categorical with K categories: K+1 slots,
    slot k = 1 for categories[k], slot K = 1 when not recorded or not a declared category."""
    out = np.zeros(spec.d_static, dtype=np.float32)
    values, valid = _numeric_static(stay, spec.static_inputs)
    z = spec.static.apply(values[None, :], valid[None, :])[0]
    at, numeric = 0, 0
    for x in spec.static_inputs:
        if x.kind == "numeric":
            out[at], out[at + 1] = z[numeric], float(not valid[numeric])
            at, numeric = at + 2, numeric + 1
        else:
            value = stay.static.get(x.name)
            k = x.categories.index(value) if isinstance(value, str) and value in x.categories else len(x.categories)
            out[at + k] = 1.0
            at += len(x.categories) + 1
    return out


def note_slots(stay: RawStay, max_chunks: int = MAX_CHUNKS) -> list[str]:
    """The chunks that become note units: the most recent max_chunks, in time order."""
    return stay.chunks[-max_chunks:]


def slot_indices(stay: RawStay, max_chunks: int = MAX_CHUNKS) -> list[int]:
    """Indices into stay.chunks of note_slots(stay), in slot order."""
    return list(range(max(0, len(stay.chunks) - max_chunks), len(stay.chunks)))


class ChunkVectors(Protocol):
    """Where chunk embeddings come from (chunk_sources.py): the built-in encoder run here, or
    the vectors an ONNX encoder left in the store."""

    dim: int

    def vectors(self, stays: list[RawStay]) -> np.ndarray:
        """float32 [total kept chunks, dim]: every stay's note_slots, stay after stay."""
        ...


@dataclass
class Tensors:
    """Model inputs for a list of stays (row i = stay i)."""

    keys: list[str]
    ts: np.ndarray  # float32 [N, T, D]
    cxr: np.ndarray  # float32 [N, Dc]
    ecg: np.ndarray  # float32 [N, De]
    static: np.ndarray  # float32 [N, Ds], Ds = 0 without static inputs
    emb: np.ndarray  # float32 [N, M, E]
    presence: np.ndarray  # float32 [N, M]
    y: np.ndarray  # float32 [N]

    def __len__(self) -> int:
        return len(self.keys)


def build_tensors(stays: list[RawStay], spec: FeatureSpec, chunks: ChunkVectors) -> Tensors:
    """Encodes stays; each kept note chunk gets its frozen encoder's vector once, here."""
    n = len(stays)
    slots = [note_slots(s) for s in stays]
    vectors = chunks.vectors(stays)
    emb = np.zeros((n, MAX_CHUNKS, chunks.dim), np.float32)
    presence = np.zeros((n, MAX_CHUNKS), np.float32)
    at = 0
    for i, chunk_list in enumerate(slots):
        emb[i, : len(chunk_list)] = vectors[at : at + len(chunk_list)]
        presence[i, : len(chunk_list)] = 1.0
        at += len(chunk_list)
    return Tensors(
        keys=[s.stay_key for s in stays],
        ts=np.stack([encode_ts(s, spec) for s in stays]) if n else np.zeros((0, spec.hours, spec.d_ts), np.float32),
        cxr=np.stack([encode_cxr(s, spec) for s in stays]) if n else np.zeros((0, spec.d_cxr), np.float32),
        ecg=np.stack([encode_ecg(s, spec) for s in stays]) if n else np.zeros((0, spec.d_ecg), np.float32),
        static=np.stack([encode_static(s, spec) for s in stays]) if n else np.zeros((0, spec.d_static), np.float32),
        emb=emb,
        presence=presence,
        y=np.array([s.label for s in stays], np.float32),
    )
