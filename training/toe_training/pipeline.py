"""The whole run: store -> features -> Phase I -> Phase II -> metrics -> ONNX -> manifest
-> parity check. A bundle is written to a temporary folder beside --out and moved into
place only once the parity check passed, so a failed run never leaves a half bundle."""

from __future__ import annotations

import shutil
import sys
import time
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

from . import BUNDLE_SCHEMA_VERSION
from .evaluate import evaluate, format_metrics
from .export import export_all
from .features import MAX_CHUNKS, ChunkVectors, FeatureSpec, build_tensors, fit_spec, note_slots
from .chunk_sources import BuiltInChunks, NoChunks, StoredChunks
from .manifest import (check_manifest, context_section, feature_section, model_section, onnx_text_encoder_section,
                       producer, text_encoder_section, units_section, write_manifest)
from .models import NoteSelector, NoteStream, Sizes, TsSelector, TsStream
from .onnx_encoder import load_encoder
from .parity import (build as build_parity, build_ts_only as build_ts_only_parity, builtin_text_check, onnx_text_check,
                     verify_with_node, write as write_parity)
from .repro import make_deterministic
from .store import SPLITS, RawStay, StaticInputSpec, load_cohort
from .text_encoder import TextEncoder
from .train_phases import TrainConfig, train_note_predictor, train_note_selector, train_ts_predictor, train_ts_selector

DECISION_THRESHOLD = 0.5
QUICK_STAYS = 300


@dataclass(frozen=True)
class RunOptions:
    db: str
    cohort: str
    task: str
    out: Path
    seed: int
    threads: int
    max_stays: int | None
    quick: bool
    epochs: int | None
    selector_epochs: int | None
    command: str
    invocation: list[str]
    verify: bool = True
    text_encoder: Path | None = None  # an ONNX encoder folder; None = the built-in encoder
    # ("ts",) or ("ts", "note"); None = both when the cohort has note chunks, else TS only.
    streams: tuple[str, ...] | None = None
    static: bool = True  # False (--no-static): leave the cohort's static inputs out, to measure them


def choose_streams(requested: tuple[str, ...] | None, stays: list[RawStay]) -> tuple[str, ...]:
    """The streams to train: a cohort without a single note chunk gets a TS-only bundle (a
    note stream would learn nothing and add a constant logit to every probability)."""
    if requested is not None:
        return requested
    return ("ts", "note") if any(st.chunks for st in stays) else ("ts",)


def static_record(declared: list[StaticInputSpec], spec: FeatureSpec) -> dict[str, object]:
    """training.staticInputs when the cohort declares some: the names the model reads, or why none."""
    if not declared:
        return {}
    return {"staticInputs": [x.name for x in spec.static_inputs] if spec.static_inputs else "left out (--no-static)"}


