package domain

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
)

// The moment of the tests: 2026-03-10 12:00 in São Paulo.
var pedEm = time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC)

const pedHoje Data = "2026-03-10"

func pedProduto(id, codigo, grupo string) Produto {
	return Produto{ID: id, Codigo: codigo, Descricao: "Produto " + codigo, Unidade: "CX", NCM: "22021000", Grupo: grupo,
		MultiploVenda: 1, Ativo: true}
}

// pedPolitica: the default table with p1 at R$ 10,00 (minimum R$ 9,00) and p2 at R$ 5,00; a seller
// with a 5 % cap and no flex.
func pedPolitica() Politica {
	return Politica{UFOrigem: "SP", Vendedor: Vendedor{ID: "v1", DescontoMaximo: 500},
		Tabelas: []TabelaPreco{{ID: "t0", Padrao: true, ValidadeInicio: "2025-01-01", Precos: map[string]PrecoTabela{
			"p1": {PrecoCentavos: 1000, PrecoMinimoCentavos: 900}, "p2": {PrecoCentavos: 500}}}}}
}

var pedCliente = Cliente{ID: "c1", UF: "SP", RegiaoID: "r1"}

func pedDados() DadosPedido {
	return DadosPedido{ID: "ped-1", Tipo: TipoVenda, ClienteID: "c1", VendedorID: "v1",
		Cliente: ClientePedido{Nome: "Mercado Bom Preço", Documento: "11222333000181", UF: "SP", RegiaoID: "r1"}}
}

var pedAtivo = ContextoPedido{Cliente: SituacaoCliente{Status: ClienteAtivo, LimiteCreditoCentavos: 1_000_000}}

// pedItens: 10 × p1 (R$ 100,00) and 4 × p2 (R$ 20,00), no discount: no reason for approval.
func pedItens() []ItemEntrada {
	return []ItemEntrada{{Produto: pedProduto("p1", "123", "BEB"), Quantidade: 10}, {Produto: pedProduto("p2", "456", "DOC"), Quantidade: 4}}
}

func pedPrecificar(t *testing.T, itens []ItemEntrada, tipo TipoPedido, cond CondicaoPagamento) Precificacao {
	t.Helper()
	pr, err := PrecificarItens(itens, tipo, pedCliente, cond, pedPolitica(), pedHoje)
	if err != nil {
		t.Fatalf("PrecificarItens: %v", err)
	}
	return pr
}

func pedNovo(t *testing.T) *Pedido {
	t.Helper()
	p, err := NovoPedido(pedDados(), pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}), pedAtivo, "v1", pedEm)
	if err != nil {
		t.Fatalf("NovoPedido: %v", err)
	}
	p.Numero = 123
	return p
}

func motivos(ms []MotivoAprovacao) []Motivo {
	out := []Motivo{}
	for _, m := range ms {
		out = append(out, m.Motivo)
	}
	return out
}

func TestPrecificarItensVenda(t *testing.T) {
	itens := pedItens()
	pr := pedPrecificar(t, itens, TipoVenda, CondicaoPagamento{})
	res, err := PrecificarPedido([]Linha{{Produto: itens[0].Produto, Quantidade: 10}, {Produto: itens[1].Produto, Quantidade: 4}},
		pedCliente, CondicaoPagamento{}, pedPolitica(), pedHoje)
	if err != nil {
		t.Fatal(err)
	}
	if pr.TotalProdutosCentavos != 12000 || pr.TotalItensCentavos != res.TotalCentavos || pr.BonificacaoCentavos != 0 || pr.TabelaID != "t0" {
		t.Fatalf("totais: %+v", pr)
	}
	it := pr.Itens[0]
	want := ItemPedido{ProdutoID: "p1", Codigo: "123", Descricao: "Produto 123", Unidade: "CX", NCM: "22021000", Grupo: "BEB",
		Quantidade: 10, TabelaID: "t0", PrecoListaCentavos: 1000, Descontos: []DescontoItem{}, PrecoUnitarioCentavos: 1000,
		ValorCentavos: 10000, TotalCentavos: 10000}
	if !reflect.DeepEqual(it, want) {
		t.Fatalf("item:\n got %+v\nwant %+v", it, want)
	}

	// The freight goes into the order's total; client totals are never an input.
	d := pedDados()
	d.FreteCentavos = 1550
	p, err := NovoPedido(d, pr, pedAtivo, "v1", pedEm)
	if err != nil {
		t.Fatal(err)
	}
	if p.TotalCentavos != 12000+1550 || p.TotalProdutosCentavos != 12000 || len(p.Itens) != 2 {
		t.Fatalf("pedido: total %d produtos %d", p.TotalCentavos, p.TotalProdutosCentavos)
	}
}

func TestPrecificarItensBonificacao(t *testing.T) {
	cond := CondicaoPagamento{ID: "k1", Nome: "28 dias", ValorMinimoCentavos: 15000}
	itens := pedItens()
	itens[0].Bonificacao = true
	itens[0].DescontoPercentual = 2000 // over the cap: no warning on a given line
	pr := pedPrecificar(t, itens, TipoVenda, cond)
	b := pr.Itens[0]
	if !b.Bonificacao || b.BonificacaoCentavos != 10000 || b.PrecoUnitarioCentavos != 0 || b.ValorCentavos != 0 ||
		b.TotalCentavos != 0 || b.IPICentavos != 0 || b.STCentavos != 0 || b.FlexCentavos != 0 || b.PrecoListaCentavos != 1000 ||
		len(b.Descontos) != 0 {
		t.Fatalf("linha bonificada: %+v", b)
	}
	if pr.TotalProdutosCentavos != 2000 || pr.TotalItensCentavos != 2000 || pr.BonificacaoCentavos != 10000 {
		t.Fatalf("totais: %+v", pr)
	}
	// The given line's discount raises no warning, and the order's minimum counts the sold lines
	// only (R$ 20,00 < R$ 150,00, though R$ 100,00 of goods go with it).
	got := []Motivo{}
	for _, a := range pr.Avisos {
		got = append(got, a.Motivo)
	}
	if !reflect.DeepEqual(got, []Motivo{AvisoPedidoAbaixoDoMinimo}) || !strings.Contains(pr.Avisos[0].Mensagem, "R$ 20,00") {
		t.Fatalf("avisos: %+v", pr.Avisos)
	}

	// An order of type bonificacao gives every line.
	pr = pedPrecificar(t, pedItens(), TipoBonificacao, CondicaoPagamento{})
	if pr.TotalItensCentavos != 0 || pr.BonificacaoCentavos != 12000 || len(pr.Avisos) != 0 || !pr.Itens[1].Bonificacao {
		t.Fatalf("pedido de bonificação: %+v", pr)
	}
}

