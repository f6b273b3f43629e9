#!/usr/bin/python3
"""Trains a ToE model bundle from a cohort in the app's store.

    /usr/bin/python3 training/train.py --db STORE.sqlite --cohort demo --task E1 \
        --out resources/models/E1 [--seed 7] [--epochs N] [--max-stays N] [--quick] \
        [--text-encoder DIR] [--streams ts|ts,note] [--no-static]

Usually run through the CLI: ``npm run train -- --cohort demo --task E1``. See
docs/model-bundle.md for the bundle it writes.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from toe_training.pipeline import RunOptions, run  # noqa: E402

DEFAULT_SEED = 7


def reproduce_command(a: argparse.Namespace) -> str:
    """The npm command that makes the same bundle (the store is the CLI's default or --db)."""
    parts = ["npm", "run", "train", "--", "--cohort", a.cohort, "--task", a.task]
    if a.seed != DEFAULT_SEED:
        parts += ["--seed", str(a.seed)]
    if a.quick:
        parts.append("--quick")
    if a.max_stays is not None:
        parts += ["--max-stays", str(a.max_stays)]
    if a.epochs is not None:
        parts += ["--epochs", str(a.epochs)]
    if a.selector_epochs is not None:
        parts += ["--selector-epochs", str(a.selector_epochs)]
    if a.text_encoder is not None:
        parts += ["--text-encoder", portable([str(a.text_encoder)])[0]]
    if a.streams is not None:
        parts += ["--streams", a.streams]
    if a.no_static:
        parts.append("--no-static")
    return shlex.join(parts)


def portable(argv: list[str]) -> list[str]:
    """argv for the manifest: paths inside the repository made relative, the home folder as ~."""
    repo, home = str(Path(__file__).resolve().parents[1]) + "/", str(Path.home()) + "/"
    return [a.replace(repo, "", 1) if a.startswith(repo) else a.replace(home, "~/", 1) if a.startswith(home) else a
            for a in argv]


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--db", required=True, help="the SQLite store (read only)")
    p.add_argument("--cohort", required=True, help="cohort name in the store")
    p.add_argument("--task", required=True, help="outcome task, e.g. E1")
    p.add_argument("--out", required=True, type=Path, help="bundle folder to write (replaced if present)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--epochs", type=int, default=None, help="max Phase I epochs per stream (default 40)")
    p.add_argument("--selector-epochs", type=int, default=None, help="max Phase II epochs per selector (default 15)")
    p.add_argument("--max-stays", type=int, default=None, help="train on a seeded subset of this many stays")
    p.add_argument("--quick", action="store_true", help=f"CI mode: {300} stays, one epoch per phase")
    p.add_argument("--threads", type=int, default=1, help="torch threads (fixed for reproducibility)")
    p.add_argument("--command", default=None, help="the command to record in the manifest (the CLI passes its own)")
    p.add_argument("--no-verify", action="store_true", help="skip the onnxruntime-node parity check (tests only)")
    p.add_argument("--text-encoder", type=Path, default=None, metavar="DIR",
                   help="an ONNX encoder folder (encoder.json, model, vocab.txt) instead of the built-in encoder; "
                        "its chunk embeddings must be in the store (scripts/embed-notes.ts)")
    p.add_argument("--streams", choices=["ts", "ts,note"], default=None,
                   help="streams to train (default: ts,note when the cohort has note chunks, else ts: a TS-only bundle)")
    p.add_argument("--no-static", action="store_true",
                   help="leave the cohort's static inputs (age, sex, ...) out of the model, to measure what they add")
    a = p.parse_args(argv)
    run(RunOptions(
        db=a.db, cohort=a.cohort, task=a.task, out=a.out.resolve(), seed=a.seed, threads=a.threads,
        max_stays=a.max_stays, quick=a.quick, epochs=a.epochs, selector_epochs=a.selector_epochs,
        command=a.command or reproduce_command(a), invocation=["training/train.py", *portable(argv)], verify=not a.no_verify,
        text_encoder=a.text_encoder, streams=tuple(a.streams.split(",")) if a.streams else None,
        static=not a.no_static,
    ))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
