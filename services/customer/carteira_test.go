package customer_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/customer/internal/app"
)

type alteracoes struct {
	Alteracoes []struct {
		ID       string       `json:"id"`
		Removido bool         `json:"removido"`
		Cliente  *clienteJSON `json:"cliente"`
	} `json:"alteracoes"`
	Cursor string `json:"cursor"`
	Mais   bool   `json:"mais"`
}

// sync walks the changes feed from cursor and returns the device copy it builds (id -> name).
func (e *env) sync(t *testing.T, tok string, copy map[string]string, cursor string) string {
	t.Helper()
	for i := 0; i < 100; i++ {
		a := decode[alteracoes](t, e.do(t, "GET", "/crm/clientes/alteracoes?page_size=2&desde="+url.QueryEscape(cursor), tok, nil, 200))
		for _, x := range a.Alteracoes {
			if x.Removido {
				delete(copy, x.ID)
			} else {
				copy[x.ID] = x.Cliente.Nome
			}
		}
		if a.Cursor == "" {
			t.Fatal("cursor vazio")
		}
		cursor = a.Cursor
		if !a.Mais {
			return cursor
		}
	}
	t.Fatal("o feed não termina")
	return ""
}

func TestCarteiraTransferenciaEAlteracoes(t *testing.T) {
	e := setup(t)
	var ids []string
	for i, n := range []string{"Alfa", "Beta", "Gama"} {
		ids = append(ids, decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, novoCliente(cnpjs[i], n, ""), 200)).ID)
	}
	e.do(t, "POST", "/crm/clientes", e.v2, novoCliente(cnpjs[3], "Delta", ""), 200)

	// The device copies of v1 and v2.
	c1, c2 := map[string]string{}, map[string]string{}
	cur1 := e.sync(t, e.v1, c1, "")
	cur2 := e.sync(t, e.v2, c2, "")
	if len(c1) != 3 || len(c2) != 1 {
		t.Fatalf("cópias: %v %v", c1, c2)
	}
	// Nothing new: the same cursor, no changes.
	if again := e.sync(t, e.v1, c1, cur1); again != cur1 || len(c1) != 3 {
		t.Fatalf("sem mudanças: %s %v", again, c1)
	}

	// Summary by seller.
	var resumo struct {
		Vendedores []struct {
			VendedorID string `json:"vendedor_id"`
			Clientes   int    `json:"clientes"`
			Ativos     int    `json:"ativos"`
		} `json:"vendedores"`
	}
	json.Unmarshal(e.do(t, "GET", "/crm/carteira", e.sup, nil, 200), &resumo)
	counts := map[string]int{}
	for _, v := range resumo.Vendedores {
		counts[v.VendedorID] = v.Clientes
	}
	if counts[e.ids["v1"]] != 3 || counts[e.ids["v2"]] != 1 || counts[e.ids["sup"]] != 0 || len(counts) != 3 {
		t.Fatalf("resumo do supervisor: %+v", resumo)
	}

	// SUPERVISOR assigns one customer of v1 to v2.
	var tr struct {
		ID         string   `json:"id"`
		De         string   `json:"de_vendedor_id"`
		Para       string   `json:"para_vendedor_id"`
		ClienteIDs []string `json:"cliente_ids"`
		Quantidade int      `json:"quantidade"`
		Por        string   `json:"por"`
	}
	atrib := map[string]any{"id": "atrib-1", "cliente_ids": []string{ids[0]}, "vendedor_id": e.ids["v2"]}
	json.Unmarshal(e.do(t, "POST", "/crm/carteira/atribuir", e.sup, atrib, 200), &tr)
	if tr.De != e.ids["v1"] || tr.Para != e.ids["v2"] || tr.Quantidade != 1 || tr.Por != e.ids["sup"] || tr.ID != "atrib-1" {
		t.Fatalf("atribuição: %+v", tr)
	}
	// A replay (the answer was lost, or the device sends its outbox again) returns the first
	// assignment and records nothing new; the same id for another seller is refused.
	var again struct {
		ID         string `json:"id"`
		Quantidade int    `json:"quantidade"`
	}
	json.Unmarshal(e.do(t, "POST", "/crm/carteira/atribuir", e.sup, atrib, 200), &again)
	if again.ID != "atrib-1" || again.Quantidade != 1 {
		t.Fatalf("replay da atribuição: %+v", again)
	}
	e.do(t, "POST", "/crm/carteira/atribuir", e.sup, map[string]any{"id": "atrib-1", "cliente_ids": []string{ids[0]}, "vendedor_id": e.ids["v1"]}, 409)
	// Assigning customers to the seller who already has them moves nothing and records nothing.
	if b := e.do(t, "POST", "/crm/carteira/atribuir", e.sup, map[string]any{"cliente_ids": []string{ids[0]}, "vendedor_id": e.ids["v2"]}, 400); !strings.Contains(string(b), "nada a atribuir") {
		t.Fatalf("atribuição vazia: %s", b)
	}
	e.do(t, "GET", "/crm/clientes/"+ids[0], e.v1, nil, 403)
	e.do(t, "GET", "/crm/clientes/"+ids[0], e.v2, nil, 200)
	cur1 = e.sync(t, e.v1, c1, cur1)
	cur2 = e.sync(t, e.v2, c2, cur2)
	if len(c1) != 2 || c1[ids[0]] != "" || len(c2) != 2 || c2[ids[0]] != "Alfa" {
		t.Fatalf("cópias depois da atribuição: %v %v", c1, c2)
	}

	// ADMIN transfers the rest of v1's portfolio to v3; a retry with the same id does nothing more.
	body := map[string]any{"id": "transf-1", "de_vendedor_id": e.ids["v1"], "para_vendedor_id": e.ids["v3"]}
	json.Unmarshal(e.do(t, "POST", "/crm/carteira/transferir", e.admin, body, 200), &tr)
	if tr.Quantidade != 2 || tr.Por != e.ids["admin"] || tr.ID != "transf-1" {
		t.Fatalf("transferência: %+v", tr)
	}
	json.Unmarshal(e.do(t, "POST", "/crm/carteira/transferir", e.admin, body, 200), &tr)
	if tr.Quantidade != 2 {
		t.Fatalf("retry: %+v", tr)
	}
	if l := decode[lista](t, e.do(t, "GET", "/crm/clientes", e.v1, nil, 200)); len(l.Clientes) != 0 {
		t.Fatalf("v1 ainda vê: %+v", l)
	}
	if l := decode[lista](t, e.do(t, "GET", "/crm/clientes", e.v3, nil, 200)); len(l.Clientes) != 2 {
		t.Fatalf("v3 vê: %+v", l)
	}
	cur1 = e.sync(t, e.v1, c1, cur1)
	if len(c1) != 0 {
		t.Fatalf("cópia do v1 depois da transferência: %v", c1)
	}
	e.do(t, "POST", "/crm/carteira/transferir", e.admin, map[string]any{"de_vendedor_id": e.ids["v3"], "para_vendedor_id": e.ids["v3"]}, 400)
	e.do(t, "POST", "/crm/carteira/transferir", e.admin, map[string]any{"de_vendedor_id": e.ids["v3"], "para_vendedor_id": "fantasma"}, 400)

	// Only sellers own portfolios: an ADMIN or a SUPERVISOR (themself included) is refused with a
	// message at vendedor_id, and nothing moves.
	before := snapshot(t, e.store)
	for _, c := range []struct {
		nome, tok, path string
		body            map[string]any
		msg             string
	}{
		{"atribuir ao ADMIN", e.admin, "/crm/carteira/atribuir", map[string]any{"cliente_ids": []string{ids[0]}, "vendedor_id": e.ids["admin"]}, app.MsgNaoVendedor},
		{"atribuir ao supervisor", e.admin, "/crm/carteira/atribuir", map[string]any{"cliente_ids": []string{ids[0]}, "vendedor_id": e.ids["sup"]}, app.MsgNaoVendedor},
		{"supervisor atribui a si mesmo", e.sup, "/crm/carteira/atribuir", map[string]any{"cliente_ids": []string{ids[0]}, "vendedor_id": e.ids["sup"]}, app.MsgNaoVendedor},
		{"transferir ao ADMIN", e.admin, "/crm/carteira/transferir", map[string]any{"de_vendedor_id": e.ids["v2"], "para_vendedor_id": e.ids["admin"]}, app.MsgNaoVendedor},
		{"ADMIN inclui sem vendedor", e.admin, "/crm/clientes", novoCliente(cnpjs[5], "Sem Dono", ""), app.MsgEscolhaVendedor},
		{"ADMIN inclui para si", e.admin, "/crm/clientes", comVendedor(novoCliente(cnpjs[5], "Do Admin", ""), e.ids["admin"]), app.MsgNaoVendedor},
	} {
		b := e.do(t, "POST", c.path, c.tok, c.body, 400)
		var eb struct {
			Mensagem string `json:"mensagem"`
			Campos   []struct {
				Campo string `json:"campo"`
			} `json:"campos"`
		}
		if json.Unmarshal(b, &eb) != nil || eb.Mensagem != c.msg || len(eb.Campos) != 1 || eb.Campos[0].Campo != "vendedor_id" {
			t.Errorf("%s: %s", c.nome, b)
		}
	}
	if snapshot(t, e.store) != before {
		t.Fatal("a refused owner wrote")
	}

	// History: newest first, the SUPERVISOR sees those of their team.
	var hist struct {
		Transferencias []struct {
			ID  string `json:"id"`
			Por string `json:"por"`
			Em  string `json:"em"`
		} `json:"transferencias"`
	}
	json.Unmarshal(e.do(t, "GET", "/crm/carteira/transferencias", e.admin, nil, 200), &hist)
	if len(hist.Transferencias) != 2 || hist.Transferencias[0].ID != "transf-1" || hist.Transferencias[0].Em == "" {
		t.Fatalf("histórico: %+v", hist)
	}
	json.Unmarshal(e.do(t, "GET", "/crm/carteira/transferencias?vendedor="+e.ids["v2"], e.sup, nil, 200), &hist)
	if len(hist.Transferencias) != 1 || hist.Transferencias[0].Por != e.ids["sup"] {
		t.Fatalf("histórico do supervisor: %+v", hist)
	}

	// A deletion reaches the device as removido.
	e.do(t, "DELETE", "/crm/clientes/"+ids[0], e.admin, nil, 200)
	e.sync(t, e.v2, c2, cur2)
	if len(c2) != 1 || c2[ids[0]] != "" {
		t.Fatalf("cópia do v2 depois da exclusão: %v", c2)
	}
	// ADMIN's copy is the whole company.
	all := map[string]string{}
	e.sync(t, e.admin, all, "")
	if len(all) != 3 {
		t.Fatalf("cópia do admin: %v", all)
	}
	e.do(t, "GET", "/crm/clientes/alteracoes?desde=lixo", e.v1, nil, 400)
}