func TestPrecificarItensErros(t *testing.T) {
	itens := pedItens()
	itens[1].Bonificacao = true
	itens[1].Quantidade = 0
	_, err := PrecificarItens(itens, TipoVenda, pedCliente, CondicaoPagamento{}, pedPolitica(), pedHoje)
	if !errs.IsReason(err, ReasonQuantidadeInvalida) || !reflect.DeepEqual(campos(err), []string{"itens[1].quantidade"}) {
		t.Fatalf("erro: %v %v", err, campos(err))
	}
	// A list price × quantity over the limit on a given line.
	pol := pedPolitica()
	pol.Tabelas[0].Precos["p1"] = PrecoTabela{PrecoCentavos: LimiteCentavos / 2}
	itens = []ItemEntrada{{Produto: pedProduto("p1", "123", "BEB"), Quantidade: 1}, {Produto: pedProduto("p1", "123", "BEB"), Quantidade: 3, Bonificacao: true}}
	_, err = PrecificarItens(itens, TipoVenda, pedCliente, CondicaoPagamento{}, pol, pedHoje)
	if !errs.IsReason(err, ReasonValorForaDoLimite) {
		t.Fatalf("limite: %v", err)
	}
	// MontarItens refuses a result that does not match the entries.
	if _, err := MontarItens(pedItens(), []bool{false}, ResultadoPedido{}, nil, CondicaoPagamento{}); !errs.IsKind(err, errs.KindInternal) {
		t.Fatalf("montar: %v", err)
	}
}

