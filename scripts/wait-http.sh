#!/usr/bin/env bash
# wait-http.sh URL SECONDS [PID]: waits until URL answers 2xx; fails early if PID dies.
url=$1; secs=${2:-60}; pid=${3:-}
for _ in $(seq 1 $((secs * 4))); do
  curl -sf -o /dev/null "$url" && exit 0
  if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then echo "processo $pid terminou antes de $url responder" >&2; exit 1; fi
  sleep 0.25
done
echo "tempo esgotado esperando $url" >&2
exit 1
