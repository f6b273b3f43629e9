"""ONNX export (opset 17, dynamic batch) of every model file of the bundle.

Each entry of ONNX_FILES names the inputs and outputs exactly as the TypeScript runtime
binds them; the manifest copies these signatures.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

import onnx
import torch
from torch import nn

from .models import GruDirection, NoteHead, NoteProjection, NoteSelector, NoteStream, Sizes, TsHead, TsSelector, TsStream
from .text_encoder import TextEncoder

OPSET = 17
# The files of a TS-only bundle (manifest "streams": ["ts"]).
TS_FILES = ("ts_stream.onnx", "ts_selector.onnx", "ts_gru_forward.onnx", "ts_gru_backward.onnx", "ts_head.onnx")


@dataclass(frozen=True)
class Port:
    name: str
    dtype: str  # "float32" | "int64"
    shape: tuple[str | int, ...]  # "B" (dynamic batch) or other symbolic/fixed dims


@dataclass(frozen=True)
class OnnxFile:
    file: str
    purpose: str
    inputs: tuple[Port, ...]
    outputs: tuple[Port, ...]


def signatures(s: Sizes, text_encoder: OnnxFile | None = None) -> dict[str, OnnxFile]:
    """Every file's ports; text_encoder replaces the built-in encoder's row (an ONNX encoder
    plugged in, onnx_encoder.OnnxEncoder.signature)."""
    f = "float32"
    cxr, ecg = Port("cxr", f, ("B", s.Dc)), Port("ecg", f, ("B", s.De))
    # The fixed priors every head reads; static only in a bundle with static inputs.
    ctx = (cxr, ecg, Port("static", f, ("B", s.Ds))) if s.Ds else (cxr, ecg)
    emb = Port("chunk_embeddings", f, ("B", s.M, s.E))
    presence = Port("presence", f, ("B", s.M))
    logit = (Port("logit", f, ("B",)),)
    files = [
        text_encoder or OnnxFile("text_encoder.onnx", "frozen text encoder: one embedding per note chunk",
                                 (Port("token_ids", "int64", ("B", "L")), Port("token_mask", f, ("B", "L"))),
                                 (Port("embedding", f, ("B", s.E)),)),
        OnnxFile("ts_stream.onnx", "TS stream logit l_ts(m_ts)",
                 (Port("ts", f, ("B", s.T, s.D)), Port("ts_mask", f, ("B", s.T)), *ctx), logit),
        OnnxFile("note_stream.onnx", "note stream logit l_note(m_note)",
                 (emb, presence, Port("note_mask", f, ("B", s.M)), *ctx), logit),
        OnnxFile("ts_selector.onnx", "TS selector: one score per hour", (Port("ts", f, ("B", s.T, s.D)),), (Port("scores", f, ("B", s.T)),)),
        OnnxFile("note_selector.onnx", "note selector: one score per chunk slot, -Infinity where absent",
                 (emb, presence), (Port("scores", f, ("B", s.M)),)),
        OnnxFile("ts_gru_forward.onnx", "forward GRU direction over a masked sub-sequence",
                 (Port("x", f, ("B", "L", s.D)), Port("h0", f, ("B", s.H))), (Port("hidden", f, ("B", "L", s.H)),)),
        OnnxFile("ts_gru_backward.onnx", "backward GRU direction over a masked sub-sequence (outputs in time order)",
                 (Port("x", f, ("B", "L", s.D)), Port("h0", f, ("B", s.H))), (Port("hidden", f, ("B", "L", s.H)),)),
        OnnxFile("ts_head.onnx", "TS stream head: context projections and classifier",
                 (Port("h_forward_last", f, ("B", s.H)), Port("h_backward_last", f, ("B", s.H)), *ctx), logit),
        OnnxFile("note_projection.onnx", "note projection phi(e)", (emb,), (Port("projected", f, ("B", s.M, s.P)),)),
        OnnxFile("note_head.onnx", "note stream head: context projections and classifier",
                 (Port("pooled", f, ("B", s.P)), *ctx), logit),
    ]
    return {x.file: x for x in files}


def _example(port: Port) -> torch.Tensor:
    """A small example input for tracing (batch 2, length 5)."""
    dims = [2 if d == "B" else 5 if d == "L" else int(d) for d in port.shape]
    if port.dtype == "int64":
        return torch.ones(dims, dtype=torch.int64)
    return torch.rand(dims) + 0.1


def export_all(out: Path, s: Sizes, ts: TsStream, note: NoteStream | None, ts_sel: TsSelector,
               note_sel: NoteSelector | None, encoder: TextEncoder | None,
               text_encoder: OnnxFile | None = None) -> dict[str, OnnxFile]:
    """Writes every ONNX file into out/ and checks each with the ONNX checker. Without a
    built-in encoder (an ONNX encoder was plugged in) text_encoder.onnx is the caller's copy
    and text_encoder its signature. A TS-only bundle (note and note_sel None) gets TS_FILES
    alone: no note stream, selector or text encoder."""
    modules: dict[str, nn.Module] = {} if encoder is None or note is None else {"text_encoder.onnx": encoder}
    modules |= {
        "ts_stream.onnx": ts,
        "ts_selector.onnx": ts_sel,
        "ts_gru_forward.onnx": GruDirection(ts.gru, backward=False),
        "ts_gru_backward.onnx": GruDirection(ts.gru, backward=True),
        "ts_head.onnx": TsHead(ts),
    }
    if note is not None and note_sel is not None:
        modules |= {
            "note_stream.onnx": note,
            "note_selector.onnx": note_sel,
            "note_projection.onnx": NoteProjection(note),
            "note_head.onnx": NoteHead(note),
        }
    sigs = signatures(s, text_encoder)
    if note is None:
        sigs = {f: sig for f, sig in sigs.items() if f in TS_FILES}
    for file, module in modules.items():
        sig = sigs[file]
        module.eval()
        args = tuple(_example(p) for p in sig.inputs)
        dynamic = {
            p.name: {i: ("batch" if d == "B" else "length") for i, d in enumerate(p.shape) if d in ("B", "L")}
            for p in sig.inputs + sig.outputs
        }
        path = out / file
        with warnings.catch_warnings():
            # torch warns that a GRU exported at batch 2 may misbehave at other batch sizes and
            # about prim::Constant shape inference; the parity check runs batch 1 and batch N.
            warnings.simplefilter("ignore")
            torch.onnx.export(
                module, args, str(path), input_names=[p.name for p in sig.inputs],
                output_names=[p.name for p in sig.outputs], dynamic_axes=dynamic, opset_version=OPSET,
                do_constant_folding=True,
            )
        onnx.checker.check_model(onnx.load(str(path)))
    return sigs
