#!/usr/bin/env bash
# with-crm.sh HTTP_PORT GRPC_PORT EMULATOR_PORT CMD...: runs CMD against a fresh crm (temporary
# data dir, demo data, web app from mobile/dist), Auth emulator and, unless CRM_VIACEP_URL is
# set, the loopback postal-code stand-in (scripts/viacep-stub.mjs on HTTP_PORT+1); CRM_BASE_URL
# and FIREBASE_AUTH_EMULATOR_HOST tell CMD where they are.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
http=$1 grpc=$2 emu=$3; shift 3
data=$(mktemp -d)
export CRM_HTTP_ADDR=127.0.0.1:$http CRM_GRPC_ADDR=127.0.0.1:$grpc CRM_DATA_DIR=$data CRM_DEMO=1 CRM_LOG_LEVEL=${CRM_LOG_LEVEL:-warn}
export CRM_WEB_DIR=${CRM_WEB_DIR:-$root/mobile/dist}
export CRM_BASE_URL=http://127.0.0.1:$http
stub=
if [ -z "${CRM_VIACEP_URL:-}" ]; then
  node "$root/scripts/viacep-stub.mjs" $((http + 1)) > /dev/null &
  stub=$!
  export CRM_VIACEP_URL=http://127.0.0.1:$((http + 1))
fi
trap '[ -n "$stub" ] && kill $stub 2>/dev/null' EXIT
"$root/scripts/with-emulator.sh" "$emu" bash -c '
  set -euo pipefail
  # crm gets SIGTERM from the kernel if this shell dies without stopping it (setpriv, util-linux).
  pdeath=()
  command -v setpriv > /dev/null && setpriv --help 2>&1 | grep -q pdeathsig && pdeath=(setpriv --pdeathsig TERM)
  "${pdeath[@]}" "'"$root"'/bin/crm" > "'"$data"'/crm.log" 2>&1 &
  pid=$!
  trap "kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf '"$data"'" EXIT
  "'"$root"'/scripts/wait-http.sh" "$CRM_BASE_URL/readyz" 120 $pid || { cat "'"$data"'/crm.log"; exit 1; }
  rc=0
  "$@" || rc=$?
  # On a failure, the server'"'"'s side: is it alive, and what did it log (a crash fails every test after it).
  if [ "$rc" != 0 ]; then
    kill -0 $pid 2>/dev/null || echo "with-crm: o crm não está mais rodando" >&2
    echo "with-crm: últimas linhas de crm.log:" >&2
    tail -n 80 "'"$data"'/crm.log" >&2 || true
  fi
  exit $rc' _ "$@"
