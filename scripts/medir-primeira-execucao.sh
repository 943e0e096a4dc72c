#!/usr/bin/env bash
# scripts/medir-primeira-execucao.sh [--frio]: how long the first `make run` of a fresh clone takes
# until "CRM pronto" (a measurement printed, not a timed test). With --frio the Go and npm caches
# start empty (a machine that never built the project; the module proxy and the npm registry
# still answer). Uses its own ports (8580/9590/9599), stops everything at the end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
trap 'kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
git clone -q "$root" "$dir/crm"
if [ "${1:-}" = "--frio" ]; then
  export GOMODCACHE=$dir/gomod GOCACHE=$dir/gocache npm_config_cache=$dir/npm
  echo "caches vazios (Go e npm) em $dir"
fi
export CRM_HTTP_ADDR=127.0.0.1:8580 CRM_GRPC_ADDR=127.0.0.1:9590 CRM_AUTH_EMULATOR_PORT=9599 CRM_DATA_DIR=$dir/data
inicio=$(date +%s)
cd "$dir/crm"
# Each line of make run's output with the seconds since the start (to see which step took what).
carimbar() { while IFS= read -r l; do printf '%4ds %s\n' $(($(date +%s) - inicio)) "$l"; done; }
make run > >(carimbar > "$dir/run.log") 2>&1 &
pid=$!
while ! grep -q "CRM pronto" "$dir/run.log"; do
  if ! kill -0 "$pid" 2>/dev/null; then
    tail -30 "$dir/run.log"
    echo "make run terminou antes de 'CRM pronto'" >&2
    exit 1
  fi
  sleep 2
done
fim=$(date +%s)
s=$((fim - inicio))
grep -E '==>|CRM pronto' "$dir/run.log" | cut -c1-110
printf 'Primeira execução (%s): %d min %02d s até "CRM pronto"\n' "${1:---morno}" $((s / 60)) $((s % 60))
