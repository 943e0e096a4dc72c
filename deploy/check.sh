#!/usr/bin/env bash
# Checks the deployment files without a Docker engine or a cluster (`make test` runs it):
#   1. docker-compose.yml validates (`docker compose config`, else Debian's docker-compose);
#   2. the Dockerfiles it names exist, and so does every local path they COPY; every Go service
#      (services/<svc>/cmd/<svc>) is built by docker-compose.yml through the one
#      deploy/docker/Dockerfile.go (build arg SERVICE=<svc>), no other Dockerfile builds Go, and
#      every module of go.work is under what it copies (else `go mod download` stops: "cannot load
#      module … listed in go.work") (deploy/check-images.py);
#   3. the nginx configurations (edge proxy, web app) pass `nginx -t`;
#   4. what deploy/gen.py writes from services/registry.yaml and proto/http.yaml (the services' k8s
#      objects and Ingresses, their compose containers and edge routes, the all-in-one's list) is
#      current, and every services/<svc>/cmd/<svc> is declared there and in go.work; the kustomize base and every overlay render
#      (`kubectl kustomize`, else kustomize built with `go install` into bin/), and in each, every
#      gRPC port is behind a NetworkPolicy that names who may call it and lets in every service
#      that calls it (deploy/check-netpol.py),
#      and every route of proto/http.yaml reaches the service that serves it through the Ingress
#      and through the edge proxy of docker-compose.yml (deploy/check-routes.py);
#   5. a new service from the template (services/_template) is its folder plus at most 3 lines,
#      builds, passes 1–4 and is seen by both isolation matrices (scripts/check-new-service.sh; it
#      needs Go and the Auth emulator: FIREBASE_AUTH_EMULATOR_HOST, else one on
#      CRM_CHECK_EMULATOR_PORT, default 9199). CRM_CHECK_NEW_SERVICE=0 skips it (the proof's own run).
# Missing tools are installed when we are root with apt (docker-compose, nginx) or Go (kustomize).
#
#   deploy/check.sh
#   KUSTOMIZE=/path/to/kustomize deploy/check.sh    use that binary instead of kubectl
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bin=$root/bin
started=$SECONDS

step() { printf '==> %s\n' "$*"; }
die() { printf 'deploy/check.sh: %s\n' "$*" >&2; exit 1; }

apt_ready=
apt_install() { # apt_install PACKAGE…: as root, with the package lists fetched once per run
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null || return 1
  if [ -z "$apt_ready" ]; then apt-get update -qq >/dev/null 2>&1 || true; apt_ready=1; fi
  local log
  log=$(DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" 2>&1) || { printf '%s\n' "$log" >&2; return 1; }
}

# The checks in Python read YAML (the resolved compose file, the rendered manifests).
if ! python3 -c 'import yaml' 2>/dev/null; then
  step "installing Debian's python3-yaml (the checks read the compose file and the rendered manifests)"
  apt_install python3-yaml || die "python3 with PyYAML is missing (as root with apt: apt-get install -y python3-yaml)"
fi

# ---- 1. Compose ----
compose=()
if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
elif command -v docker-compose >/dev/null; then
  compose=(docker-compose)
else
  step "installing Debian's docker-compose"
  apt_install docker-compose || die "docker-compose is missing (as root with apt: apt-get install -y docker-compose)"
  compose=(docker-compose)
fi
step "compose: ${compose[*]} config ($("${compose[@]}" version --short 2>/dev/null || echo '?'))"
# --profile crm: validate the on-demand services too. No .env is read unless one exists; every
# variable in the file has a default.
"${compose[@]}" -f docker-compose.yml --profile crm config -q

# ---- 2. Dockerfiles ----
step "Dockerfiles: one for every Go service, and the files they copy exist"
# COPY lines from the build context (not --from=stage); flags dropped; the last word is the target.
for f in deploy/docker/Dockerfile.*; do
  while read -r -a words; do
    srcs=()
    for w in "${words[@]:1}"; do case $w in --*) ;; *) srcs+=("$w") ;; esac; done
    for s in "${srcs[@]:0:${#srcs[@]}-1}"; do
      compgen -G "$s" >/dev/null || die "$f copies $s, which does not exist"
    done
  done < <(grep -E '^COPY[[:space:]]' "$f" | grep -v -- '--from=')
done
# Every Dockerfile named by the compose file exists; every services/<svc>/cmd/<svc> is built by
# deploy/docker/Dockerfile.go (build arg SERVICE=<svc>); no other Dockerfile builds Go; every
# module of go.work is under a directory Dockerfile.go copies.
"${compose[@]}" -f docker-compose.yml --profile crm config | python3 "$root/deploy/check-images.py" "$root" ||
  die "the images are not all built by deploy/docker/Dockerfile.go as deploy/README.md says"

