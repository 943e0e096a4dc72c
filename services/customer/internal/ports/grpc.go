// Package ports translates between the customer protos and the use cases.
package ports

import (
	"context"

	"google.golang.org/protobuf/types/known/timestamppb"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	"github.com/crmvendas/crm/services/customer/internal/app"
	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/store"
)

// Server implements customerv1.CustomerServiceServer.
type Server struct {
	customerv1.UnimplementedCustomerServiceServer
	App *app.Service
}

func strs(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func enderecoToProto(e domain.Endereco) *customerv1.Endereco {
	return &customerv1.Endereco{Id: e.ID, Tipo: e.Tipo, Principal: e.Principal, Cep: e.CEP, Logradouro: e.Logradouro, Numero: e.Numero,
		Complemento: e.Complemento, Bairro: e.Bairro, Cidade: e.Cidade, Uf: e.UF, Ibge: e.IBGE, Latitude: e.Latitude, Longitude: e.Longitude}
}

func enderecoFromProto(e *customerv1.Endereco) domain.Endereco {
	if e == nil {
		return domain.Endereco{}
	}
	return domain.Endereco{ID: e.GetId(), Tipo: e.GetTipo(), Principal: e.GetPrincipal(), CEP: e.GetCep(), Logradouro: e.GetLogradouro(),
		Numero: e.GetNumero(), Complemento: e.GetComplemento(), Bairro: e.GetBairro(), Cidade: e.GetCidade(), UF: e.GetUf(),
		IBGE: e.GetIbge(), Latitude: e.Latitude, Longitude: e.Longitude}
}

func contatoToProto(c domain.Contato) *customerv1.Contato {
	return &customerv1.Contato{Id: c.ID, Nome: c.Nome, Cargo: c.Cargo, Telefone: c.Telefone, Celular: c.Celular, Email: c.Email,
		Aniversario: c.Aniversario, Principal: c.Principal}
}

func contatoFromProto(c *customerv1.Contato) domain.Contato {
	if c == nil {
		return domain.Contato{}
	}
	return domain.Contato{ID: c.GetId(), Nome: c.GetNome(), Cargo: c.GetCargo(), Telefone: c.GetTelefone(), Celular: c.GetCelular(),
		Email: c.GetEmail(), Aniversario: c.GetAniversario(), Principal: c.GetPrincipal()}
}

func clienteToProto(c *domain.Cliente) *customerv1.Cliente {
	out := &customerv1.Cliente{Id: c.ID, Empresa: c.Empresa, TipoPessoa: c.TipoPessoa, Documento: c.Documento, Nome: c.Nome,
		NomeFantasia: c.NomeFantasia, InscricaoEstadual: c.InscricaoEstadual, ContribuinteIcms: c.ContribuinteICMS, Email: c.Email,
		Telefone: c.Telefone, Celular: c.Celular, Segmento: c.Segmento, Status: c.Status, LimiteCreditoCentavos: c.LimiteCreditoCentavos,
		Observacoes: c.Observacoes, VendedorId: c.VendedorID, RegiaoId: c.RegiaoID,
		Enderecos: make([]*customerv1.Endereco, 0, len(c.Enderecos)), Contatos: make([]*customerv1.Contato, 0, len(c.Contatos)),
		CriadoPor: c.CriadoPor, CriadoEm: timestamppb.New(c.CriadoEm), AlteradoPor: c.AlteradoPor, AlteradoEm: timestamppb.New(c.AlteradoEm),
		Versao: c.Versao, Excluido: c.Excluido, Suframa: c.Suframa}
	if p := c.Principal(); p != nil {
		out.Cidade, out.Uf, out.CidadeIbge = p.Cidade, p.UF, p.IBGE
	}
	for _, e := range c.Enderecos {
		out.Enderecos = append(out.Enderecos, enderecoToProto(e))
	}
	for _, x := range c.Contatos {
		out.Contatos = append(out.Contatos, contatoToProto(x))
	}
	return out
}

func (s *Server) ListarClientes(ctx context.Context, r *customerv1.ListarClientesRequest) (*customerv1.ListarClientesResponse, error) {
	p, err := s.App.ListarClientes(ctx, app.FiltroClientes{PageSize: r.GetPageSize(), PageToken: r.GetPageToken(), Q: r.GetQ(),
		Cidade: r.GetCidade(), Status: r.GetStatus(), Regiao: r.GetRegiao(), Vendedor: r.GetVendedor()})
	if err != nil {
		return nil, err
	}
	out := &customerv1.ListarClientesResponse{Clientes: make([]*customerv1.Cliente, 0, len(p.Items)), NextPageToken: p.Next}
	for _, c := range p.Items {
		out.Clientes = append(out.Clientes, clienteToProto(c))
	}
	return out, nil
}

func (s *Server) AlteracoesClientes(ctx context.Context, r *customerv1.AlteracoesClientesRequest) (*customerv1.AlteracoesClientesResponse, error) {
	ch, err := s.App.AlteracoesClientes(ctx, r.GetDesde(), r.GetPageSize())
	if err != nil {
		return nil, err
	}
	// Total: on a first copy's first page, how far the device's copy is heading (store.Changes).
	out := &customerv1.AlteracoesClientesResponse{Alteracoes: make([]*customerv1.AlteracaoCliente, 0, len(ch.Items)), Cursor: ch.Cursor, Mais: ch.Mais,
		Total: ch.Total32()}
	for _, a := range ch.Items {
		x := &customerv1.AlteracaoCliente{Id: a.ID, Removido: a.Removido}
		if a.Doc != nil {
			x.Cliente = clienteToProto(a.Doc)
		}
		out.Alteracoes = append(out.Alteracoes, x)
	}
	return out, nil
}

func (s *Server) ObterCliente(ctx context.Context, r *customerv1.ObterClienteRequest) (*customerv1.Cliente, error) {
	return s.cliente(s.App.ObterCliente(ctx, r.GetId()))
}

func (s *Server) cliente(c *domain.Cliente, err error) (*customerv1.Cliente, error) {
	if err != nil {
		return nil, err
	}
	return clienteToProto(c), nil
}

func (s *Server) SincronizarRegiao(ctx context.Context, r *customerv1.SincronizarRegiaoRequest) (*customerv1.SincronizarRegiaoResponse, error) {
	n, err := s.App.SincronizarRegiao(ctx, r.GetRegiaoId())
	if err != nil {
		return nil, err
	}
	return &customerv1.SincronizarRegiaoResponse{Atualizados: int32(n)}, nil
}

func (s *Server) CriarCliente(ctx context.Context, r *customerv1.CriarClienteRequest) (*customerv1.Cliente, error) {
	in := domain.Cliente{Meta: store.Meta{ID: r.GetId()}, TipoPessoa: r.GetTipoPessoa(), Documento: r.GetDocumento(), Nome: r.GetNome(),
		NomeFantasia: r.GetNomeFantasia(), InscricaoEstadual: r.GetInscricaoEstadual(), ContribuinteICMS: r.GetContribuinteIcms(),
		Email: r.GetEmail(), Telefone: r.GetTelefone(), Celular: r.GetCelular(), Segmento: r.GetSegmento(), Status: r.GetStatus(),
		LimiteCreditoCentavos: r.GetLimiteCreditoCentavos(), Observacoes: r.GetObservacoes(), VendedorID: r.GetVendedorId(),
		Suframa: r.GetSuframa()}
	for _, e := range r.GetEnderecos() {
		in.Enderecos = append(in.Enderecos, enderecoFromProto(e))
	}
	for _, c := range r.GetContatos() {
		in.Contatos = append(in.Contatos, contatoFromProto(c))
	}
	c, err := s.App.CriarCliente(ctx, in)
	return s.cliente(c, err)
}

func (s *Server) AtualizarCliente(ctx context.Context, r *customerv1.AtualizarClienteRequest) (*customerv1.Cliente, error) {
	p := app.PatchCliente{TipoPessoa: r.TipoPessoa, Documento: r.Documento, Nome: r.Nome, NomeFantasia: r.NomeFantasia,
		InscricaoEstadual: r.InscricaoEstadual, ContribuinteICMS: r.ContribuinteIcms, Email: r.Email, Telefone: r.Telefone,
		Celular: r.Celular, Segmento: r.Segmento, Status: r.Status, Observacoes: r.Observacoes,
		LimiteCreditoCentavos: r.LimiteCreditoCentavos, VendedorID: r.VendedorId, Suframa: r.Suframa}
	c, err := s.App.AtualizarCliente(ctx, r.GetId(), p, r.GetVersao())
	return s.cliente(c, err)
}

func (s *Server) ExcluirCliente(ctx context.Context, r *customerv1.ExcluirClienteRequest) (*customerv1.Cliente, error) {
	c, err := s.App.ExcluirCliente(ctx, r.GetId())
	if err != nil {
		return nil, err
	}
	return clienteToProto(c), nil
}

func (s *Server) SalvarEndereco(ctx context.Context, r *customerv1.SalvarEnderecoRequest) (*customerv1.Cliente, error) {
	c, err := s.App.SalvarEndereco(ctx, r.GetClienteId(), enderecoFromProto(r.GetEndereco()))
	return s.cliente(c, err)
}

func (s *Server) RemoverEndereco(ctx context.Context, r *customerv1.RemoverEnderecoRequest) (*customerv1.Cliente, error) {
	c, err := s.App.RemoverEndereco(ctx, r.GetClienteId(), r.GetId())
	return s.cliente(c, err)
}

func (s *Server) SalvarContato(ctx context.Context, r *customerv1.SalvarContatoRequest) (*customerv1.Cliente, error) {
	c, err := s.App.SalvarContato(ctx, r.GetClienteId(), contatoFromProto(r.GetContato()))
	return s.cliente(c, err)
}

func (s *Server) RemoverContato(ctx context.Context, r *customerv1.RemoverContatoRequest) (*customerv1.Cliente, error) {
	c, err := s.App.RemoverContato(ctx, r.GetClienteId(), r.GetId())
	return s.cliente(c, err)
}

func (s *Server) ImportarClientes(ctx context.Context, r *customerv1.ImportarClientesRequest) (*customerv1.ImportarClientesResponse, error) {
	res, err := s.App.ImportarClientes(ctx, r.GetCsv(), r.GetValidarApenas())
	if err != nil {
		return nil, err
	}
	out := &customerv1.ImportarClientesResponse{Total: res.Total, Criados: res.Criados, Atualizados: res.Atualizados, NadaGravado: res.NadaGravado, ACriar: res.ACriar, AAtualizar: res.AAtualizar,
		Rejeitadas: make([]*customerv1.LinhaRejeitada, 0, len(res.Rejeitadas))}
	for _, l := range res.Rejeitadas {
		out.Rejeitadas = append(out.Rejeitadas, &customerv1.LinhaRejeitada{Linha: l.Linha, Documento: l.Documento, Erros: l.Erros})
	}
	return out, nil
}

func (s *Server) ResumoCarteira(ctx context.Context, _ *customerv1.ResumoCarteiraRequest) (*customerv1.ResumoCarteiraResponse, error) {
	list, err := s.App.ResumoCarteira(ctx)
	if err != nil {
		return nil, err
	}
	out := &customerv1.ResumoCarteiraResponse{Vendedores: make([]*customerv1.CarteiraVendedor, 0, len(list))}
	for _, v := range list {
		out.Vendedores = append(out.Vendedores, &customerv1.CarteiraVendedor{VendedorId: v.Vendedor, Clientes: v.Clientes, Ativos: v.Ativos,
			Bloqueados: v.Bloqueados, Inativos: v.Inativos})
	}
	return out, nil
}

func transfToProto(t *domain.Transferencia) *customerv1.Transferencia {
	return &customerv1.Transferencia{Id: t.ID, DeVendedorId: t.De, ParaVendedorId: t.Para, ClienteIds: strs(t.ClienteIDs),
		Quantidade: int32(len(t.ClienteIDs)), Por: t.Por, Em: timestamppb.New(t.Em)}
}

func (s *Server) AtribuirClientes(ctx context.Context, r *customerv1.AtribuirClientesRequest) (*customerv1.Transferencia, error) {
	t, err := s.App.AtribuirClientes(ctx, r.GetId(), r.GetClienteIds(), r.GetVendedorId())
	if err != nil {
		return nil, err
	}
	return transfToProto(t), nil
}

func (s *Server) TransferirCarteira(ctx context.Context, r *customerv1.TransferirCarteiraRequest) (*customerv1.Transferencia, error) {
	t, err := s.App.TransferirCarteira(ctx, r.GetId(), r.GetDeVendedorId(), r.GetParaVendedorId())
	if err != nil {
		return nil, err
	}
	return transfToProto(t), nil
}

func (s *Server) ListarClientesIEInvalida(ctx context.Context, r *customerv1.ListarClientesIEInvalidaRequest) (*customerv1.ListarClientesIEInvalidaResponse, error) {
	list, next, err := s.App.ListarClientesIEInvalida(ctx, r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &customerv1.ListarClientesIEInvalidaResponse{Clientes: make([]*customerv1.ClienteIEInvalida, 0, len(list)), NextPageToken: next}
	for _, x := range list {
		out.Clientes = append(out.Clientes, &customerv1.ClienteIEInvalida{Cliente: clienteToProto(x.Cliente), Uf: x.UF, Motivo: x.Motivo})
	}
	return out, nil
}

func (s *Server) ListarTransferencias(ctx context.Context, r *customerv1.ListarTransferenciasRequest) (*customerv1.ListarTransferenciasResponse, error) {
	list, next, err := s.App.ListarTransferencias(ctx, r.GetVendedor(), r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &customerv1.ListarTransferenciasResponse{Transferencias: make([]*customerv1.Transferencia, 0, len(list)), NextPageToken: next}
	for _, t := range list {
		out.Transferencias = append(out.Transferencias, transfToProto(t))
	}
	return out, nil
}

func perguntasToProto(ps []domain.Pergunta) []*customerv1.Pergunta {
	out := make([]*customerv1.Pergunta, 0, len(ps))
	for _, p := range ps {
		out = append(out, &customerv1.Pergunta{Id: p.ID, Texto: p.Texto, Tipo: p.Tipo, Obrigatoria: p.Obrigatoria, Opcoes: strs(p.Opcoes)})
	}
	return out
}

func perguntasFromProto(ps []*customerv1.Pergunta) []domain.Pergunta {
	out := make([]domain.Pergunta, 0, len(ps))
	for _, p := range ps {
		out = append(out, domain.Pergunta{ID: p.GetId(), Texto: p.GetTexto(), Tipo: p.GetTipo(), Obrigatoria: p.GetObrigatoria(), Opcoes: p.GetOpcoes()})
	}
	return out
}

func pesquisaToProto(p *domain.Pesquisa) *customerv1.Pesquisa {
	return &customerv1.Pesquisa{Id: p.ID, Empresa: p.Empresa, Titulo: p.Titulo, Descricao: p.Descricao, Perguntas: perguntasToProto(p.Perguntas),
		Ativa: p.Ativa, CriadoEm: timestamppb.New(p.CriadoEm), AlteradoEm: timestamppb.New(p.AlteradoEm), Versao: p.Versao}
}

func (s *Server) ListarPesquisas(ctx context.Context, r *customerv1.ListarPesquisasRequest) (*customerv1.ListarPesquisasResponse, error) {
	pg, err := s.App.ListarPesquisas(ctx, r.GetIncluirInativas(), r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &customerv1.ListarPesquisasResponse{Pesquisas: make([]*customerv1.Pesquisa, 0, len(pg.Items)), NextPageToken: pg.Next}
	for _, p := range pg.Items {
		out.Pesquisas = append(out.Pesquisas, pesquisaToProto(p))
	}
	return out, nil
}

func (s *Server) ObterPesquisa(ctx context.Context, r *customerv1.ObterPesquisaRequest) (*customerv1.Pesquisa, error) {
	p, err := s.App.ObterPesquisa(ctx, r.GetId(), r.GetVersao())
	if err != nil {
		return nil, err
	}
	return pesquisaToProto(p), nil
}

func (s *Server) CriarPesquisa(ctx context.Context, r *customerv1.CriarPesquisaRequest) (*customerv1.Pesquisa, error) {
	p, err := s.App.CriarPesquisa(ctx, domain.Pesquisa{Meta: store.Meta{ID: r.GetId()}, Titulo: r.GetTitulo(), Descricao: r.GetDescricao(),
		Perguntas: perguntasFromProto(r.GetPerguntas()), Ativa: !r.GetInativa()})
	if err != nil {
		return nil, err
	}
	return pesquisaToProto(p), nil
}

func (s *Server) AtualizarPesquisa(ctx context.Context, r *customerv1.AtualizarPesquisaRequest) (*customerv1.Pesquisa, error) {
	patch := app.PesquisaPatch{Titulo: r.Titulo, Descricao: r.Descricao, Ativa: r.Ativa}
	if r.Perguntas != nil {
		ps := perguntasFromProto(r.GetPerguntas().GetItens())
		patch.Perguntas = &ps
	}
	p, err := s.App.AtualizarPesquisa(ctx, r.GetId(), patch, r.GetVersao())
	if err != nil {
		return nil, err
	}
	return pesquisaToProto(p), nil
}

func respostaToProto(r *domain.RespostaPesquisa) *customerv1.RespostaPesquisa {
	out := &customerv1.RespostaPesquisa{Id: r.ID, Empresa: r.Empresa, ClienteId: r.ClienteID, PesquisaId: r.PesquisaID,
		PesquisaVersao: r.PesquisaVersao, PesquisaTitulo: r.PesquisaTitulo, Operador: r.Operador, OperadorNome: r.OperadorNome, Em: timestamppb.New(r.Em),
		Latitude: r.Latitude, Longitude: r.Longitude, Respostas: make([]*customerv1.Resposta, 0, len(r.Respostas))}
	for _, x := range r.Respostas {
		out.Respostas = append(out.Respostas, &customerv1.Resposta{PerguntaId: x.PerguntaID, Valor: x.Valor, Valores: strs(x.Valores)})
	}
	return out
}

func (s *Server) ResponderPesquisa(ctx context.Context, r *customerv1.ResponderPesquisaRequest) (*customerv1.RespostaPesquisa, error) {
	in := app.ResponderInput{ClienteID: r.GetClienteId(), ID: r.GetId(), PesquisaID: r.GetPesquisaId(), PesquisaVersao: r.GetPesquisaVersao(),
		Latitude: r.Latitude, Longitude: r.Longitude}
	for _, x := range r.GetRespostas() {
		in.Respostas = append(in.Respostas, domain.Resposta{PerguntaID: x.GetPerguntaId(), Valor: x.GetValor(), Valores: x.GetValores()})
	}
	res, err := s.App.ResponderPesquisa(ctx, in)
	if err != nil {
		return nil, err
	}
	return respostaToProto(res), nil
}

func (s *Server) ListarRespostas(ctx context.Context, r *customerv1.ListarRespostasRequest) (*customerv1.ListarRespostasResponse, error) {
	list, next, err := s.App.ListarRespostas(ctx, r.GetClienteId(), r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &customerv1.ListarRespostasResponse{Respostas: make([]*customerv1.RespostaPesquisa, 0, len(list)), NextPageToken: next}
	for _, x := range list {
		out.Respostas = append(out.Respostas, respostaToProto(x))
	}
	return out, nil
}
