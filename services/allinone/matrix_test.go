package allinone_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// TestIsolationMatrix calls every REST route as: the owner of the data, another operator of the
// same company, an operator of another company, no token and a bad token; it checks each status
// and that a refused call wrote nothing.
func TestIsolationMatrix(t *testing.T) {
	viacep := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"cep":"01001-000","logradouro":"Praça da Sé","bairro":"Sé","localidade":"São Paulo","uf":"SP","ibge":"3550308","ddd":"11"}`))
	}))
	defer viacep.Close()
	st, s := fullStack(t, viacep.URL)
	other, tok := matrixActors(t, s)
	// A throwaway operator to edit, deactivate and reactivate.
	code, body := st.Do(t, "POST", "/crm/operadores", tok["admin"], map[string]any{"email": "alvo-" + uuid.NewString()[:6] + "@teste.example.com", "nome_operador": "Alvo", "perfil_app": "VENDEDOR"})
	if code != 200 {
		t.Fatalf("create target: %d %s", code, body)
	}
	var target map[string]any
	json.Unmarshal(body, &target)
	tid := target["id"].(string)

	// A throwaway region to delete.
	code, body = st.Do(t, "POST", "/crm/regioes", tok["admin"], map[string]any{"nome": "Descartável " + uuid.NewString()[:6]})
	if code != 200 {
		t.Fatalf("create region: %d %s", code, body)
	}
	var reg map[string]any
	json.Unmarshal(body, &reg)
	rid := reg["id"].(string)
	// demo-cliente-00001 and -00003 are in demo-vendedor's portfolio, -00002 in demo-vendedor2's.
	const c1 = "/crm/clientes/demo-cliente-00001"
	resposta := map[string]any{"pesquisa_id": "demo-pesquisa-satisfacao", "respostas": []map[string]any{
		{"pergunta_id": "atendimento", "valor": "Bom"}, {"pergunta_id": "entrega", "valor": "sim"}}}

	logBody := func(op string) map[string]any {
		return map[string]any{"empresa": "demo", "operador": op, "historico": "login", "localizacao": "desconhecida", "latitude": nil, "longitude": nil}
	}
	// An active customer of demo-vendedor's portfolio for the orders (a blocked one is refused).
	cli := clienteAtivo(t, st, tok["admin"], "demo-vendedor")
	pedido := map[string]any{"id": "matriz-pedido", "cliente_id": cli, "condicao_id": "demo-cond-avista-pix",
		"itens": []map[string]any{{"produto_id": "demo-produto-0002", "quantidade": 12}}}
	const ped = "/crm/pedidos/matriz-pedido"
	type route struct {
		name, method, path string
		body               any
		want               map[string]int // actor -> status; missing actors: none/bad -> 401
		writes             bool
	}
	routes := []route{
		{"versao", "POST", "/crm/sistema/versao", map[string]any{"empresa": "demo", "tipo": "web"},
			map[string]int{"vendedor": 200, "vendedor2": 200, "admin": 200, "outra": 403}, false},
		{"logacesso", "POST", "/crm/sistema/logacesso", logBody("demo-vendedor"),
			map[string]int{"vendedor": 200, "vendedor2": 403, "admin": 403, "outra": 403}, true},
		{"listar acessos", "GET", "/crm/sistema/logacesso", nil,
			map[string]int{"admin": 200, "vendedor": 403, "supervisor": 403, "outra": 200}, false},
		{"listar versoes", "GET", "/crm/sistema/versoes", nil,
			map[string]int{"admin": 200, "vendedor": 403, "outra": 200}, false},
		{"definir versao", "PUT", "/crm/sistema/versoes/web", map[string]any{"versao_atual": "1.2.0", "versao_minima": "1.0.0"},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200}, true},
		{"info operador", "GET", "/crm/info/operador/demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 403, "admin": 200, "outra": 403}, false},
		{"eu", "GET", "/crm/operadores/eu", nil,
			map[string]int{"vendedor": 200, "outra": 200}, false},
		{"listar operadores", "GET", "/crm/operadores", nil,
			map[string]int{"admin": 200, "supervisor": 200, "vendedor": 403, "outra": 200}, false},
		{"obter operador", "GET", "/crm/operadores/demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200, "outra": 403}, false},
		{"criar operador", "POST", "/crm/operadores", map[string]any{"email": "x-" + uuid.NewString()[:6] + "@teste.example.com", "nome_operador": "X", "perfil_app": "VENDEDOR"},
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": -1}, true},
		{"atualizar operador", "PATCH", "/crm/operadores/" + tid, map[string]any{"nome_operador": "Alvo 2"},
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"desativar operador", "POST", "/crm/operadores/" + tid + "/desativar", nil,
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"reativar operador", "POST", "/crm/operadores/" + tid + "/reativar", nil,
			map[string]int{"vendedor": 403, "outra": 403, "admin": 200}, true},
		{"cep", "GET", "/crm/cep/01001000", nil,
			map[string]int{"vendedor": 200, "outra": 200}, false},
		{"ufs", "GET", "/crm/ufs", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"cidades", "GET", "/crm/cidades?q=sao+joao&uf=MG", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"listar regioes", "GET", "/crm/regioes", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"obter regiao", "GET", "/crm/regioes/demo-regiao-parana", nil, map[string]int{"vendedor": 200, "outra": 403}, false},
		{"criar regiao", "POST", "/crm/regioes", map[string]any{"nome": "Matriz " + uuid.NewString()[:6]},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200}, true},
		{"atualizar regiao", "PATCH", "/crm/regioes/demo-regiao-parana", map[string]any{"nome": "Paraná"},
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"excluir regiao", "DELETE", "/crm/regioes/" + rid, nil,
			map[string]int{"vendedor": 403, "outra": 403, "admin": 200}, true},
		{"listar clientes", "GET", "/crm/clientes?page_size=5", nil, map[string]int{"vendedor": 200, "supervisor": 200, "outra": 200}, false},
		{"listar clientes de outro vendedor", "GET", "/crm/clientes?vendedor=demo-vendedor2", nil,
			map[string]int{"vendedor": 403, "supervisor": 200, "admin": 200, "outra": 200}, false}, // outra: an empty list
		{"alteracoes", "GET", "/crm/clientes/alteracoes?page_size=5", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"obter cliente", "GET", c1, nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200, "outra": 403}, false},
		{"criar cliente", "POST", "/crm/clientes", map[string]any{"id": "matriz-cliente", "documento": "11.222.333/0001-81", "nome": "Cliente da Matriz", "vendedor_id": "demo-vendedor2"},
			map[string]int{"vendedor": 403, "outra": 400, "supervisor": 200}, true},
		{"atualizar cliente", "PATCH", c1, map[string]any{"observacoes": "Visitar às terças."},
			map[string]int{"vendedor2": 403, "outra": 403, "vendedor": 200}, true},
		{"salvar contato", "POST", c1 + "/contatos", map[string]any{"id": "matriz-contato", "nome": "Contato da Matriz"},
			map[string]int{"vendedor2": 403, "outra": 403, "vendedor": 200}, true},
		{"remover contato", "DELETE", c1 + "/contatos/nao-existe", nil,
			map[string]int{"vendedor2": 403, "outra": 403, "vendedor": 404}, true},
		{"salvar endereco", "POST", c1 + "/enderecos", map[string]any{"id": "matriz-endereco", "tipo": "OUTRO", "logradouro": "Rua da Matriz", "ibge": "3550308"},
			map[string]int{"vendedor2": 403, "outra": 403, "vendedor": 200}, true},
		{"remover endereco", "DELETE", c1 + "/enderecos/matriz-endereco", nil,
			map[string]int{"vendedor2": 403, "outra": 403, "vendedor": 200}, true},
		{"excluir cliente", "DELETE", "/crm/clientes/demo-cliente-00003", nil,
			map[string]int{"vendedor": 403, "vendedor2": 403, "outra": 403, "supervisor": 200}, true},
		{"importar clientes", "POST", "/crm/clientes/importar", map[string]any{"csv": "documento;nome\n45.997.418/0001-53;Importado", "validar_apenas": true},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200, "outra": 200}, false},
		{"ie invalidas", "GET", "/crm/clientes/ie-invalidas", nil,
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200, "outra": 200}, false}, // outra: its own company's
		{"resumo carteira", "GET", "/crm/carteira", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"atribuir clientes", "POST", "/crm/carteira/atribuir", map[string]any{"cliente_ids": []string{"demo-cliente-00005"}, "vendedor_id": "demo-vendedor2"},
			map[string]int{"vendedor": 403, "vendedor2": 403, "outra": 403, "supervisor": 200}, true},
		{"transferir carteira", "POST", "/crm/carteira/transferir", map[string]any{"de_vendedor_id": "demo-vendedor", "para_vendedor_id": "demo-vendedor"},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 400}, true},
		{"transferencias", "GET", "/crm/carteira/transferencias", nil,
			map[string]int{"vendedor": 403, "supervisor": 200, "admin": 200, "outra": 200}, false},
		{"listar pesquisas", "GET", "/crm/pesquisas", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"obter pesquisa", "GET", "/crm/pesquisas/demo-pesquisa-satisfacao", nil, map[string]int{"vendedor": 200, "outra": 403}, false},
		{"criar pesquisa", "POST", "/crm/pesquisas", map[string]any{"titulo": "Matriz", "perguntas": []map[string]any{{"texto": "Ok?", "tipo": "SIM_NAO"}}},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200}, true},
		{"atualizar pesquisa", "PATCH", "/crm/pesquisas/demo-pesquisa-satisfacao", map[string]any{"descricao": "Aplicar em toda visita."},
			map[string]int{"vendedor": 403, "outra": 403, "admin": 200}, true},
		{"responder pesquisa", "POST", c1 + "/respostas", resposta,
			map[string]int{"vendedor2": 403, "outra": 403, "vendedor": 200}, true},
		{"listar respostas", "GET", c1 + "/respostas", nil,
			map[string]int{"vendedor2": 403, "outra": 403, "vendedor": 200, "supervisor": 200}, false},
		// sales: ADMIN writes, everyone reads; another company's ids -> 403.
		{"listar produtos", "GET", "/crm/produtos?page_size=5&q=refrigerante", nil, map[string]int{"vendedor": 200, "supervisor": 200, "outra": 200}, false},
		{"obter produto", "GET", "/crm/produtos/demo-produto-0001", nil, map[string]int{"vendedor": 200, "admin": 200, "outra": 403}, false},
		{"alteracoes produtos", "GET", "/crm/produtos/alteracoes?page_size=5", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"criar produto", "POST", "/crm/produtos", map[string]any{"id": "matriz-produto", "codigo": "MATRIZ-1", "descricao": "Produto da matriz", "ncm": "22021000"},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200}, true},
		{"atualizar produto", "PATCH", "/crm/produtos/demo-produto-0001", map[string]any{"estoque": 10},
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"excluir produto", "DELETE", "/crm/produtos/matriz-produto", nil,
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"definir foto", "PUT", "/crm/produtos/demo-produto-0001/foto", map[string]any{"imagem_base64": fotoPNG1x1},
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"obter foto", "GET", "/crm/produtos/demo-produto-0001/foto?tamanho=miniatura", nil,
			map[string]int{"vendedor": 200, "supervisor": 200, "admin": 200, "outra": 403}, false},
		{"remover foto", "DELETE", "/crm/produtos/demo-produto-0001/foto", nil,
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"importar produtos", "POST", "/crm/produtos/importar", map[string]any{"csv": "codigo;descricao;ncm\nM-1;Importado;22021000", "validar_apenas": true},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200, "outra": 200}, false},
		{"listar tabelas", "GET", "/crm/tabelas-preco", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"obter tabela", "GET", "/crm/tabelas-preco/demo-tabela-padrao", nil, map[string]int{"vendedor": 200, "outra": 403}, false},
		{"alteracoes tabelas", "GET", "/crm/tabelas-preco/alteracoes", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"criar tabela", "POST", "/crm/tabelas-preco", map[string]any{"id": "matriz-tabela", "nome": "Tabela da matriz"},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200}, true},
		{"atualizar tabela", "PATCH", "/crm/tabelas-preco/matriz-tabela", map[string]any{"nome": "Tabela da matriz 2"},
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"listar precos", "GET", "/crm/tabelas-preco/demo-tabela-padrao/precos?page_size=5", nil, map[string]int{"vendedor": 200, "outra": 403}, false},
		{"definir preco", "PUT", "/crm/tabelas-preco/matriz-tabela/precos/demo-produto-0001", map[string]any{"preco_centavos": 1234},
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"remover preco", "DELETE", "/crm/tabelas-preco/matriz-tabela/precos/demo-produto-0001", nil,
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"excluir tabela", "DELETE", "/crm/tabelas-preco/matriz-tabela", nil,
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"importar precos", "POST", "/crm/tabelas-preco/demo-tabela-padrao/precos/importar", map[string]any{"csv": "codigo;preco\n10001;9,90", "validar_apenas": true},
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, false},
		{"alteracoes precos", "GET", "/crm/precos/alteracoes?page_size=5", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"listar condicoes", "GET", "/crm/condicoes-pagamento", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"obter condicao", "GET", "/crm/condicoes-pagamento/demo-cond-28", nil, map[string]int{"vendedor": 200, "outra": 403}, false},
		{"alteracoes condicoes", "GET", "/crm/condicoes-pagamento/alteracoes", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"criar condicao", "POST", "/crm/condicoes-pagamento", map[string]any{"id": "matriz-condicao", "nome": "Matriz 14 dias", "parcelas_dias": []int{14}, "forma": "boleto"},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200}, true},
		{"atualizar condicao", "PATCH", "/crm/condicoes-pagamento/matriz-condicao", map[string]any{"acrescimo_percentual": 1.5},
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"excluir condicao", "DELETE", "/crm/condicoes-pagamento/matriz-condicao", nil,
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"calcular precos", "POST", "/crm/precos/calcular", map[string]any{"cliente_id": "demo-cliente-00001", "condicao_id": "demo-cond-28",
			"itens": []map[string]any{{"produto_id": "demo-produto-0001", "quantidade": 12, "desconto_percentual": 2}}},
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200, "outra": 403}, false},
		{"obter politica", "GET", "/crm/politica-comercial", nil, map[string]int{"vendedor": 200, "supervisor": 200, "admin": 200, "outra": 200}, false},
		{"definir politica", "PUT", "/crm/politica-comercial", map[string]any{"uf_origem": "SP", "flex_permitido": true, "desconto_maximo_padrao_percentual": 5},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200}, true},
		{"listar regras st", "GET", "/crm/regras-st?uf=SP", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"criar regra st", "POST", "/crm/regras-st", map[string]any{"id": "matriz-st", "ncm": "3401", "uf": "SP", "mva_percentual": 30,
			"aliquota_interna_percentual": 18, "aliquota_interestadual_percentual": 12},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200}, true},
		{"excluir regra st", "DELETE", "/crm/regras-st/matriz-st", nil,
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403, "admin": 200}, true},
		{"importar regras st", "POST", "/crm/regras-st/importar", map[string]any{"csv": "ncm;uf;mva;aliquota_interna\n3401;SP;30;18", "validar_apenas": true},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200, "outra": 200}, false},
		// orders: the seller's own, their supervisor's and the ADMIN's; never another seller's or company's
		{"criar pedido", "POST", "/crm/pedidos", pedido,
			map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		{"listar pedidos", "GET", "/crm/pedidos?status=orcamento", nil, map[string]int{"vendedor": 200, "supervisor": 200, "outra": 200}, false},
		{"obter pedido", "GET", ped, nil, map[string]int{"vendedor": 200, "supervisor": 200, "admin": 200, "vendedor2": 403, "outra": 403}, false},
		{"alteracoes pedidos", "GET", "/crm/pedidos/alteracoes", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"atualizar pedido", "PATCH", ped, map[string]any{"cliente_id": cli, "condicao_id": "demo-cond-avista-pix",
			"itens": []map[string]any{{"produto_id": "demo-produto-0002", "quantidade": 24}}},
			map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		{"pdf pedido", "GET", ped + "/pdf", nil, map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, false},
		{"duplicar pedido", "POST", ped + "/duplicar", map[string]any{"novo_id": "matriz-pedido-copia"},
			map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		{"enviar pedido", "POST", ped + "/enviar", map[string]any{}, map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		{"aprovar pedido", "POST", ped + "/aprovar", map[string]any{}, map[string]int{"vendedor": 403, "vendedor2": 403, "outra": 403}, true},
		{"reprovar pedido", "POST", ped + "/reprovar", map[string]any{"observacao": "não"},
			map[string]int{"vendedor": 403, "vendedor2": 403, "outra": 403}, true},
		{"status pedido", "POST", ped + "/status", map[string]any{"status": "em_separacao"},
			map[string]int{"vendedor": 403, "supervisor": 403, "vendedor2": 403, "outra": 403}, true},
		{"reabrir pedido", "POST", ped + "/reabrir", map[string]any{}, map[string]int{"vendedor2": 403, "outra": 403}, true},
		{"cancelar pedido", "POST", ped + "/cancelar", map[string]any{"motivo": "matriz"},
			map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		{"resumo vendas", "GET", "/crm/vendas/resumo", nil, map[string]int{"vendedor": 200, "supervisor": 200, "admin": 200, "outra": 200}, false},
		{"resumo de outro vendedor", "GET", "/crm/vendas/resumo?vendedor_id=demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200}, false},
		{"reconciliar resumos", "POST", "/crm/vendas/resumos/reconciliar", map[string]any{"apenas_verificar": true},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200, "outra": 200}, false},
		// working days: every operator reads the company's calendar, only its ADMIN changes it
		{"dias uteis", "GET", "/crm/calendario/dias-uteis?ano=2026", nil, map[string]int{"vendedor": 200, "supervisor": 200, "outra": 200}, false},
		{"criar folga", "POST", "/crm/calendario/folgas", map[string]any{"data": "2026-12-24", "nome": "Véspera de Natal"},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200}, true},
		{"excluir folga", "DELETE", "/crm/calendario/folgas/2026-12-24", nil,
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 404, "admin": 200}, true}, // outra: its own company has no such day off
		{"obter configuracao calendario", "GET", "/crm/calendario/configuracao", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"definir configuracao calendario", "PUT", "/crm/calendario/configuracao", map[string]any{"carnaval_util": false, "corpus_christi_util": true},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200}, true},
		{"listar folgas", "GET", "/crm/calendario/folgas?de=2026-12-01&ate=2027-01-31", nil, map[string]int{"vendedor": 200, "supervisor": 200, "outra": 200}, false},
		{"vendas ano-mes", "GET", "/crm/vendas/ano-mes?por=cliente", nil, map[string]int{"vendedor": 200, "supervisor": 200, "admin": 200, "outra": 200}, false},
		{"vendas ano-mes de outro vendedor", "GET", "/crm/vendas/ano-mes?vendedor_id=demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200}, false},
		// field: visits (demo-cliente-00001 is in demo-vendedor's portfolio); the seller's own, the
		// team's for their supervisor, all for the ADMIN, never another company's
		{"obter configuracao visitas", "GET", "/crm/configuracao-visitas", nil,
			map[string]int{"vendedor": 200, "supervisor": 200, "admin": 200, "outra": 200}, false},
		{"definir configuracao visitas", "PUT", "/crm/configuracao-visitas", map[string]any{"raio_metros": 200, "fora_do_raio": "avisar",
			"precisao_maxima_metros": 100, "idade_maxima_posicao_segundos": 120, "checkout_automatico_minutos": 240,
			"motivos_sem_venda": []map[string]any{{"id": "estoque-cheio", "nome": "Cliente com estoque cheio"}}},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200}, true},
		{"checkin", "POST", "/crm/visitas/checkin", map[string]any{"id": "matriz-visita", "cliente_id": "demo-cliente-00001",
			"latitude": -23.5505, "longitude": -46.6333, "precisao_metros": 12, "capturado_em": time.Now().UTC().Format(time.RFC3339)},
			map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		{"listar visitas", "GET", "/crm/visitas", nil, map[string]int{"vendedor": 200, "vendedor2": 200, "supervisor": 200, "admin": 200, "outra": 200}, false},
		{"visitas de outro vendedor", "GET", "/crm/visitas?vendedor_id=demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200}, false},
		{"obter visita", "GET", "/crm/visitas/matriz-visita", nil,
			map[string]int{"vendedor": 200, "supervisor": 200, "admin": 200, "vendedor2": 403, "outra": 403}, false},
		{"alteracoes visitas", "GET", "/crm/visitas/alteracoes", nil, map[string]int{"vendedor": 200, "vendedor2": 200, "outra": 200}, false},
		{"propostas de coordenadas", "GET", "/crm/visitas?coordenadas_propostas=true", nil,
			map[string]int{"vendedor": 200, "vendedor2": 200, "supervisor": 200, "admin": 200, "outra": 200}, false},
		{"aceitar coordenadas", "POST", "/crm/visitas/matriz-visita/aceitar-coordenadas", map[string]any{},
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403}, true},
		{"descartar coordenadas", "POST", "/crm/visitas/matriz-visita/descartar-coordenadas", map[string]any{},
			map[string]int{"vendedor": 403, "supervisor": 403, "outra": 403}, true},
		// a visit's photos (fotos.proto): its seller sends them; read in the visit's scope, not found for another company
		{"enviar foto visita", "PUT", "/crm/visitas/matriz-visita/fotos/matriz-foto", map[string]any{"imagem_base64": fotoPNG1x1},
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 403, "admin": 403, "outra": 403}, true},
		{"obter foto visita", "GET", "/crm/visitas/matriz-visita/fotos/matriz-foto", nil,
			map[string]int{"vendedor": 200, "supervisor": 200, "admin": 200, "vendedor2": 403, "outra": 404}, false},
		// only the visit's seller removes a photo, while it is open (before the check-out below); another company's: not found
		{"excluir foto visita", "DELETE", "/crm/visitas/matriz-visita/fotos/matriz-foto", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 403, "admin": 403, "outra": 404}, true},
		{"checkout", "POST", "/crm/visitas/matriz-visita/checkout", map[string]any{"resultado": "sem_venda", "motivo_id": "estoque-cheio"},
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 403, "admin": 403, "outra": 403}, true},
		// field: the visits' summary (the visitas goals): a seller's own figures, the team's, the company's
		{"resumo de visitas", "GET", "/crm/visitas/resumo/2031-01?vendedor_id=demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200, "outra": 200}, false},
		{"reconciliar resumo de visitas", "POST", "/crm/visitas/resumo/reconciliar", map[string]any{"apenas_verificar": true},
			map[string]int{"vendedor": 403, "supervisor": 403, "admin": 200, "outra": 200}, false},
		// goals (crm-metas): a seller reads their own, a SUPERVISOR sets the team's, an ADMIN anyone's
		{"criar meta", "POST", "/crm/metas", map[string]any{"id": "matriz-meta", "mes": "2031-01", "vendedor_id": "demo-vendedor", "tipo": "valor", "alvo": 100000},
			map[string]int{"vendedor": 403, "vendedor2": 403, "outra": 400, "supervisor": 200}, true},
		{"listar metas", "GET", "/crm/metas?mes=2031-01", nil, map[string]int{"vendedor": 200, "vendedor2": 200, "supervisor": 200, "outra": 200}, false},
		{"metas de outro vendedor", "GET", "/crm/metas?vendedor_id=demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200}, false},
		{"alteracoes metas", "GET", "/crm/metas/alteracoes", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"atualizar meta", "PATCH", "/crm/metas/matriz-meta", map[string]any{"alvo": 120000},
			map[string]int{"vendedor": 403, "vendedor2": 403, "outra": 403, "supervisor": 200}, true},
		{"copiar metas", "POST", "/crm/metas/copiar", map[string]any{"de_mes": "2031-01", "para_mes": "2031-02", "percentual": 5},
			map[string]int{"vendedor": 403, "vendedor2": 403, "supervisor": 200}, true},
		{"importar metas", "POST", "/crm/metas/importar", map[string]any{"csv": "mes;vendedor_id;tipo;alvo\n2031-03;demo-vendedor;valor;1.000,00", "validar_apenas": true},
			map[string]int{"vendedor": 403, "supervisor": 200, "admin": 200, "outra": 200}, false},
		{"excluir meta", "DELETE", "/crm/metas/matriz-meta", nil,
			map[string]int{"vendedor": 403, "vendedor2": 403, "outra": 403, "supervisor": 200}, true},
		// what a customer stopped buying: in the customer's scope (the seller's portfolio, the team, the company)
		{"sugestoes", "GET", "/crm/vendas/sugestoes/demo-cliente-00001", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200, "outra": 403}, false},
		// the panel (painel-vendas): every operator in their scope; another seller's is refused
		{"painel", "GET", "/crm/painel?mes=2026-05", nil, map[string]int{"vendedor": 200, "vendedor2": 200, "supervisor": 200, "admin": 200, "outra": 200}, false},
		{"painel de outro vendedor", "GET", "/crm/painel?vendedor_id=demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200}, false},
		// field: tasks (the assignee's, the team's, the company's) and their customer in the caller's scope
		{"criar tarefa", "POST", "/crm/tarefas", map[string]any{"id": "matriz-tarefa", "titulo": "Levar o catálogo", "vence_em": "2031-01-10T13:00:00Z", "cliente_id": "demo-cliente-00001"},
			map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		{"listar tarefas", "GET", "/crm/tarefas?de=2031-01-01&ate=2031-01-31", nil, map[string]int{"vendedor": 200, "supervisor": 200, "outra": 200}, false},
		{"tarefas de outro vendedor", "GET", "/crm/tarefas?responsavel_id=demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200}, false},
		{"obter tarefa", "GET", "/crm/tarefas/matriz-tarefa", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200, "outra": 403}, false},
		{"alteracoes tarefas", "GET", "/crm/tarefas/alteracoes", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"atualizar tarefa", "PATCH", "/crm/tarefas/matriz-tarefa", map[string]any{"status": "em_andamento"},
			map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		{"excluir tarefa", "DELETE", "/crm/tarefas/matriz-tarefa", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		// field: visit frequencies, the agenda, the route, the customers without a visit, one-off visits
		{"definir frequencia", "PUT", "/crm/frequencias-visita/demo-cliente-00001", map[string]any{"frequencia": "semanal", "dias_semana": []int{1, 3}, "inicio": "2031-01-01"},
			map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		{"listar frequencias", "GET", "/crm/frequencias-visita", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"frequencias de outro vendedor", "GET", "/crm/frequencias-visita?vendedor_id=demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200}, false},
		{"agenda", "GET", "/crm/agenda?de=2031-01-01&ate=2031-01-31", nil, map[string]int{"vendedor": 200, "supervisor": 200, "outra": 200}, false},
		{"agenda de outro vendedor", "GET", "/crm/agenda?de=2031-01-01&ate=2031-01-31&vendedor_id=demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200}, false},
		{"rota", "GET", "/crm/agenda/rota?data=2031-01-08&latitude=-23.55&longitude=-46.63", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"rota de outro vendedor", "GET", "/crm/agenda/rota?data=2031-01-08&latitude=-23.55&longitude=-46.63&vendedor_id=demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200}, false},
		{"sem visita", "GET", "/crm/agenda/sem-visita?dias=30", nil, map[string]int{"vendedor": 200, "outra": 200}, false},
		{"sem visita de outro vendedor", "GET", "/crm/agenda/sem-visita?vendedor_id=demo-vendedor", nil,
			map[string]int{"vendedor2": 403, "supervisor": 200}, false},
		{"planejar visitas", "POST", "/crm/agenda/visitas", map[string]any{"data": "2031-01-09", "cliente_ids": []string{"demo-cliente-00001"}},
			map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		{"excluir frequencia", "DELETE", "/crm/frequencias-visita/demo-cliente-00001", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "outra": 403}, true},
		// the customers without an order (painel-vendas' tap-through): the portfolios in scope
		{"clientes sem pedido", "GET", "/crm/painel/sem-pedido?dias=30", nil, map[string]int{"vendedor": 200, "vendedor2": 200, "supervisor": 200, "admin": 200, "outra": 200}, false},
		{"clientes sem pedido de outro vendedor", "GET", "/crm/painel/sem-pedido?dias=30&vendedor_id=demo-vendedor", nil,
			map[string]int{"vendedor": 200, "vendedor2": 403, "supervisor": 200, "admin": 200}, false},
	}
	// Every registered service (services/registry.yaml) has cases here: a new one fails, named.
	var calls [][2]string
	for _, r := range routes {
		calls = append(calls, [2]string{r.method, r.path})
	}
	everyServiceHasRESTCases(t, s, calls)
	for _, r := range routes {
		// Refused actors first, so that the snapshot proves they wrote nothing.
		actors := []string{"none", "bad"}
		var allowed []string
		for a, w := range r.want {
			if w >= 400 {
				actors = append(actors, a)
			} else if w > 0 {
				allowed = append(allowed, a)
			}
		}
		for _, a := range actors {
			want := r.want[a]
			if a == "none" || a == "bad" {
				want = 401
			}
			before := snapshot(t)
			code, body := st.Do(t, r.method, r.path, tok[a], r.body)
			if code != want {
				t.Errorf("%s as %s: %d %s, want %d", r.name, a, code, body, want)
			}
			if after := snapshot(t); after != before {
				t.Errorf("%s as %s: refused call wrote", r.name, a)
			}
			var eb map[string]any
			if json.Unmarshal(body, &eb) != nil || !strings.Contains(fmt.Sprint(eb["mensagem"]), " ") {
				t.Errorf("%s as %s: no pt-BR message: %s", r.name, a, body)
			}
		}
		for _, a := range allowed {
			code, body := st.Do(t, r.method, r.path, tok[a], r.body)
			if code != r.want[a] {
				t.Errorf("%s as %s: %d %s, want %d", r.name, a, code, body, r.want[a])
			}
		}
	}

	// The other company's ADMIN may create operators in their own company only.
	code, body = st.Do(t, "POST", "/crm/operadores", tok["outra"], map[string]any{"email": "y-" + uuid.NewString()[:6] + "@teste.example.com", "nome_operador": "Y", "perfil_app": "VENDEDOR"})
	if code != 200 || !strings.Contains(string(body), `"empresa":"`+other+`"`) {
		t.Errorf("other company's admin create: %d %s", code, body)
	}
	// And never sees the demo company's operators.
	code, body = st.Do(t, "GET", "/crm/operadores?page_size=200", tok["outra"], nil)
	if code != 200 || strings.Contains(string(body), "demo-") {
		t.Errorf("other company's list leaks: %d %s", code, body)
	}
}

// fotoPNG1x1 is a 1 × 1 PNG in base64, a product photo for the matrices.
const fotoPNG1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="

// matrixActors creates another company (with its first ADMIN) and returns its id and the
// tokens of every actor of the isolation matrices: the demo operators, the other company's
// ADMIN ("outra"), no token and a bad token.
func matrixActors(t *testing.T, s *allinone.Services) (string, map[string]string) {
	t.Helper()
	other := "outra-" + uuid.NewString()[:6]
	ou := testkit.NewUser(t, "outraadmin")
	if _, err := allinone.CreateCompany(context.Background(), s, other, "Outra Empresa", ou.Email, "Outra Admin", ""); err != nil {
		t.Fatal(err)
	}
	return other, map[string]string{
		"admin":      testkit.SignIn(t, "admin@demo.example.com", allinone.DemoPassword),
		"vendedor":   testkit.SignIn(t, "vendedor@demo.example.com", allinone.DemoPassword),
		"vendedor2":  testkit.SignIn(t, "vendedor2@demo.example.com", allinone.DemoPassword),
		"supervisor": testkit.SignIn(t, "supervisor@demo.example.com", allinone.DemoPassword),
		"outra":      ou.Token,
		"none":       "",
		"bad":        "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
	}
}
