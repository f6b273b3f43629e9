"""An ONNX text encoder a hospital plugs in (``train.py --text-encoder DIR``), e.g. a
clinical BERT: the folder, its checks, and the chunk embeddings the embed step stored.

DIR holds encoder.json ({id, file, embeddingDim, output: {name, pooling}, tokenizer}), the
ONNX graph it names and the WordPiece vocabulary (docs/model-bundle.md, "Plugging in an
ONNX text encoder"). This pipeline has no onnxruntime, so it never runs the encoder: the
embed step (scripts/embed-notes.ts, onnxruntime-node) writes one vector per note chunk to
the store's chunk_embeddings under the folder's id, and training reads those. The id is
the declared id plus a digest of the three files, computed exactly as
src/main/core/models/encoder-folder.ts does, so vectors of other bytes are never read.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import onnx

from .export import OnnxFile, Port
from .store import RawStay
from .wordpiece import WordpieceSpec, WordpieceTokenizer, parse_vocab

ENCODER_JSON = "encoder.json"
EMBEDDING_PROCEDURE = "toe-onnx-text-encoder-v1"
POOLINGS = ("cls", "mean", "none")
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_INT64 = onnx.TensorProto.INT64
_FLOAT = onnx.TensorProto.FLOAT


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def encoder_id(declared: str, encoder_json: bytes, model: bytes, vocab: bytes) -> str:
    """``<declared>@<16 hex>``: the key of the folder's vectors in chunk_embeddings."""
    joined = "\n".join([EMBEDDING_PROCEDURE, _sha256(encoder_json), _sha256(model), _sha256(vocab)])
    return f"{declared}@{_sha256(joined.encode())[:16]}"


@dataclass(frozen=True)
class OnnxEncoder:
    dir: Path
    id: str
    declared_id: str
    description: str
    model_file: Path
    vocab_file: Path
    embedding_dim: int
    output_name: str
    pooling: str
    type_ids: bool  # whether the graph takes token_type_ids
    tokenizer: WordpieceTokenizer

    def signature(self) -> OnnxFile:
        """text_encoder.onnx as the bundle declares it (the runtime checks the file against it)."""
        ids = tuple(Port(n, "int64", ("B", "L")) for n in INPUTS if n != "token_type_ids" or self.type_ids)
        shape: tuple[str | int, ...] = ("B", self.embedding_dim) if self.pooling == "none" else ("B", "L", self.embedding_dim)
        return OnnxFile("text_encoder.onnx", f"frozen ONNX text encoder {self.declared_id}: WordPiece ids -> "
                        f"{self.output_name} ({self.pooling} pooling) per note chunk", ids,
                        (Port(self.output_name, "float32", shape),))


def _dims(value: onnx.ValueInfoProto) -> list[str | int]:
    return [d.dim_param or (d.dim_value if d.HasField("dim_value") else "?") for d in value.type.tensor_type.shape.dim]


def _check_graph(path: Path, output: str, pooling: str, dim: int) -> bool:
    """The graph's ports must be what the runtime feeds and reads; returns whether it takes
    token_type_ids. Raises SystemExit naming the problem."""
    graph = onnx.load(str(path), load_external_data=False).graph
    if any(i.data_location == onnx.TensorProto.EXTERNAL for i in graph.initializer):
        # The bundle carries one file, and the runtime creates the session from its bytes.
        raise SystemExit(f"{path} keeps weights in external data files: save it as one self-contained ONNX file")
    initialisers = {i.name for i in graph.initializer}
    inputs = {i.name: i for i in graph.input if i.name not in initialisers}
    problems = [f"input {n!r} is missing" for n in INPUTS[:2] if n not in inputs]
    problems += [f"unexpected input {n!r} (allowed: {', '.join(INPUTS)})" for n in inputs if n not in INPUTS]
    problems += [f"input {n!r} must be int64 [batch, sequence]" for n, v in inputs.items()
                 if n in INPUTS and (v.type.tensor_type.elem_type != _INT64 or len(_dims(v)) != 2)]
    outputs = {o.name: o for o in graph.output}
    rank = 2 if pooling == "none" else 3
    if output not in outputs:
        problems.append(f"no output {output!r} (outputs: {', '.join(outputs)})")
    else:
        dims = _dims(outputs[output])
        if outputs[output].type.tensor_type.elem_type != _FLOAT or len(dims) != rank:
            problems.append(f"output {output!r} must be float32 of rank {rank} for pooling {pooling!r}, is {dims}")
        elif isinstance(dims[-1], int) and dims[-1] != dim:
            problems.append(f"output {output!r} has size {dims[-1]}, encoder.json says embeddingDim {dim}")
    if problems:
        raise SystemExit(f"{path} cannot be used as a text encoder: " + "; ".join(problems))
    return "token_type_ids" in inputs


