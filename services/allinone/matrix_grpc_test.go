package allinone_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"

	addressv1 "github.com/crmvendas/crm/proto/gen/go/crm/address/v1"
	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	systemv1 "github.com/crmvendas/crm/proto/gen/go/crm/system/v1"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// TestIsolationMatrixGRPC is the matrix of TestIsolationMatrix over gRPC: every method, as the
// owner, another operator of the company, another company, no token and a bad token.
func TestIsolationMatrixGRPC(t *testing.T) {
	viacep := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"cep":"01001-000","localidade":"São Paulo","uf":"SP","ibge":"3550308"}`))
	}))
	defer viacep.Close()
	st, s := fullStack(t, viacep.URL)
	_, tok := matrixActors(t, s)
	op := operatorv1.NewOperatorServiceClient(st.Conn)
	sys := systemv1.NewSystemServiceClient(st.Conn)
	addr := addressv1.NewAddressServiceClient(st.Conn)
	cust := customerv1.NewCustomerServiceClient(st.Conn)
	sal := salesv1.NewSalesServiceClient(st.Conn)
	ped := salesv1.NewPedidosServiceClient(st.Conn)
	cli2 := clienteAtivo(t, st, tok["admin"], "demo-vendedor2")
	estoque, nomeTabela, acrescimo := int64(7), "Tabela gRPC 2", 1.0
	obs := "gRPC"
	target, err := op.CriarOperador(testkit.Ctx(tok["admin"]), &operatorv1.CriarOperadorRequest{Email: "alvo-" + uuid.NewString()[:6] + "@teste.example.com", NomeOperador: "Alvo", PerfilApp: "VENDEDOR"})
	if err != nil {
		t.Fatal(err)
	}
	nome := "Alvo 2"
	type rpc struct {
		name string
		call func(ctx context.Context) error
		want map[string]codes.Code
	}
	ok, den := codes.OK, codes.PermissionDenied

	rpcs := []rpc{
		{"ObterVersao", func(ctx context.Context) error {
			_, err := sys.ObterVersao(ctx, &systemv1.ObterVersaoRequest{Empresa: "demo", Tipo: "android"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "admin": ok, "outra": den}},
		{"RegistrarAcesso", func(ctx context.Context) error {
			_, err := sys.RegistrarAcesso(ctx, &systemv1.RegistrarAcessoRequest{Empresa: "demo", Operador: "demo-vendedor", Historico: "grpc",
				Localizacao: "desconhecida", Latitude: wrapperspb.Double(-23.5), Longitude: wrapperspb.Double(-46.6)})
			return err
		}, map[string]codes.Code{"vendedor": ok, "vendedor2": den, "admin": den, "outra": den}},
		{"ListarAcessos", func(ctx context.Context) error {
			_, err := sys.ListarAcessos(ctx, &systemv1.ListarAcessosRequest{})
			return err
		}, map[string]codes.Code{"admin": ok, "vendedor": den, "supervisor": den}},
		{"ListarVersoes", func(ctx context.Context) error {
			_, err := sys.ListarVersoes(ctx, &systemv1.ListarVersoesRequest{})
			return err
		}, map[string]codes.Code{"admin": ok, "vendedor": den}},
		{"DefinirVersao", func(ctx context.Context) error {
			_, err := sys.DefinirVersao(ctx, &systemv1.DefinirVersaoRequest{Tipo: "web", VersaoAtual: "1.3.0", VersaoMinima: "1.0.0"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{"ObterInfoOperador", func(ctx context.Context) error {
			_, err := op.ObterInfoOperador(ctx, &operatorv1.ObterInfoOperadorRequest{Id: "demo-vendedor"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "vendedor2": den, "supervisor": den, "admin": ok, "outra": den}},
		{"ObterChamador", func(ctx context.Context) error {
			_, err := op.ObterChamador(ctx, &operatorv1.ObterChamadorRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{"ListarOperadores", func(ctx context.Context) error {
			_, err := op.ListarOperadores(ctx, &operatorv1.ListarOperadoresRequest{})
			return err
		}, map[string]codes.Code{"admin": ok, "supervisor": ok, "vendedor": den}},
		{"ObterOperador", func(ctx context.Context) error {
			_, err := op.ObterOperador(ctx, &operatorv1.ObterOperadorRequest{Id: "demo-vendedor"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "vendedor2": den, "supervisor": ok, "outra": den}},
		{"CriarOperador", func(ctx context.Context) error {
			_, err := op.CriarOperador(ctx, &operatorv1.CriarOperadorRequest{Email: "g-" + uuid.NewString()[:6] + "@teste.example.com", NomeOperador: "G", PerfilApp: "VENDEDOR"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den}},
		{"AtualizarOperador", func(ctx context.Context) error {
			_, err := op.AtualizarOperador(ctx, &operatorv1.AtualizarOperadorRequest{Id: target.Id, NomeOperador: &nome})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{"DesativarOperador", func(ctx context.Context) error {
			_, err := op.DesativarOperador(ctx, &operatorv1.DesativarOperadorRequest{Id: target.Id})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{"ReativarOperador", func(ctx context.Context) error {
			_, err := op.ReativarOperador(ctx, &operatorv1.ReativarOperadorRequest{Id: target.Id})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{"ConsultarCep", func(ctx context.Context) error {
			_, err := addr.ConsultarCep(ctx, &addressv1.ConsultarCepRequest{Cep: "01001-000"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{"ListarCidades", func(ctx context.Context) error {
			_, err := addr.ListarCidades(ctx, &addressv1.ListarCidadesRequest{Uf: "PR", Q: "maringa"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{"ObterRegiao", func(ctx context.Context) error {
			_, err := addr.ObterRegiao(ctx, &addressv1.ObterRegiaoRequest{Id: "demo-regiao-grande-sp"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{"CriarRegiao", func(ctx context.Context) error {
			_, err := addr.CriarRegiao(ctx, &addressv1.CriarRegiaoRequest{Nome: "gRPC " + uuid.NewString()[:6]})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{"ListarClientes", func(ctx context.Context) error {
			_, err := cust.ListarClientes(ctx, &customerv1.ListarClientesRequest{PageSize: 3, Vendedor: "demo-vendedor"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "vendedor2": den, "supervisor": ok, "outra": ok}}, // outra: an empty list
		{"ObterCliente", func(ctx context.Context) error {
			_, err := cust.ObterCliente(ctx, &customerv1.ObterClienteRequest{Id: "demo-cliente-00002"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": den}},
		{"AtualizarCliente", func(ctx context.Context) error {
			_, err := cust.AtualizarCliente(ctx, &customerv1.AtualizarClienteRequest{Id: "demo-cliente-00002", Observacoes: &obs})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{"SalvarContato", func(ctx context.Context) error {
			_, err := cust.SalvarContato(ctx, &customerv1.SalvarContatoRequest{ClienteId: "demo-cliente-00002", Contato: &customerv1.Contato{Id: "grpc", Nome: "Contato gRPC"}})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{"TransferirCarteira", func(ctx context.Context) error {
			_, err := cust.TransferirCarteira(ctx, &customerv1.TransferirCarteiraRequest{DeVendedorId: "demo-vendedor2", ParaVendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": codes.InvalidArgument}},
		{"ImportarClientes", func(ctx context.Context) error {
			_, err := cust.ImportarClientes(ctx, &customerv1.ImportarClientesRequest{Csv: "documento;nome\n52998224725;Fulano", ValidarApenas: true})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok, "outra": ok}},
		{"ObterPesquisa", func(ctx context.Context) error {
			_, err := cust.ObterPesquisa(ctx, &customerv1.ObterPesquisaRequest{Id: "demo-pesquisa-satisfacao"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{"ListarRespostas", func(ctx context.Context) error {
			_, err := cust.ListarRespostas(ctx, &customerv1.ListarRespostasRequest{ClienteId: "demo-cliente-00002"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		// sales
		{"ListarProdutos", func(ctx context.Context) error {
			_, err := sal.ListarProdutos(ctx, &salesv1.ListarProdutosRequest{PageSize: 3, Grupo: "Bebidas"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "supervisor": ok, "outra": ok}},
		{"ObterProduto", func(ctx context.Context) error {
			_, err := sal.ObterProduto(ctx, &salesv1.ObterProdutoRequest{Id: "demo-produto-0002"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{"AlteracoesProdutos", func(ctx context.Context) error {
			_, err := sal.AlteracoesProdutos(ctx, &salesv1.AlteracoesRequest{PageSize: 3})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{"CriarProduto", func(ctx context.Context) error {
			_, err := sal.CriarProduto(ctx, &salesv1.CriarProdutoRequest{Id: "grpc-produto", Codigo: "GRPC-1", Descricao: "Produto gRPC", Ncm: "22021000"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{"AtualizarProduto", func(ctx context.Context) error {
			_, err := sal.AtualizarProduto(ctx, &salesv1.AtualizarProdutoRequest{Id: "grpc-produto", Estoque: &estoque})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{"ExcluirProduto", func(ctx context.Context) error {
			_, err := sal.ExcluirProduto(ctx, &salesv1.ExcluirRequest{Id: "grpc-produto"})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{"DefinirFotoProduto", func(ctx context.Context) error {
			_, err := sal.DefinirFotoProduto(ctx, &salesv1.DefinirFotoProdutoRequest{Id: "demo-produto-0002", ImagemBase64: fotoPNG1x1})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{"ObterFotoProduto", func(ctx context.Context) error {
			_, err := sal.ObterFotoProduto(ctx, &salesv1.ObterFotoProdutoRequest{Id: "demo-produto-0002"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "supervisor": ok, "outra": den}},
		{"RemoverFotoProduto", func(ctx context.Context) error {
			_, err := sal.RemoverFotoProduto(ctx, &salesv1.ExcluirRequest{Id: "demo-produto-0002"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{"ImportarProdutos", func(ctx context.Context) error {
			_, err := sal.ImportarProdutos(ctx, &salesv1.ImportarRequest{Csv: "codigo;descricao;ncm\nG-1;Importado;22021000", ValidarApenas: true})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok, "outra": ok}},
		{"ImportarPrecos", func(ctx context.Context) error {
			_, err := sal.ImportarPrecos(ctx, &salesv1.ImportarPrecosRequest{TabelaId: "demo-tabela-parana", Csv: "codigo;preco\n10002;9,90", ValidarApenas: true})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{"ListarTabelas", func(ctx context.Context) error {
			_, err := sal.ListarTabelas(ctx, &salesv1.ListarTabelasRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{"ObterTabela", func(ctx context.Context) error {
			_, err := sal.ObterTabela(ctx, &salesv1.ObterTabelaRequest{Id: "demo-tabela-parana"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{"AlteracoesTabelas", func(ctx context.Context) error {
			_, err := sal.AlteracoesTabelas(ctx, &salesv1.AlteracoesRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{"CriarTabela", func(ctx context.Context) error {
			_, err := sal.CriarTabela(ctx, &salesv1.CriarTabelaRequest{Id: "grpc-tabela", Nome: "Tabela gRPC", Ufs: []string{"MG"}})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{"AtualizarTabela", func(ctx context.Context) error {
			_, err := sal.AtualizarTabela(ctx, &salesv1.AtualizarTabelaRequest{Id: "grpc-tabela", Nome: &nomeTabela})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{"ListarPrecos", func(ctx context.Context) error {
			_, err := sal.ListarPrecos(ctx, &salesv1.ListarPrecosRequest{TabelaId: "demo-tabela-parana", PageSize: 3})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{"DefinirPreco", func(ctx context.Context) error {
			_, err := sal.DefinirPreco(ctx, &salesv1.DefinirPrecoRequest{TabelaId: "grpc-tabela", ProdutoId: "demo-produto-0002", PrecoCentavos: 990})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{"RemoverPreco", func(ctx context.Context) error {
			_, err := sal.RemoverPreco(ctx, &salesv1.RemoverPrecoRequest{TabelaId: "grpc-tabela", ProdutoId: "demo-produto-0002"})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{"ExcluirTabela", func(ctx context.Context) error {
			_, err := sal.ExcluirTabela(ctx, &salesv1.ExcluirRequest{Id: "grpc-tabela"})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{"AlteracoesPrecos", func(ctx context.Context) error {
			_, err := sal.AlteracoesPrecos(ctx, &salesv1.AlteracoesRequest{PageSize: 3})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{"ListarCondicoes", func(ctx context.Context) error {
			_, err := sal.ListarCondicoes(ctx, &salesv1.ListarCondicoesRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{"ObterCondicao", func(ctx context.Context) error {
			_, err := sal.ObterCondicao(ctx, &salesv1.ObterCondicaoRequest{Id: "demo-cond-avista-pix"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{"AlteracoesCondicoes", func(ctx context.Context) error {
			_, err := sal.AlteracoesCondicoes(ctx, &salesv1.AlteracoesRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{"CriarCondicao", func(ctx context.Context) error {
			_, err := sal.CriarCondicao(ctx, &salesv1.CriarCondicaoRequest{Id: "grpc-condicao", Nome: "gRPC 21 dias", ParcelasDias: []int32{21}, Forma: "pix"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{"AtualizarCondicao", func(ctx context.Context) error {
			_, err := sal.AtualizarCondicao(ctx, &salesv1.AtualizarCondicaoRequest{Id: "grpc-condicao", AcrescimoPercentual: &acrescimo})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{"ExcluirCondicao", func(ctx context.Context) error {
			_, err := sal.ExcluirCondicao(ctx, &salesv1.ExcluirRequest{Id: "grpc-condicao"})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{"ObterPolitica", func(ctx context.Context) error {
			_, err := sal.ObterPolitica(ctx, &salesv1.ObterPoliticaRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "supervisor": ok, "outra": ok}},
		{"DefinirPolitica", func(ctx context.Context) error {
			_, err := sal.DefinirPolitica(ctx, &salesv1.DefinirPoliticaRequest{UfOrigem: "SP", DescontoMaximoPadraoPercentual: 5})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{"ListarRegrasST", func(ctx context.Context) error {
			_, err := sal.ListarRegrasST(ctx, &salesv1.ListarRegrasSTRequest{Uf: "MG"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{"CriarRegraST", func(ctx context.Context) error {
			_, err := sal.CriarRegraST(ctx, &salesv1.CriarRegraSTRequest{Id: "grpc-st", Ncm: "3305", Uf: "RJ", MvaPercentual: 35, AliquotaInternaPercentual: 20})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{"ExcluirRegraST", func(ctx context.Context) error {
			_, err := sal.ExcluirRegraST(ctx, &salesv1.ExcluirRequest{Id: "grpc-st"})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{"ImportarRegrasST", func(ctx context.Context) error {
			_, err := sal.ImportarRegrasST(ctx, &salesv1.ImportarRequest{Csv: "ncm;uf;mva;aliquota_interna\n3305;RJ;35;20", ValidarApenas: true})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok, "outra": ok}},
		{"CalcularPrecos", func(ctx context.Context) error {
			_, err := sal.CalcularPrecos(ctx, &salesv1.CalcularPrecosRequest{ClienteId: "demo-cliente-00002",
				Itens: []*salesv1.ItemCalculo{{ProdutoId: "demo-produto-0002", Quantidade: 12}}})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": den}},
		// orders
		{"CriarPedido", func(ctx context.Context) error {
			_, err := ped.CriarPedido(ctx, &salesv1.CriarPedidoRequest{Id: "grpc-pedido", ClienteId: cli2, CondicaoId: "demo-cond-avista-pix",
				Itens: []*salesv1.ItemPedidoEntrada{{ProdutoId: "demo-produto-0002", Quantidade: 12}}})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{"ObterPedido", func(ctx context.Context) error {
			_, err := ped.ObterPedido(ctx, &salesv1.ObterPedidoRequest{Id: "grpc-pedido"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "supervisor": ok, "admin": ok, "vendedor": den, "outra": den}},
		{"ListarPedidos", func(ctx context.Context) error {
			_, err := ped.ListarPedidos(ctx, &salesv1.ListarPedidosRequest{PageSize: 5})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "outra": ok}},
		{"AtualizarPedido", func(ctx context.Context) error {
			_, err := ped.AtualizarPedido(ctx, &salesv1.AtualizarPedidoRequest{Id: "grpc-pedido", ClienteId: cli2, CondicaoId: "demo-cond-avista-pix",
				Itens: []*salesv1.ItemPedidoEntrada{{ProdutoId: "demo-produto-0002", Quantidade: 24}}})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{"AprovarPedido", func(ctx context.Context) error {
			_, err := ped.AprovarPedido(ctx, &salesv1.AcaoPedidoRequest{Id: "grpc-pedido"})
			return err
		}, map[string]codes.Code{"vendedor2": den, "vendedor": den, "outra": den}},
		{"AlterarStatusPedido", func(ctx context.Context) error {
			_, err := ped.AlterarStatusPedido(ctx, &salesv1.AlterarStatusPedidoRequest{Id: "grpc-pedido", Status: "em_separacao"})
			return err
		}, map[string]codes.Code{"vendedor2": den, "supervisor": den, "outra": den}},
		{"ObterPdfPedido", func(ctx context.Context) error {
			_, err := ped.ObterPdfPedido(ctx, &salesv1.ObterPedidoRequest{Id: "grpc-pedido"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{"CancelarPedido", func(ctx context.Context) error {
			_, err := ped.CancelarPedido(ctx, &salesv1.CancelarPedidoRequest{Id: "grpc-pedido", Motivo: "gRPC"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{"ReconciliarResumos", func(ctx context.Context) error {
			_, err := ped.ReconciliarResumos(ctx, &salesv1.ReconciliarResumosRequest{ApenasVerificar: true})
			return err
		}, map[string]codes.Code{"admin": ok, "vendedor": den, "supervisor": den, "outra": ok}},
	}
	for _, r := range rpcs {
		r.want["none"], r.want["bad"] = codes.Unauthenticated, codes.Unauthenticated
		var allowed []string
		for a, want := range r.want {
			if want == ok {
				allowed = append(allowed, a)
				continue
			}
			before := snapshot(t)
			err := r.call(testkit.Ctx(tok[a]))
			if status.Code(err) != want {
				t.Errorf("%s as %s: %v, want %v", r.name, a, err, want)
			}
			if snapshot(t) != before {
				t.Errorf("%s as %s: refused call wrote", r.name, a)
			}
		}
		for _, a := range allowed {
			if err := r.call(testkit.Ctx(tok[a])); err != nil {
				t.Errorf("%s as %s: %v", r.name, a, err)
			}
		}
	}

	// Deactivation over gRPC applies from the next call on.
	vt := testkit.NewUser(t, "desativado")
	created, err := op.CriarOperador(testkit.Ctx(tok["admin"]), &operatorv1.CriarOperadorRequest{Email: vt.Email, NomeOperador: "Logo Desativado", PerfilApp: "VENDEDOR"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sys.ObterVersao(testkit.Ctx(vt.Token), &systemv1.ObterVersaoRequest{Empresa: "demo", Tipo: "web"}); err != nil {
		t.Fatal(err)
	}
	if _, err := op.DesativarOperador(testkit.Ctx(tok["admin"]), &operatorv1.DesativarOperadorRequest{Id: created.Id}); err != nil {
		t.Fatal(err)
	}
	if _, err := sys.ObterVersao(testkit.Ctx(vt.Token), &systemv1.ObterVersaoRequest{Empresa: "demo", Tipo: "web"}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("deactivated operator's next call: %v", err)
	}
}
