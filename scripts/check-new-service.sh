#!/usr/bin/env bash
# Proves that a new service is its folder plus at most 3 lines elsewhere (deploy/check.sh runs it,
# so `make test` does). In a temporary copy of the repository, scripts/new-service.sh makes a throwaway service, demo2, from the template
# (services/_template); then:
#   1. outside services/demo2, only services/registry.yaml and go.work are edited by hand, 3 lines
#      at most, and every other changed file is one deploy/gen.py writes;
#   2. go build and go vet of demo2 (and its own command), and go build of the all-in-one;
#   3. deploy/gen.py --check and deploy/check.sh (without this proof) accept it, with its
#      Deployment, Service, NetworkPolicy, HPA, PDB, compose container and edge and Ingress routes;
#   4. the registry test passes with it, and both isolation matrices see it: they fail, naming
#      demo2, because it has no cases (the Auth emulator: FIREBASE_AUTH_EMULATOR_HOST if set, else
#      one started on CRM_CHECK_EMULATOR_PORT, default 9199).
#
#   scripts/check-new-service.sh            KEEP=1 keeps the copy (its path is printed)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
name=demo2
say() { printf '  %s\n' "$*"; }
die() { printf 'check-new-service.sh: %s\n' "$*" >&2; exit 1; }

tmp=$(mktemp -d /tmp/crm-novo-servico.XXXXXX)
[ -n "${KEEP:-}" ] && echo "cópia em $tmp" || trap 'rm -rf "$tmp"' EXIT
# The repository's files (tracked, and new ones not ignored: no node_modules, no builds).
git ls-files -z -co --exclude-standard |
  while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done | xargs -0 cp --parents -t "$tmp"
# The tools the checks use (kustomize, nginx unpacked, grpcurl) and the Auth emulator's packages.
ln -s "$root/bin" "$tmp/bin"
[ -d "$root/tools/firebase/node_modules" ] && ln -s "$root/tools/firebase/node_modules" "$tmp/tools/firebase/node_modules"
cd "$tmp"
git init -q && git add -A && git -c user.name=check -c user.email=check@localhost commit -q -m base

echo "==> scripts/new-service.sh $name (numa cópia do repositório)"
scripts/new-service.sh "$name" > new-service.log 2>&1 || { cat new-service.log >&2; die "new-service.sh falhou"; }
rm new-service.log

echo "==> 1. arquivos fora de services/$name"
git add -A
generated=$(python3 - <<'EOF'
import importlib.util
spec = importlib.util.spec_from_file_location("gen", "deploy/gen.py")
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)
services, not_found = gen.load()
print("\n".join(gen.outputs(services, not_found)))
EOF
)
hand=0
while read -r added removed path; do
  case $path in
    services/$name/*) continue ;;
  esac
  if grep -qxF "$path" <<<"$generated"; then
    say "gerado por deploy/gen.py: $path (+$added -$removed)"
  else
    say "à mão: $path (+$added -$removed)"
    hand=$((hand + added + removed))
    case $path in services/registry.yaml | go.work) ;; *) die "$path mudou e não é a entrada do serviço nem o go.work" ;; esac
  fi
done < <(git diff --cached --numstat)
files=$(git diff --cached --name-only | grep -vc "^services/$name/" || true)
say "$(git diff --cached --name-only | grep -c "^services/$name/") arquivos em services/$name; fora dela $files, dos quais $hand linhas à mão"
[ "$hand" -le 3 ] || die "um serviço novo pediu $hand linhas à mão fora da pasta dele (o limite é 3)"

echo "==> 2. go build e go vet"
go build -trimpath "./services/$name/..." ./services/allinone/...
go vet "./services/$name/..."
say "services/$name (e cmd/$name) e o all-in-one compilam"

echo "==> 3. deploy/check.sh"
CRM_CHECK_NEW_SERVICE=0 deploy/check.sh > check.log 2>&1 || { cat check.log >&2; die "deploy/check.sh recusou o serviço novo"; }
grep -E "^(Images|Generated|Routes|NetworkPolicy):" check.log | sort -u | sed 's/^/  /'
rm check.log
for want in "kind: Deployment@name: $name" "kind: Service@name: $name" "kind: NetworkPolicy@name: $name"; do
  kind=${want%@*} meta=${want#*@}
  grep -A3 "^$kind\$" deploy/k8s/base/services.gen.yaml | grep -q "  $meta\$" || die "services.gen.yaml sem $kind $name"
done
grep -q "^  name: $name\$" deploy/k8s/overlays/production/services/hpa-pdb.gen.yaml || die "sem HPA/PDB de $name"
grep -q "path: /crm/$name\$" deploy/k8s/base/ingress.gen.yaml || die "o Ingress não leva /crm/$name a $name"
grep -qE "~\^/crm/$name\(/\|\\\$\) +$name;" deploy/edge/nginx.conf || die "o proxy de borda não leva /crm/$name a $name"
grep -q "^  $name:\$" docker-compose.yml || die "docker-compose.yml sem o contêiner $name"
say "Deployment, Service, NetworkPolicy, HPA, PDB, Ingress, rota da borda e contêiner de $name gerados"

echo "==> 4. o teste do registro e as matrizes de isolamento"
run_tests() {
  go test -trimpath -count=1 -run 'TestRegistryFile$|TestRegistryConnections$|TestIsolationMatrix$|TestIsolationMatrixGRPC$' -v ./services/allinone/ > test.log 2>&1 || true
}
if [ -n "${FIREBASE_AUTH_EMULATOR_HOST:-}" ]; then
  run_tests
else
  export -f run_tests
  "$root/scripts/with-emulator.sh" "${CRM_CHECK_EMULATOR_PORT:-9199}" bash -c run_tests
fi
expect() { grep -qE -- "$1" test.log || { tail -40 test.log >&2; die "$2"; }; }
expect "^--- PASS: TestRegistryFile" "o registro Go e services/registry.yaml não concordam com $name"
expect "^--- PASS: TestRegistryConnections" "TestRegistryConnections falhou"
expect "matriz REST: o serviço registrado $name não tem nenhum caso" "a matriz REST não viu $name"
expect "matriz gRPC: o serviço registrado $name não tem nenhum caso" "a matriz gRPC não viu $name"
expect "have no case in this matrix: /crm\.$name\.v1\.[A-Za-z0-9]+Service/ObterSituacao" "a matriz gRPC não pediu um caso para o método de $name"
expect "^--- FAIL: TestIsolationMatrix " "a matriz REST não falhou sem casos de $name"
expect "^--- FAIL: TestIsolationMatrixGRPC " "a matriz gRPC não falhou sem casos de $name"
# Only demo2 is missing: every other service has its cases.
if grep -E "não tem nenhum caso" test.log | grep -v "serviço registrado $name " | grep -q .; then
  die "as matrizes acusam outro serviço além de $name: $(grep -E 'não tem nenhum caso' test.log | grep -v " $name " | head -3)"
fi
grep -E "casos por serviço registrado" test.log | sed 's/^ */  /'
say "as duas matrizes listam $name entre os serviços registrados e falham por ele não ter casos, como devem"
echo "check-new-service.sh: OK ($name: a pasta, $hand linhas à mão fora dela, $((files)) arquivos fora dela contando os gerados)"
