"""PyTorch-vs-ONNX parity: Python writes parity.json (inputs + PyTorch outputs, for the
monolithic models and for the composed parts), then scripts/verify-bundle-parity.ts runs
the ONNX files with onnxruntime-node and compares. Any difference above TOLERANCE fails
the pipeline.

parity.json conventions: tensors are flat row-major lists of float32 values written in
their shortest round-trip decimal form; ``null`` in a score list means -Infinity.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import torch

from . import tokenizer
from .features import Tensors
from .models import GruDirection, NoteHead, NoteProjection, NoteSelector, NoteStream, Sizes, TsHead, TsSelector, TsStream, pool
from .onnx_encoder import OnnxEncoder
from .text_encoder import TextEncoder

TOLERANCE = 1e-5
PARITY_FORMAT = 1
REPO = Path(__file__).resolve().parents[2]

# Extra texts for the encoder check: unicode the tokenizer must agree on.
EXTRA_TEXTS = [
    "", "   ", "Café naïve ﬁbrosis; Straße İstanbul ΟΔΥΣΣΕΥΣ", "ＣＴ　１２３ mm 日本語の報告 😀 ok",
]


def f32(a: np.ndarray) -> list[float | None]:
    """Flat list of float32 values, shortest round-trip decimals, None for -inf."""
    out: list[float | None] = []
    for x in np.asarray(a, dtype=np.float32).ravel():
        if np.isneginf(x):
            out.append(None)
        elif not np.isfinite(x):
            raise ValueError(f"non-finite value {x} in parity data")
        else:
            out.append(float(str(x)))
    return out


def random_masks(rng: np.random.Generator, n: int, units: int, presence: np.ndarray | None = None) -> np.ndarray:
    """Row i: all units (i%4==0), none (i%4==1), else a random subset of random density."""
    masks = np.zeros((n, units), np.float32)
    for i in range(n):
        if i % 4 == 0:
            masks[i] = 1.0 if presence is None else presence[i]
        elif i % 4 != 1:
            masks[i] = (rng.random(units) < rng.uniform(0.1, 0.9)).astype(np.float32)
    return masks


@torch.no_grad()
def builtin_text_check(encoder: TextEncoder, chunk_texts: list[str]) -> dict[str, object]:
    """The built-in encoder: tokenizer ids, mask and PyTorch embeddings of chunk texts and
    unicode samples, for the TypeScript tokenizer and text_encoder.onnx."""
    encoder.eval()
    texts = chunk_texts + EXTRA_TEXTS
    enc = tokenizer.encode_batch(texts)
    embedding = encoder(torch.from_numpy(enc.ids), torch.from_numpy(enc.mask))
    return {
        "maxIds": tokenizer.MAX_IDS,
        "textEncoder": {
            "texts": texts,
            "tokenIds": enc.ids.tolist(),
            "tokenMask": f32(enc.mask),
            "embedding": f32(embedding.numpy()),
        },
    }


def onnx_text_check(enc: OnnxEncoder, chunk_texts: list[str], vectors: np.ndarray) -> dict[str, object]:
    """A plugged-in ONNX encoder: the Python WordPiece ids of chunk texts and unicode samples
    (the TypeScript twin must agree), and the vectors training used for the chunk texts (the
    store's, from onnxruntime-node) that text_encoder.onnx must reproduce in the bundle."""
    texts = chunk_texts + EXTRA_TEXTS
    return {
        "textEncoder": {
            "kind": "wordpiece",
            "texts": texts,
            "tokenIds": [enc.tokenizer.ids(t) for t in texts],
            "embeddedTexts": len(chunk_texts),
            "embedding": f32(vectors[: len(chunk_texts)]),
            "embeddingSource": "the store's chunk_embeddings (scripts/embed-notes.ts), as training read them",
        },
    }


def static_rows(d: Tensors, s: Sizes, n: int) -> torch.Tensor | None:
    """The first n stays' static vectors, None in a bundle without static inputs."""
    return torch.from_numpy(np.ascontiguousarray(d.static[:n])) if s.Ds else None


def static_json(static: torch.Tensor | None) -> dict[str, object]:
    """parity.json's inputs.static, present only with static inputs."""
    return {} if static is None else {"static": f32(static.numpy())}


@torch.no_grad()
def build_ts_only(d: Tensors, s: Sizes, ts: TsStream, ts_sel: TsSelector, rng: np.random.Generator,
                  cases: int = 24) -> dict[str, object]:
    """build() for a TS-only bundle ("streams": ["ts"]): no text encoder or note inputs, and
    the fused logit is l_ts itself."""
    for m in (ts, ts_sel):
        m.eval()
    n = min(cases, len(d))
    x = {k: torch.from_numpy(np.ascontiguousarray(v[:n])) for k, v in (("ts", d.ts), ("cxr", d.cxr), ("ecg", d.ecg))}
    ts_mask = torch.from_numpy(random_masks(rng, n, s.T))
    static = static_rows(d, s, n)
    l_ts = ts(x["ts"], ts_mask, x["cxr"], x["ecg"], static)
    split = int(rng.integers(1, s.T))
    h_f, h_b, composed_ts = _composed_ts(ts, s, x["ts"] * ts_mask.unsqueeze(-1), x["cxr"], x["ecg"], split, static)
    return {
        "format": PARITY_FORMAT,
        "tolerance": TOLERANCE,
        "note": "flat row-major float32 lists; null in a score list = -Infinity",
        "streams": ["ts"],
        "sizes": s.as_dict(),
        "batch": n,
        "stayKeys": d.keys[:n],
        "gruSplit": split,
        "inputs": {"ts": f32(x["ts"].numpy()), "tsMask": f32(ts_mask.numpy()), "cxr": f32(x["cxr"].numpy()),
                   "ecg": f32(x["ecg"].numpy()), **static_json(static)},
        "outputs": {"tsLogit": f32(l_ts.numpy()), "fusedLogit": f32(l_ts.numpy()),
                    "probability": f32(torch.sigmoid(l_ts).numpy()), "tsSelectorScores": f32(ts_sel(x["ts"]).numpy())},
        "composed": {"hForward": f32(h_f.numpy()), "hBackward": f32(h_b.numpy()), "tsLogit": f32(composed_ts.numpy())},
    }


def _composed_ts(ts: TsStream, s: Sizes, masked: torch.Tensor, cxr: torch.Tensor, ecg: torch.Tensor,
                 split: int, static: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The TS stream from its parts, the sequence cut at `split` to exercise h0 hand-over."""
    n = masked.shape[0]
    fwd, bwd = GruDirection(ts.gru, backward=False), GruDirection(ts.gru, backward=True)
    zeros = torch.zeros(n, s.H)
    h_f_early = fwd(masked[:, :split], zeros)
    h_f = torch.cat([h_f_early, fwd(masked[:, split:], h_f_early[:, -1])], dim=1)
    h_b_late = bwd(masked[:, split:], zeros)
    h_b = torch.cat([bwd(masked[:, :split], h_b_late[:, 0]), h_b_late], dim=1)
    return h_f, h_b, TsHead(ts)(h_f[:, -1], h_b[:, 0], cxr, ecg, static)


@torch.no_grad()
def build(d: Tensors, s: Sizes, ts: TsStream, note: NoteStream, ts_sel: TsSelector, note_sel: NoteSelector,
          text_check: dict[str, object], rng: np.random.Generator, cases: int = 24) -> dict[str, object]:
    """Inputs and PyTorch outputs for the first `cases` stays of d under random masks, with
    the text encoder's check (builtin_text_check or onnx_text_check)."""
    for m in (ts, note, ts_sel, note_sel):
        m.eval()
    n = min(cases, len(d))
    x = {k: torch.from_numpy(np.ascontiguousarray(v[:n])) for k, v in
         (("ts", d.ts), ("cxr", d.cxr), ("ecg", d.ecg), ("emb", d.emb), ("presence", d.presence))}
    ts_mask = torch.from_numpy(random_masks(rng, n, s.T))
    note_mask = torch.from_numpy(random_masks(rng, n, s.M, d.presence[:n]))
    static = static_rows(d, s, n)
    l_ts = ts(x["ts"], ts_mask, x["cxr"], x["ecg"], static)
    l_note = note(x["emb"], x["presence"], note_mask, x["cxr"], x["ecg"], static)
    fused = l_ts + l_note

    split = int(rng.integers(1, s.T))
    h_f, h_b, composed_ts = _composed_ts(ts, s, x["ts"] * ts_mask.unsqueeze(-1), x["cxr"], x["ecg"], split, static)
    projected = NoteProjection(note)(x["emb"])
    pooled = pool(projected, x["presence"], note_mask)
    composed_note = NoteHead(note)(pooled, x["cxr"], x["ecg"], static)

    return {
        "format": PARITY_FORMAT,
        "tolerance": TOLERANCE,
        "note": "flat row-major float32 lists; null in a score list = -Infinity",
        "sizes": s.as_dict(),
        **text_check,
        "batch": n,
        "stayKeys": d.keys[:n],
        "gruSplit": split,
        "inputs": {
            "ts": f32(x["ts"].numpy()), "tsMask": f32(ts_mask.numpy()), "cxr": f32(x["cxr"].numpy()),
            "ecg": f32(x["ecg"].numpy()), "chunkEmbeddings": f32(x["emb"].numpy()),
            "presence": f32(x["presence"].numpy()), "noteMask": f32(note_mask.numpy()), **static_json(static),
        },
        "outputs": {
            "tsLogit": f32(l_ts.numpy()), "noteLogit": f32(l_note.numpy()), "fusedLogit": f32(fused.numpy()),
            "probability": f32(torch.sigmoid(fused).numpy()),
            "tsSelectorScores": f32(ts_sel(x["ts"]).numpy()),
            "noteSelectorScores": f32(note_sel(x["emb"], x["presence"]).numpy()),
        },
        "composed": {
            "hForward": f32(h_f.numpy()), "hBackward": f32(h_b.numpy()),
            "pooled": f32(pooled.numpy()), "tsLogit": f32(composed_ts.numpy()), "noteLogit": f32(composed_note.numpy()),
        },
    }


def write(path: Path, data: dict[str, object]) -> None:
    path.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")


def verify_with_node(bundle: Path, parity_json: Path) -> dict[str, object]:
    """Runs scripts/verify-bundle-parity.ts; raises (fails the pipeline) unless it passes."""
    node = os.environ.get("TOE_NODE", "node")
    cmd = [node, "--import", "tsx", "scripts/verify-bundle-parity.ts", str(bundle), str(parity_json)]
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
    if proc.stderr.strip():
        print(proc.stderr.rstrip())
    if proc.returncode != 0:
        print(proc.stdout)
        raise SystemExit(f"ONNX parity FAILED (exit {proc.returncode}): {' '.join(cmd)}")
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    if not report.get("ok"):
        raise SystemExit(f"ONNX parity FAILED: {report}")
    return report
