#!/usr/bin/env bash
# Build the compiled engines in a copy of the working tree and run pytest there, leaving the
# working tree (and its build) alone.  For trying a change compiled while others work here:
#
#   bash scripts/compiled-copy.sh /tmp/my-copy tests/brokdorf tests/conformance -k brokdorf
#
# The copy holds cardgames/, tests/, notebooks/ and the build files; it is rebuilt each run.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
copy="$1"; shift
python="$here/.venv/bin/python"
rm -rf "$copy"
mkdir -p "$copy"
cp -r "$here/cardgames" "$here/tests" "$here/setup.py" "$here/pyproject.toml" "$here/README.md" "$copy/"
find "$copy" \( -name '*.so' -o -name '__pycache__' \) -prune -exec rm -rf {} +
cd "$copy"
"$python" setup.py -q build_ext --inplace > build.log 2>&1 || { tail -40 build.log; exit 1; }
echo "compiled: $(find cardgames -name '*.so' | wc -l) modules" >&2
PYTHONPATH="$copy" "$python" -c "import cardgames; assert cardgames.compiled, 'not compiled'; print('cardgames from', cardgames.__file__)"
PYTHONPATH="$copy" "$python" -m pytest -q -p no:cacheprovider "$@"