func TestPesquisas(t *testing.T) {
	e := setup(t)
	c := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, novoCliente(cnpjs[0], "Cliente", ""), 200))
	form := map[string]any{"id": "form-1", "titulo": "Visita", "perguntas": []map[string]any{
		{"id": "nota", "texto": "Nota do atendimento", "tipo": "ESCOLHA_UNICA", "obrigatoria": true, "opcoes": []string{"Bom", "Ruim"}},
		{"id": "lojas", "texto": "Quantas lojas?", "tipo": "NUMERO"},
		{"id": "mix", "texto": "Categorias", "tipo": "ESCOLHA_MULTIPLA", "opcoes": []string{"A", "B", "C"}},
	}}
	var p struct {
		ID        string `json:"id"`
		Versao    string `json:"versao"`
		Ativa     bool   `json:"ativa"`
		Perguntas []struct {
			ID string `json:"id"`
		} `json:"perguntas"`
	}
	json.Unmarshal(e.do(t, "POST", "/crm/pesquisas", e.admin, form, 200), &p)
	if p.ID != "form-1" || p.Versao != "1" || !p.Ativa || len(p.Perguntas) != 3 {
		t.Fatalf("pesquisa: %+v", p)
	}
	e.do(t, "POST", "/crm/pesquisas", e.admin, map[string]any{"titulo": "", "perguntas": []map[string]any{{"tipo": "ESCOLHA_UNICA", "opcoes": []string{"só uma"}}}}, 400)

	// Answers: required and type checks in pt-BR; location optional.
	er := decode[erroJSON](t, e.do(t, "POST", "/crm/clientes/"+c.ID+"/respostas", e.v1, map[string]any{"pesquisa_id": "form-1",
		"respostas": []map[string]any{{"pergunta_id": "lojas", "valor": "muitas"}}}, 400))
	if !strings.Contains(er.Mensagem, "Responda a pergunta 1") {
		t.Fatalf("obrigatória: %+v", er)
	}
	ans := map[string]any{"id": "resp-1", "pesquisa_id": "form-1", "pesquisa_versao": "1", "latitude": -23.56, "longitude": -46.65,
		"respostas": []map[string]any{{"pergunta_id": "nota", "valor": "Bom"}, {"pergunta_id": "lojas", "valor": "3"}, {"pergunta_id": "mix", "valores": []string{"A", "C"}}}}
	var r struct {
		ID             string  `json:"id"`
		PesquisaVersao string  `json:"pesquisa_versao"`
		Operador       string  `json:"operador"`
		OperadorNome   string  `json:"operador_nome"`
		Latitude       float64 `json:"latitude"`
	}
	json.Unmarshal(e.do(t, "POST", "/crm/clientes/"+c.ID+"/respostas", e.v1, ans, 200), &r)
	if r.ID != "resp-1" || r.PesquisaVersao != "1" || r.Operador != e.ids["v1"] || r.OperadorNome != "Operador v1" || r.Latitude != -23.56 {
		t.Fatalf("resposta: %+v", r)
	}
	e.do(t, "POST", "/crm/clientes/"+c.ID+"/respostas", e.v1, ans, 200) // retry
	e.do(t, "POST", "/crm/clientes/"+c.ID+"/respostas", e.v2, ans, 403) // another seller's customer

	// The form is edited: the answer keeps version 1, still readable; an answer to the old version is refused.
	e.do(t, "PATCH", "/crm/pesquisas/form-1", e.admin, map[string]any{"titulo": "Visita (nova)", "perguntas": map[string]any{"itens": []map[string]any{
		{"id": "nota", "texto": "Nota", "tipo": "ESCOLHA_UNICA", "obrigatoria": true, "opcoes": []string{"Ótimo", "Bom", "Ruim"}}}}, "versao": "1"}, 200)
	e.do(t, "PATCH", "/crm/pesquisas/form-1", e.admin, map[string]any{"titulo": "X", "versao": "1"}, 409)
	ans["id"] = "resp-2"
	e.do(t, "POST", "/crm/clientes/"+c.ID+"/respostas", e.v1, ans, 409)
	var rs struct {
		Respostas []struct {
			ID             string `json:"id"`
			PesquisaVersao string `json:"pesquisa_versao"`
			PesquisaTitulo string `json:"pesquisa_titulo"`
		} `json:"respostas"`
	}
	json.Unmarshal(e.do(t, "GET", "/crm/clientes/"+c.ID+"/respostas", e.sup, nil, 200), &rs)
	if len(rs.Respostas) != 1 || rs.Respostas[0].PesquisaVersao != "1" || rs.Respostas[0].PesquisaTitulo != "Visita" {
		t.Fatalf("respostas: %+v", rs)
	}
	json.Unmarshal(e.do(t, "GET", "/crm/pesquisas/form-1?versao=1", e.v1, nil, 200), &p)
	if p.Versao != "1" || len(p.Perguntas) != 3 {
		t.Fatalf("versão 1: %+v", p)
	}
	json.Unmarshal(e.do(t, "GET", "/crm/pesquisas/form-1", e.v1, nil, 200), &p)
	if p.Versao != "2" || len(p.Perguntas) != 1 {
		t.Fatalf("versão atual: %+v", p)
	}
	// Inactive forms: only ADMIN lists them.
	e.do(t, "PATCH", "/crm/pesquisas/form-1", e.admin, map[string]any{"ativa": false}, 200)
	var ps struct {
		Pesquisas []any `json:"pesquisas"`
	}
	json.Unmarshal(e.do(t, "GET", "/crm/pesquisas?incluir_inativas=true", e.v1, nil, 200), &ps)
	if len(ps.Pesquisas) != 0 {
		t.Fatalf("vendedor vê inativas: %+v", ps)
	}
	json.Unmarshal(e.do(t, "GET", "/crm/pesquisas?incluir_inativas=true", e.admin, nil, 200), &ps)
	if len(ps.Pesquisas) != 1 {
		t.Fatalf("admin: %+v", ps)
	}
	e.do(t, "GET", "/crm/pesquisas/form-1", e.adminB, nil, 403)
}

