#!/usr/bin/env bash
# Re-run every pack's scenarios, rewrite the golden logs that changed, and
# show the change for review (commit it only if every line is intended).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
for pack in $(./target/release/imperium --json packs | python3 -c 'import json,sys; print(" ".join(p["id"] for p in json.load(sys.stdin)))'); do
  ./target/release/imperium test "$pack" --accept || true
done
git --no-pager diff --stat -- 'content/*/tests/snapshots'
