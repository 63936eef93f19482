#!/usr/bin/env bash
# Link the repository's Voila configuration and template into an environment (default: .venv),
# so that `voila` and Jupyter's /voila/render/ serve the notebooks offline with working links
# (etc/jupyter/voila.py says what it sets). `make install` runs it; so does binder/postBuild.
#
#   bash scripts/install-voila.sh [PREFIX]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
prefix="${1:-$here/.venv}"
mkdir -p "$prefix/etc/jupyter" "$prefix/share/jupyter/voila/templates"
ln -sfn "$here/etc/jupyter/voila.py" "$prefix/etc/jupyter/voila.py"
ln -sfn "$here/share/jupyter/voila/templates/cardgames" "$prefix/share/jupyter/voila/templates/cardgames"
