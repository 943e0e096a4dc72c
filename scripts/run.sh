#!/usr/bin/env bash
# make run: the Auth emulator (127.0.0.1:9099, users kept in the data dir) and crm (REST + web on
# CRM_HTTP_ADDR, gRPC on CRM_GRPC_ADDR) with the demo company. Ctrl-C stops both cleanly.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export CRM_DATA_DIR=${CRM_DATA_DIR:-$root/.data}
export CRM_HTTP_ADDR=${CRM_HTTP_ADDR:-127.0.0.1:8080}
export CRM_GRPC_ADDR=${CRM_GRPC_ADDR:-127.0.0.1:9090}
export CRM_WEB_DIR=${CRM_WEB_DIR:-$root/mobile/dist}
export FIREBASE_PROJECT_ID=${FIREBASE_PROJECT_ID:-demo-crm}
export CRM_DEMO=${CRM_DEMO:-1}
emu_port=${CRM_AUTH_EMULATOR_PORT:-9099}
export FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:$emu_port
mkdir -p "$CRM_DATA_DIR"

emu_pid= crm_pid=
stop() {
  trap - INT TERM EXIT
  [ -n "$crm_pid" ] && kill -TERM "$crm_pid" 2>/dev/null && wait "$crm_pid" 2>/dev/null
  # The emulator script turns this into one SIGINT: firebase-tools exports the users, then exits.
  [ -n "$emu_pid" ] && kill -TERM "$emu_pid" 2>/dev/null && wait "$emu_pid" 2>/dev/null
  echo "crm e emulador encerrados; dados mantidos em $CRM_DATA_DIR"
}
trap stop INT TERM EXIT

if curl -sf -o /dev/null "http://$FIREBASE_AUTH_EMULATOR_HOST/"; then
  echo "usando o emulador do Auth que já responde em $FIREBASE_AUTH_EMULATOR_HOST"
else
  echo "iniciando o emulador do Firebase Auth em $FIREBASE_AUTH_EMULATOR_HOST ..."
  # Its own session: the terminal's Ctrl-C reaches only this script, which stops it exactly once.
  setsid scripts/emulator.sh "$emu_port" "$CRM_DATA_DIR/auth" > "$CRM_DATA_DIR/emulator.log" 2>&1 &
  emu_pid=$!
  scripts/wait-http.sh "http://$FIREBASE_AUTH_EMULATOR_HOST/" 120 "$emu_pid" || { tail -20 "$CRM_DATA_DIR/emulator.log"; exit 1; }
fi

setsid bin/crm &
crm_pid=$!
if scripts/wait-http.sh "http://$CRM_HTTP_ADDR/readyz" 120 "$crm_pid"; then
  echo
  echo "CRM pronto: http://$CRM_HTTP_ADDR  (gRPC em $CRM_GRPC_ADDR; Ctrl-C encerra)"
fi
wait "$crm_pid"
