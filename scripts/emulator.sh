#!/usr/bin/env bash
# Starts the Firebase Auth emulator (firebase-tools pinned in tools/firebase) in the foreground.
#   scripts/emulator.sh PORT [DATA_DIR]
# With DATA_DIR, users are imported from it at start and exported to it at exit (SIGINT/SIGTERM).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
port=${1:-9099}
data=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Each emulator gets its own hub/logging ports so several can run side by side (make run and make test).
cat > "$work/firebase.json" <<JSON
{"emulators":{"auth":{"host":"127.0.0.1","port":$port},"hub":{"host":"127.0.0.1","port":$((port+1))},"logging":{"host":"127.0.0.1","port":$((port+2))},"ui":{"enabled":false},"singleProjectMode":true}}
JSON
args=(emulators:start --only auth --project "${FIREBASE_PROJECT_ID:-demo-crm}" --config "$work/firebase.json")
if [ -n "$data" ]; then
  mkdir -p "$data"
  [ -f "$data/firebase-export-metadata.json" ] && args+=(--import "$data")
  args+=(--export-on-exit "$data")
fi
export HOME=${HOME:-$work}
cd "$work"
exec "$root/tools/firebase/node_modules/.bin/firebase" "${args[@]}"
