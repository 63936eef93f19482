#!/usr/bin/env bash
# `make bench-peers`: our random playouts beside OpenSpiel's and RLCard's, on one core.
#
# The peers live in their own virtual environment, .bench-venv (gitignored), so that
# .venv, which `make test` and `make lab` use, never carries rlcard, open-spiel or torch.
# The environment is made once and reused; it is refreshed when this script or the
# package metadata changes. Extra arguments go to `python -m benchmarks.peers`
# (e.g. `bash scripts/bench-peers.sh --rounds 9 --seconds 1`).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
VENV=.bench-venv
BIN="$VENV/bin"
STAMP="$VENV/.installed-$(cat scripts/bench-peers.sh pyproject.toml setup.py | cksum | cut -d' ' -f1)"

if [ ! -x "$BIN/python" ]; then
    "$PYTHON" -m venv "$VENV"
    "$BIN/python" -m pip install --quiet --upgrade pip > "$VENV/install.log" 2>&1 \
        || { cat "$VENV/install.log" >&2; exit 1; }
fi
if [ ! -e "$STAMP" ]; then
    # rlcard imports numpy only for Dou Dizhu's game object; torch is not needed.
    # the build back-ends are chatty even with --quiet: keep their output in a log,
    # and show it only when an install fails
    log="$VENV/install.log"
    echo "bench-peers: installing numpy, pandas, rlcard, open-spiel and cardgames into $VENV (log: $log)"
    if ! { "$BIN/python" -m pip install --quiet numpy pandas rlcard open-spiel \
           && "$BIN/python" -m pip install --quiet -e .; } > "$log" 2>&1; then
        cat "$log" >&2
        exit 1
    fi
    rm -f "$VENV"/.installed-*
    touch "$STAMP"
fi
exec "$BIN/python" -m benchmarks.peers "$@"