func TestAvaliarPedido(t *testing.T) {
	prAvisos := Precificacao{Avisos: []Aviso{
		{Motivo: AvisoDescontoAcimaDoLimite, Mensagem: "Produto 123: desconto de 7,5% acima do limite de 5%.", ProdutoID: "p1"},
		{Motivo: AvisoPrecoAbaixoDoMinimo, Mensagem: "m", ProdutoID: "p1"},
		{Motivo: AvisoPedidoAbaixoDoMinimo, Mensagem: "m"},
		{Motivo: AvisoSaldoFlexInsuficiente, Mensagem: "m"},
	}}
	credito := Precificacao{Condicao: CondicaoPagamento{UsaLimiteCredito: true}}
	bonif := Precificacao{BonificacaoCentavos: 3000}
	sit := func(limite, aberto int64) ContextoPedido {
		return ContextoPedido{Cliente: SituacaoCliente{Status: ClienteAtivo, LimiteCreditoCentavos: limite, EmAbertoCentavos: aberto}}
	}
	verba := func(limite, usado int64) ContextoPedido {
		c := pedAtivo
		c.Verba = VerbaBonificacao{LimiteCentavos: limite, UsadoCentavos: usado}
		return c
	}
	casos := []struct {
		nome   string
		pr     Precificacao
		total  int64
		ctx    ContextoPedido
		want   []Motivo
		msg    string
		reason errs.Reason
		errMsg string
	}{
		{nome: "sem motivos", pr: Precificacao{}, total: 1000, ctx: pedAtivo, want: []Motivo{}},
		{nome: "avisos do preço, na ordem", pr: prAvisos, total: 1000, ctx: pedAtivo,
			want: []Motivo{AvisoDescontoAcimaDoLimite, AvisoPrecoAbaixoDoMinimo, AvisoPedidoAbaixoDoMinimo, AvisoSaldoFlexInsuficiente},
			msg:  "Produto 123: desconto de 7,5% acima do limite de 5%."},
		{nome: "crédito excedido", pr: credito, total: 30000, ctx: sit(100000, 80000), want: []Motivo{AvisoLimiteDeCreditoExcedido},
			msg: "Limite de crédito do cliente excedido: R$ 800,00 em aberto + R$ 300,00 deste pedido = R$ 1.100,00, acima do limite de R$ 1.000,00."},
		{nome: "crédito no limite exato", pr: credito, total: 20000, ctx: sit(100000, 80000), want: []Motivo{}},
		{nome: "condição sem limite de crédito", pr: Precificacao{}, total: 30000, ctx: sit(100000, 80000), want: []Motivo{}},
		{nome: "cliente sem crédito", pr: credito, total: 1, ctx: sit(0, 0), want: []Motivo{AvisoLimiteDeCreditoExcedido}},
		{nome: "bonificação acima da verba", pr: bonif, total: 0, ctx: verba(50000, 48000), want: []Motivo{AvisoBonificacaoAcimaDaVerba},
			msg: "Bonificação de R$ 30,00 acima da verba do mês: já usados R$ 480,00 de R$ 500,00."},
		{nome: "bonificação na verba exata", pr: bonif, total: 0, ctx: verba(50000, 47000), want: []Motivo{}},
		{nome: "bonificação sem verba", pr: bonif, total: 0, ctx: verba(0, 0), want: []Motivo{AvisoBonificacaoAcimaDaVerba}},
		{nome: "cliente bloqueado", pr: prAvisos, ctx: ContextoPedido{Cliente: SituacaoCliente{Status: ClienteBloqueado, MotivoBloqueio: "títulos vencidos há mais de 30 dias."}},
			reason: ReasonClienteBloqueado, errMsg: "Cliente bloqueado: títulos vencidos há mais de 30 dias."},
		{nome: "cliente bloqueado sem motivo", ctx: ContextoPedido{Cliente: SituacaoCliente{Status: ClienteBloqueado}},
			reason: ReasonClienteBloqueado, errMsg: "Cliente bloqueado: procure o financeiro da empresa."},
		{nome: "cliente inativo", ctx: ContextoPedido{Cliente: SituacaoCliente{Status: ClienteInativo}}, reason: ReasonClienteInativo,
			errMsg: "Cliente inativo: reative o cadastro do cliente antes de fazer um pedido."},
	}
	for _, c := range casos {
		t.Run(c.nome, func(t *testing.T) {
			got, err := AvaliarPedido(c.pr, c.total, c.ctx)
			if c.reason != "" {
				if !errs.IsReason(err, c.reason) || err.Error() != c.errMsg || !reflect.DeepEqual(campos(err), []string{"cliente_id"}) {
					t.Fatalf("erro: %v (%s)", err, errs.ReasonOf(err))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(motivos(got), c.want) {
				t.Fatalf("motivos %v, quero %v", motivos(got), c.want)
			}
			if c.msg != "" && got[0].Mensagem != c.msg {
				t.Fatalf("mensagem %q", got[0].Mensagem)
			}
		})
	}

	// What the company configures as blocking is marked.
	ctx := sit(0, 0)
	ctx.Bloqueantes = []Motivo{AvisoLimiteDeCreditoExcedido}
	got, _ := AvaliarPedido(Precificacao{Avisos: prAvisos.Avisos[:1], Condicao: credito.Condicao}, 100, ctx)
	if len(got) != 2 || got[0].Bloqueante || !got[1].Bloqueante {
		t.Fatalf("bloqueantes: %+v", got)
	}
}

func TestNovoPedido(t *testing.T) {
	p := pedNovo(t)
	if p.Status != StatusOrcamento || p.ID != "ped-1" || p.VendedorID != "v1" || p.Cliente.Documento != "11222333000181" ||
		len(p.MotivosAprovacao) != 0 || !p.EnviadoEm.IsZero() {
		t.Fatalf("pedido: %+v", p)
	}
	if want := []EventoPedido{{Status: StatusOrcamento, Acao: AcaoCriado, Por: "v1", Em: pedEm}}; !reflect.DeepEqual(p.Historico, want) {
		t.Fatalf("histórico: %+v", p.Historico)
	}
	if p.ClientePreco() != (Cliente{ID: "c1", UF: "SP", RegiaoID: "r1"}) {
		t.Fatalf("cliente: %+v", p.ClientePreco())
	}
	// The reasons are listed on a draft (the seller sees them before sending).
	itens := pedItens()
	itens[0].DescontoPercentual = 750
	p, err := NovoPedido(pedDados(), pedPrecificar(t, itens, TipoVenda, CondicaoPagamento{}), pedAtivo, "v1", pedEm)
	if err != nil || !reflect.DeepEqual(motivos(p.MotivosAprovacao), []Motivo{AvisoDescontoAcimaDoLimite}) || p.Status != StatusOrcamento {
		t.Fatalf("rascunho com motivo: %v %+v", err, p)
	}

	lat, lon, fora := -23.5, -46.6, 91.0
	casos := []struct {
		nome  string
		mudar func(*DadosPedido)
		campo string
	}{
		{"tipo", func(d *DadosPedido) { d.Tipo = "consignado" }, "tipo"},
		{"cliente", func(d *DadosPedido) { d.ClienteID = " " }, "cliente_id"},
		{"vendedor", func(d *DadosPedido) { d.VendedorID = "" }, "vendedor_id"},
		{"frete negativo", func(d *DadosPedido) { d.FreteCentavos = -1 }, "frete_centavos"},
		{"observações longas", func(d *DadosPedido) { d.Observacoes = strings.Repeat("a", MaxObservacoes+1) }, "observacoes"},
		{"observações internas longas", func(d *DadosPedido) { d.ObservacoesInternas = strings.Repeat("a", MaxObservacoes+1) }, "observacoes_internas"},
		{"data de entrega inválida", func(d *DadosPedido) { d.DataEntrega = "2026-02-30" }, "data_entrega"},
		{"data de entrega em 1900", func(d *DadosPedido) { d.DataEntrega = "1900-01-01" }, "data_entrega"},
		{"data de entrega 31 dias atrás", func(d *DadosPedido) { d.DataEntrega = "2026-02-07" }, "data_entrega"},
		{"data de entrega além de um ano", func(d *DadosPedido) { d.DataEntrega = "2027-03-12" }, "data_entrega"},
		{"só latitude", func(d *DadosPedido) { d.Latitude = &lat }, "latitude"},
		{"latitude fora", func(d *DadosPedido) { d.Latitude, d.Longitude = &fora, &lon }, "latitude"},
	}
	for _, c := range casos {
		t.Run(c.nome, func(t *testing.T) {
			d := pedDados()
			c.mudar(&d)
			_, err := NovoPedido(d, pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}), pedAtivo, "v1", pedEm)
			if !errs.IsKind(err, errs.KindInvalid) || !reflect.DeepEqual(campos(err), []string{c.campo}) {
				t.Fatalf("erro %v em %v", err, campos(err))
			}
		})
	}
	// Valid: a delivery date already past (an offline order synced late), coordinates, an empty
	// type (venda).
	d := pedDados()
	d.DataEntrega, d.Latitude, d.Longitude, d.Tipo = "2026-03-01", &lat, &lon, ""
	if p, err := NovoPedido(d, pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}), pedAtivo, "v1", pedEm); err != nil || p.Tipo != TipoVenda {
		t.Fatalf("válido: %v", err)
	}
	// The bounds themselves are valid: 30 days back, 366 ahead (pedEm is 2026-03-10 in São Paulo).
	for _, dia := range []Data{"2026-02-08", "2027-03-11"} {
		d := pedDados()
		d.DataEntrega = dia
		if _, err := NovoPedido(d, pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}), pedAtivo, "v1", pedEm); err != nil {
			t.Fatalf("data de entrega %s no limite: %v", dia, err)
		}
	}
	// An order keeps a date it already has, even once it is out of the window (an old draft edited).
	d = pedDados()
	d.DataEntrega = "2026-02-20"
	velho, err := NovoPedido(d, pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}), pedAtivo, "v1", pedEm)
	if err != nil {
		t.Fatal(err)
	}
	if err := velho.Editar(d, pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}), pedAtivo, pedEm.AddDate(0, 2, 0)); err != nil {
		t.Fatalf("data mantida: %v", err)
	}
	// A negative expected price is the device's mistake, said at the item's field.
	if err := ValidarEsperados([]int64{0, 1290, -1}); !errs.IsKind(err, errs.KindInvalid) || !reflect.DeepEqual(campos(err), []string{"itens[2].preco_esperado_centavos"}) {
		t.Fatalf("preço esperado negativo: %v", err)
	}
	// A blocked customer is refused at creation.
	_, err = NovoPedido(pedDados(), Precificacao{}, ContextoPedido{Cliente: SituacaoCliente{Status: ClienteBloqueado, MotivoBloqueio: "cheque devolvido"}}, "v1", pedEm)
	if !errs.IsReason(err, ReasonClienteBloqueado) || err.Error() != "Cliente bloqueado: cheque devolvido." {
		t.Fatalf("bloqueado: %v", err)
	}
}