func TestImportarCSV(t *testing.T) {
	e := setup(t)
	existing := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, novoCliente(cnpjs[0], "Já Cadastrado", ""), 200))
	bad := "\ufeffDocumento;Razão Social;Nome Fantasia;Telefone;Cidade;UF;Vendedor_ID;Limite_Credito\n" +
		cnpjs[1] + ";Novo Um;Fantasia Um;(41) 3333-2222;Curitiba;PR;" + e.ids["v2"] + ";1.500,00\n" +
		"11.111.111/1111-11;CNPJ Ruim;;;Curitiba;PR;" + e.ids["v2"] + ";\n" +
		cnpjs[2] + ";;Sem Nome;123;Cidade Inventada;PR;fantasma;abc\n" +
		cnpjs[1] + ";Repetido;;;;;" + e.ids["v2"] + ";\n" +
		cnpjs[0] + ";Já Cadastrado Atualizado;;;;;;\n"
	var res struct {
		Total       int  `json:"total"`
		Criados     int  `json:"criados"`
		Atualizados int  `json:"atualizados"`
		NadaGravado bool `json:"nada_gravado"`
		ACriar      int  `json:"a_criar"`
		AAtualizar  int  `json:"a_atualizar"`
		Rejeitadas  []struct {
			Linha     int      `json:"linha"`
			Documento string   `json:"documento"`
			Erros     []string `json:"erros"`
		} `json:"rejeitadas"`
	}
	before := snapshot(t, e.store)
	json.Unmarshal(e.do(t, "POST", "/crm/clientes/importar", e.admin, map[string]any{"csv": bad}, 200), &res)
	// Nothing written, so nothing created or updated; the two valid rows would create one and
	// update another.
	if res.Total != 5 || !res.NadaGravado || len(res.Rejeitadas) != 3 || res.Criados != 0 || res.Atualizados != 0 || res.ACriar != 1 || res.AAtualizar != 1 {
		t.Fatalf("relatório: %+v", res)
	}
	lines := map[int][]string{}
	for _, r := range res.Rejeitadas {
		lines[r.Linha] = r.Erros
	}
	if len(lines[3]) != 1 || !strings.Contains(lines[3][0], "CNPJ inválido") {
		t.Errorf("linha 3: %v", lines[3])
	}
	// Each refusal names the file's own column, as its header wrote it (issue 21 §5).
	if j := strings.Join(lines[4], " | "); !strings.Contains(j, "coluna Razão Social: Informe a razão social.") || !strings.Contains(j, "coluna Telefone: ") ||
		!strings.Contains(j, "coluna Cidade: Cidade \"Cidade Inventada\"") || !strings.Contains(j, "coluna Vendedor_ID: ") || !strings.Contains(j, "coluna Limite_Credito: ") {
		t.Errorf("linha 4: %v", lines[4])
	}
	if len(lines[5]) != 1 || lines[5][0] != "coluna Documento: repetido no arquivo (já na linha 2)." {
		t.Errorf("linha 5: %v", lines[5])
	}
	if after := snapshot(t, e.store); after != before {
		t.Fatal("importação com linhas rejeitadas gravou dados")
	}
	// Only sellers own portfolios: a new customer without one, or given to the ADMIN, is refused.
	semDono := "documento;nome;cidade;uf;vendedor_id\n" + cnpjs[2] + ";Sem Vendedor;Curitiba;PR;\n" + cnpjs[3] + ";Do Admin;Curitiba;PR;" + e.ids["admin"] + "\n"
	json.Unmarshal(e.do(t, "POST", "/crm/clientes/importar", e.admin, map[string]any{"csv": semDono, "validar_apenas": true}, 200), &res)
	if len(res.Rejeitadas) != 2 || strings.Join(res.Rejeitadas[0].Erros, "") != "coluna vendedor_id: "+app.MsgEscolhaVendedor ||
		strings.Join(res.Rejeitadas[1].Erros, "") != "coluna vendedor_id: "+app.MsgNaoVendedor {
		t.Errorf("sem vendedor: %+v", res.Rejeitadas)
	}
	e.do(t, "POST", "/crm/clientes/importar", e.admin, map[string]any{"csv": "nome;coluna_estranha\nx;y"}, 400)
	e.do(t, "POST", "/crm/clientes/importar", e.admin, map[string]any{"csv": ""}, 400)

	good := "documento,nome,cidade,uf,vendedor_id,limite_credito,contribuinte_icms\n" +
		cnpjs[1] + ",Novo Um,Curitiba,PR," + e.ids["v2"] + ",\"1.500,00\",sim\n" +
		cpf + ",Pessoa Física,Londrina,PR," + e.ids["v1"] + ",,não\n" +
		cnpjs[0] + ",Já Cadastrado Atualizado,,,,,\n"
	json.Unmarshal(e.do(t, "POST", "/crm/clientes/importar", e.admin, map[string]any{"csv": good, "validar_apenas": true}, 200), &res)
	if !res.NadaGravado || res.Criados != 0 || res.Atualizados != 0 || res.ACriar != 2 || res.AAtualizar != 1 || len(res.Rejeitadas) != 0 {
		t.Fatalf("validar: %+v", res)
	}
	for run := 0; run < 2; run++ { // a second run updates, never duplicates
		json.Unmarshal(e.do(t, "POST", "/crm/clientes/importar", e.admin, map[string]any{"csv": good}, 200), &res)
		wantC, wantA := 2, 1
		if run == 1 {
			wantC, wantA = 0, 3
		}
		if res.NadaGravado || res.Criados != wantC || res.Atualizados != wantA || res.ACriar != wantC || res.AAtualizar != wantA {
			t.Fatalf("importação %d: %+v", run, res)
		}
	}
	l := decode[lista](t, e.do(t, "GET", "/crm/clientes", e.admin, nil, 200))
	if len(l.Clientes) != 3 {
		t.Fatalf("clientes: %+v", l)
	}
	for _, c := range l.Clientes {
		switch c.Documento {
		case "45997418000153":
			if c.VendedorID != e.ids["v2"] || c.LimiteCreditoCentavos != "150000" || c.Cidade != "Curitiba" {
				t.Errorf("novo: %+v", c)
			}
		case "52998224725":
			if c.TipoPessoa != "FISICA" || c.VendedorID != e.ids["v1"] {
				t.Errorf("pessoa física: %+v", c)
			}
		case "11222333000181":
			if c.ID != existing.ID || c.Nome != "Já Cadastrado Atualizado" || c.VendedorID != e.ids["v1"] || c.Cidade != "São Paulo" {
				t.Errorf("atualizado: %+v", c)
			}
		}
	}
}

