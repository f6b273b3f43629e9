"""Reads a cohort from the app's SQLite store (schema: src/main/core/store/migrations.ts).

Only reads: training never writes to the store. BLOB layouts (src/main/core/store/codec.ts):
series = little-endian float32 [hours, variables, 3] (mean, min, max), NaN where missing;
missing = uint8 [hours, variables], 1 = nothing charted; cxr = uint8 per CheXpert label
(0 not mentioned, 1 positive, 2 negative, 3 uncertain); ecg = float32 per field, NaN.
Static inputs (age, sex, ...) are rows of static_inputs, one per recorded value.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import struct
from dataclasses import dataclass, field

import numpy as np

SPLITS = ("train", "val", "test")

StaticValue = float | str


@dataclass(frozen=True)
class StaticInputSpec:
    """One declared static input (src/shared/domain.ts StaticInputSpec): numeric with a unit,
    or categorical with its categories."""

    name: str
    kind: str  # "numeric" | "categorical"
    unit: str = ""
    categories: tuple[str, ...] = ()


@dataclass(frozen=True)
class CohortSchema:
    """The cohort row: feature, note and context schemas as the importer stored them."""

    name: str
    source: str
    synthetic: bool
    hours: int
    variables: list[dict[str, str]]
    statistics: list[str]
    note_rule: dict[str, int]
    cxr_labels: list[str]
    ecg_fields: list[str]
    tasks: list[str]
    # context_schema.staticInputs in declaration order; empty when the cohort declares none.
    static_inputs: list[StaticInputSpec] = field(default_factory=list)


@dataclass
class RawStay:
    """One stay as stored, with its label for the task being trained."""

    id: int
    stay_key: str
    split: str
    label: int
    series: np.ndarray  # float32 [T, V, 3]
    missing: np.ndarray  # uint8 [T, V]
    chunks: list[str] = field(default_factory=list)  # in position (time) order
    has_cxr: bool = False
    cxr: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint8))
    has_ecg: bool = False
    ecg: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))
    # note_chunks.position of each chunk (last, so positional construction keeps working):
    # the key of its vector in chunk_embeddings.
    chunk_positions: list[int] = field(default_factory=list)
    # Recorded static input values by name (value_num as float, value_text as str).
    static: dict[str, StaticValue] = field(default_factory=dict)


@dataclass
class LoadedCohort:
    schema: CohortSchema
    stays: list[RawStay]
    content_sha256: str
    stays_without_label: int


def _connect(path: str) -> sqlite3.Connection:
    # Read-only URI: a training run must never modify the user's store.
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def read_schema(conn: sqlite3.Connection, cohort: str) -> tuple[int, CohortSchema]:
    row = conn.execute(
        "SELECT id, name, source, synthetic, feature_schema, note_rule, context_schema, tasks "
        "FROM cohorts WHERE name = ?",
        (cohort,),
    ).fetchone()
    if row is None:
        known = [r[0] for r in conn.execute("SELECT name FROM cohorts ORDER BY id")]
        raise SystemExit(f"No cohort {cohort!r} in the store. Known cohorts: {known or 'none'}.")
    cid, name, source, synthetic, feature_json, note_json, context_json, tasks_json = row
    feature = json.loads(feature_json)
    context = json.loads(context_json)
    return cid, CohortSchema(
        name=name,
        source=source,
        synthetic=bool(synthetic),
        hours=int(feature["hours"]),
        variables=[{"name": v["name"], "unit": v["unit"]} for v in feature["variables"]],
        statistics=list(feature["statistics"]),
        note_rule={k: int(v) for k, v in json.loads(note_json).items()},
        cxr_labels=list(context["cxrLabels"]),
        ecg_fields=list(context["ecgFields"]),
        tasks=list(json.loads(tasks_json)),
        static_inputs=[
            StaticInputSpec(x["name"], x["kind"], x.get("unit", ""), tuple(x.get("categories", ())))
            for x in context.get("staticInputs", [])
        ],
    )


def _select_ids(ids: list[int], max_stays: int | None, seed: int) -> list[int]:
    """All stays, or a seeded random subset of max_stays (kept in id order)."""
    if max_stays is None or max_stays >= len(ids):
        return ids
    rng = np.random.Generator(np.random.PCG64(seed))
    chosen = rng.choice(len(ids), size=max_stays, replace=False)
    return sorted(ids[i] for i in chosen)


def load_cohort(path: str, cohort: str, task: str, max_stays: int | None, seed: int) -> LoadedCohort:
    """Loads every labelled stay of the cohort (or a seeded subset) for one task."""
    conn = _connect(path)
    try:
        cid, schema = read_schema(conn, cohort)
        if task not in schema.tasks:
            raise SystemExit(f"Cohort {cohort!r} has no task {task!r}; its tasks: {schema.tasks}.")
        t, v = schema.hours, len(schema.variables)
        labels = dict(
            conn.execute(
                "SELECT s.id, o.label FROM stays s JOIN outcomes o ON o.stay_id = s.id "
                "WHERE s.cohort_id = ? AND o.task = ?",
                (cid, task),
            ).fetchall()
        )
        all_ids = [r[0] for r in conn.execute("SELECT id FROM stays WHERE cohort_id = ? ORDER BY id", (cid,))]
        without_label = sum(1 for i in all_ids if i not in labels)
        ids = _select_ids([i for i in all_ids if i in labels], max_stays, seed)
        wanted = set(ids)
        stays: dict[int, RawStay] = {}
        for sid, key, split, series, missing in conn.execute(
            "SELECT id, stay_key, split, series, missing FROM stays WHERE cohort_id = ? ORDER BY id", (cid,)
        ):
            if sid not in wanted:
                continue
            ser = np.frombuffer(series, dtype="<f4").astype(np.float32)
            mis = np.frombuffer(missing, dtype=np.uint8)
            if ser.size != t * v * 3 or mis.size != t * v:
                raise SystemExit(f"Stay {key}: tensor sizes {ser.size}/{mis.size} do not match the schema.")
            stays[sid] = RawStay(sid, key, split, int(labels[sid]), ser.reshape(t, v, 3), mis.reshape(t, v).copy())
        for sid, position, text in conn.execute(
            "SELECT n.stay_id, n.position, n.text FROM note_chunks n JOIN stays s ON s.id = n.stay_id "
            "WHERE s.cohort_id = ? ORDER BY n.stay_id, n.position",
            (cid,),
        ):
            if sid in stays:
                stays[sid].chunks.append(text)
                stays[sid].chunk_positions.append(position)
        for sid, has_cxr, cxr, has_ecg, ecg in conn.execute(
            "SELECT c.stay_id, c.has_cxr, c.cxr, c.has_ecg, c.ecg FROM contexts c "
            "JOIN stays s ON s.id = c.stay_id WHERE s.cohort_id = ?",
            (cid,),
        ):
            if sid in stays:
                st = stays[sid]
                st.has_cxr, st.cxr = bool(has_cxr), np.frombuffer(cxr, dtype=np.uint8).copy()
                st.has_ecg, st.ecg = bool(has_ecg), np.frombuffer(ecg, dtype="<f4").astype(np.float32)
        declared = {x.name for x in schema.static_inputs}
        for sid, name, value_num, value_text in conn.execute(
            "SELECT v.stay_id, v.name, v.value_num, v.value_text FROM static_inputs v "
            "JOIN stays s ON s.id = v.stay_id WHERE s.cohort_id = ?",
            (cid,),
        ):
            if sid in stays and name in declared:
                stays[sid].static[name] = float(value_num) if value_num is not None else str(value_text)
        ordered = [stays[i] for i in ids]
        for st in ordered:
            if st.cxr.size == 0:
                st.cxr = np.zeros(len(schema.cxr_labels), np.uint8)
            if st.ecg.size == 0:
                st.ecg = np.full(len(schema.ecg_fields), np.nan, np.float32)
        return LoadedCohort(schema, ordered, content_hash(ordered, schema.static_inputs), without_label)
    finally:
        conn.close()


def content_hash(stays: list[RawStay], static_inputs: list[StaticInputSpec] | None = None) -> str:
    """SHA-256 of the stays as training read them (keys, splits, labels, tensors, text,
    context), in id order: identifies the training data without shipping it. Static inputs
    count only when the cohort declares some, so older cohorts keep their hash."""
    h = hashlib.sha256()
    for st in stays:
        h.update(f"{st.stay_key}\0{st.split}\0{st.label}\0".encode())
        h.update(st.series.astype("<f4").tobytes())
        h.update(st.missing.tobytes())
        for chunk in st.chunks:
            h.update(chunk.encode("utf-8") + b"\0")
        h.update(bytes([st.has_cxr, st.has_ecg]))
        h.update(st.cxr.tobytes())
        h.update(st.ecg.astype("<f4").tobytes())
        for spec in static_inputs or []:
            h.update(_static_bytes(spec.name, st.static.get(spec.name)))
    return h.hexdigest()


def _static_bytes(name: str, value: StaticValue | None) -> bytes:
    """One static value for the hash: name UTF-8 and NUL, then "-" (not recorded), "n" and the
    float64 LE, or "t", the text UTF-8 and NUL (ported by models/training-content-hash.ts)."""
    head = name.encode("utf-8") + b"\0"
    if value is None:
        return head + b"-"
    if isinstance(value, float):
        return head + b"n" + struct.pack("<d", value)
    return head + b"t" + value.encode("utf-8") + b"\0"
