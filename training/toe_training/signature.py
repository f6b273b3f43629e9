"""manifest.signature.json: the SHA-256 of the manifest's canonical JSON and the content it was
computed over (docs/model-bundle.md, "Integrity"). The manifest lists every other file's
hash; this file is how the runtime notices a changed manifest, and names the changed field.

Canonical JSON is RFC 8785 (JCS), exactly as src/main/core/models/manifest-integrity.ts
writes it: keys sorted by UTF-16 code units, no whitespace, strings as JSON escapes them,
numbers in ECMAScript's shortest round-trip form (0.5, 1e-7, 24, 1e+21), UTF-8. The hash is
computed over the manifest as written to disk and read back, so what is signed is what the
runtime reads. Standard library only: `python3 -m toe_training.signature DIR` checks a bundle.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from pathlib import Path

MANIFEST = "manifest.json"
SIGNATURE = "manifest.signature.json"
FORMAT = "toe-manifest-signature"
VERSION = 1
CANONICALIZATION = "RFC 8785 (JCS): keys sorted by UTF-16 code units, no whitespace, ECMAScript number form, UTF-8"

_MAX_SAFE = 2 ** 53


def es_number(x: float | int) -> str:
    """A number as ECMAScript's Number::toString (and so JSON.stringify) writes it."""
    if isinstance(x, int) and abs(x) <= _MAX_SAFE:
        return str(x)
    x = float(x)
    if not math.isfinite(x):
        raise ValueError(f"not a JSON number: {x}")
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    # float.__repr__ is the shortest string that round-trips, like ECMAScript's digits.
    mantissa, _, exp = float.__repr__(abs(x)).partition("e")
    whole, _, frac = mantissa.partition(".")
    all_digits = whole + frac
    lead = len(all_digits) - len(all_digits.lstrip("0"))
    digits = all_digits.strip("0")
    n = len(whole) + (int(exp) if exp else 0) - lead  # value = 0.digits × 10^n
    k = len(digits)
    if k <= n <= 21:
        text = digits + "0" * (n - k)
    elif 0 < n <= 21:
        text = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        text = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        text = digits[0] + ("." + digits[1:] if k > 1 else "") + "e" + ("+" if e >= 0 else "-") + str(abs(e))
    return sign + text


def canonical_json(value: object) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return es_number(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(canonical_json(v) for v in value) + "]"
    if isinstance(value, dict):
        keys = sorted(value, key=lambda k: k.encode("utf-16-be"))
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + canonical_json(value[k]) for k in keys) + "}"
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def canonical_sha256(value: object) -> str:
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


def write_signature(bundle: Path) -> str:
    """Signs manifest.json as it is on disk; returns the hash."""
    manifest = json.loads((bundle / MANIFEST).read_text(encoding="utf-8"))
    sha = canonical_sha256(manifest)
    signature = {"format": FORMAT, "version": VERSION, "canonicalization": CANONICALIZATION, "sha256": sha,
                 "manifest": manifest}
    (bundle / SIGNATURE).write_text(json.dumps(signature, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return sha


def check_signature(bundle: Path) -> list[str]:
    """Problems with the manifest's signature (empty = the manifest is the one signed)."""
    path = bundle / SIGNATURE
    if not path.is_file():
        return [f"missing {SIGNATURE}"]
    signature = json.loads(path.read_text(encoding="utf-8"))
    if signature.get("format") != FORMAT or signature.get("version") != VERSION:
        return [f"{SIGNATURE} is not a {FORMAT} version {VERSION} file"]
    if canonical_sha256(signature.get("manifest")) != signature.get("sha256"):
        return [f"{SIGNATURE} is damaged"]
    manifest = json.loads((bundle / MANIFEST).read_text(encoding="utf-8"))
    if canonical_sha256(manifest) != signature["sha256"]:
        return [f"{MANIFEST} changed after signing"]
    return []


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--canonical":
        # For the cross-language test: canonical JSON of a JSON file, to stdout.
        sys.stdout.write(canonical_json(json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))))
        sys.exit(0)
    if len(sys.argv) != 2:
        sys.exit("usage: python3 -m toe_training.signature BUNDLE_DIR")
    problems = check_signature(Path(sys.argv[1]))
    print("\n".join(problems) if problems else "manifest signature OK")
    sys.exit(1 if problems else 0)
