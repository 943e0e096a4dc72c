#!/usr/bin/env bash
# Runs the Firebase Auth emulator (firebase-tools pinned in tools/firebase) until SIGINT/SIGTERM,
# or until the process that started it is gone (a `make run` or a test killed with SIGKILL):
# it watches its parent (CRM_WATCH_PID, else its parent process) and then stops the same way.
#   scripts/emulator.sh PORT [DATA_DIR]
# With DATA_DIR, users are imported from it at start and exported to it at exit. The emulator gets
# exactly one SIGINT on stop: a second one makes firebase-tools quit without exporting. It also
# takes PORT+1 and PORT+2 (its hub and logging ports); all three are free again when it exits.
set -euo pipefail
watch=${CRM_WATCH_PID:-$PPID}
root=$(cd "$(dirname "$0")/.." && pwd)
port=${1:-9099}
data=${2:-}
work=$(mktemp -d)
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
# firebase-tools finds "its" hub through a locator file in the temp dir named after the project:
# a private temp dir keeps side-by-side emulators (make run, make test) from exporting each other.
export TMPDIR=$work
cd "$work"
"$root/tools/firebase/node_modules/.bin/firebase" "${args[@]}" &
child=$!
stopping=
stop() {
  [ -n "$stopping" ] && return
  stopping=1
  kill -INT "$child" 2>/dev/null || true
}
trap stop INT TERM HUP
# Until the emulator has exported and exited: a trapped signal interrupts the short sleep; the
# parent is checked twice a second.
while kill -0 "$child" 2>/dev/null; do
  if [ -z "$stopping" ] && ! kill -0 "$watch" 2>/dev/null; then
    echo "emulador do Auth: o processo que o iniciou ($watch) terminou; encerrando (os usuários são exportados)"
    stop
  fi
  sleep 0.5 &
  wait $! 2>/dev/null || true
done
wait "$child" 2>/dev/null || true
rm -rf "$work"