// pedEm returns an order of number 123 in status s (with a partial invoice when faturado).
func pedEmStatus(t *testing.T, s StatusPedido) *Pedido {
	p := pedNovo(t)
	p.Status = s
	if s.ContaNosResumos() || s == StatusAguardandoAprovacao {
		p.EnviadoEm = pedEm
	}
	return p
}

var (
	pedAdmin      = Operador{ID: "adm", Perfil: caller.Admin}
	pedSupervisor = Operador{ID: "sup", Perfil: caller.Supervisor}
)

// TestFluxoDeStatus tries every action on every status: where it is allowed, the new status and
// the history; elsewhere, a 409 TRANSICAO_NAO_PERMITIDA naming the current status.
func TestFluxoDeStatus(t *testing.T) {
	nf := &NotaFiscal{Numero: "1001", ValorCentavos: 12000}
	acoes := []struct {
		nome      string
		faz       func(p *Pedido, pr Precificacao) error
		verbo     string
		de        []StatusPedido
		para      StatusPedido
		acao      AcaoPedido
		por       string
		registrar bool
	}{
		{"enviar", func(p *Pedido, pr Precificacao) error { return p.Enviar(pr, pedAtivo, "v1", pedEm) }, "ser enviado",
			[]StatusPedido{StatusOrcamento}, StatusEnviado, AcaoEnviado, "v1", true},
		{"editar", func(p *Pedido, pr Precificacao) error { return p.Editar(pedDados(), pr, pedAtivo, pedEm) }, "ser alterado",
			[]StatusPedido{StatusOrcamento}, StatusOrcamento, "", "", false},
		{"aprovar", func(p *Pedido, _ Precificacao) error { return p.Aprovar(pedSupervisor, "sup", "ok", pedEm) }, "ser aprovado",
			[]StatusPedido{StatusAguardandoAprovacao}, StatusEnviado, AcaoAprovado, "sup", true},
		{"reprovar", func(p *Pedido, _ Precificacao) error { return p.Reprovar(pedAdmin, "", "preço baixo", pedEm) }, "ser reprovado",
			[]StatusPedido{StatusAguardandoAprovacao}, StatusReprovado, AcaoReprovado, "adm", true},
		{"cancelar", func(p *Pedido, _ Precificacao) error { return p.Cancelar("v1", "cliente desistiu", pedEm) }, "ser cancelado",
			[]StatusPedido{StatusOrcamento, StatusAguardandoAprovacao, StatusEnviado, StatusEmSeparacao, StatusReprovado}, StatusCancelado, AcaoCancelado, "v1", true},
		{"reabrir", func(p *Pedido, _ Precificacao) error { return p.Reabrir("v1", "", pedEm) }, "ser reaberto",
			[]StatusPedido{StatusAguardandoAprovacao, StatusReprovado}, StatusOrcamento, AcaoReaberto, "v1", true},
		{"exigir aprovação", func(p *Pedido, _ Precificacao) error {
			return p.ExigirAprovacao([]MotivoAprovacao{{Motivo: AvisoLimiteDeCreditoExcedido, Mensagem: "Limite."}}, "v1", pedEm)
		}, "ir para aprovação", []StatusPedido{StatusEnviado}, StatusAguardandoAprovacao, AcaoEnviado, "v1", true},
		{"separar", func(p *Pedido, _ Precificacao) error {
			return p.AvancarStatus(StatusEmSeparacao, pedAdmin, nil, "", pedEm)
		},
			"passar para em separação", []StatusPedido{StatusEnviado}, StatusEmSeparacao, AcaoStatus, "adm", true},
		{"faturar", func(p *Pedido, _ Precificacao) error { return p.AvancarStatus(StatusFaturado, pedAdmin, nf, "", pedEm) },
			"passar para faturado", []StatusPedido{StatusEnviado, StatusEmSeparacao}, StatusFaturado, AcaoStatus, "adm", true},
		{"entregar", func(p *Pedido, _ Precificacao) error {
			return p.AvancarStatus(StatusEntregue, pedAdmin, nil, "", pedEm)
		},
			"passar para entregue", []StatusPedido{StatusFaturado}, StatusEntregue, AcaoStatus, "adm", true},
	}
	pr := pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{})
	for _, a := range acoes {
		for _, s := range StatusesPedido {
			t.Run(a.nome+"/"+string(s), func(t *testing.T) {
				p := pedEmStatus(t, s)
				n := len(p.Historico)
				err := a.faz(p, pr)
				if !slices.Contains(a.de, s) {
					want := "Pedido 123 está " + s.Rotulo() + " e não pode " + a.verbo + "."
					if s == StatusFaturado && a.nome == "faturar" {
						want = "Pedido 123 está faturado e não pode ser faturado de novo."
					}
					if !errs.IsReason(err, ReasonTransicaoNaoPermitida) || !errs.IsKind(err, errs.KindConflict) || err.Error() != want {
						t.Fatalf("erro %q (%s), quero %q", err, errs.ReasonOf(err), want)
					}
					if p.Status != s || len(p.Historico) != n {
						t.Fatalf("mudou o pedido: %s", p.Status)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if p.Status != a.para {
					t.Fatalf("status %s, quero %s", p.Status, a.para)
				}
				if !a.registrar {
					if len(p.Historico) != n {
						t.Fatalf("editar registrou no histórico")
					}
					return
				}
				ult := p.Historico[len(p.Historico)-1]
				if len(p.Historico) != n+1 || ult.Status != a.para || ult.Acao != a.acao || ult.Por != a.por || !ult.Em.Equal(pedEm) {
					t.Fatalf("histórico: %+v", p.Historico)
				}
			})
		}
	}
	// The message of an order with no number yet.
	p := pedNovo(t)
	p.Numero = 0
	if err := p.Aprovar(pedAdmin, "", "", pedEm); err == nil || err.Error() != "Este pedido está em orçamento e não pode ser aprovado." {
		t.Fatalf("sem número: %v", err)
	}
}

func TestEnviar(t *testing.T) {
	depois := pedEm.Add(time.Hour)
	t.Run("sem motivos: enviado", func(t *testing.T) {
		p := pedNovo(t)
		if err := p.Enviar(pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}), pedAtivo, "v1", depois); err != nil {
			t.Fatal(err)
		}
		if p.Status != StatusEnviado || !p.EnviadoEm.Equal(depois) || p.Historico[1] != (EventoPedido{Status: StatusEnviado, Acao: AcaoEnviado, Por: "v1", Em: depois}) {
			t.Fatalf("%+v", p)
		}
	})
	t.Run("re-precificado no envio", func(t *testing.T) {
		p := pedNovo(t)
		itens := pedItens()
		itens[0].Quantidade = 20
		if err := p.Enviar(pedPrecificar(t, itens, TipoVenda, CondicaoPagamento{}), pedAtivo, "v1", depois); err != nil {
			t.Fatal(err)
		}
		if p.TotalCentavos != 22000 || p.Itens[0].Quantidade != 20 {
			t.Fatalf("total %d", p.TotalCentavos)
		}
	})
	t.Run("com motivo: aguardando aprovação", func(t *testing.T) {
		p := pedNovo(t)
		itens := pedItens()
		itens[1].DescontoPercentual = 1000
		if err := p.Enviar(pedPrecificar(t, itens, TipoVenda, CondicaoPagamento{}), pedAtivo, "v1", depois); err != nil {
			t.Fatal(err)
		}
		if p.Status != StatusAguardandoAprovacao || !reflect.DeepEqual(motivos(p.MotivosAprovacao), []Motivo{AvisoDescontoAcimaDoLimite}) ||
			p.MotivosAprovacao[0].Mensagem != "Produto 456: desconto de 10% acima do limite de 5%." || !p.EnviadoEm.Equal(depois) {
			t.Fatalf("%+v", p)
		}
		// Approved: enviado, keeping its reasons and its send time.
		if err := p.Aprovar(pedSupervisor, "sup", " ok, cliente antigo ", depois.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if p.Status != StatusEnviado || len(p.MotivosAprovacao) != 1 || !p.EnviadoEm.Equal(depois) || p.Historico[2].Observacao != "ok, cliente antigo" {
			t.Fatalf("%+v", p)
		}
	})
	t.Run("crédito excedido", func(t *testing.T) {
		p := pedNovo(t)
		ctx := ContextoPedido{Cliente: SituacaoCliente{Status: ClienteAtivo, LimiteCreditoCentavos: 10000}}
		if err := p.Enviar(pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{ID: "k", UsaLimiteCredito: true}), ctx, "v1", depois); err != nil {
			t.Fatal(err)
		}
		if p.Status != StatusAguardandoAprovacao || !reflect.DeepEqual(motivos(p.MotivosAprovacao), []Motivo{AvisoLimiteDeCreditoExcedido}) {
			t.Fatalf("%+v", p.MotivosAprovacao)
		}
	})
	recusas := []struct {
		nome   string
		prep   func(p *Pedido) (Precificacao, ContextoPedido)
		reason errs.Reason
		msg    string
	}{
		{"motivo configurado como bloqueante", func(p *Pedido) (Precificacao, ContextoPedido) {
			ctx := ContextoPedido{Cliente: SituacaoCliente{Status: ClienteAtivo, LimiteCreditoCentavos: 10000, EmAbertoCentavos: 500},
				Bloqueantes: []Motivo{AvisoLimiteDeCreditoExcedido}}
			return pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{UsaLimiteCredito: true}), ctx
		}, ReasonPedidoBloqueado,
			"Limite de crédito do cliente excedido: R$ 5,00 em aberto + R$ 120,00 deste pedido = R$ 125,00, acima do limite de R$ 100,00."},
		{"cliente bloqueado", func(p *Pedido) (Precificacao, ContextoPedido) {
			return pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}),
				ContextoPedido{Cliente: SituacaoCliente{Status: ClienteBloqueado, MotivoBloqueio: "Limite suspenso pelo financeiro"}}
		}, ReasonClienteBloqueado, "Cliente bloqueado: Limite suspenso pelo financeiro."},
		{"orçamento não é enviado", func(p *Pedido) (Precificacao, ContextoPedido) {
			p.Tipo = TipoOrcamento
			return pedPrecificar(t, pedItens(), TipoOrcamento, CondicaoPagamento{}), pedAtivo
		}, ReasonOrcamentoNaoEnviavel, "Um orçamento não é enviado: mude o tipo do pedido para venda, bonificação ou troca."},
		{"sem itens", func(p *Pedido) (Precificacao, ContextoPedido) {
			return pedPrecificar(t, nil, TipoVenda, CondicaoPagamento{}), pedAtivo
		}, ReasonPedidoSemItens, "Inclua pelo menos um item no pedido."},
	}
	for _, c := range recusas {
		t.Run(c.nome, func(t *testing.T) {
			p := pedNovo(t)
			pr, ctx := c.prep(p)
			antes := *p
			err := p.Enviar(pr, ctx, "v1", depois)
			if !errs.IsReason(err, c.reason) || err.Error() != c.msg {
				t.Fatalf("erro %q (%s)", err, errs.ReasonOf(err))
			}
			if !reflect.DeepEqual(*p, antes) {
				t.Fatalf("o pedido mudou")
			}
		})
	}
}

