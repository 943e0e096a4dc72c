package allinone_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	addressv1 "github.com/crmvendas/crm/proto/gen/go/crm/address/v1"
	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	fieldv1 "github.com/crmvendas/crm/proto/gen/go/crm/field/v1"
	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	systemv1 "github.com/crmvendas/crm/proto/gen/go/crm/system/v1"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// TestIsolationMatrixGRPC is the matrix of TestIsolationMatrix over gRPC: every method, as the
// owner, another operator of the company, another company, no token and a bad token. "Every
// method" is checked: the list of methods comes from the service descriptors of the modules the
// all-in-one serves (allinone.Build), so an RPC added without a case here fails the test by name.
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
	cal, fig := salesv1.NewCalendarioServiceClient(st.Conn), salesv1.NewFigurasServiceClient(st.Conn)
	met := salesv1.NewMetasServiceClient(st.Conn)
	vis := fieldv1.NewVisitasServiceClient(st.Conn)
	fot := fieldv1.NewFotosVisitaServiceClient(st.Conn)
	rvis := fieldv1.NewResumoVisitasServiceClient(st.Conn)
	latVisita, lonVisita, precVisita := -23.5505, -46.6333, 15.0
	tar, agd, statusTarefa := fieldv1.NewTarefasServiceClient(st.Conn), fieldv1.NewAgendaServiceClient(st.Conn), "concluida"
	alvoMeta := int64(600)
	cli2 := clienteAtivo(t, st, tok["admin"], "demo-vendedor2")
	estoque, nomeTabela, acrescimo := int64(7), "Tabela gRPC 2", 1.0
	obs := "gRPC"
	target, err := op.CriarOperador(testkit.Ctx(tok["admin"]), &operatorv1.CriarOperadorRequest{Email: "alvo-" + uuid.NewString()[:6] + "@teste.example.com", NomeOperador: "Alvo", PerfilApp: "VENDEDOR"})
	if err != nil {
		t.Fatal(err)
	}
	nome := "Alvo 2"
	// A throwaway region to delete.
	descartavel, err := addr.CriarRegiao(testkit.Ctx(tok["admin"]), &addressv1.CriarRegiaoRequest{Nome: "gRPC descartável " + uuid.NewString()[:6]})
	if err != nil {
		t.Fatal(err)
	}
	nomeRegiao, descPesquisa := "Paraná", "Aplicar em toda visita."
	// Two orders of demo-vendedor2 waiting for approval (a discount over the limit): one to
	// approve (then to move along), one to reject (then to reopen and send again).
	for _, id := range []string{"grpc-pedido-aprovar", "grpc-pedido-reprovar"} {
		p, err := ped.CriarPedido(testkit.Ctx(tok["vendedor2"]), &salesv1.CriarPedidoRequest{Id: id, ClienteId: cli2, CondicaoId: "demo-cond-avista-pix", Enviar: true,
			Itens: []*salesv1.ItemPedidoEntrada{{ProdutoId: "demo-produto-0002", Quantidade: 12, DescontoPercentual: 50}}})
		if err != nil {
			t.Fatal(err)
		}
		if p.Status != "aguardando_aprovacao" {
			t.Fatalf("pedido %s: status %q, want aguardando_aprovacao", id, p.Status)
		}
	}
	type rpc struct {
		name string
		call func(ctx context.Context) error
		want map[string]codes.Code
	}
	ok, den := codes.OK, codes.PermissionDenied

	rpcs := []rpc{
		{systemv1.SystemService_ObterVersao_FullMethodName, func(ctx context.Context) error {
			_, err := sys.ObterVersao(ctx, &systemv1.ObterVersaoRequest{Empresa: "demo", Tipo: "android"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "admin": ok, "outra": den}},
		{systemv1.SystemService_RegistrarAcesso_FullMethodName, func(ctx context.Context) error {
			_, err := sys.RegistrarAcesso(ctx, &systemv1.RegistrarAcessoRequest{Empresa: "demo", Operador: "demo-vendedor", Historico: "grpc",
				Localizacao: "desconhecida", Latitude: wrapperspb.Double(-23.5), Longitude: wrapperspb.Double(-46.6)})
			return err
		}, map[string]codes.Code{"vendedor": ok, "vendedor2": den, "admin": den, "outra": den}},
		{systemv1.SystemService_ListarAcessos_FullMethodName, func(ctx context.Context) error {
			_, err := sys.ListarAcessos(ctx, &systemv1.ListarAcessosRequest{})
			return err
		}, map[string]codes.Code{"admin": ok, "vendedor": den, "supervisor": den}},
		{systemv1.SystemService_ListarVersoes_FullMethodName, func(ctx context.Context) error {
			_, err := sys.ListarVersoes(ctx, &systemv1.ListarVersoesRequest{})
			return err
		}, map[string]codes.Code{"admin": ok, "vendedor": den}},
		{systemv1.SystemService_DefinirVersao_FullMethodName, func(ctx context.Context) error {
			_, err := sys.DefinirVersao(ctx, &systemv1.DefinirVersaoRequest{Tipo: "web", VersaoAtual: "1.3.0", VersaoMinima: "1.0.0"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{operatorv1.OperatorService_ObterInfoOperador_FullMethodName, func(ctx context.Context) error {
			_, err := op.ObterInfoOperador(ctx, &operatorv1.ObterInfoOperadorRequest{Id: "demo-vendedor"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "vendedor2": den, "supervisor": den, "admin": ok, "outra": den}},
		{operatorv1.OperatorService_ObterChamador_FullMethodName, func(ctx context.Context) error {
			_, err := op.ObterChamador(ctx, &operatorv1.ObterChamadorRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{operatorv1.OperatorService_ListarOperadores_FullMethodName, func(ctx context.Context) error {
			_, err := op.ListarOperadores(ctx, &operatorv1.ListarOperadoresRequest{})
			return err
		}, map[string]codes.Code{"admin": ok, "supervisor": ok, "vendedor": den}},
		{operatorv1.OperatorService_ObterOperador_FullMethodName, func(ctx context.Context) error {
			_, err := op.ObterOperador(ctx, &operatorv1.ObterOperadorRequest{Id: "demo-vendedor"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "vendedor2": den, "supervisor": ok, "outra": den}},
		{operatorv1.OperatorService_CriarOperador_FullMethodName, func(ctx context.Context) error {
			_, err := op.CriarOperador(ctx, &operatorv1.CriarOperadorRequest{Email: "g-" + uuid.NewString()[:6] + "@teste.example.com", NomeOperador: "G", PerfilApp: "VENDEDOR"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{operatorv1.OperatorService_AtualizarOperador_FullMethodName, func(ctx context.Context) error {
			_, err := op.AtualizarOperador(ctx, &operatorv1.AtualizarOperadorRequest{Id: target.Id, NomeOperador: &nome})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{operatorv1.OperatorService_DesativarOperador_FullMethodName, func(ctx context.Context) error {
			_, err := op.DesativarOperador(ctx, &operatorv1.DesativarOperadorRequest{Id: target.Id})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{operatorv1.OperatorService_ReativarOperador_FullMethodName, func(ctx context.Context) error {
			_, err := op.ReativarOperador(ctx, &operatorv1.ReativarOperadorRequest{Id: target.Id})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{addressv1.AddressService_ConsultarCep_FullMethodName, func(ctx context.Context) error {
			_, err := addr.ConsultarCep(ctx, &addressv1.ConsultarCepRequest{Cep: "01001-000"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{addressv1.AddressService_ListarCidades_FullMethodName, func(ctx context.Context) error {
			_, err := addr.ListarCidades(ctx, &addressv1.ListarCidadesRequest{Uf: "PR", Q: "maringa"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{addressv1.AddressService_ObterRegiao_FullMethodName, func(ctx context.Context) error {
			_, err := addr.ObterRegiao(ctx, &addressv1.ObterRegiaoRequest{Id: "demo-regiao-grande-sp"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{addressv1.AddressService_CriarRegiao_FullMethodName, func(ctx context.Context) error {
			_, err := addr.CriarRegiao(ctx, &addressv1.CriarRegiaoRequest{Nome: "gRPC " + uuid.NewString()[:6]})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{addressv1.AddressService_ListarUfs_FullMethodName, func(ctx context.Context) error {
			_, err := addr.ListarUfs(ctx, &addressv1.ListarUfsRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{addressv1.AddressService_ListarRegioes_FullMethodName, func(ctx context.Context) error {
			_, err := addr.ListarRegioes(ctx, &addressv1.ListarRegioesRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}}, // outra: its own company's (none of the demo's)
		{addressv1.AddressService_AtualizarRegiao_FullMethodName, func(ctx context.Context) error {
			_, err := addr.AtualizarRegiao(ctx, &addressv1.AtualizarRegiaoRequest{Id: "demo-regiao-parana", Nome: &nomeRegiao})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{addressv1.AddressService_ExcluirRegiao_FullMethodName, func(ctx context.Context) error {
			_, err := addr.ExcluirRegiao(ctx, &addressv1.ExcluirRegiaoRequest{Id: descartavel.Id})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{customerv1.CustomerService_ListarClientes_FullMethodName, func(ctx context.Context) error {
			_, err := cust.ListarClientes(ctx, &customerv1.ListarClientesRequest{PageSize: 3, Vendedor: "demo-vendedor"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "vendedor2": den, "supervisor": ok, "outra": ok}}, // outra: an empty list
		{customerv1.CustomerService_AlteracoesClientes_FullMethodName, func(ctx context.Context) error {
			_, err := cust.AlteracoesClientes(ctx, &customerv1.AlteracoesClientesRequest{PageSize: 3})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}}, // outra: its own company's feed
		{customerv1.CustomerService_CriarCliente_FullMethodName, func(ctx context.Context) error {
			_, err := cust.CriarCliente(ctx, &customerv1.CriarClienteRequest{Id: "grpc-cliente", Documento: "11.222.333/0001-81", Nome: "Cliente gRPC", VendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": codes.InvalidArgument, "supervisor": ok}}, // outra: no such seller in its company
		{customerv1.CustomerService_ObterCliente_FullMethodName, func(ctx context.Context) error {
			_, err := cust.ObterCliente(ctx, &customerv1.ObterClienteRequest{Id: "demo-cliente-00002"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": den}},
		{customerv1.CustomerService_AtualizarCliente_FullMethodName, func(ctx context.Context) error {
			_, err := cust.AtualizarCliente(ctx, &customerv1.AtualizarClienteRequest{Id: "demo-cliente-00002", Observacoes: &obs})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{customerv1.CustomerService_SalvarContato_FullMethodName, func(ctx context.Context) error {
			_, err := cust.SalvarContato(ctx, &customerv1.SalvarContatoRequest{ClienteId: "demo-cliente-00002", Contato: &customerv1.Contato{Id: "grpc", Nome: "Contato gRPC"}})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{customerv1.CustomerService_RemoverContato_FullMethodName, func(ctx context.Context) error {
			_, err := cust.RemoverContato(ctx, &customerv1.RemoverContatoRequest{ClienteId: "demo-cliente-00002", Id: "grpc"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{customerv1.CustomerService_SalvarEndereco_FullMethodName, func(ctx context.Context) error {
			_, err := cust.SalvarEndereco(ctx, &customerv1.SalvarEnderecoRequest{ClienteId: "demo-cliente-00002",
				Endereco: &customerv1.Endereco{Id: "grpc-endereco", Tipo: "OUTRO", Logradouro: "Rua gRPC", Ibge: "3550308"}})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{customerv1.CustomerService_RemoverEndereco_FullMethodName, func(ctx context.Context) error {
			_, err := cust.RemoverEndereco(ctx, &customerv1.RemoverEnderecoRequest{ClienteId: "demo-cliente-00002", Id: "grpc-endereco"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{customerv1.CustomerService_ExcluirCliente_FullMethodName, func(ctx context.Context) error {
			_, err := cust.ExcluirCliente(ctx, &customerv1.ExcluirClienteRequest{Id: "grpc-cliente"})
			return err
		}, map[string]codes.Code{"vendedor": den, "vendedor2": den, "outra": den, "supervisor": ok}},
		{customerv1.CustomerService_TransferirCarteira_FullMethodName, func(ctx context.Context) error {
			_, err := cust.TransferirCarteira(ctx, &customerv1.TransferirCarteiraRequest{DeVendedorId: "demo-vendedor2", ParaVendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": codes.InvalidArgument}},
		{customerv1.CustomerService_ImportarClientes_FullMethodName, func(ctx context.Context) error {
			_, err := cust.ImportarClientes(ctx, &customerv1.ImportarClientesRequest{Csv: "documento;nome\n52998224725;Fulano", ValidarApenas: true})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok, "outra": ok}},
		{customerv1.CustomerService_ListarClientesIEInvalida_FullMethodName, func(ctx context.Context) error {
			_, err := cust.ListarClientesIEInvalida(ctx, &customerv1.ListarClientesIEInvalidaRequest{})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok, "outra": ok}}, // outra: its own company's
		{customerv1.CustomerService_ResumoCarteira_FullMethodName, func(ctx context.Context) error {
			_, err := cust.ResumoCarteira(ctx, &customerv1.ResumoCarteiraRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}}, // outra: its own company's
		{customerv1.CustomerService_AtribuirClientes_FullMethodName, func(ctx context.Context) error {
			_, err := cust.AtribuirClientes(ctx, &customerv1.AtribuirClientesRequest{ClienteIds: []string{"demo-cliente-00007"}, VendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor": den, "vendedor2": den, "outra": den, "supervisor": ok}},
		{customerv1.CustomerService_ListarTransferencias_FullMethodName, func(ctx context.Context) error {
			_, err := cust.ListarTransferencias(ctx, &customerv1.ListarTransferenciasRequest{})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": ok, "admin": ok, "outra": ok}}, // outra: its own company's
		{customerv1.CustomerService_SincronizarRegiao_FullMethodName, func(ctx context.Context) error {
			_, err := cust.SincronizarRegiao(ctx, &customerv1.SincronizarRegiaoRequest{RegiaoId: "demo-regiao-grande-sp"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok, "outra": ok}}, // outra: its own customers (none in that region)
		{customerv1.CustomerService_ListarPesquisas_FullMethodName, func(ctx context.Context) error {
			_, err := cust.ListarPesquisas(ctx, &customerv1.ListarPesquisasRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}}, // outra: its own company's
		{customerv1.CustomerService_CriarPesquisa_FullMethodName, func(ctx context.Context) error {
			_, err := cust.CriarPesquisa(ctx, &customerv1.CriarPesquisaRequest{Id: "grpc-pesquisa", Titulo: "gRPC",
				Perguntas: []*customerv1.Pergunta{{Texto: "Ok?", Tipo: "SIM_NAO"}}})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{customerv1.CustomerService_AtualizarPesquisa_FullMethodName, func(ctx context.Context) error {
			_, err := cust.AtualizarPesquisa(ctx, &customerv1.AtualizarPesquisaRequest{Id: "demo-pesquisa-satisfacao", Descricao: &descPesquisa})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{customerv1.CustomerService_ObterPesquisa_FullMethodName, func(ctx context.Context) error {
			_, err := cust.ObterPesquisa(ctx, &customerv1.ObterPesquisaRequest{Id: "demo-pesquisa-satisfacao"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{customerv1.CustomerService_ResponderPesquisa_FullMethodName, func(ctx context.Context) error {
			_, err := cust.ResponderPesquisa(ctx, &customerv1.ResponderPesquisaRequest{ClienteId: "demo-cliente-00002", PesquisaId: "demo-pesquisa-satisfacao",
				Respostas: []*customerv1.Resposta{{PerguntaId: "atendimento", Valor: "Bom"}, {PerguntaId: "entrega", Valor: "sim"}}})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{customerv1.CustomerService_ListarRespostas_FullMethodName, func(ctx context.Context) error {
			_, err := cust.ListarRespostas(ctx, &customerv1.ListarRespostasRequest{ClienteId: "demo-cliente-00002"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		// sales
		{salesv1.SalesService_ListarProdutos_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ListarProdutos(ctx, &salesv1.ListarProdutosRequest{PageSize: 3, Grupo: "Bebidas"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "supervisor": ok, "outra": ok}},
		{salesv1.SalesService_ObterProduto_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ObterProduto(ctx, &salesv1.ObterProdutoRequest{Id: "demo-produto-0002"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{salesv1.SalesService_AlteracoesProdutos_FullMethodName, func(ctx context.Context) error {
			_, err := sal.AlteracoesProdutos(ctx, &salesv1.AlteracoesRequest{PageSize: 3})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{salesv1.SalesService_CriarProduto_FullMethodName, func(ctx context.Context) error {
			_, err := sal.CriarProduto(ctx, &salesv1.CriarProdutoRequest{Id: "grpc-produto", Codigo: "GRPC-1", Descricao: "Produto gRPC", Ncm: "22021000"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{salesv1.SalesService_AtualizarProduto_FullMethodName, func(ctx context.Context) error {
			_, err := sal.AtualizarProduto(ctx, &salesv1.AtualizarProdutoRequest{Id: "grpc-produto", Estoque: &estoque})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_ExcluirProduto_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ExcluirProduto(ctx, &salesv1.ExcluirRequest{Id: "grpc-produto"})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_DefinirFotoProduto_FullMethodName, func(ctx context.Context) error {
			_, err := sal.DefinirFotoProduto(ctx, &salesv1.DefinirFotoProdutoRequest{Id: "demo-produto-0002", ImagemBase64: fotoPNG1x1})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_ObterFotoProduto_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ObterFotoProduto(ctx, &salesv1.ObterFotoProdutoRequest{Id: "demo-produto-0002"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "supervisor": ok, "outra": den}},
		{salesv1.SalesService_RemoverFotoProduto_FullMethodName, func(ctx context.Context) error {
			_, err := sal.RemoverFotoProduto(ctx, &salesv1.ExcluirRequest{Id: "demo-produto-0002"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_ImportarProdutos_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ImportarProdutos(ctx, &salesv1.ImportarRequest{Csv: "codigo;descricao;ncm\nG-1;Importado;22021000", ValidarApenas: true})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok, "outra": ok}},
		{salesv1.SalesService_ImportarPrecos_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ImportarPrecos(ctx, &salesv1.ImportarPrecosRequest{TabelaId: "demo-tabela-parana", Csv: "codigo;preco\n10002;9,90", ValidarApenas: true})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_ListarTabelas_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ListarTabelas(ctx, &salesv1.ListarTabelasRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{salesv1.SalesService_ObterTabela_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ObterTabela(ctx, &salesv1.ObterTabelaRequest{Id: "demo-tabela-parana"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{salesv1.SalesService_AlteracoesTabelas_FullMethodName, func(ctx context.Context) error {
			_, err := sal.AlteracoesTabelas(ctx, &salesv1.AlteracoesRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{salesv1.SalesService_CriarTabela_FullMethodName, func(ctx context.Context) error {
			_, err := sal.CriarTabela(ctx, &salesv1.CriarTabelaRequest{Id: "grpc-tabela", Nome: "Tabela gRPC", Ufs: []string{"MG"}})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{salesv1.SalesService_AtualizarTabela_FullMethodName, func(ctx context.Context) error {
			_, err := sal.AtualizarTabela(ctx, &salesv1.AtualizarTabelaRequest{Id: "grpc-tabela", Nome: &nomeTabela})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_ListarPrecos_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ListarPrecos(ctx, &salesv1.ListarPrecosRequest{TabelaId: "demo-tabela-parana", PageSize: 3})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{salesv1.SalesService_DefinirPreco_FullMethodName, func(ctx context.Context) error {
			_, err := sal.DefinirPreco(ctx, &salesv1.DefinirPrecoRequest{TabelaId: "grpc-tabela", ProdutoId: "demo-produto-0002", PrecoCentavos: 990})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_RemoverPreco_FullMethodName, func(ctx context.Context) error {
			_, err := sal.RemoverPreco(ctx, &salesv1.RemoverPrecoRequest{TabelaId: "grpc-tabela", ProdutoId: "demo-produto-0002"})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_ExcluirTabela_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ExcluirTabela(ctx, &salesv1.ExcluirRequest{Id: "grpc-tabela"})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_AlteracoesPrecos_FullMethodName, func(ctx context.Context) error {
			_, err := sal.AlteracoesPrecos(ctx, &salesv1.AlteracoesRequest{PageSize: 3})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{salesv1.SalesService_ListarCondicoes_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ListarCondicoes(ctx, &salesv1.PaginaRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{salesv1.SalesService_ObterCondicao_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ObterCondicao(ctx, &salesv1.ObterRequest{Id: "demo-cond-avista-pix"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": den}},
		{salesv1.SalesService_AlteracoesCondicoes_FullMethodName, func(ctx context.Context) error {
			_, err := sal.AlteracoesCondicoes(ctx, &salesv1.AlteracoesRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{salesv1.SalesService_CriarCondicao_FullMethodName, func(ctx context.Context) error {
			_, err := sal.CriarCondicao(ctx, &salesv1.CriarCondicaoRequest{Id: "grpc-condicao", Nome: "gRPC 21 dias", ParcelasDias: []int32{21}, Forma: "pix"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{salesv1.SalesService_AtualizarCondicao_FullMethodName, func(ctx context.Context) error {
			_, err := sal.AtualizarCondicao(ctx, &salesv1.AtualizarCondicaoRequest{Id: "grpc-condicao", AcrescimoPercentual: &acrescimo})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_ExcluirCondicao_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ExcluirCondicao(ctx, &salesv1.ExcluirRequest{Id: "grpc-condicao"})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_ObterPolitica_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ObterPolitica(ctx, &salesv1.ObterPoliticaRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "supervisor": ok, "outra": ok}},
		{salesv1.SalesService_DefinirPolitica_FullMethodName, func(ctx context.Context) error {
			_, err := sal.DefinirPolitica(ctx, &salesv1.DefinirPoliticaRequest{UfOrigem: "SP", DescontoMaximoPadraoPercentual: 5})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{salesv1.SalesService_ListarRegrasST_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ListarRegrasST(ctx, &salesv1.ListarRegrasSTRequest{Uf: "MG"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{salesv1.SalesService_CriarRegraST_FullMethodName, func(ctx context.Context) error {
			_, err := sal.CriarRegraST(ctx, &salesv1.CriarRegraSTRequest{Id: "grpc-st", Ncm: "3305", Uf: "RJ", MvaPercentual: 35, AliquotaInternaPercentual: 20})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{salesv1.SalesService_ExcluirRegraST_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ExcluirRegraST(ctx, &salesv1.ExcluirRequest{Id: "grpc-st"})
			return err
		}, map[string]codes.Code{"vendedor": den, "outra": den, "admin": ok}},
		{salesv1.SalesService_ImportarRegrasST_FullMethodName, func(ctx context.Context) error {
			_, err := sal.ImportarRegrasST(ctx, &salesv1.ImportarRequest{Csv: "ncm;uf;mva;aliquota_interna\n3305;RJ;35;20", ValidarApenas: true})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok, "outra": ok}},
		{salesv1.SalesService_CalcularPrecos_FullMethodName, func(ctx context.Context) error {
			_, err := sal.CalcularPrecos(ctx, &salesv1.CalcularPrecosRequest{ClienteId: "demo-cliente-00002",
				Itens: []*salesv1.ItemCalculo{{ProdutoId: "demo-produto-0002", Quantidade: 12}}})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": den}},
		// orders
		{salesv1.PedidosService_CriarPedido_FullMethodName, func(ctx context.Context) error {
			_, err := ped.CriarPedido(ctx, &salesv1.CriarPedidoRequest{Id: "grpc-pedido", ClienteId: cli2, CondicaoId: "demo-cond-avista-pix",
				Itens: []*salesv1.ItemPedidoEntrada{{ProdutoId: "demo-produto-0002", Quantidade: 12}}})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{salesv1.PedidosService_ObterPedido_FullMethodName, func(ctx context.Context) error {
			_, err := ped.ObterPedido(ctx, &salesv1.ObterPedidoRequest{Id: "grpc-pedido"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "supervisor": ok, "admin": ok, "vendedor": den, "outra": den}},
		{salesv1.PedidosService_ListarPedidos_FullMethodName, func(ctx context.Context) error {
			_, err := ped.ListarPedidos(ctx, &salesv1.ListarPedidosRequest{PageSize: 5})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "outra": ok}},
		{salesv1.PedidosService_AlteracoesPedidos_FullMethodName, func(ctx context.Context) error {
			_, err := ped.AlteracoesPedidos(ctx, &salesv1.AlteracoesRequest{PageSize: 5})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "outra": ok}}, // outra: its own company's feed
		{salesv1.PedidosService_AtualizarPedido_FullMethodName, func(ctx context.Context) error {
			_, err := ped.AtualizarPedido(ctx, &salesv1.AtualizarPedidoRequest{Id: "grpc-pedido", ClienteId: cli2, CondicaoId: "demo-cond-avista-pix",
				Itens: []*salesv1.ItemPedidoEntrada{{ProdutoId: "demo-produto-0002", Quantidade: 24}}})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{salesv1.PedidosService_DuplicarPedido_FullMethodName, func(ctx context.Context) error {
			_, err := ped.DuplicarPedido(ctx, &salesv1.DuplicarPedidoRequest{Id: "grpc-pedido", NovoId: "grpc-pedido-copia"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{salesv1.PedidosService_AprovarPedido_FullMethodName, func(ctx context.Context) error {
			_, err := ped.AprovarPedido(ctx, &salesv1.AcaoPedidoRequest{Id: "grpc-pedido-aprovar"})
			return err
		}, map[string]codes.Code{"vendedor2": den, "vendedor": den, "outra": den, "supervisor": ok}},
		{salesv1.PedidosService_ReprovarPedido_FullMethodName, func(ctx context.Context) error {
			_, err := ped.ReprovarPedido(ctx, &salesv1.AcaoPedidoRequest{Id: "grpc-pedido-reprovar", Observacao: "não"})
			return err
		}, map[string]codes.Code{"vendedor2": den, "vendedor": den, "outra": den, "supervisor": ok}},
		{salesv1.PedidosService_ReabrirPedido_FullMethodName, func(ctx context.Context) error {
			_, err := ped.ReabrirPedido(ctx, &salesv1.AcaoPedidoRequest{Id: "grpc-pedido-reprovar"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{salesv1.PedidosService_EnviarPedido_FullMethodName, func(ctx context.Context) error {
			_, err := ped.EnviarPedido(ctx, &salesv1.AcaoPedidoRequest{Id: "grpc-pedido-reprovar"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{salesv1.PedidosService_AlterarStatusPedido_FullMethodName, func(ctx context.Context) error {
			_, err := ped.AlterarStatusPedido(ctx, &salesv1.AlterarStatusPedidoRequest{Id: "grpc-pedido-aprovar", Status: "em_separacao"})
			return err
		}, map[string]codes.Code{"vendedor2": den, "supervisor": den, "outra": den, "admin": ok}},
		{salesv1.PedidosService_ObterPdfPedido_FullMethodName, func(ctx context.Context) error {
			_, err := ped.ObterPdfPedido(ctx, &salesv1.ObterPedidoRequest{Id: "grpc-pedido"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{salesv1.PedidosService_CancelarPedido_FullMethodName, func(ctx context.Context) error {
			_, err := ped.CancelarPedido(ctx, &salesv1.CancelarPedidoRequest{Id: "grpc-pedido", Motivo: "gRPC"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{salesv1.PedidosService_ObterResumoVendas_FullMethodName, func(ctx context.Context) error {
			_, err := ped.ObterResumoVendas(ctx, &salesv1.ObterResumoVendasRequest{VendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": ok}}, // outra: its own company's (nothing)
		{salesv1.FigurasService_ClientesSemPedido_FullMethodName, func(ctx context.Context) error {
			_, err := fig.ClientesSemPedido(ctx, &salesv1.ClientesSemPedidoRequest{Dias: "30", VendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": ok}}, // outra: its own company's (nothing)
		{salesv1.PedidosService_ReconciliarResumos_FullMethodName, func(ctx context.Context) error {
			_, err := ped.ReconciliarResumos(ctx, &salesv1.ReconciliarResumosRequest{ApenasVerificar: true})
			return err
		}, map[string]codes.Code{"admin": ok, "vendedor": den, "supervisor": den, "outra": ok}},
		// working days and figures
		{salesv1.CalendarioService_ObterDiasUteis_FullMethodName, func(ctx context.Context) error {
			_, err := cal.ObterDiasUteis(ctx, &salesv1.ObterDiasUteisRequest{Ano: 2026})
			return err
		}, map[string]codes.Code{"vendedor": ok, "supervisor": ok, "outra": ok}},
		{salesv1.CalendarioService_CriarFolga_FullMethodName, func(ctx context.Context) error {
			_, err := cal.CriarFolga(ctx, &salesv1.CriarFolgaRequest{Data: "2026-12-31", Nome: "Véspera de Ano-Novo"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{salesv1.CalendarioService_ExcluirFolga_FullMethodName, func(ctx context.Context) error {
			_, err := cal.ExcluirFolga(ctx, &salesv1.ExcluirFolgaRequest{Data: "2026-12-31"})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "outra": codes.NotFound, "admin": ok}},
		{salesv1.CalendarioService_ObterConfiguracaoCalendario_FullMethodName, func(ctx context.Context) error {
			_, err := cal.ObterConfiguracaoCalendario(ctx, &salesv1.ObterConfiguracaoCalendarioRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{salesv1.CalendarioService_DefinirConfiguracaoCalendario_FullMethodName, func(ctx context.Context) error {
			_, err := cal.DefinirConfiguracaoCalendario(ctx, &salesv1.DefinirConfiguracaoCalendarioRequest{CarnavalUtil: true})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok}},
		{salesv1.CalendarioService_ListarFolgas_FullMethodName, func(ctx context.Context) error {
			_, err := cal.ListarFolgas(ctx, &salesv1.ListarFolgasRequest{De: "2026-12-01", Ate: "2027-01-31"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "supervisor": ok, "outra": ok}},
		{salesv1.FigurasService_VendasAnoMes_FullMethodName, func(ctx context.Context) error {
			_, err := fig.VendasAnoMes(ctx, &salesv1.VendasAnoMesRequest{Por: "grupo", VendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": ok}}, // outra: its own company's (nothing)
		{salesv1.MetasService_CriarMeta_FullMethodName, func(ctx context.Context) error {
			_, err := met.CriarMeta(ctx, &salesv1.CriarMetaRequest{Id: "grpc-meta", Mes: "2031-04", VendedorId: "demo-vendedor", Tipo: "quantidade", Alvo: 500})
			return err
		}, map[string]codes.Code{"vendedor": den, "vendedor2": den, "outra": codes.InvalidArgument, "supervisor": ok}},
		{salesv1.MetasService_ListarMetas_FullMethodName, func(ctx context.Context) error {
			_, err := met.ListarMetas(ctx, &salesv1.ListarMetasRequest{VendedorId: "demo-vendedor"})
			return err
		}, map[string]codes.Code{"vendedor": ok, "vendedor2": den, "supervisor": ok, "admin": ok}},
		{salesv1.MetasService_AlteracoesMetas_FullMethodName, func(ctx context.Context) error {
			_, err := met.AlteracoesMetas(ctx, &salesv1.AlteracoesRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{salesv1.MetasService_AtualizarMeta_FullMethodName, func(ctx context.Context) error {
			_, err := met.AtualizarMeta(ctx, &salesv1.AtualizarMetaRequest{Id: "grpc-meta", Alvo: &alvoMeta})
			return err
		}, map[string]codes.Code{"vendedor": den, "vendedor2": den, "outra": den, "admin": ok}},
		{salesv1.MetasService_CopiarMetas_FullMethodName, func(ctx context.Context) error {
			_, err := met.CopiarMetas(ctx, &salesv1.CopiarMetasRequest{DeMes: "2031-04", ParaMes: "2031-05", Percentual: 10})
			return err
		}, map[string]codes.Code{"vendedor": den, "admin": ok}},
		{salesv1.MetasService_ImportarMetas_FullMethodName, func(ctx context.Context) error {
			_, err := met.ImportarMetas(ctx, &salesv1.ImportarRequest{Csv: "mes;vendedor_id;tipo;alvo\n2031-06;demo-vendedor;quantidade;10", ValidarApenas: true})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": ok, "outra": ok}},
		{salesv1.MetasService_ExcluirMeta_FullMethodName, func(ctx context.Context) error {
			_, err := met.ExcluirMeta(ctx, &salesv1.ExcluirRequest{Id: "grpc-meta"})
			return err
		}, map[string]codes.Code{"vendedor": den, "vendedor2": den, "outra": den, "supervisor": ok}},
		// what a customer stopped buying (demo-cliente-00002: demo-vendedor2's portfolio)
		{salesv1.SugestoesService_ListarSugestoes_FullMethodName, func(ctx context.Context) error {
			_, err := salesv1.NewSugestoesServiceClient(st.Conn).ListarSugestoes(ctx, &salesv1.ListarSugestoesRequest{ClienteId: "demo-cliente-00002"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": den}},
		{salesv1.FigurasService_Painel_FullMethodName, func(ctx context.Context) error {
			_, err := fig.Painel(ctx, &salesv1.PainelRequest{VendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": ok}}, // outra: its own company's (nothing)
		// field: visits (demo-cliente-00002 is in demo-vendedor2's portfolio); the seller's own, the
		// team's for their supervisor, all for the ADMIN, never another company's
		{fieldv1.VisitasService_ObterConfiguracaoVisitas_FullMethodName, func(ctx context.Context) error {
			_, err := vis.ObterConfiguracaoVisitas(ctx, &fieldv1.ObterConfiguracaoVisitasRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "supervisor": ok, "admin": ok, "outra": ok}},
		{fieldv1.VisitasService_DefinirConfiguracaoVisitas_FullMethodName, func(ctx context.Context) error {
			_, err := vis.DefinirConfiguracaoVisitas(ctx, &fieldv1.DefinirConfiguracaoVisitasRequest{RaioMetros: 250, ForaDoRaio: "avisar",
				PrecisaoMaximaMetros: 100, IdadeMaximaPosicaoSegundos: 120, CheckoutAutomaticoMinutos: 240,
				MotivosSemVenda: []*fieldv1.MotivoSemVenda{{Id: "estoque-cheio", Nome: "Cliente com estoque cheio"}}})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok, "outra": ok}},
		{fieldv1.VisitasService_FazerCheckin_FullMethodName, func(ctx context.Context) error {
			_, err := vis.FazerCheckin(ctx, &fieldv1.FazerCheckinRequest{Id: "grpc-visita", ClienteId: "demo-cliente-00002",
				Latitude: &latVisita, Longitude: &lonVisita, PrecisaoMetros: &precVisita, CapturadoEm: timestamppb.Now()})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{fieldv1.VisitasService_ListarVisitas_FullMethodName, func(ctx context.Context) error {
			_, err := vis.ListarVisitas(ctx, &fieldv1.ListarVisitasRequest{VendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok}},
		{fieldv1.VisitasService_ObterVisita_FullMethodName, func(ctx context.Context) error {
			_, err := vis.ObterVisita(ctx, &fieldv1.ObterVisitaRequest{Id: "grpc-visita"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": den}},
		{fieldv1.VisitasService_AlteracoesVisitas_FullMethodName, func(ctx context.Context) error {
			_, err := vis.AlteracoesVisitas(ctx, &fieldv1.AlteracoesVisitasRequest{})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": ok, "outra": ok}},
		{fieldv1.VisitasService_AceitarCoordenadas_FullMethodName, func(ctx context.Context) error {
			_, err := vis.AceitarCoordenadas(ctx, &fieldv1.AceitarCoordenadasRequest{Id: "grpc-visita"})
			return err
		}, map[string]codes.Code{"vendedor2": den, "supervisor": den, "outra": den}},
		{fieldv1.VisitasService_DescartarCoordenadas_FullMethodName, func(ctx context.Context) error {
			_, err := vis.DescartarCoordenadas(ctx, &fieldv1.DescartarCoordenadasRequest{Id: "grpc-visita"})
			return err
		}, map[string]codes.Code{"vendedor2": den, "supervisor": den, "outra": den}},
		// a visit's photos (fotos.proto)
		{fieldv1.FotosVisitaService_EnviarFotoVisita_FullMethodName, func(ctx context.Context) error {
			_, err := fot.EnviarFotoVisita(ctx, &fieldv1.EnviarFotoVisitaRequest{Id: "grpc-visita", FotoId: "grpc-foto", ImagemBase64: fotoPNG1x1})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": den, "admin": den, "outra": den}},
		{fieldv1.FotosVisitaService_ObterFotoVisita_FullMethodName, func(ctx context.Context) error {
			_, err := fot.ObterFotoVisita(ctx, &fieldv1.ObterFotoVisitaRequest{Id: "grpc-visita", FotoId: "grpc-foto"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": codes.NotFound}},
		{fieldv1.FotosVisitaService_ExcluirFotoVisita_FullMethodName, func(ctx context.Context) error {
			_, err := fot.ExcluirFotoVisita(ctx, &fieldv1.ExcluirFotoVisitaRequest{Id: "grpc-visita", FotoId: "grpc-foto"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": den, "admin": den, "outra": codes.NotFound}},
		{fieldv1.VisitasService_FazerCheckout_FullMethodName, func(ctx context.Context) error {
			_, err := vis.FazerCheckout(ctx, &fieldv1.FazerCheckoutRequest{Id: "grpc-visita", Resultado: "sem_venda", MotivoId: "estoque-cheio"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": den, "admin": den, "outra": den}},
		// field: the visits' summary (the visitas goals)
		{fieldv1.ResumoVisitasService_ResumoVisitas_FullMethodName, func(ctx context.Context) error {
			_, err := rvis.ResumoVisitas(ctx, &fieldv1.ResumoVisitasRequest{Mes: "2031-02", VendedorId: "demo-vendedor2", ClienteId: "demo-cliente-00002"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": ok}}, // outra: its own company's (nothing)
		{fieldv1.ResumoVisitasService_ReconciliarResumoVisitas_FullMethodName, func(ctx context.Context) error {
			_, err := rvis.ReconciliarResumoVisitas(ctx, &fieldv1.ReconciliarResumoVisitasRequest{ApenasVerificar: true})
			return err
		}, map[string]codes.Code{"vendedor": den, "supervisor": den, "admin": ok, "outra": ok}},
		// field: tasks, visit frequencies, the agenda (demo-cliente-00002: demo-vendedor2's portfolio)
		{fieldv1.TarefasService_CriarTarefa_FullMethodName, func(ctx context.Context) error {
			_, err := tar.CriarTarefa(ctx, &fieldv1.CriarTarefaRequest{Id: "grpc-tarefa", Titulo: "Cobrar retorno", ClienteId: "demo-cliente-00002", VenceEm: timestamppb.New(time.Date(2031, 2, 3, 15, 0, 0, 0, time.UTC))})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{fieldv1.TarefasService_ListarTarefas_FullMethodName, func(ctx context.Context) error {
			_, err := tar.ListarTarefas(ctx, &fieldv1.ListarTarefasRequest{ResponsavelId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok}},
		{fieldv1.TarefasService_ObterTarefa_FullMethodName, func(ctx context.Context) error {
			_, err := tar.ObterTarefa(ctx, &fieldv1.ObterTarefaRequest{Id: "grpc-tarefa"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok, "outra": den}},
		{fieldv1.TarefasService_AlteracoesTarefas_FullMethodName, func(ctx context.Context) error {
			_, err := tar.AlteracoesTarefas(ctx, &fieldv1.AlteracoesTarefasRequest{})
			return err
		}, map[string]codes.Code{"vendedor": ok, "outra": ok}},
		{fieldv1.TarefasService_AtualizarTarefa_FullMethodName, func(ctx context.Context) error {
			_, err := tar.AtualizarTarefa(ctx, &fieldv1.AtualizarTarefaRequest{Id: "grpc-tarefa", Status: &statusTarefa})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{fieldv1.TarefasService_ExcluirTarefa_FullMethodName, func(ctx context.Context) error {
			_, err := tar.ExcluirTarefa(ctx, &fieldv1.ExcluirTarefaRequest{Id: "grpc-tarefa"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{fieldv1.AgendaService_DefinirFrequencia_FullMethodName, func(ctx context.Context) error {
			_, err := agd.DefinirFrequencia(ctx, &fieldv1.DefinirFrequenciaRequest{ClienteId: "demo-cliente-00002", Frequencia: "quinzenal", DiasSemana: []int32{2}, Inicio: "2031-02-03"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{fieldv1.AgendaService_ListarFrequencias_FullMethodName, func(ctx context.Context) error {
			_, err := agd.ListarFrequencias(ctx, &fieldv1.ListarFrequenciasRequest{VendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok}},
		{fieldv1.AgendaService_ObterAgenda_FullMethodName, func(ctx context.Context) error {
			_, err := agd.ObterAgenda(ctx, &fieldv1.ObterAgendaRequest{De: "2031-02-01", Ate: "2031-02-28", VendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok, "admin": ok}},
		{fieldv1.AgendaService_ObterRota_FullMethodName, func(ctx context.Context) error {
			_, err := agd.ObterRota(ctx, &fieldv1.ObterRotaRequest{Data: "2031-02-04", Latitude: -25.43, Longitude: -49.27, VendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok}},
		{fieldv1.AgendaService_ListarSemVisita_FullMethodName, func(ctx context.Context) error {
			_, err := agd.ListarSemVisita(ctx, &fieldv1.ListarSemVisitaRequest{Dias: 60, VendedorId: "demo-vendedor2"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "supervisor": ok}},
		{fieldv1.AgendaService_PlanejarVisitas_FullMethodName, func(ctx context.Context) error {
			_, err := agd.PlanejarVisitas(ctx, &fieldv1.PlanejarVisitasRequest{Data: "2031-02-05", ClienteIds: []string{"demo-cliente-00002"}})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
		{fieldv1.AgendaService_ExcluirFrequencia_FullMethodName, func(ctx context.Context) error {
			_, err := agd.ExcluirFrequencia(ctx, &fieldv1.ExcluirFrequenciaRequest{ClienteId: "demo-cliente-00002"})
			return err
		}, map[string]codes.Code{"vendedor2": ok, "vendedor": den, "outra": den}},
	}
	// Every method the all-in-one serves has a case, and every case names a served method.
	served := map[string]bool{}
	for _, m := range stackModules {
		for _, sv := range m.Services {
			for _, md := range sv.Desc.Methods {
				served["/"+sv.Desc.ServiceName+"/"+md.MethodName] = true
			}
			for _, sd := range sv.Desc.Streams {
				served["/"+sv.Desc.ServiceName+"/"+sd.StreamName] = true
			}
		}
	}
	cased := map[string]bool{}
	for _, r := range rpcs {
		cased[r.name] = true
		if !served[r.name] {
			t.Errorf("case %s: no such method among the %d the all-in-one serves", r.name, len(served))
		}
	}
	var missing []string
	for m := range served {
		if !cased[m] {
			missing = append(missing, m)
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("%d of the %d methods the all-in-one serves have no case in this matrix: %s", len(missing), len(served), strings.Join(missing, ", "))
	}
	if len(served) == 0 {
		t.Fatal("no gRPC method served: fullStack recorded no modules")
	}
	everyServiceHasGRPCCases(t, s, cased) // every registered service (services/registry.yaml) has cases

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
