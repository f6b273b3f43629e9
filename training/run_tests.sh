#!/usr/bin/env bash
# Runs the training pipeline's Python tests with Debian's Python (the one with torch/onnx).
# unittest, not pytest: pytest may be absent on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")"
PY="${TOE_PYTHON:-/usr/bin/python3}"
exec "$PY" -m unittest discover -s . -t . -p 'test_*.py' -v "$@"