func TestEditar(t *testing.T) {
	p := pedNovo(t)
	d := pedDados()
	d.ID, d.VendedorID, d.ClienteID = "outro", "v9", "c2"
	d.Observacoes = "  entregar pela manhã "
	itens := pedItens()[:1]
	if err := p.Editar(d, pedPrecificar(t, itens, TipoVenda, CondicaoPagamento{}), pedAtivo, pedEm); err != nil {
		t.Fatal(err)
	}
	if p.ID != "ped-1" || p.VendedorID != "v1" || p.ClienteID != "c2" || p.Observacoes != "entregar pela manhã" || len(p.Itens) != 1 || p.TotalCentavos != 10000 {
		t.Fatalf("%+v", p)
	}
	// A refused edit changes nothing.
	antes := *p
	d.FreteCentavos = -5
	if err := p.Editar(d, pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}), pedAtivo, pedEm); err == nil || !reflect.DeepEqual(*p, antes) {
		t.Fatalf("edição recusada mudou o pedido: %v", err)
	}
	d.FreteCentavos = 0
	if err := p.Editar(d, pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}), ContextoPedido{Cliente: SituacaoCliente{Status: ClienteInativo}}, pedEm); !errs.IsReason(err, ReasonClienteInativo) || !reflect.DeepEqual(*p, antes) {
		t.Fatalf("cliente inativo: %v", err)
	}
}

