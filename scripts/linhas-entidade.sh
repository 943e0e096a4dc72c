#!/usr/bin/env bash
# linhas-entidade.sh [REV...]: the hand-written lines of the two simple entities (payment terms,
# ICMS-ST rules) end to end, at each git revision given ("." is the work tree; default HEAD),
# side by side — issue 19's
# measure ("a new entity is declarations plus its domain rules"). A line is a non-blank line
# (comments count: someone wrote them); generated files (*.gen.*, proto/gen, the OpenAPI) and the
# shared kits (services/platform/entity, mobile/src/lib/entidade, components/entidade) do not, nor
# tests (the measure is the product's code).
#
# The groups: servidor (Go), proto (the declarations: proto messages and RPCs, REST routes, the
# form's rules in contracts/formularios.json) and app.
#
# Each entity's parts, one spec a line:
#   f PATH                 the whole file
#   b PATH START           the block from a line matching START (ERE) to the next line that is
#                          just "}" or "});" (every match: proto messages, Go specs, TS functions)
#   y PATH SELECTOR        proto/http.yaml: the rule of a selector (its line and those after it,
#                          up to the next rule)
#   g PATH REGEX           the lines matching REGEX
#   a PATH START~END       the lines from one matching START (ERE) up to the next matching END
#                          (not counted): a form of contracts/formularios.json without its cases
# A file missing at a revision counts 0. The messages generated from a `// crm:entidade` line of a
# .proto (services/platform/entity/mensagens: from its explanation line down to `// crm:fim`) are
# generated and do not count; the declaration line does.
set -euo pipefail
cd "$(dirname "$0")/.."
revs=("$@")
[ ${#revs[@]} -gt 0 ] || revs=(HEAD)

conta() { # conta REV KIND PATH ARG
  local rev=$1 kind=$2 path=$3 arg=${4:-}
  { if [ "$rev" = . ]; then cat "$path" 2> /dev/null; else git show "$rev:$path" 2> /dev/null; fi; } |
    awk '/^\/\/ \(the messages down to crm:fim are generated/ { gerado = 1 } !gerado { print } gerado && /^\/\/ crm:fim$/ { gerado = 0 }' | case $kind in
    f) cat ;;
    b) awk -v re="$arg" '!dentro && $0 ~ re { dentro = 1 } dentro { print } dentro && ($0 ~ /^\}$/ || $0 ~ /^\}\);$/) { dentro = 0 }' ;;
    y) awk -v sel="$arg" '/^ *- selector:/ { dentro = ($0 ~ ("selector: " sel "$")) } dentro { print }' ;;
    g) grep -E -- "$arg" || true ;;
    a) awk -v ini="${arg%%~*}" -v fim="${arg#*~}" '!dentro && $0 ~ ini { dentro = 1 } dentro && $0 ~ fim { exit } dentro { print }' ;;
  esac | grep -c -v '^[[:space:]]*$' || true
}

