"""manifest.json: everything the TypeScript runtime needs to rebuild inputs and run the
bundle, and everything an auditor needs to know where it came from (docs/model-bundle.md)."""

from __future__ import annotations

import hashlib
import json
import platform
from pathlib import Path

import numpy as np
import onnx
import torch

from . import tokenizer
from .export import OnnxFile, Port
from .features import CXR_STATES, MAX_CHUNKS, FeatureSpec
from .models import POOL_EPS, Sizes
from .onnx_encoder import OnnxEncoder
from .signature import SIGNATURE, check_signature, write_signature
from .store import CohortSchema
from .text_encoder import EMBED_DIM, ENCODER_ID, ENCODER_SEED

MANIFEST = "manifest.json"


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def file_entries(bundle: Path) -> list[dict[str, object]]:
    """Every file of the bundle except the manifest itself and its signature, sorted by name."""
    return [
        {"path": p.name, "bytes": p.stat().st_size, "sha256": sha256_file(p)}
        for p in sorted(bundle.iterdir())
        if p.is_file() and p.name not in (MANIFEST, SIGNATURE)
    ]


def _port(p: Port) -> dict[str, object]:
    return {"name": p.name, "dtype": p.dtype, "shape": list(p.shape)}


def feature_section(schema: CohortSchema, spec: FeatureSpec) -> dict[str, object]:
    v = spec.n_vars
    return {
        "hours": spec.hours,
        "T": spec.hours,
        "variables": schema.variables,
        "statistics": ["mean", "min", "max"],
        "D": spec.d_ts,
        "layout": "per hour t: column 3*v+s = statistic s (0 mean, 1 min, 2 max) of variable v, standardised; "
                  f"column {3 * v}+v = missingness flag of variable v (1 = nothing charted)",
        "standardisation": {
            "computedOn": "train split, over values that are finite and whose missing flag is 0; population sd; sd 1 if constant or empty",
            "formula": "Math.fround((x - mean[c]) / sd[c]) computed in float64; 0 if the variable's missing flag is 1 or x is not finite",
            "mean": spec.series.mean.tolist(),
            "sd": spec.series.sd.tolist(),
        },
        "missingValueAfterStandardising": 0,
        "missingnessIndicator": "copied from the stored missing byte (0/1), not standardised",
        "forwardFill": False,
        "maskApplication": "the TS stream multiplies the whole hour vector (values and flags) by m_ts[t]",
    }


def static_section(spec: FeatureSpec) -> dict[str, object]:
    """context.static: the static inputs the model reads, in slot order, with the numeric
    ones' training-split mean and sd."""
    inputs: list[dict[str, object]] = []
    numeric = 0
    for x in spec.static_inputs:
        if x.kind == "numeric":
            inputs.append({"name": x.name, "kind": "numeric", "unit": x.unit,
                           "mean": float(spec.static.mean[numeric]), "sd": float(spec.static.sd[numeric])})
            numeric += 1
        else:
            inputs.append({"name": x.name, "kind": "categorical", "categories": list(x.categories)})
    return {
        "inputs": inputs,
        "Ds": spec.d_static,
        "standardisation": {
            "computedOn": "train split, stays with a recorded finite value; population sd; sd 1 if constant or empty",
        },
        "encoding": "float32[Ds], inputs in this order, each taking the next slots. numeric: 2 slots, "
                    "[Math.fround((x - mean) / sd) in float64 when the stay has a finite value_num, else 0; "
                    "1 if not recorded (no row, or no finite value_num), else 0]. categorical with K categories: "
                    "K+1 slots, slot k = 1 when value_text equals categories[k] exactly, slot K = 1 when not "
                    "recorded (no row, no value_text) or not one of the categories; all others 0. An input the "
                    "cohort does not declare is not recorded for every stay",
    }