func TestPodeAprovar(t *testing.T) {
	casos := []struct {
		quem       Operador
		supervisor string
		pode       bool
	}{
		{Operador{ID: "adm", Perfil: caller.Admin}, "sup", true},
		{Operador{ID: "sup", Perfil: caller.Supervisor}, "sup", true},
		{Operador{ID: "sup2", Perfil: caller.Supervisor}, "sup", false},
		{Operador{ID: "v1", Perfil: caller.Supervisor}, "v1", false}, // the seller themself
		{Operador{ID: "sup", Perfil: caller.Vendedor}, "sup", false},
		{Operador{ID: "", Perfil: caller.Supervisor}, "", false},
		{Operador{ID: "", Perfil: caller.Admin}, "", false},
		{Operador{ID: "x", Perfil: "ERP"}, "x", false},
	}
	for _, c := range casos {
		if got := PodeAprovar(c.quem, "v1", c.supervisor); got != c.pode {
			t.Errorf("PodeAprovar(%+v, v1, %q) = %v", c.quem, c.supervisor, got)
		}
		for nome, f := range map[string]func(*Pedido) error{
			"aprovar":  func(p *Pedido) error { return p.Aprovar(c.quem, c.supervisor, "", pedEm) },
			"reprovar": func(p *Pedido) error { return p.Reprovar(c.quem, c.supervisor, "não", pedEm) },
		} {
			p := pedEmStatus(t, StatusAguardandoAprovacao)
			err := f(p)
			if c.pode != (err == nil) {
				t.Errorf("%s por %+v: %v", nome, c.quem, err)
			}
			if !c.pode && (!errs.IsReason(err, ReasonAprovacaoNaoPermitida) || !errs.IsKind(err, errs.KindForbidden) || p.Status != StatusAguardandoAprovacao) {
				t.Errorf("%s por %+v: %v (%s)", nome, c.quem, err, errs.ReasonOf(err))
			}
		}
	}
}

func TestObservacoesObrigatorias(t *testing.T) {
	p := pedEmStatus(t, StatusAguardandoAprovacao)
	if err := p.Reprovar(pedSupervisor, "sup", "   ", pedEm); err == nil || err.Error() != "Informe o motivo da reprovação." ||
		!reflect.DeepEqual(campos(err), []string{"observacao"}) || p.Status != StatusAguardandoAprovacao {
		t.Fatalf("reprovar sem observação: %v", err)
	}
	if err := p.Reprovar(pedSupervisor, "sup", "Desconto alto demais para este cliente.", pedEm); err != nil || p.Status != StatusReprovado ||
		p.Historico[len(p.Historico)-1].Observacao != "Desconto alto demais para este cliente." {
		t.Fatalf("reprovar: %v", err)
	}
	p = pedEmStatus(t, StatusEnviado)
	if err := p.Cancelar("v1", "", pedEm); err == nil || err.Error() != "Informe o motivo do cancelamento." || p.Status != StatusEnviado {
		t.Fatalf("cancelar sem motivo: %v", err)
	}
	if err := p.Cancelar("v1", strings.Repeat("x", MaxMotivoPedido+1), pedEm); err == nil || p.Status != StatusEnviado {
		t.Fatalf("motivo longo: %v", err)
	}
	if err := p.Cancelar("v1", " cliente fechou a loja ", pedEm); err != nil || p.MotivoCancelamento != "cliente fechou a loja" ||
		p.Historico[len(p.Historico)-1].Observacao != "cliente fechou a loja" {
		t.Fatalf("cancelar: %v", err)
	}
}