func TestRegiaoDoCliente(t *testing.T) {
	e := setup(t)
	sp := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, novoCliente(cnpjs[0], "Paulistano", ""), 200))
	pr := novoCliente(cnpjs[1], "Curitibano", "")
	pr["enderecos"] = []map[string]any{{"logradouro": "Praça Tiradentes", "cidade": "Curitiba", "uf": "PR"}}
	prc := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, pr, 200))
	// v1's device is up to date before the region exists.
	cursor := e.sync(t, e.v1, map[string]string{}, "")
	var reg struct {
		ID string `json:"id"`
	}
	json.Unmarshal(e.do(t, "POST", "/crm/regioes", e.admin, map[string]any{"nome": "Sul", "cidades": []string{"4106902"}}, 200), &reg)
	// The region's creation stored it on its customers, and the change reaches the device.
	var feed struct {
		Alteracoes []struct {
			ID      string      `json:"id"`
			Cliente clienteJSON `json:"cliente"`
		} `json:"alteracoes"`
	}
	json.Unmarshal(e.do(t, "GET", "/crm/clientes/alteracoes?desde="+url.QueryEscape(cursor), e.v1, nil, 200), &feed)
	if len(feed.Alteracoes) != 1 || feed.Alteracoes[0].ID != prc.ID || feed.Alteracoes[0].Cliente.RegiaoID != reg.ID {
		t.Fatalf("a região nova não chegou ao aparelho: %+v", feed)
	}
	l := decode[lista](t, e.do(t, "GET", "/crm/clientes?regiao="+reg.ID, e.v1, nil, 200))
	if len(l.Clientes) != 1 || l.Clientes[0].ID != prc.ID || l.Clientes[0].RegiaoID != reg.ID {
		t.Fatalf("filtro por região: %+v", l)
	}
	if got := decode[clienteJSON](t, e.do(t, "GET", "/crm/clientes/"+sp.ID, e.v1, nil, 200)); got.RegiaoID != "" {
		t.Fatalf("sem região: %+v", got)
	}
	// Moving the main address to Curitiba puts the customer in the region.
	moved := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes/"+sp.ID+"/enderecos", e.v1, map[string]any{"logradouro": "Rua XV", "cidade": "curitiba", "uf": "pr", "principal": true}, 200))
	if moved.RegiaoID != reg.ID {
		t.Fatalf("região depois da mudança: %+v", moved)
	}
	// Taking the city out of the region takes the region off its customers.
	e.do(t, "PATCH", "/crm/regioes/"+reg.ID, e.admin, map[string]any{"cidades": map[string]any{"itens": []string{"4113700"}}}, 200)
	if got := decode[clienteJSON](t, e.do(t, "GET", "/crm/clientes/"+prc.ID, e.v1, nil, 200)); got.RegiaoID != "" {
		t.Fatalf("região depois de mudar as cidades: %+v", got)
	}
	e.do(t, "GET", "/crm/clientes?regiao=nao-existe", e.v1, nil, 404)
	var regB struct {
		ID string `json:"id"`
	}
	json.Unmarshal(e.do(t, "POST", "/crm/regioes", e.adminB, map[string]any{"nome": "Sul", "cidades": []string{"4106902"}}, 200), &regB)
	e.do(t, "GET", "/crm/clientes?regiao="+regB.ID, e.v1, nil, 403)
}

func comVendedor(c map[string]any, v string) map[string]any {
	c["vendedor_id"] = v
	return c
}
