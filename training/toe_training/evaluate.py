"""Validation/test metrics, as recorded in the manifest.

Definitions (full input): TS-only = sigmoid(l_ts(1)), notes-only = sigmoid(l_note(a)),
fused = sigmoid(l_ts(1) + l_note(a)). Selector top-k (sufficiency of the selectors alone,
no search): each stream keeps its own k highest-scoring units (notes: among present
chunks), TS-only = sigmoid(l_ts(m_k)), notes-only = sigmoid(l_note(m_k)), fused =
sigmoid(l_ts(m_k) + l_note(m_k)), so the fused figure uses up to 2k units. A TS-only
bundle (no note stream) records ts and fused only, fused = sigmoid(l_ts).
"""

from __future__ import annotations

import numpy as np

from .features import Tensors
from .metrics import summary
from .models import NoteSelector, NoteStream, TsSelector, TsStream
from .train_phases import note_logits, note_scores, sigmoid, topk_mask, ts_logits, ts_scores

REPORT_KS = (1, 5)


def stream_metrics(y: np.ndarray, l_ts: np.ndarray, l_note: np.ndarray) -> dict[str, dict[str, float]]:
    return {
        "ts": summary(y, sigmoid(l_ts)),
        "note": summary(y, sigmoid(l_note)),
        "fused": summary(y, sigmoid(l_ts.astype(np.float64) + l_note)),
    }


def ts_only_metrics(y: np.ndarray, l_ts: np.ndarray) -> dict[str, dict[str, float]]:
    """Without a note stream the fused probability is sigmoid(l_ts)."""
    ts = summary(y, sigmoid(l_ts))
    return {"ts": ts, "fused": dict(ts)}


def evaluate(d: Tensors, ts: TsStream, note: NoteStream | None, ts_sel: TsSelector,
             note_sel: NoteSelector | None) -> dict[str, object]:
    """note and note_sel are None for a TS-only bundle."""
    s_ts = ts_scores(ts_sel, d)
    if note is None or note_sel is None:
        full = ts_only_metrics(d.y, ts_logits(ts, d))
        topk = {str(k): ts_only_metrics(d.y, ts_logits(ts, d, topk_mask(s_ts, k))) for k in REPORT_KS}
    else:
        full = stream_metrics(d.y, ts_logits(ts, d), note_logits(note, d))
        s_note = note_scores(note_sel, d)
        topk = {
            str(k): stream_metrics(
                d.y, ts_logits(ts, d, topk_mask(s_ts, k)), note_logits(note, d, topk_mask(s_note, k, d.presence))
            )
            for k in REPORT_KS
        }
    return {"stays": len(d), "positives": int(d.y.sum()), "full": full, "selectorTopK": topk}


def format_metrics(name: str, m: dict[str, object]) -> str:
    """One line per figure, for the console."""
    full = m["full"]
    assert isinstance(full, dict)
    lines = [f"{name}: {m['stays']} stays, {m['positives']} positive"]
    for stream in (x for x in ("ts", "note", "fused") if x in full):
        lines.append(f"  full input  {stream:5s}  AUROC {full[stream]['auroc']:.4f}  AUPRC {full[stream]['auprc']:.4f}")
    topk = m["selectorTopK"]
    assert isinstance(topk, dict)
    for k, per in topk.items():
        lines.append(
            f"  top-{k:<2s} sel  " + "  ".join(f"{s} AUROC {per[s]['auroc']:.4f}" for s in ("ts", "note", "fused") if s in per)
        )
    return "\n".join(lines)