def context_section(schema: CohortSchema, spec: FeatureSpec) -> dict[str, object]:
    """cxr and ecg; static only when the model reads static inputs."""
    static = {"static": static_section(spec)} if spec.static_inputs else {}
    return {
        "cxr": {
            "labels": schema.cxr_labels,
            "states": list(CXR_STATES),
            "storedCodes": {"notMentioned": 0, "positive": 1, "negative": 2, "uncertain": 3},
            "Dc": spec.d_cxr,
            "encoding": "float32[4*L+1]: with a study (has_cxr = 1), index 4*l + code[l] = 1 for every label l; "
                        "index 4*L = has_cxr; without a study all zeros",
        },
        "ecg": {
            "fields": schema.ecg_fields,
            "De": spec.d_ecg,
            "standardisation": {
                "computedOn": "train split, stays with has_ecg = 1, finite values; population sd; sd 1 if constant or empty",
                "mean": spec.ecg.mean.tolist(),
                "sd": spec.ecg.sd.tolist(),
            },
            "encoding": "float32[2*F+1]: index f = Math.fround((x_f - mean[f]) / sd[f]) in float64 when has_ecg = 1 and x_f is "
                        "finite, else 0; index F+f = 1 if that value was not used (absent, NaN or has_ecg = 0), else 0; "
                        "index 2*F = has_ecg",
        },
        **static,
    }


def units_section(schema: CohortSchema, spec: FeatureSpec, ts_only: bool = False) -> dict[str, object]:
    """A TS-only bundle has no note units: its "notes" block is left out."""
    time_series = {"count": spec.hours, "unit": "hourly window W_t, t = 0..T-1 from t0"}
    if ts_only:
        return {"timeSeries": time_series}
    return {
        "timeSeries": time_series,
        "notes": {
            "Mmax": MAX_CHUNKS,
            "sentencesPerChunk": schema.note_rule.get("sentencesPerChunk", 3),
            "cohortMaxChunks": schema.note_rule.get("maxChunks", MAX_CHUNKS),
            "rule": "the store's note_chunks of the stay in position order; keep the last Mmax (most recent); "
                    "slot j = j-th kept chunk, presence a_j = 1; remaining slots: zero embedding, presence 0",
        },
    }


def text_encoder_section() -> dict[str, object]:
    return {
        "id": ENCODER_ID,
        "kind": "toe-random-projection",
        "file": "text_encoder.onnx",
        "embeddingDim": EMBED_DIM,
        "frozen": True,
        "weights": f"fixed seeded random projection (numpy PCG64 seed {ENCODER_SEED}, standard normal rows, row 0 = 0), "
                   "stored as float16 and cast to float32 before averaging; never trained",
        "formula": "embedding = Σ_i mask_i * W[id_i] / max(Σ_i mask_i, 1)",
        "tokenizer": tokenizer.spec(),
        "inputs": "token_ids int64 [B, maxIds] and token_mask float32 [B, maxIds] from the tokenizer",
    }


def onnx_text_encoder_section(enc: OnnxEncoder) -> dict[str, object]:
    """A plugged-in ONNX encoder: its files are copied into the bundle unchanged (frozen)."""
    return {
        "id": enc.id,
        "kind": "onnx-transformer",
        "file": "text_encoder.onnx",
        "embeddingDim": enc.embedding_dim,
        "frozen": True,
        "description": enc.description,
        "output": {"name": enc.output_name, "pooling": enc.pooling},
        "pooling": {"cls": "row 0 ([CLS]) of the output [B, L, E]",
                    "mean": "mean of the output [B, L, E] over positions with attention_mask 1, summed in float64",
                    "none": "the output is [B, E] already"}[enc.pooling],
        "tokenizer": enc.tokenizer.spec.to_json(),
        "inputs": "input_ids, attention_mask" + (", token_type_ids" if enc.type_ids else "")
                  + " int64 [B, maxLength] from the tokenizer",
        "source": {
            "declaredId": enc.declared_id,
            "encoderFolder": enc.dir.name,
            "model": {"file": enc.model_file.name, "sha256": sha256_file(enc.model_file)},
            "vocab": {"file": enc.vocab_file.name, "sha256": sha256_file(enc.vocab_file)},
            "embeddings": "computed by scripts/embed-notes.ts (onnxruntime-node) into the store's chunk_embeddings "
                          "under this id; training read them from there",
        },
    }


