#!/usr/bin/env bash
# Everything a fresh Debian/Ubuntu machine needs, idempotent: the npm dependencies from the
# lock file and, with --for-tests, the system packages the tests use (Chromium for the
# browser tests, PyTorch/ONNX/scikit-learn for the training pipeline and the reference
# checks, poppler for PDF checks).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
if [ "${1:-}" = "--for-tests" ]; then
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
/usr/bin/python3 -c 'import torch' >/dev/null 2>&1 || need+=(python3-torch)
/usr/bin/python3 -c 'import onnx' >/dev/null 2>&1 || need+=(python3-onnx)
/usr/bin/python3 -c 'import sklearn' >/dev/null 2>&1 || need+=(python3-sklearn)
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing system packages: ${need[*]}"
  if [ "$(id -u)" -eq 0 ]; then apt_get=(apt-get); else apt_get=(sudo apt-get); fi
  "${apt_get[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq "${need[@]}" >/dev/null
fi

# Electron's binary cannot be downloaded on offline build machines; the app is built
# without it and its end-to-end specs skip where it is absent.
export ELECTRON_SKIP_BINARY_DOWNLOAD=1
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm dependencies (better-sqlite3 builds from source: about a minute)"
  npm ci --no-fund --no-audit --loglevel=error
fi