func TestReabrir(t *testing.T) {
	p := pedNovo(t)
	itens := pedItens()
	itens[0].DescontoPercentual = 900
	pr := pedPrecificar(t, itens, TipoVenda, CondicaoPagamento{})
	if err := p.Enviar(pr, pedAtivo, "v1", pedEm); err != nil || p.Status != StatusAguardandoAprovacao {
		t.Fatal(err)
	}
	if err := p.Reprovar(pedSupervisor, "sup", "Reduza o desconto.", pedEm); err != nil {
		t.Fatal(err)
	}
	if err := p.Reabrir("v1", "", pedEm); err != nil || p.Status != StatusOrcamento || !p.EnviadoEm.IsZero() {
		t.Fatalf("reabrir: %v %s", err, p.Status)
	}
	// Fixed and sent again: enviado, with the new send time.
	novo := pedEm.Add(48 * time.Hour)
	if err := p.Editar(pedDados(), pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}), pedAtivo, novo); err != nil {
		t.Fatal(err)
	}
	if err := p.Enviar(pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{}), pedAtivo, "v1", novo); err != nil || p.Status != StatusEnviado || !p.EnviadoEm.Equal(novo) {
		t.Fatalf("reenviar: %v %s", err, p.Status)
	}
	var acoes []AcaoPedido
	for _, e := range p.Historico {
		acoes = append(acoes, e.Acao)
	}
	if !reflect.DeepEqual(acoes, []AcaoPedido{AcaoCriado, AcaoEnviado, AcaoReprovado, AcaoReaberto, AcaoEnviado}) {
		t.Fatalf("histórico: %v", acoes)
	}
}

func TestFaturamento(t *testing.T) {
	p := pedEmStatus(t, StatusEmSeparacao) // total R$ 120,00
	vend := Operador{ID: "v1", Perfil: caller.Vendedor}
	if err := p.AvancarStatus(StatusFaturado, vend, &NotaFiscal{Numero: "1", ValorCentavos: 1}, "", pedEm); !errs.IsReason(err, ReasonStatusSoAdmin) || p.Status != StatusEmSeparacao {
		t.Fatalf("vendedor: %v", err)
	}
	if err := p.AvancarStatus(StatusFaturado, pedSupervisor, &NotaFiscal{Numero: "1", ValorCentavos: 1}, "", pedEm); !errs.IsKind(err, errs.KindForbidden) {
		t.Fatalf("supervisor: %v", err)
	}
	recusas := []struct {
		para  StatusPedido
		nf    *NotaFiscal
		campo string
	}{
		{StatusFaturado, nil, "nota_fiscal.numero"},
		{StatusFaturado, &NotaFiscal{Numero: " ", ValorCentavos: 100}, "nota_fiscal.numero"},
		{StatusFaturado, &NotaFiscal{Numero: strings.Repeat("9", MaxNotaFiscal+1), ValorCentavos: 100}, "nota_fiscal.numero"},
		{StatusFaturado, &NotaFiscal{Numero: "55", ValorCentavos: 0}, "nota_fiscal.valor_centavos"},
		{StatusEntregue, nil, ""}, // not from em_separacao: a transition error
		{StatusCancelado, nil, "status"},
		{StatusOrcamento, nil, "status"},
	}
	for _, c := range recusas {
		antes := *p
		err := p.AvancarStatus(c.para, pedAdmin, c.nf, "", pedEm)
		if err == nil || !reflect.DeepEqual(*p, antes) {
			t.Fatalf("%s %+v: %v", c.para, c.nf, err)
		}
		if c.campo != "" && !reflect.DeepEqual(campos(err), []string{c.campo}) {
			t.Fatalf("%s %+v: %v em %v", c.para, c.nf, err, campos(err))
		}
	}
	// A partial invoice: faturado, partial; a second one completes it.
	if err := p.AvancarStatus(StatusFaturado, pedAdmin, &NotaFiscal{Numero: "1001", ValorCentavos: 7000}, "", pedEm); err != nil {
		t.Fatal(err)
	}
	if p.Status != StatusFaturado || !p.FaturamentoParcial || p.FaturadoCentavos != 7000 ||
		p.Historico[len(p.Historico)-1].Observacao != "Nota fiscal 1001 de R$ 70,00." {
		t.Fatalf("parcial: %+v", p)
	}
	if err := p.AvancarStatus(StatusFaturado, pedAdmin, &NotaFiscal{Numero: "1001", ValorCentavos: 5000}, "", pedEm); !errs.IsReason(err, ReasonNotaFiscalDuplicada) {
		t.Fatalf("nota repetida: %v", err)
	}
	if err := p.AvancarStatus(StatusEmSeparacao, pedAdmin, nil, "", pedEm); err == nil || err.Error() != "Pedido 123 está faturado e não pode passar para em separação." {
		t.Fatalf("voltar: %v", err)
	}
	if err := p.AvancarStatus(StatusFaturado, pedAdmin, &NotaFiscal{Numero: "1002", ValorCentavos: 5000}, "saldo", pedEm); err != nil {
		t.Fatal(err)
	}
	if p.FaturamentoParcial || p.FaturadoCentavos != 12000 || len(p.NotasFiscais) != 2 || p.Historico[len(p.Historico)-1].Acao != AcaoNotaFiscal {
		t.Fatalf("completa: %+v", p)
	}
	// No more invoices once complete; a note with entregue is refused; then entregue.
	if err := p.AvancarStatus(StatusFaturado, pedAdmin, &NotaFiscal{Numero: "1003", ValorCentavos: 1}, "", pedEm); !errs.IsReason(err, ReasonTransicaoNaoPermitida) {
		t.Fatalf("terceira nota: %v", err)
	}
	if err := p.AvancarStatus(StatusEntregue, pedAdmin, &NotaFiscal{Numero: "1003", ValorCentavos: 1}, "", pedEm); !reflect.DeepEqual(campos(err), []string{"nota_fiscal"}) {
		t.Fatalf("nota na entrega: %v", err)
	}
	if err := p.AvancarStatus(StatusEntregue, pedAdmin, nil, "recebido por João", pedEm); err != nil || p.Status != StatusEntregue {
		t.Fatalf("entregue: %v", err)
	}
	// A partial order may be delivered as it is.
	q := pedEmStatus(t, StatusEnviado)
	if err := q.AvancarStatus(StatusFaturado, pedAdmin, &NotaFiscal{Numero: "2001", ValorCentavos: 100}, "", pedEm); err != nil || !q.FaturamentoParcial {
		t.Fatal(err)
	}
	if err := q.Cancelar("adm", "falta de estoque", pedEm); err == nil || err.Error() != "Pedido 123 está faturado e não pode ser cancelado." {
		t.Fatalf("cancelar faturado: %v", err)
	}
	if err := q.AvancarStatus(StatusEntregue, pedAdmin, nil, "", pedEm); err != nil || q.Status != StatusEntregue || !q.FaturamentoParcial {
		t.Fatalf("entregar parcial: %v", err)
	}
}