# ---- 3. nginx ----
nginx_bin=$(command -v nginx || true)
nginx_prefix=
if [ -z "$nginx_bin" ]; then
  # Debian's nginx unpacked into bin/ (not installed: no service is started, nothing configured).
  nginx_root=$bin/nginx-deb
  if [ ! -x "$nginx_root/usr/sbin/nginx" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "unpacking Debian's nginx into bin/nginx-deb"
    [ -n "$apt_ready" ] || { apt-get update -qq >/dev/null 2>&1 || true; apt_ready=1; }
    tmp=$(mktemp -d)
    mkdir -p "$nginx_root"
    (cd "$tmp" && apt-get download -qq nginx nginx-common 2>/dev/null) || true
    for deb in "$tmp"/*.deb; do [ -f "$deb" ] && dpkg -x "$deb" "$nginx_root"; done
    rm -rf "$tmp"
  fi
  if [ -x "$nginx_root/usr/sbin/nginx" ]; then nginx_bin=$nginx_root/usr/sbin/nginx; nginx_prefix=$nginx_root; fi
fi
if [ -n "$nginx_bin" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mime=$nginx_prefix/etc/nginx/mime.types
  for conf in deploy/edge/nginx.conf deploy/web/nginx.conf; do
    step "nginx -t $conf"
    # The images' main nginx.conf wraps conf.d/default.conf like this (temp files in /tmp).
    cat > "$work/nginx.conf" <<EOF
pid $work/nginx.pid;
events {}
http {
  include $mime;
  client_body_temp_path $work/client; proxy_temp_path $work/proxy; fastcgi_temp_path $work/fastcgi;
  uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi; access_log off;
  include $root/$conf;
}
EOF
    "$nginx_bin" -q -t -p "$work/" -e stderr -c "$work/nginx.conf" || die "$conf: nginx -t failed"
  done
else
  step "nginx -t: skipped (no nginx, and not root with apt to unpack one)"
fi

# ---- 4. Kustomize ----
kustomize=()
if [ -n "${KUSTOMIZE:-}" ]; then
  kustomize=("$KUSTOMIZE" build)
elif command -v kubectl >/dev/null && kubectl kustomize --help >/dev/null 2>&1; then
  kustomize=(kubectl kustomize)
elif [ -x "$bin/kustomize" ]; then
  kustomize=("$bin/kustomize" build)
else
  command -v go >/dev/null || die "neither kubectl nor go is available to render the kustomize manifests"
  # Newest first. v5.8.3 needs Go 1.27; some releases have been refused (403) by the module
  # proxy here, so fall back to older ones.
  for v in v5.8.2 v5.7.1 v5.6.0 v5.4.3; do
    step "building kustomize $v into bin/"
    if GOBIN=$bin GOTOOLCHAIN=local go install "sigs.k8s.io/kustomize/kustomize/v5@$v"; then break; fi
  done
  [ -x "$bin/kustomize" ] || die "could not go install sigs.k8s.io/kustomize/kustomize/v5"
  kustomize=("$bin/kustomize" build)
fi
step "deploy/gen.py --check: what lists the services matches services/registry.yaml and proto/http.yaml"
python3 "$root/deploy/gen.py" --check || die "o que lista os serviços (k8s, compose, proxy de borda, all-in-one) não bate com services/registry.yaml: rode deploy/gen.py"
for dir in deploy/k8s/base deploy/k8s/overlays/*/; do
  dir=${dir%/}
  step "${kustomize[*]} $dir"
  out=$("${kustomize[@]}" "$dir") || die "$dir does not render"
  grep -q '^kind: Deployment' <<<"$out" || die "$dir renders no Deployment"
  python3 "$root/deploy/check-netpol.py" <<<"$out" || die "$dir: the gRPC ports are not restricted, or a call between services is not let in (NetworkPolicy)"
  python3 "$root/deploy/check-routes.py" "$root" <<<"$out" || die "$dir: some routes of proto/http.yaml do not reach their service"
done

# ---- 5. A new service ----
# In a temporary copy: a throwaway service from the template builds, passes the checks above and is
# seen by both isolation matrices, with at most 3 lines outside its folder (scripts/check-new-service.sh).
if [ "${CRM_CHECK_NEW_SERVICE:-1}" != 0 ]; then
  step "a new service from the template (scripts/check-new-service.sh; CRM_CHECK_NEW_SERVICE=0 skips it)"
  "$root/scripts/check-new-service.sh" || die "a new service needs more than its folder and 3 lines, or is not seen by the checks and the matrices"
fi

printf 'deploy/check.sh: OK in %ss\n' "$((SECONDS - started))"
