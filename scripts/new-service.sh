#!/usr/bin/env bash
# A new service from the template (services/_template): its folder, and the only lines it needs
# elsewhere, its entry in services/registry.yaml and its `use` line in go.work; then deploy/gen.py
# writes what lists the services (k8s objects, Ingress, compose, edge routes, the all-in-one's
# imports).
#
#   scripts/new-service.sh NOME        NOME: letras minúsculas e dígitos, começando por uma letra
#
# Then: the service's API (protos in proto/crm/NOME/v1, routes in proto/http.yaml, `make proto`),
# its calls (`calls` in its entry and Calls in its register.go), a case per call in both isolation
# matrices (services/allinone/matrix_test.go and matrix_grpc_test.go: they fail, naming it, until
# it has them) and an action per RPC in mobile/src/lib/permissoes.ts.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
die() { printf 'new-service.sh: %s\n' "$*" >&2; exit 1; }

name=${1:-}
[[ $name =~ ^[a-z][a-z0-9]*$ ]] || die "informe o nome do serviço: letras minúsculas e dígitos, começando por uma letra (é o nome do pacote Go, da pasta, da imagem e dos objetos do Kubernetes), como field"
[ "$name" != modelo ] || die "modelo é o nome do próprio modelo: escolha outro"
[ ! -e "services/$name" ] || die "services/$name já existe"
grep -qE "^  - name: $name\$" services/registry.yaml && die "services/registry.yaml já tem o serviço $name"
Name=$(tr '[:lower:]' '[:upper:]' <<<"${name:0:1}")${name:1}

# The folder: the template with modelo -> NAME (files, paths, identifiers, texts).
cp -r services/_template "services/$name"
rm -f "services/$name/README.md"
mv "services/$name/cmd/modelo" "services/$name/cmd/$name"
mv "services/$name/modelo.go" "services/$name/$name.go"
find "services/$name" -type f -exec sed -i "s/modelo/$name/g; s/Modelo/$Name/g" {} +

# The lines elsewhere: its registry entry (the services list is the file's last part) and go.work.
printf '  - name: %s\n    routes: [/crm/%s]\n' "$name" "$name" >> services/registry.yaml
go work use "./services/$name"

python3 deploy/gen.py
echo
echo "Serviço $name criado em services/$name (entrada em services/registry.yaml, linha no go.work)."
echo "Falta: a API dele (proto/crm/$name/v1 e proto/http.yaml), um caso por chamada nas duas matrizes de"
echo "isolamento (services/allinone/matrix_test.go e matrix_grpc_test.go) e uma ação por RPC em"
echo "mobile/src/lib/permissoes.ts. Rode deploy/check.sh e go test ./services/allinone/..."
