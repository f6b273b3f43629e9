"""Phase I (predictors, every unit selected) and Phase II (selectors through the frozen
predictors with straight-through top-k), each with early stopping on validation AUROC."""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import torch
from torch import nn

from .features import Tensors
from .metrics import auroc
from .models import NoteSelector, NoteStream, TsSelector, TsStream
from .ste import straight_through_topk


@dataclass(frozen=True)
class TrainConfig:
    """Hyper-parameters; all recorded in the manifest."""

    epochs_predictor: int = 40
    epochs_selector: int = 15
    patience: int = 6
    batch_size: int = 64
    lr_predictor: float = 1e-3
    lr_selector: float = 1e-3
    weight_decay: float = 1e-5
    ks: tuple[int, ...] = (1, 3, 5, 8, 10)
    tau_ste: float = 1.0


@dataclass
class FitResult:
    best_epoch: int
    best_val_auroc: float
    epochs_run: int
    seconds: float
    history: list[float] = field(default_factory=list)


def t(a: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(a))


def pos_weight(y: np.ndarray) -> torch.Tensor:
    """neg/pos of the training split: class-balanced BCE makes 0.5 the natural threshold."""
    pos = float(y.sum())
    return torch.tensor(max(len(y) - pos, 1.0) / max(pos, 1.0))


def fit(
    params: list[nn.Parameter],
    train_modules: list[nn.Module],
    batch_loss: Callable[[np.ndarray], torch.Tensor],
    val_score: Callable[[], float],
    n_train: int,
    epochs: int,
    patience: int,
    batch_size: int,
    lr: float,
    weight_decay: float,
    rng: np.random.Generator,
    state_of: nn.Module,
    label: str,
) -> FitResult:
    """Adam over shuffled mini-batches; keeps the state with the best validation AUROC."""
    opt = torch.optim.Adam(params, lr=lr, weight_decay=weight_decay)
    best, best_epoch, best_state = -1.0, 0, copy.deepcopy(state_of.state_dict())
    history: list[float] = []
    started = time.perf_counter()
    epoch = 0
    for epoch in range(1, epochs + 1):
        for m in train_modules:
            m.train()
        order = rng.permutation(n_train)
        for start in range(0, n_train, batch_size):
            idx = order[start : start + batch_size]
            opt.zero_grad()
            loss = batch_loss(idx)
            loss.backward()
            opt.step()
        for m in train_modules:
            m.eval()
        score = val_score()
        history.append(round(score, 6))
        improved = score > best + 1e-6
        print(f"  {label} epoch {epoch:3d}  val AUROC {score:.4f}{'  *' if improved else ''}", flush=True)
        if improved:
            best, best_epoch, best_state = score, epoch, copy.deepcopy(state_of.state_dict())
        elif epoch - best_epoch >= patience:
            break
    state_of.load_state_dict(best_state)
    return FitResult(best_epoch, round(best, 6), epoch, round(time.perf_counter() - started, 2), history)


# ---------------------------------------------------------------- inference helpers


@torch.no_grad()
def ts_logits(model: TsStream, d: Tensors, ts_mask: np.ndarray | None = None, batch: int = 512) -> np.ndarray:
    model.eval()
    mask = np.ones(d.ts.shape[:2], np.float32) if ts_mask is None else ts_mask
    out = [model(t(d.ts[i : i + batch]), t(mask[i : i + batch]), t(d.cxr[i : i + batch]), t(d.ecg[i : i + batch]),
                 t(d.static[i : i + batch])) for i in range(0, len(d), batch)]
    return torch.cat(out).numpy() if out else np.zeros(0, np.float32)


@torch.no_grad()
def note_logits(model: NoteStream, d: Tensors, note_mask: np.ndarray | None = None, batch: int = 512) -> np.ndarray:
    model.eval()
    mask = d.presence if note_mask is None else note_mask
    out = [
        model(t(d.emb[i : i + batch]), t(d.presence[i : i + batch]), t(mask[i : i + batch]), t(d.cxr[i : i + batch]),
              t(d.ecg[i : i + batch]), t(d.static[i : i + batch]))
        for i in range(0, len(d), batch)
    ]
    return torch.cat(out).numpy() if out else np.zeros(0, np.float32)


@torch.no_grad()
def ts_scores(selector: TsSelector, d: Tensors) -> np.ndarray:
    selector.eval()
    return selector(t(d.ts)).numpy()


@torch.no_grad()
def note_scores(selector: NoteSelector, d: Tensors) -> np.ndarray:
    selector.eval()
    return selector(t(d.emb), t(d.presence)).numpy()


def topk_mask(scores: np.ndarray, k: int, valid: np.ndarray | None = None) -> np.ndarray:
    """Hard top-k of each row among valid units (ties: lower index first)."""
    s = scores.astype(np.float64).copy()
    if valid is not None:
        s[valid <= 0] = -np.inf
    order = np.argsort(-s, axis=1, kind="stable")[:, :k]
    mask = np.zeros_like(scores, dtype=np.float32)
    np.put_along_axis(mask, order, 1.0, axis=1)
    if valid is not None:
        mask *= (valid > 0).astype(np.float32)
    return mask


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x.astype(np.float64)))


# ---------------------------------------------------------------- Phase I