def run(o: RunOptions) -> dict[str, object]:
    wall = time.perf_counter()
    rng = make_deterministic(o.seed, o.threads)
    max_stays = o.max_stays if o.max_stays is not None else (QUICK_STAYS if o.quick else None)
    cfg = TrainConfig()
    epochs_p = 1 if o.quick else (o.epochs or cfg.epochs_predictor)
    epochs_s = 1 if o.quick else (o.selector_epochs or cfg.epochs_selector)

    cohort = load_cohort(o.db, o.cohort, o.task, max_stays, o.seed)
    by_split = {s: [st for st in cohort.stays if st.split == s] for s in SPLITS}
    for s in ("train", "val"):
        if not by_split[s] or len({st.label for st in by_split[s]}) < 2:
            raise SystemExit(f"The {s} split needs stays of both classes (has {len(by_split[s])} stays).")
    print(f"cohort {o.cohort!r}: " + ", ".join(f"{s} {len(v)}" for s, v in by_split.items())
          + f"; task {o.task}; seed {o.seed}", flush=True)
    streams = choose_streams(o.streams, cohort.stays)
    ts_only = streams == ("ts",)
    if ts_only and o.text_encoder is not None:
        raise SystemExit("--text-encoder needs a note stream; this run trains the TS stream only.")
    if ts_only:
        why = "as asked (--streams ts)" if o.streams else "the cohort has no note chunks"
        print(f"TS-only bundle ({why}): hourly windows only, p = sigmoid(l_ts)", flush=True)

    spec = fit_spec(cohort.schema, by_split["train"], use_static=o.static)
    # The built-in encoder runs here; an ONNX encoder's vectors come from the store (the
    # embed step wrote them), and its embedding size becomes the note stream's input size E.
    onnx_enc = load_encoder(o.text_encoder) if o.text_encoder else None
    encoder: TextEncoder | None = None
    chunks: ChunkVectors
    if ts_only:
        chunks = NoChunks()
    elif onnx_enc is None:
        encoder = TextEncoder()
        chunks = BuiltInChunks(encoder)
    else:
        chunks = StoredChunks(o.db, onnx_enc)
    t0 = time.perf_counter()
    data = {s: build_tensors(by_split[s], spec, chunks) for s in SPLITS}
    print(f"features and chunk embeddings in {time.perf_counter() - t0:.1f} s"
          + (f" (encoder {onnx_enc.id}, E = {onnx_enc.embedding_dim})" if onnx_enc else ""), flush=True)
    sizes = (Sizes(T=spec.hours, D=spec.d_ts, Dc=spec.d_cxr, De=spec.d_ecg, Ds=spec.d_static, M=0, E=0, P=0) if ts_only
             else Sizes(T=spec.hours, D=spec.d_ts, Dc=spec.d_cxr, De=spec.d_ecg, Ds=spec.d_static, M=MAX_CHUNKS, E=chunks.dim))

    # Built in this order (streams, then selectors) so their initial weights, drawn one after
    # another from torch's generator, are those of every bundle made before TS-only existed.
    ts = TsStream(sizes)
    note = None if ts_only else NoteStream(sizes)
    ts_sel = TsSelector(sizes.D, sizes.hidden)
    note_sel = None if ts_only else NoteSelector(sizes)
    tr, va, te = data["train"], data["val"], data["test"]
    print("Phase I: predictors, every unit selected", flush=True)
    fits = {"tsPredictor": train_ts_predictor(ts, tr, va, cfg, epochs_p, rng)}
    if note is not None:
        fits["notePredictor"] = train_note_predictor(note, tr, va, cfg, epochs_p, rng)
    print(f"Phase II: selectors, straight-through top-k (tau {cfg.tau_ste}, k per batch from {list(cfg.ks)})", flush=True)
    fits["tsSelector"] = train_ts_selector(ts_sel, ts, tr, va, cfg, epochs_s, rng)
    if note is not None and note_sel is not None:
        fits["noteSelector"] = train_note_selector(note_sel, note, tr, va, cfg, epochs_s, rng)
    train_seconds = time.perf_counter() - wall

    metrics = {"val": evaluate(va, ts, note, ts_sel, note_sel)}
    if len(te):
        metrics["test"] = evaluate(te, ts, note, ts_sel, note_sel)
    for name, m in metrics.items():
        print(format_metrics(name, m), flush=True)

    work = o.out.parent / f".{o.out.name}.tmp"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    if onnx_enc is not None:
        # Frozen: the encoder's files go into the bundle byte for byte.
        shutil.copyfile(onnx_enc.model_file, work / "text_encoder.onnx")
        shutil.copyfile(onnx_enc.vocab_file, work / onnx_enc.tokenizer.spec.vocab_file)
    sigs = export_all(work, sizes, ts, note, ts_sel, note_sel, encoder, onnx_enc.signature() if onnx_enc else None)
    parity_source = te if len(te) else va
    parity_stays = by_split["test"] if len(te) else by_split["val"]
    chunk_texts = [c for st in parity_stays[:4] for c in note_slots(st)][:12]
    parity_rng = np.random.Generator(np.random.PCG64(o.seed + 1))
    if note is None or note_sel is None:
        parity = build_ts_only_parity(parity_source, sizes, ts, ts_sel, parity_rng)
    else:
        if onnx_enc is not None:
            # The vectors training used for those chunks (slot j of stay i), straight from data.
            used = [parity_source.emb[i, j] for i, st in enumerate(parity_stays[:4]) for j in range(len(note_slots(st)))]
            text_check = onnx_text_check(onnx_enc, chunk_texts, np.array(used[:12], np.float32).reshape(-1, sizes.E))
        else:
            assert encoder is not None  # the built-in encoder exists whenever no ONNX one was given
            text_check = builtin_text_check(encoder, chunk_texts)
        parity = build_parity(parity_source, sizes, ts, note, ts_sel, note_sel, text_check, parity_rng)
    write_parity(work / "parity.json", parity)

    manifest: dict[str, object] = {
        "schemaVersion": BUNDLE_SCHEMA_VERSION,
        "bundleKind": "toe-evidence-bottleneck",
        "streams": list(streams),
        "task": o.task,
        "decisionThreshold": DECISION_THRESHOLD,
        "createdAt": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "featureSchema": feature_section(cohort.schema, spec),
        "units": units_section(cohort.schema, spec, ts_only),
        "context": context_section(cohort.schema, spec),
        **({} if ts_only else {"textEncoder": onnx_text_encoder_section(onnx_enc) if onnx_enc else text_encoder_section()}),
        "model": model_section(sizes, sigs, cfg.tau_ste, cfg.ks, ts_only),
        "training": {
            "cohort": cohort.schema.name,
            "source": cohort.schema.source,
            "synthetic": cohort.schema.synthetic,
            "contentSha256": cohort.content_sha256,
            "contentHashDefinition": "training/toe_training/store.py content_hash over the stays read, id order",
            "staysWithoutLabel": cohort.stays_without_label,
            "maxStays": max_stays,
            **static_record(cohort.schema.static_inputs, spec),
            "splits": {s: {"stays": len(d), "positives": int(d.y.sum()),
                           "prevalence": round(float(d.y.mean()), 6) if len(d) else None} for s, d in data.items()},
            "config": {**asdict(cfg), "ks": list(cfg.ks), "epochsPredictorMax": epochs_p, "epochsSelectorMax": epochs_s,
                       "threads": o.threads, "quick": o.quick, "optimizer": "Adam",
                       "earlyStopping": "best validation AUROC (selectors: mean top-k AUROC over kPerBatch)"},
            "fits": {k: asdict(v) for k, v in fits.items()},
            "trainSeconds": round(train_seconds, 1),
        },
        "metrics": metrics,
        "metricDefinitions": "see docs/model-bundle.md, 'Metrics'",
        "producer": producer(),
        "command": o.command,
        "invocation": o.invocation,
        "seed": o.seed,
    }
    write_manifest(work, manifest)
    if o.verify:
        report = verify_with_node(work, work / "parity.json")
        print(f"ONNX parity OK: max |diff| {report['maxAbsDiff']:.2e} over {report['checks']} checks "
              f"(tolerance {report['tolerance']})", flush=True)
        manifest["parity"] = {"verifiedWith": "scripts/verify-bundle-parity.ts (onnxruntime-node)", **report}
        write_manifest(work, manifest)
    problems = check_manifest(work)
    if problems:
        raise SystemExit(f"Manifest check failed: {problems}")
    if o.out.exists():
        shutil.rmtree(o.out)
    work.rename(o.out)
    size = sum(p.stat().st_size for p in o.out.iterdir())
    print(f"bundle {o.out} ({size / 1e6:.2f} MB) in {time.perf_counter() - wall:.1f} s", flush=True)
    sys.stdout.flush()
    return manifest


__all__ = ["RunOptions", "run"]
