#!/usr/bin/env bash
# make run: the Auth emulator (users kept in the data dir) and crm (REST + web on CRM_HTTP_ADDR,
# gRPC on CRM_GRPC_ADDR) with the demo company.
#
# Stopping: Ctrl-C, SIGTERM or SIGHUP to this script or to `make run`, or the death of whoever
# started it, stop crm and then the emulator (which exports its users), free their ports and print
# "crm e emulador encerrados". If this script itself is killed with SIGKILL, crm gets SIGTERM from
# the kernel (setpriv --pdeathsig) and the emulator sees its parent gone: both still stop in order.
#
# The emulator: FIREBASE_AUTH_EMULATOR_HOST when set (one already answering there is used as it
# is, and left running), else 127.0.0.1:CRM_AUTH_EMULATOR_PORT (9099).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export CRM_DATA_DIR=${CRM_DATA_DIR:-$root/.data}
export CRM_HTTP_ADDR=${CRM_HTTP_ADDR:-127.0.0.1:8080}
export CRM_GRPC_ADDR=${CRM_GRPC_ADDR:-127.0.0.1:9090}
export CRM_WEB_DIR=${CRM_WEB_DIR:-$root/mobile/dist}
export FIREBASE_PROJECT_ID=${FIREBASE_PROJECT_ID:-demo-crm}
export CRM_DEMO=${CRM_DEMO:-1}
if [ -n "${FIREBASE_AUTH_EMULATOR_HOST:-}" ]; then
  emu_port=${FIREBASE_AUTH_EMULATOR_HOST##*:}
else
  emu_port=${CRM_AUTH_EMULATOR_PORT:-9099}
  export FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:$emu_port
fi
case $emu_port in '' | *[!0-9]*)
  echo "FIREBASE_AUTH_EMULATOR_HOST: valor inválido \"$FIREBASE_AUTH_EMULATOR_HOST\"; use host:porta, como 127.0.0.1:9099" >&2
  exit 2 ;;
esac
mkdir -p "$CRM_DATA_DIR"

# The process that started us (make, a shell, a test): when it is gone, we stop too.
parent=$PPID
# crm gets SIGTERM from the kernel if this script dies without stopping it (util-linux's setpriv).
pdeath=()
command -v setpriv > /dev/null && setpriv --help 2>&1 | grep -q pdeathsig && pdeath=(setpriv --pdeathsig TERM)

emu_pid= crm_pid= stopped=
stop() {
  [ -n "$stopped" ] && return
  stopped=1
  trap - INT TERM HUP EXIT
  trap '' INT TERM HUP # a second Ctrl-C must not cut the emulator's export short
  if [ -n "$crm_pid" ]; then
    kill -TERM "$crm_pid" 2> /dev/null || true
    while kill -0 "$crm_pid" 2> /dev/null; do sleep 0.2; done
  fi
  if [ -n "$emu_pid" ]; then
    # The emulator script turns this into one SIGINT: firebase-tools exports the users, then exits.
    kill -TERM "$emu_pid" 2> /dev/null || true
    while kill -0 "$emu_pid" 2> /dev/null; do sleep 0.2; done
    echo "crm e emulador encerrados; dados mantidos em $CRM_DATA_DIR"
  else
    echo "crm encerrado; dados mantidos em $CRM_DATA_DIR (o emulador em $FIREBASE_AUTH_EMULATOR_HOST não foi iniciado por este comando e continua no ar)"
  fi
}
trap 'stop; exit 0' INT TERM HUP
trap stop EXIT

# parent_alive: the process that started us still runs (after its death we are re-parented).
parent_alive() { kill -0 "$parent" 2> /dev/null && [ "$(ps -o ppid= -p $$ | tr -d ' ')" = "$parent" ]; }

if curl -sf -o /dev/null "http://$FIREBASE_AUTH_EMULATOR_HOST/"; then
  echo "usando o emulador do Auth que já responde em $FIREBASE_AUTH_EMULATOR_HOST"
else
  echo "iniciando o emulador do Firebase Auth em 127.0.0.1:$emu_port (log em $CRM_DATA_DIR/emulator.log; uns 10 s) ..."
  # Its own session: the terminal's Ctrl-C reaches only this script, which stops it exactly once.
  # It watches this script and stops (exporting its users) if this script is killed.
  CRM_WATCH_PID=$$ setsid scripts/emulator.sh "$emu_port" "$CRM_DATA_DIR/auth" > "$CRM_DATA_DIR/emulator.log" 2>&1 &
  emu_pid=$!
  # In the background, so that a signal is handled at once (bash defers traps until a foreground
  # command ends).
  scripts/wait-http.sh "http://127.0.0.1:$emu_port/" 120 "$emu_pid" &
  wait $! || { tail -20 "$CRM_DATA_DIR/emulator.log"; exit 1; }
fi

echo "iniciando o crm (no primeiro início a empresa demo ganha os seus clientes: até 1 min) ..."
setsid "${pdeath[@]}" bin/crm &
crm_pid=$!
if [ ${#pdeath[@]} -eq 0 ]; then
  # No setpriv: a watcher stops crm if this script is killed.
  (
    trap '' INT TERM HUP
    while kill -0 $$ 2> /dev/null; do sleep 1; done
    kill -TERM "$crm_pid" 2> /dev/null
  ) &
fi
scripts/wait-http.sh "http://$CRM_HTTP_ADDR/readyz" 300 "$crm_pid" &
if wait $!; then
  echo
  echo "CRM pronto: http://$CRM_HTTP_ADDR  (gRPC em $CRM_GRPC_ADDR; Ctrl-C encerra)"
fi
# Until crm ends (a trapped signal interrupts the short sleep) or whoever started us is gone.
while kill -0 "$crm_pid" 2> /dev/null; do
  if ! parent_alive; then
    echo "o processo que iniciou o make run ($parent) terminou; encerrando"
    break
  fi
  sleep 0.5 &
  wait $! 2> /dev/null || true
done
stop