def train_ts_predictor(model: TsStream, tr: Tensors, va: Tensors, cfg: TrainConfig, epochs: int, rng: np.random.Generator) -> FitResult:
    """Every hour selected (ts_mask = 1); class-balanced BCE."""
    bce = nn.BCEWithLogitsLoss(pos_weight=pos_weight(tr.y))
    ones = torch.ones(tr.ts.shape[:2])

    def loss(idx: np.ndarray) -> torch.Tensor:
        logit = model(t(tr.ts[idx]), ones[: len(idx)], t(tr.cxr[idx]), t(tr.ecg[idx]), t(tr.static[idx]))
        return bce(logit, t(tr.y[idx]))

    return fit(list(model.parameters()), [model], loss, lambda: auroc(va.y, ts_logits(model, va)), len(tr), epochs,
               cfg.patience, cfg.batch_size, cfg.lr_predictor, cfg.weight_decay, rng, model, "ts predictor")


def train_note_predictor(model: NoteStream, tr: Tensors, va: Tensors, cfg: TrainConfig, epochs: int, rng: np.random.Generator) -> FitResult:
    """Every present chunk selected (note_mask = presence); class-balanced BCE."""
    bce = nn.BCEWithLogitsLoss(pos_weight=pos_weight(tr.y))

    def loss(idx: np.ndarray) -> torch.Tensor:
        a = t(tr.presence[idx])
        return bce(model(t(tr.emb[idx]), a, a, t(tr.cxr[idx]), t(tr.ecg[idx]), t(tr.static[idx])), t(tr.y[idx]))

    return fit(list(model.parameters()), [model], loss, lambda: auroc(va.y, note_logits(model, va)), len(tr), epochs,
               cfg.patience, cfg.batch_size, cfg.lr_predictor, cfg.weight_decay, rng, model, "note predictor")


# ---------------------------------------------------------------- Phase II


def freeze(model: nn.Module) -> None:
    """Phase II: the predictor is fixed (no gradients, dropout off)."""
    model.eval()
    for p in model.parameters():
        p.requires_grad_(False)


def mean_topk_auroc(y: np.ndarray, logits_for_k: Callable[[int], np.ndarray], ks: tuple[int, ...]) -> float:
    """Selector model-selection criterion: mean sufficiency AUROC over the k grid."""
    return float(np.mean([auroc(y, logits_for_k(k)) for k in ks]))


def ts_selector_loss(selector: TsSelector, model: TsStream, ts: torch.Tensor, cxr: torch.Tensor, ecg: torch.Tensor,
                     y: torch.Tensor, k: int, tau: float, bce: nn.Module,
                     static: torch.Tensor | None = None) -> torch.Tensor:
    mask = straight_through_topk(selector(ts), k, tau=tau)
    return bce(model(ts, mask, cxr, ecg, static), y)


def note_selector_loss(selector: NoteSelector, model: NoteStream, emb: torch.Tensor, presence: torch.Tensor,
                       cxr: torch.Tensor, ecg: torch.Tensor, y: torch.Tensor, k: int, tau: float, bce: nn.Module,
                       static: torch.Tensor | None = None) -> torch.Tensor:
    mask = straight_through_topk(selector.raw(emb), k, valid=presence, tau=tau)
    return bce(model(emb, presence, mask, cxr, ecg, static), y)


def train_ts_selector(selector: TsSelector, model: TsStream, tr: Tensors, va: Tensors, cfg: TrainConfig, epochs: int,
                      rng: np.random.Generator) -> FitResult:
    """One k per mini-batch, drawn uniformly from cfg.ks; BCE of the frozen stream's logit
    on the selected hours against the label (the predictor's performance, paper §3.2.1)."""
    freeze(model)
    bce = nn.BCEWithLogitsLoss(pos_weight=pos_weight(tr.y))

    def loss(idx: np.ndarray) -> torch.Tensor:
        k = int(rng.choice(cfg.ks))
        return ts_selector_loss(selector, model, t(tr.ts[idx]), t(tr.cxr[idx]), t(tr.ecg[idx]), t(tr.y[idx]), k,
                                cfg.tau_ste, bce, t(tr.static[idx]))

    def val() -> float:
        s = ts_scores(selector, va)
        return mean_topk_auroc(va.y, lambda k: ts_logits(model, va, topk_mask(s, k)), cfg.ks)

    return fit(list(selector.parameters()), [selector], loss, val, len(tr), epochs, cfg.patience, cfg.batch_size,
               cfg.lr_selector, cfg.weight_decay, rng, selector, "ts selector")


def train_note_selector(selector: NoteSelector, model: NoteStream, tr: Tensors, va: Tensors, cfg: TrainConfig, epochs: int,
                        rng: np.random.Generator) -> FitResult:
    """As train_ts_selector, over present chunks only (absent slots are never selected)."""
    freeze(model)
    bce = nn.BCEWithLogitsLoss(pos_weight=pos_weight(tr.y))

    def loss(idx: np.ndarray) -> torch.Tensor:
        k = int(rng.choice(cfg.ks))
        return note_selector_loss(selector, model, t(tr.emb[idx]), t(tr.presence[idx]), t(tr.cxr[idx]), t(tr.ecg[idx]),
                                  t(tr.y[idx]), k, cfg.tau_ste, bce, t(tr.static[idx]))

    def val() -> float:
        s = note_scores(selector, va)
        return mean_topk_auroc(va.y, lambda k: note_logits(model, va, topk_mask(s, k, va.presence)), cfg.ks)

    return fit(list(selector.parameters()), [selector], loss, val, len(tr), epochs, cfg.patience, cfg.batch_size,
               cfg.lr_selector, cfg.weight_decay, rng, selector, "note selector")