def model_section(s: Sizes, sigs: dict[str, OnnxFile], tau: float, ks: tuple[int, ...],
                  ts_only: bool = False) -> dict[str, object]:
    if ts_only:
        return ts_only_model_section(s, sigs, tau, ks)
    priors = "cxr, ecg, static" if s.Ds else "cxr, ecg"  # the fixed priors both heads read
    return {
        "sizes": s.as_dict(),
        "fusion": "p = sigmoid(l_ts(m_ts) + l_note(m_note))",
        "notePooling": f"v = Σ_j m_j a_j phi(e_j) / (Σ_j m_j a_j + {POOL_EPS}); empty selection gives v = 0",
        "onnx": {
            name: {"purpose": f.purpose, "inputs": [_port(p) for p in f.inputs], "outputs": [_port(p) for p in f.outputs]}
            for name, f in sigs.items()
        },
        "composition": {
            "ts": "x = ts * ts_mask[..., None]; hf = ts_gru_forward(x, 0); hb = ts_gru_backward(x, 0); "
                  f"l_ts = ts_head(hf[:, T-1], hb[:, 0], {priors}). Sub-sequences chain: forward h0 = state at the "
                  "step before, backward h0 = state at the step after",
            "note": "pooled = Σ_j note_mask_j presence_j projected_j / (Σ_j note_mask_j presence_j + 1e-6) with "
                    f"projected = note_projection(chunk_embeddings); l_note = note_head(pooled, {priors})",
            "doc": "docs/model-bundle.md, 'Composing the parts'",
        },
        "opset": 17,
        "selectors": {
            "ts": "MLP on the standardised (unmasked) hour vector x_t",
            "note": "MLP on the chunk embedding e_j; absent slots score -Infinity",
            "training": {"tauSte": tau, "kPerBatch": list(ks), "objective": "class-balanced BCE of the frozen stream's logit on the hard top-k selection"},
        },
    }


def ts_only_model_section(s: Sizes, sigs: dict[str, OnnxFile], tau: float, ks: tuple[int, ...]) -> dict[str, object]:
    """A bundle without a note stream: hourly windows are its only units (sizes M = E = P = 0)."""
    both = model_section(s, sigs, tau, ks)
    composition = both["composition"]
    selectors = both["selectors"]
    assert isinstance(composition, dict) and isinstance(selectors, dict)
    return {
        "sizes": s.as_dict(),
        "fusion": "p = sigmoid(l_ts(m_ts)): TS-only bundle, hourly windows only (no note stream)",
        "onnx": both["onnx"],
        "composition": {"ts": composition["ts"], "doc": composition["doc"]},
        "opset": 17,
        "selectors": {"ts": selectors["ts"], "training": selectors["training"]},
    }


def producer() -> dict[str, str]:
    return {
        "python": platform.python_version(),
        "torch": torch.__version__,
        "onnx": onnx.__version__,
        "numpy": np.__version__,
        "platform": platform.platform(),
    }


def write_manifest(bundle: Path, manifest: dict[str, object]) -> None:
    """Writes manifest.json, then signs it (manifest.signature.json, signature.py)."""
    manifest["files"] = file_entries(bundle)
    (bundle / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    write_signature(bundle)


def check_manifest(bundle: Path) -> list[str]:
    """Problems found re-hashing the files the manifest lists and checking the manifest's
    signature (empty = all good)."""
    manifest = json.loads((bundle / MANIFEST).read_text(encoding="utf-8"))
    problems = check_signature(bundle)
    listed = {e["path"] for e in manifest["files"]}
    for entry in manifest["files"]:
        path = bundle / entry["path"]
        if not path.is_file():
            problems.append(f"missing {entry['path']}")
        elif sha256_file(path) != entry["sha256"]:
            problems.append(f"hash mismatch {entry['path']}")
    for p in bundle.iterdir():
        if p.name not in (MANIFEST, SIGNATURE) and p.name not in listed:
            problems.append(f"unlisted {p.name}")
    return problems