func TestStatusPedido(t *testing.T) {
	var rotulos []string
	for _, s := range StatusesPedido {
		if !s.Valido() {
			t.Errorf("%s inválido", s)
		}
		rotulos = append(rotulos, s.Rotulo())
	}
	if want := []string{"em orçamento", "aguardando aprovação", "enviado", "em separação", "faturado", "entregue", "cancelado", "reprovado"}; !reflect.DeepEqual(rotulos, want) {
		t.Fatalf("rótulos %q", rotulos)
	}
	if StatusPedido("aprovado").Valido() {
		t.Fatal("aprovado não é um status")
	}
	var conta, aberto []StatusPedido
	for _, s := range StatusesPedido {
		if s.ContaNosResumos() {
			conta = append(conta, s)
		}
		if s.EmAberto() {
			aberto = append(aberto, s)
		}
	}
	if !reflect.DeepEqual(conta, []StatusPedido{StatusEnviado, StatusEmSeparacao, StatusFaturado, StatusEntregue}) ||
		!reflect.DeepEqual(aberto, []StatusPedido{StatusAguardandoAprovacao, StatusEnviado, StatusEmSeparacao}) {
		t.Fatalf("conta %v, em aberto %v", conta, aberto)
	}
}

func TestPrecosMudaram(t *testing.T) {
	itens := append(pedItens(), ItemEntrada{Produto: pedProduto("p3", "789", "BEB"), Quantidade: 1, Bonificacao: true})
	pol := pedPolitica()
	pol.Tabelas[0].Precos["p3"] = PrecoTabela{PrecoCentavos: 700}
	pr, err := PrecificarItens(itens, TipoVenda, pedCliente, CondicaoPagamento{}, pol, pedHoje)
	if err != nil {
		t.Fatal(err)
	}
	// p1 was R$ 9,50 on the device (now R$ 10,00); p2 as shown; the given p3 is never compared;
	// a missing expectation (0) is no expectation.
	got := PrecosMudaram([]int64{950, 500, 1}, pr)
	want := []PrecoAlterado{{ProdutoID: "p1", Descricao: "Produto 123", DeCentavos: 950, ParaCentavos: 1000,
		Mensagem: "Preço de 123 Produto 123 mudou de R$ 9,50 para R$ 10,00."}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("PrecosMudaram:\n got %+v\nwant %+v", got, want)
	}
	if got := PrecosMudaram([]int64{0, 500}, pr); len(got) != 0 {
		t.Fatalf("sem expectativa ou igual: %+v", got)
	}
	if got := PrecosMudaram(nil, pr); got == nil || len(got) != 0 {
		t.Fatalf("nil: %#v", got)
	}
}

func TestPoliticaVerbaEBloqueantes(t *testing.T) {
	p := PoliticaCadastro{Vendedores: []VendedorPolitica{{ID: "v1", VerbaBonificacaoCentavos: 50_000}},
		MotivosBloqueantes: []Motivo{" limite_de_credito_excedido "}}
	if err := p.Normalizar(); err != nil {
		t.Fatalf("válida: %v", err)
	}
	if p.MotivosBloqueantes[0] != AvisoLimiteDeCreditoExcedido || p.VerbaBonificacao("v1") != 50_000 || p.VerbaBonificacao("v2") != 0 {
		t.Fatalf("normalizada: %+v", p)
	}
	for _, ruim := range []PoliticaCadastro{
		{MotivosBloqueantes: []Motivo{"CLIENTE_FELIZ"}},
		{MotivosBloqueantes: []Motivo{AvisoBonificacaoAcimaDaVerba, AvisoBonificacaoAcimaDaVerba}},
		{Vendedores: []VendedorPolitica{{ID: "v1", VerbaBonificacaoCentavos: -1}}},
	} {
		err := ruim.Normalizar()
		if !errs.IsKind(err, errs.KindInvalid) {
			t.Fatalf("%+v: %v", ruim, err)
		}
	}
}
