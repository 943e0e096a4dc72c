#!/usr/bin/env bash
# with-emulator.sh PORT CMD...: runs CMD with a fresh Auth emulator on PORT (and PORT+1, PORT+2)
# with FIREBASE_AUTH_EMULATOR_HOST set, stopping it afterwards; if this script is killed, the
# emulator sees its parent gone and stops by itself.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
port=$1; shift
log=$(mktemp)
setsid "$root/scripts/emulator.sh" "$port" > "$log" 2>&1 &
pid=$!
cleanup() { kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -f "$log"; }
trap cleanup EXIT
if ! "$root/scripts/wait-http.sh" "http://127.0.0.1:$port/" 120 "$pid"; then cat "$log"; exit 1; fi
export FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:$port
# On a failure, what the emulator said (a dead or erroring emulator fails every sign-in after it).
rc=0
"$@" || rc=$?
if [ "$rc" != 0 ]; then
  kill -0 "$pid" 2>/dev/null || echo "with-emulator: o emulador (porta $port) não está mais rodando" >&2
  echo "with-emulator: últimas linhas do emulador:" >&2
  tail -n 40 "$log" >&2 || true
fi
exit "$rc"
