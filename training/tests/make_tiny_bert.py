"""Writes test/fixtures/tiny-bert/: a TINY BERT-like encoder folder, exactly what a hospital
hands to ``train.py --text-encoder DIR`` (docs/model-bundle.md, "Plugging in an ONNX text
encoder"), with random seeded weights (nothing downloaded):

* model.onnx: 2 layers, hidden 32, 2 heads, feed-forward 64, 64 positions, opset 17;
  inputs input_ids, attention_mask, token_type_ids (int64 [batch, sequence]); outputs
  last_hidden_state float32 [batch, sequence, 32] and pooler_output float32 [batch, 32]
  (tanh of a linear layer on [CLS], as BERT's pooler).
* vocab.txt: the test vocabulary of wordpiece_vocab.py.
* encoder.json: the spec (mean pooling of last_hidden_state, lower-cased, maxLength 64).
* reference.json: PyTorch's three poolings (cls, mean, pooler) of a few texts, for the
  ONNX-vs-PyTorch check of the TypeScript runner.

Run: /usr/bin/python3 training/tests/make_tiny_bert.py [OUT_DIR]
"""

from __future__ import annotations

import json
import math
import sys
import warnings
from pathlib import Path

import numpy as np
import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.wordpiece_vocab import vocab_text  # noqa: E402
from toe_training.wordpiece import WordpieceSpec, WordpieceTokenizer, parse_vocab  # noqa: E402

FOLDER = Path(__file__).resolve().parents[2] / "test/fixtures/tiny-bert"
SEED = 20240613
HIDDEN, HEADS, LAYERS, FFN, POSITIONS = 32, 2, 2, 64, 64
ENCODER_JSON = {
    "id": "toe-tiny-bert-test",
    "description": "2-layer, hidden-32 BERT-like encoder with random seeded weights: a test fixture, not a model",
    "file": "model.onnx",
    "embeddingDim": HIDDEN,
    "output": {"name": "last_hidden_state", "pooling": "mean"},
    "tokenizer": {"kind": "wordpiece", "vocabFile": "vocab.txt", "lowercase": True, "stripAccents": True,
                  "maxLength": POSITIONS},
}
REFERENCE_TEXTS = [
    "", "Bilateral pleural effusion.", "New large right pneumothorax; ET tube 3.5 cm above the carina.",
    "CAFÉ naïve ΟΔΥΣΣΕΥΣ 日本語の報告書 😀", "Cardiothoraxes " * 40, "no acute cardiopulmonary process",
]


class Layer(nn.Module):
    """Post-norm transformer layer, as BERT: attention, add & norm, GELU MLP, add & norm."""

    def __init__(self) -> None:
        super().__init__()
        self.qkv = nn.Linear(HIDDEN, 3 * HIDDEN)
        self.out = nn.Linear(HIDDEN, HIDDEN)
        self.norm1 = nn.LayerNorm(HIDDEN, eps=1e-12)
        self.ff = nn.Sequential(nn.Linear(HIDDEN, FFN), nn.GELU(), nn.Linear(FFN, HIDDEN))
        self.norm2 = nn.LayerNorm(HIDDEN, eps=1e-12)

    def forward(self, x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        b, length, _ = x.shape
        q, k, v = (t.reshape(b, length, HEADS, HIDDEN // HEADS).transpose(1, 2) for t in self.qkv(x).chunk(3, dim=-1))
        scores = q @ k.transpose(-1, -2) / math.sqrt(HIDDEN // HEADS) + bias
        context = (scores.softmax(dim=-1) @ v).transpose(1, 2).reshape(b, length, HIDDEN)
        x = self.norm1(x + self.out(context))
        return self.norm2(x + self.ff(x))


class TinyBert(nn.Module):
    def __init__(self, vocab_size: int) -> None:
        super().__init__()
        self.words = nn.Embedding(vocab_size, HIDDEN)
        self.positions = nn.Embedding(POSITIONS, HIDDEN)
        self.types = nn.Embedding(2, HIDDEN)
        self.norm = nn.LayerNorm(HIDDEN, eps=1e-12)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.pooler = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor,
                token_type_ids: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        positions = torch.arange(input_ids.shape[1]).unsqueeze(0)
        x = self.norm(self.words(input_ids) + self.positions(positions) + self.types(token_type_ids))
        # BERT's additive mask: padded keys get -10000 before the softmax.
        bias = (1.0 - attention_mask[:, None, None, :].float()) * -10000.0
        for layer in self.layers:
            x = layer(x, bias)
        return x, torch.tanh(self.pooler(x[:, 0]))


def tokenizer() -> WordpieceTokenizer:
    return WordpieceTokenizer(parse_vocab(vocab_text()), WordpieceSpec.from_json(ENCODER_JSON["tokenizer"]))


def model() -> TinyBert:
    torch.manual_seed(SEED)
    m = TinyBert(len(tokenizer().vocab))
    m.eval()
    return m


def f32(a: torch.Tensor) -> list[float]:
    return [float(str(x)) for x in a.detach().numpy().astype(np.float32).ravel()]


@torch.no_grad()
def reference(m: TinyBert) -> dict[str, object]:
    ids, mask, types = (torch.from_numpy(a) for a in tokenizer().encode_batch(REFERENCE_TEXTS))
    hidden, pooled = m(ids, mask, types)
    weights = mask.unsqueeze(-1).float()
    mean = (hidden * weights).sum(dim=1) / weights.sum(dim=1)
    return {
        "texts": REFERENCE_TEXTS,
        "inputIds": ids.tolist(),
        "cls": f32(hidden[:, 0]),
        "mean": f32(mean),
        "pooler": f32(pooled),
    }


def export(m: TinyBert, path: Path) -> None:
    ids, mask, types = (torch.from_numpy(a) for a in tokenizer().encode_batch(REFERENCE_TEXTS[:2]))
    axes = {"input_ids": {0: "batch", 1: "sequence"}, "attention_mask": {0: "batch", 1: "sequence"},
            "token_type_ids": {0: "batch", 1: "sequence"}, "last_hidden_state": {0: "batch", 1: "sequence"},
            "pooler_output": {0: "batch"}}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # tracer warnings about shape-dependent Python values
        torch.onnx.export(m, (ids, mask, types), str(path), opset_version=17, do_constant_folding=True,
                          input_names=["input_ids", "attention_mask", "token_type_ids"],
                          output_names=["last_hidden_state", "pooler_output"], dynamic_axes=axes)


def text_files() -> dict[str, str]:
    """The folder's text files as the generator writes them (checked by test_wordpiece)."""
    return {
        "vocab.txt": vocab_text(),
        "encoder.json": json.dumps(ENCODER_JSON, indent=2, ensure_ascii=False) + "\n",
        "reference.json": json.dumps(reference(model()), ensure_ascii=False) + "\n",
    }


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, text in text_files().items():
        (out / name).write_text(text, encoding="utf-8")
    export(model(), out / "model.onnx")
    print(f"wrote {out}: " + ", ".join(f"{p.name} {p.stat().st_size} B" for p in sorted(out.iterdir())))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else FOLDER)
