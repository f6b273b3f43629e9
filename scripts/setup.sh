#!/usr/bin/env bash
# Everything a fresh Debian/Ubuntu machine needs, idempotent: the npm dependencies from the
# lock file and, with --for-tests, the system packages the tests use (Chromium for the
# browser tests, PyTorch/ONNX/scikit-learn for the training pipeline and the reference
# checks, poppler for PDF checks).
set -euo pipefail

# The nodedir node-gyp should build better-sqlite3 against, printed, or nothing: PREFIX when
# npm has none configured (CONFIGURED empty, "undefined" or "null") and PREFIX holds the
# headers of this Node's major version in node-gyp's nodedir layout (include/node/node.h,
# node_version.h, common.gypi). Offline, node-gyp cannot download headers, but Debian's
# nodejs has them under /usr/include/node; another major's headers would build a module
# that does not load, so they are not used.
nodedir_for_build() {
  local prefix="$1" node_major="$2" configured="$3"
  case "$configured" in '' | undefined | null) ;; *) return 0 ;; esac
  local headers="$prefix/include/node"
  [ -f "$headers/node.h" ] && [ -f "$headers/common.gypi" ] && [ -f "$headers/node_version.h" ] ||
    return 0
  local major
  major=$(sed -n 's/^#define NODE_MAJOR_VERSION \([0-9][0-9]*\).*/\1/p' "$headers/node_version.h")
  if [ "$major" = "$node_major" ]; then echo "$prefix"; fi
}

# One actionable sentence for a failed `npm ci` whose log shows the native build failing
# (node-gyp's raw stack is in the log, not on the terminal); nothing for other failures.
native_build_failure() {
  local log="$1"
  grep -q 'gyp ERR!' "$log" || return 0
  echo "setup: npm could not build better-sqlite3 from source (node-gyp failed; full log: $log):" \
    "most likely Node's headers are missing on this offline machine, or a C++ compiler and" \
    "make are; install them (apt-get install -y build-essential python3, and the headers of" \
    "Node $(node -v) under /usr/include/node) or point npm at them" \
    "(npm_config_nodedir=/path/with/include/node bash scripts/setup.sh), then run it again."
}

# Sourced (by the tests), only the functions above are defined.
if [ "${BASH_SOURCE[0]}" != "$0" ]; then return 0; fi

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
  nodedir=$(nodedir_for_build /usr "$(node -p 'process.versions.node.split(".")[0]')" \
    "${npm_config_nodedir:-$(npm config get nodedir 2>/dev/null || true)}")
  if [ -n "$nodedir" ]; then
    echo "setup: building native modules against Node's headers in $nodedir/include/node"
    export npm_config_nodedir="$nodedir"
  fi
  echo "setup: installing npm dependencies (better-sqlite3 builds from source: about a minute)"
  log=$(mktemp "${TMPDIR:-/tmp}/toe-npm-ci.XXXXXX.log")
  if ! npm ci --no-fund --no-audit --loglevel=error >"$log" 2>&1; then
    sentence=$(native_build_failure "$log")
    if [ -n "$sentence" ]; then
      echo "$sentence" >&2
    else
      tail -n 20 "$log" >&2
      echo "setup: npm ci failed (full log: $log)" >&2
    fi
    exit 1
  fi
  cat "$log"
  rm -f "$log"
fi
