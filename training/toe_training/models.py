"""Evidence Bottleneck streams, selectors and the parts exported for incremental evaluation.

Implements docs/model-bundle.md and shared/spec/method.md, "Predictor (Evidence Bottleneck
streams)": l_ts(m) = g_ts([BiGRU(m ⊙ x_ts); psi_cxr(cxr); psi_ecg(ecg)]) and
l_note(m) = g_note([v; psi_cxr(cxr); psi_ecg(ecg)]) with
v = Σ m_j a_j phi(e_j) / (Σ m_j a_j + 1e-6). Each stream has its own psi (streams are
trained separately). A bundle with static inputs (Ds > 0) adds psi_static(static) to both
concatenations; with Ds = 0 the modules and graphs are exactly those without it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import torch
from torch import nn

POOL_EPS = 1e-6


@dataclass(frozen=True)
class Sizes:
    """Every dimension of a bundle; written to the manifest."""

    T: int
    D: int
    Dc: int
    De: int
    M: int
    E: int
    H: int = 64  # GRU hidden size per direction
    P: int = 64  # note projection size
    C: int = 16  # context projection size (each of cxr, ecg)
    hidden: int = 64  # classifier and selector hidden size
    dropout: float = 0.2
    Ds: int = 0  # static input width; 0 = no static inputs

    def as_dict(self) -> dict[str, float]:
        """Ds is written only when there are static inputs, so other manifests keep their sizes."""
        return {k: v for k, v in asdict(self).items() if k != "Ds" or self.Ds > 0}


def context_mlp(inp: int, out: int) -> nn.Sequential:
    return nn.Sequential(nn.Linear(inp, out), nn.ReLU())


def classifier(inp: int, hidden: int, dropout: float) -> nn.Sequential:
    return nn.Sequential(nn.Linear(inp, hidden), nn.ReLU(), nn.Dropout(dropout), nn.Linear(hidden, 1))


def static_mlp(s: Sizes) -> nn.Sequential | None:
    """psi_static, or None without static inputs (created last, so the other modules draw
    the same initial weights as a bundle without them)."""
    return context_mlp(s.Ds, s.C) if s.Ds > 0 else None


def with_static(parts: list[torch.Tensor], psi_static: nn.Sequential | None,
                static: torch.Tensor | None) -> torch.Tensor:
    """The classifier input: parts, then psi_static(static) when the stream has static inputs."""
    if psi_static is not None:
        if static is None:
            raise ValueError("this stream reads static inputs: pass the static tensor")
        parts = [*parts, psi_static(static)]
    return torch.cat(parts, dim=1)


class TsStream(nn.Module):
    """ts [B,T,D], ts_mask [B,T], cxr [B,Dc], ecg [B,De], static [B,Ds] (Ds > 0 only) -> logit [B]."""

    def __init__(self, s: Sizes) -> None:
        super().__init__()
        self.gru = nn.GRU(s.D, s.H, batch_first=True, bidirectional=True)
        self.psi_cxr = context_mlp(s.Dc, s.C)
        self.psi_ecg = context_mlp(s.De, s.C)
        self.classifier = classifier(2 * s.H + (3 if s.Ds else 2) * s.C, s.hidden, s.dropout)
        self.psi_static = static_mlp(s)

    def head(self, h_forward: torch.Tensor, h_backward: torch.Tensor, cxr: torch.Tensor, ecg: torch.Tensor,
             static: torch.Tensor | None = None) -> torch.Tensor:
        z = with_static([h_forward, h_backward, self.psi_cxr(cxr), self.psi_ecg(ecg)], self.psi_static, static)
        return self.classifier(z).squeeze(-1)

    def forward(self, ts: torch.Tensor, ts_mask: torch.Tensor, cxr: torch.Tensor, ecg: torch.Tensor,
                static: torch.Tensor | None = None) -> torch.Tensor:
        _, h_n = self.gru(ts * ts_mask.unsqueeze(-1))  # h_n: [2, B, H] (forward, backward)
        return self.head(h_n[0], h_n[1], cxr, ecg, static)


class NoteStream(nn.Module):
    """chunk_embeddings [B,M,E], presence [B,M], note_mask [B,M], cxr, ecg, static (Ds > 0 only) -> logit [B]."""

    def __init__(self, s: Sizes) -> None:
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(s.E, s.P), nn.ReLU(), nn.Linear(s.P, s.P))
        self.psi_cxr = context_mlp(s.Dc, s.C)
        self.psi_ecg = context_mlp(s.De, s.C)
        self.classifier = classifier(s.P + (3 if s.Ds else 2) * s.C, s.hidden, s.dropout)
        self.psi_static = static_mlp(s)

    def head(self, pooled: torch.Tensor, cxr: torch.Tensor, ecg: torch.Tensor,
             static: torch.Tensor | None = None) -> torch.Tensor:
        z = with_static([pooled, self.psi_cxr(cxr), self.psi_ecg(ecg)], self.psi_static, static)
        return self.classifier(z).squeeze(-1)

    def forward(
        self, emb: torch.Tensor, presence: torch.Tensor, note_mask: torch.Tensor, cxr: torch.Tensor, ecg: torch.Tensor,
        static: torch.Tensor | None = None,
    ) -> torch.Tensor:
        return self.head(pool(self.phi(emb), presence, note_mask), cxr, ecg, static)


def pool(projected: torch.Tensor, presence: torch.Tensor, note_mask: torch.Tensor) -> torch.Tensor:
    """v = Σ m_j a_j phi(e_j) / (Σ m_j a_j + 1e-6); an empty selection gives exactly 0."""
    w = note_mask * presence
    return (w.unsqueeze(-1) * projected).sum(dim=1) / (w.sum(dim=1, keepdim=True) + POOL_EPS)


class UnitScorer(nn.Module):
    """Per-unit selector MLP: [..., F] -> [...] scores."""

    def __init__(self, inp: int, hidden: int) -> None:
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(inp, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, units: torch.Tensor) -> torch.Tensor:
        return self.mlp(units).squeeze(-1)


class TsSelector(UnitScorer):
    """ts [B,T,D] -> scores [B,T] (scores the unmasked, standardised hour vectors x_t)."""


class NoteSelector(nn.Module):
    """chunk_embeddings [B,M,E], presence [B,M] -> scores [B,M], -inf where absent."""

    def __init__(self, s: Sizes) -> None:
        super().__init__()
        self.scorer = UnitScorer(s.E, s.hidden)

    def raw(self, emb: torch.Tensor) -> torch.Tensor:
        return self.scorer(emb)

    def forward(self, emb: torch.Tensor, presence: torch.Tensor) -> torch.Tensor:
        neg_inf = torch.full_like(presence, float("-inf"))
        return torch.where(presence > 0, self.raw(emb), neg_inf)


class GruDirection(nn.Module):
    """One direction of the TS stream's BiGRU, for incremental evaluation.

    x [B,L,D] (already masked), h0 [B,H] -> hidden states [B,L,H], in input time order.
    Forward: out[:, i] is the state after x[:, 0..i] starting from h0 (h0 = state before
    the sub-sequence). Backward: out[:, i] is the state after x[:, L-1..i] (reverse order)
    starting from h0 (h0 = state after the steps later than the sub-sequence).
    """

    def __init__(self, bigru: nn.GRU, backward: bool) -> None:
        super().__init__()
        self.backward_direction = backward
        self.gru = nn.GRU(bigru.input_size, bigru.hidden_size, batch_first=True)
        suffix = "_reverse" if backward else ""
        with torch.no_grad():
            for name in ("weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0"):
                getattr(self.gru, name).copy_(getattr(bigru, name + suffix))

    def forward(self, x: torch.Tensor, h0: torch.Tensor) -> torch.Tensor:
        if self.backward_direction:
            x = torch.flip(x, dims=[1])
        out, _ = self.gru(x, h0.unsqueeze(0))
        return torch.flip(out, dims=[1]) if self.backward_direction else out


class TsHead(nn.Module):
    """h_forward_last [B,H], h_backward_last [B,H], cxr, ecg, static (Ds > 0 only) -> logit [B]."""

    def __init__(self, stream: TsStream) -> None:
        super().__init__()
        self.stream = stream

    def forward(self, h_forward: torch.Tensor, h_backward: torch.Tensor, cxr: torch.Tensor, ecg: torch.Tensor,
                static: torch.Tensor | None = None) -> torch.Tensor:
        return self.stream.head(h_forward, h_backward, cxr, ecg, static)


class NoteProjection(nn.Module):
    """chunk_embeddings [B,M,E] -> phi(e) [B,M,P]."""

    def __init__(self, stream: NoteStream) -> None:
        super().__init__()
        self.stream = stream

    def forward(self, emb: torch.Tensor) -> torch.Tensor:
        return self.stream.phi(emb)


class NoteHead(nn.Module):
    """pooled v [B,P], cxr, ecg, static (Ds > 0 only) -> logit [B]."""

    def __init__(self, stream: NoteStream) -> None:
        super().__init__()
        self.stream = stream

    def forward(self, pooled: torch.Tensor, cxr: torch.Tensor, ecg: torch.Tensor,
                static: torch.Tensor | None = None) -> torch.Tensor:
        return self.stream.head(pooled, cxr, ecg, static)