P=services/sales
M=mobile/src
CONDICOES=(
  "servidor|f|$P/internal/domain/condicao_cadastro.go"
  "servidor|f|$P/internal/app/condicoes.go"
  "servidor|f|$P/internal/ports/condicoes.go"
  "servidor|b|$P/internal/adapters/store.go|^// CondicoesSpec"
  "servidor|g|$P/internal/adapters/store.go|CondicoesSpec\); err"
  "servidor|g|$P/internal/app/service.go|^[[:space:]]+Condicoes[[:space:]]+\*store"
  "servidor|g|$P/sales.go|ports\.PoliticasCondicoes|condicoes\(\)"
  "servidor|g|$P/internal/domain/cadastro.go|MsgCondicaoNaoEncontrada"
  "proto|b|proto/crm/sales/v1/sales.proto|^message (CondicaoPagamento|ListarCondicoesRequest|ListarCondicoesResponse|ObterCondicaoRequest|CriarCondicaoRequest|AtualizarCondicaoRequest|AlteracaoCondicao|AlteracoesCondicoesResponse) \{"
  "proto|g|proto/crm/sales/v1/sales.proto|rpc (Listar|Alteracoes)Condicoes\(|rpc (Obter|Criar|Atualizar|Excluir)Condicao\("
  "proto|g|proto/crm/sales/v1/sales.proto|^  // (GET|POST|PATCH|DELETE) /crm/condicoes-pagamento(/\{id\}|/alteracoes)?\."
  "proto|g|proto/crm/sales/v1/sales.proto|^// crm:entidade CondicaoPagamento "
  "proto|a|contracts/formularios.json|\"nome\": \"CondicaoPagamento\"~\"casos\":"
  "proto|y|proto/http.yaml|crm\.sales\.v1\.SalesService\.(Listar|Alteracoes)Condicoes"
  "proto|y|proto/http.yaml|crm\.sales\.v1\.SalesService\.(Obter|Criar|Atualizar|Excluir)Condicao"
  "app|f|$M/entities/condicao/index.ts"
  "app|f|$M/features/catalogo-admin/api/condicoes.ts"
  "app|f|$M/features/catalogo-admin/components/CondicoesPage.tsx"
  "app|f|$M/features/catalogo-admin/utils/condicao.ts"
  "app|g|$M/entities/preco/colecoes.ts|\{ colecaoCondicoes \}"
  "app|g|$M/lib/api/types.ts|Condicao(Pagamento|Pedido|oes|Resposta)|AlteracaoCondicao"
  "app|g|$M/lib/permissoes.ts|SalesService/(Criar|Atualizar|Excluir)Condicao'"
  "app|g|$M/app/routes.tsx|CondicoesPage|condicoes-pagamento"
  "app|g|$M/components/navigation.ts|/admin/condicoes-pagamento"
)
REGRAS=(
  "servidor|f|$P/internal/domain/regra_st_cadastro.go"
  "servidor|f|$P/internal/app/regras_st.go"
  "servidor|f|$P/internal/ports/regras_st.go"
  "servidor|b|$P/internal/adapters/store.go|^// RegrasSTSpec"
  "servidor|g|$P/internal/adapters/store.go|RegrasSTSpec\); err"
  "servidor|g|$P/internal/app/service.go|^[[:space:]]+RegrasST[[:space:]]+\*store"
  "servidor|g|$P/sales.go|ports\.PoliticasRegrasST|regrasST\(\)"
  "servidor|g|$P/internal/domain/cadastro.go|MsgRegraNaoEncontrada"
  "proto|b|proto/crm/sales/v1/sales.proto|^message (RegraST|ListarRegrasSTRequest|ListarRegrasSTResponse|CriarRegraSTRequest) \{"
  "proto|g|proto/crm/sales/v1/sales.proto|rpc ListarRegrasST\(|rpc (Criar|Excluir)RegraST\("
  "proto|g|proto/crm/sales/v1/sales.proto|^  // (GET|POST|DELETE) /crm/regras-st(/\{id\})?\."
  "proto|g|proto/crm/sales/v1/sales.proto|^// crm:entidade RegraST "
  "proto|a|contracts/formularios.json|\"nome\": \"RegraST\"~\"casos\":"
  "proto|y|proto/http.yaml|crm\.sales\.v1\.SalesService\.(ListarRegrasST|CriarRegraST|ExcluirRegraST)"
  "app|f|$M/entities/regraSt/index.ts"
  "app|f|$M/features/catalogo-admin/api/regrasSt.ts"
  "app|f|$M/features/catalogo-admin/components/RegrasStPage.tsx"
  "app|f|$M/features/catalogo-admin/utils/regraSt.ts"
  "app|b|$M/entities/preco/colecoes.ts|^export type RegraSTLocal"
  "app|g|$M/entities/preco/colecoes.ts|colecaoRegrasST = regrasSt"
  "app|b|$M/entities/preco/api.ts|^export function listarRegrasST"
  "app|g|$M/lib/api/types.ts|RegraST|RegrasST"
  "app|g|$M/lib/permissoes.ts|SalesService/(Criar|Excluir)RegraST'"
  "app|g|$M/app/routes.tsx|RegrasStPage|regras-st"
  "app|g|$M/components/navigation.ts|/admin/regras-st"
)

mede() { # mede NAME SPEC...
  local nome=$1
  shift
  printf '\n%s\n' "$nome"
  printf '  %-50s' ''
  for r in "${revs[@]}"; do if [ "$r" = . ]; then printf '%12s' trabalho; else printf '%12s' "$(git rev-parse --short "$r")"; fi; done
  printf '\n'
  declare -A parte
  local total=()
  for spec in "$@"; do
    IFS='|' read -r grupo kind path arg <<< "$spec"
    local linha="" soma=0
    for i in "${!revs[@]}"; do
      n=$(conta "${revs[$i]}" "$kind" "$path" "$arg")
      linha+=$(printf '%12s' "$n")
      parte[$grupo,$i]=$(( ${parte[$grupo,$i]:-0} + n ))
      total[$i]=$(( ${total[$i]:-0} + n ))
      soma=$((soma + n))
    done
    if [ $soma -gt 0 ]; then printf '  %-50s%s\n' "$(basename "$(dirname "$path")")/$(basename "$path")${arg:+ ($kind)}" "$linha"; fi
  done
  for grupo in servidor proto app; do
    printf '  %-50s' "= $grupo"
    for i in "${!revs[@]}"; do printf '%12s' "${parte[$grupo,$i]:-0}"; done
    printf '\n'
  done
  printf '  %-50s' "= TOTAL"
  for i in "${!revs[@]}"; do printf '%12s' "${total[$i]}"; done
  printf '\n'
}

mede "Condições de pagamento" "${CONDICOES[@]}"
mede "Regras de ICMS-ST" "${REGRAS[@]}"
