"""A small SQLite store with the app's schema and random-but-learnable stays.

The schema is read from src/main/core/store/migrations.ts itself, so the fixture cannot
drift from the store the app writes. The label depends on the time series (a heart-rate
surge in a few hours), the notes (marker phrases) and the context, so every stream has
something to learn. With static=True the cohort also declares static inputs (age and weight
numeric, sex and unit type categorical) that carry some of the risk; their values come from
a separate generator, so every other value is the default fixture's. Run as a script to
write a store: ``fixture_store.py OUT.sqlite [N] [--no-notes] [--static]``.
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
MIGRATIONS = REPO / "src/main/core/store/migrations.ts"

VARIABLES = [
    ("heart_rate", "bpm", 85.0, 12.0),
    ("sbp", "mmHg", 120.0, 15.0),
    ("resp_rate", "/min", 18.0, 4.0),
    ("spo2", "%", 96.0, 2.0),
    ("temperature", "°C", 37.0, 0.5),
    ("lactate", "mmol/L", 1.5, 0.6),
]
CXR_LABELS = [
    "Atelectasis", "Cardiomegaly", "Consolidation", "Edema", "Enlarged Cardiomediastinum",
    "Fracture", "Lung Lesion", "Lung Opacity", "No Finding", "Pleural Effusion",
    "Pleural Other", "Pneumonia", "Pneumothorax", "Support Devices",
]
ECG_FIELDS = ["rr_interval", "pr_interval", "qrs_duration", "qt_interval", "qtc_interval", "p_axis", "qrs_axis", "t_axis", "heart_rate"]
NEUTRAL = [
    "The lungs are clear.", "No acute cardiopulmonary process.", "Heart size is normal.",
    "Lines and tubes are unchanged.", "No pneumothorax is seen.", "Mild atelectasis at the bases.",
    "Osseous structures are intact.", "Comparison is made to the prior study.",
]
STATIC_INPUTS = [
    {"name": "age", "kind": "numeric", "unit": "years"},
    {"name": "sex", "kind": "categorical", "categories": ["F", "M"]},
    {"name": "weight", "kind": "numeric", "unit": "kg"},
    {"name": "unit_type", "kind": "categorical", "categories": ["MICU", "SICU", "CCU"]},
]
RISKY = [
    "Worsening bilateral alveolar edema.", "New large right pleural effusion.",
    "Diffuse consolidation concerning for ARDS.", "Endotracheal tube malpositioned.",
]


def migration_version() -> int:
    """The newest migration's version: the store is marked as fully migrated, so the app's
    Store (the embed step opens it) does not re-run migrations the script already applied."""
    return max(int(v) for v in re.findall(r"version:\s*(\d+)", MIGRATIONS.read_text(encoding="utf-8")))


def migration_sql() -> str:
    """The SQL of every migration, in order, from migrations.ts."""
    source = MIGRATIONS.read_text(encoding="utf-8")
    return "\n".join(re.findall(r"sql:\s*`([^`]*)`", source))


def static_values(rng: np.random.Generator, risk: float) -> list[tuple[str, float | None, str | None]]:
    """(name, value_num, value_text) rows of one stay: age and a CCU stay follow the risk;
    some values are not recorded."""
    rows: list[tuple[str, float | None, str | None]] = []
    if rng.random() < 0.9:
        rows.append(("age", round(float(62 + 12 * risk + 6 * rng.standard_normal()), 1), None))
    if rng.random() < 0.95:
        rows.append(("sex", None, str(rng.choice(["F", "M"]))))
    if rng.random() < 0.7:
        rows.append(("weight", round(float(80 + 15 * rng.standard_normal()), 1), None))
    if rng.random() < 0.9:
        rows.append(("unit_type", None, "CCU" if risk > 1.2 else str(rng.choice(["MICU", "SICU", "CCU"]))))
    return rows


def make_store(path: str | Path, n_stays: int = 300, seed: int = 1, cohort: str = "fixture", notes: bool = True,
               static: bool = False) -> None:
    """Writes a fresh store with one cohort of n_stays labelled stays (task E1). notes=False
    writes no note chunk at all (a cohort without text; the random draws stay the same);
    static=True declares static inputs and writes their values."""
    path = Path(path)
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    rng = np.random.Generator(np.random.PCG64(seed))
    conn = sqlite3.connect(path)
    conn.executescript(migration_sql())
    conn.execute(f"PRAGMA user_version = {migration_version()}")
    t, v = 24, len(VARIABLES)
    conn.execute(
        "INSERT INTO cohorts (id, name, source, synthetic, description, feature_schema, note_rule, "
        "context_schema, tasks, attributes, created_at) VALUES (1, ?, 'demo', 1, ?, ?, ?, ?, ?, '[]', ?)",
        (
            cohort,
            "training test fixture (synthetic)",
            json.dumps({"hours": t, "variables": [{"name": n, "unit": u} for n, u, _, _ in VARIABLES], "statistics": ["mean", "min", "max"]}),
            json.dumps({"sentencesPerChunk": 3, "maxChunks": 20}),
            json.dumps({"cxrLabels": CXR_LABELS, "ecgFields": ECG_FIELDS}
                       | ({"staticInputs": STATIC_INPUTS} if static else {})),
            json.dumps(["E1", "E2"]),
            "2025-01-01T00:00:00.000Z",
        ),
    )
    static_rng = np.random.Generator(np.random.PCG64(seed + 1000))
    for i in range(n_stays):
        risk = rng.standard_normal()
        label = int(risk + 0.5 * rng.standard_normal() > 1.0)
        split = ("train", "train", "train", "train", "train", "train", "train", "val", "val", "test")[i % 10]
        base = np.array([m for _, _, m, _ in VARIABLES])
        scale = np.array([s for _, _, _, s in VARIABLES])
        means = base + scale * rng.standard_normal((t, v)) * 0.7
        surge_hours = rng.choice(t, size=3, replace=False)
        means[surge_hours, 0] += 30.0 * max(risk, 0.0)  # tachycardia bursts carry the signal
        means[:, 5] += 0.8 * max(risk, 0.0)
        series = np.stack([means, means - np.abs(rng.standard_normal((t, v))) * scale * 0.2,
                           means + np.abs(rng.standard_normal((t, v))) * scale * 0.2], axis=2).astype(np.float32)
        missing = (rng.random((t, v)) < np.array([0.05, 0.1, 0.1, 0.05, 0.5, 0.85])).astype(np.uint8)
        series[missing == 1] = np.nan
        cur = conn.execute(
            "INSERT INTO stays (cohort_id, stay_key, subject_key, split, t0, los_hours, series, missing) "
            "VALUES (1, ?, ?, ?, '2150-01-01T00:00:00Z', NULL, ?, ?)",
            (f"S{i:05d}", f"P{i:05d}", split, series.astype("<f4").tobytes(), missing.tobytes()),
        )
        sid = cur.lastrowid
        conn.execute("INSERT INTO outcomes (stay_id, task, label) VALUES (?, 'E1', ?)", (sid, label))
        conn.execute(
            "INSERT INTO outcomes (stay_id, task, label) VALUES (?, 'E2', ?)", (sid, int(rng.random() < 0.3))
        )
        n_chunks = int(rng.integers(0, 8))
        for pos in range(n_chunks):
            pool = RISKY if (risk > 0.8 and rng.random() < 0.5) else NEUTRAL
            text = " ".join(str(rng.choice(pool)) if j == 0 else str(rng.choice(NEUTRAL)) for j in range(3))
            if notes:
                conn.execute("INSERT INTO note_chunks VALUES (?, ?, NULL, ?)", (sid, pos, text))
        has_cxr = rng.random() < 0.6
        cxr = rng.integers(0, 4, len(CXR_LABELS)).astype(np.uint8) if has_cxr else np.zeros(len(CXR_LABELS), np.uint8)
        if has_cxr and risk > 1.0:
            cxr[3] = 1  # edema positive
        has_ecg = rng.random() < 0.5
        ecg = (rng.standard_normal(len(ECG_FIELDS)) * 50 + 400).astype(np.float32) if has_ecg else np.full(len(ECG_FIELDS), np.nan, np.float32)
        if has_ecg:
            ecg[rng.random(len(ECG_FIELDS)) < 0.1] = np.nan
        conn.execute(
            "INSERT INTO contexts VALUES (?, ?, ?, ?, ?)",
            (sid, int(has_cxr), cxr.tobytes(), int(has_ecg), ecg.astype("<f4").tobytes()),
        )
        if static:
            conn.executemany("INSERT INTO static_inputs VALUES (?, ?, ?, ?)",
                             [(sid, *row) for row in static_values(static_rng, float(risk))])
    conn.commit()
    conn.close()


if __name__ == "__main__":
    # fixture_store.py OUT.sqlite [N] [--no-notes] [--static]
    args = [a for a in sys.argv[1:] if a not in ("--no-notes", "--static")]
    make_store(args[0], int(args[1]) if len(args) > 1 else 300, notes="--no-notes" not in sys.argv,
               static="--static" in sys.argv)