def load_encoder(folder: Path) -> OnnxEncoder:
    """Reads and checks an encoder folder (encoder.json, the ONNX graph, the vocabulary)."""
    folder = folder.resolve()
    spec_path = folder / ENCODER_JSON
    if not spec_path.is_file():
        raise SystemExit(f"{folder} has no {ENCODER_JSON}; see docs/model-bundle.md, 'Plugging in an ONNX text encoder'.")
    raw_json = spec_path.read_bytes()
    spec = json.loads(raw_json)
    try:
        wp = WordpieceSpec.from_json(spec["tokenizer"])
        pooling, output, dim = spec["output"]["pooling"], str(spec["output"]["name"]), int(spec["embeddingDim"])
        declared = str(spec["id"])
    except (KeyError, TypeError, ValueError) as e:
        raise SystemExit(f"{spec_path} is not a valid encoder spec: {e!r}") from e
    if pooling not in POOLINGS:
        raise SystemExit(f"{spec_path}: output.pooling must be one of {POOLINGS}, not {pooling!r}")
    model, vocab = folder / str(spec.get("file", "model.onnx")), folder / wp.vocab_file
    for p in (model, vocab):
        if not p.is_file():
            raise SystemExit(f"{spec_path} names {p.name}, which is not in {folder}")
    model_bytes, vocab_bytes = model.read_bytes(), vocab.read_bytes()
    type_ids = _check_graph(model, output, pooling, dim)
    try:
        tokenizer = WordpieceTokenizer(parse_vocab(vocab_bytes.decode("utf-8")), wp)
    except (UnicodeDecodeError, ValueError) as e:
        raise SystemExit(f"{vocab} cannot be used: {e}") from e
    return OnnxEncoder(folder, encoder_id(declared, raw_json, model_bytes, vocab_bytes), declared,
                       str(spec.get("description", "")), model, vocab, dim, output, pooling, type_ids, tokenizer)


def read_chunk_embeddings(db: str, enc: OnnxEncoder, stays: list[RawStay],
                          slots: list[list[int]]) -> np.ndarray:
    """float32 [sum of len(slots[i]), E]: the stored vectors of stay i's chunks at the given
    list indices, in order. Raises SystemExit, with the embed command, if any is missing."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        found: dict[tuple[int, int], bytes] = {}
        ids = [st.id for st in stays]
        for start in range(0, len(ids), 500):
            part = ids[start : start + 500]
            rows = conn.execute(
                f"SELECT stay_id, position, vector FROM chunk_embeddings WHERE encoder_id = ? "
                f"AND stay_id IN ({','.join('?' * len(part))})", (enc.id, *part))
            found.update({(sid, pos): vec for sid, pos, vec in rows})
    finally:
        conn.close()
    keys = [(st.id, st.chunk_positions[j]) for st, idx in zip(stays, slots) for j in idx]
    missing = [k for k in keys if len(found.get(k, b"")) != 4 * enc.embedding_dim]
    if missing:
        raise SystemExit(
            f"{len(missing)} of {len(keys)} note chunks have no {enc.embedding_dim}-float embedding under encoder id "
            f"{enc.id!r} in {db}. Run the embed step first:\n  node --import tsx scripts/embed-notes.ts --db {db} "
            f"--cohort <name> --encoder {enc.dir}\n(`toe train --text-encoder DIR` runs it for you.)")
    out = np.zeros((len(keys), enc.embedding_dim), np.float32)
    for row, key in enumerate(keys):
        out[row] = np.frombuffer(found[key], dtype="<f4")
    return out
