package ports

import (
	"context"

	"google.golang.org/protobuf/types/known/timestamppb"

	addressv1 "github.com/crmvendas/crm/proto/gen/go/crm/address/v1"
	"github.com/crmvendas/crm/services/address/internal/app"
	"github.com/crmvendas/crm/services/address/internal/domain"
)

func (s *Server) ListarUfs(context.Context, *addressv1.ListarUfsRequest) (*addressv1.ListarUfsResponse, error) {
	ufs := app.ListarUfs()
	out := &addressv1.ListarUfsResponse{Ufs: make([]*addressv1.Uf, len(ufs))}
	for i, u := range ufs {
		out.Ufs[i] = &addressv1.Uf{Sigla: u.Sigla, Nome: u.Nome, Ibge: u.IBGE}
	}
	return out, nil
}

func (s *Server) ListarCidades(_ context.Context, r *addressv1.ListarCidadesRequest) (*addressv1.ListarCidadesResponse, error) {
	list, next, err := app.ListarCidades(app.CidadesInput{UF: r.GetUf(), Q: r.GetQ(), IBGE: r.GetIbge(), PageSize: r.GetPageSize(), PageToken: r.GetPageToken()})
	if err != nil {
		return nil, err
	}
	out := &addressv1.ListarCidadesResponse{Cidades: make([]*addressv1.Cidade, len(list)), NextPageToken: next}
	for i, c := range list {
		out.Cidades[i] = &addressv1.Cidade{Ibge: c.IBGE, Nome: c.Nome, Uf: c.UF}
	}
	return out, nil
}

func regiaoPB(r *domain.Regiao) *addressv1.Regiao {
	cids, ops := r.Cidades, r.Operadores
	if cids == nil {
		cids = []string{}
	}
	if ops == nil {
		ops = []string{}
	}
	return &addressv1.Regiao{Id: r.ID, Empresa: r.Empresa, Nome: r.Nome, Cidades: cids, Operadores: ops, Excluido: r.Excluido,
		CriadoEm: timestamppb.New(r.CriadoEm), AlteradoEm: timestamppb.New(r.AlteradoEm), Versao: r.Versao}
}

func (s *Server) ListarRegioes(ctx context.Context, r *addressv1.ListarRegioesRequest) (*addressv1.ListarRegioesResponse, error) {
	list, next, err := s.Regioes.List(ctx, r.GetQ(), r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &addressv1.ListarRegioesResponse{Regioes: make([]*addressv1.Regiao, len(list)), NextPageToken: next}
	for i, x := range list {
		out.Regioes[i] = regiaoPB(x)
	}
	return out, nil
}

func (s *Server) ObterRegiao(ctx context.Context, r *addressv1.ObterRegiaoRequest) (*addressv1.Regiao, error) {
	x, err := s.Regioes.Get(ctx, r.GetId())
	if err != nil {
		return nil, err
	}
	return regiaoPB(x), nil
}

func (s *Server) CriarRegiao(ctx context.Context, r *addressv1.CriarRegiaoRequest) (*addressv1.Regiao, error) {
	x, err := s.Regioes.Create(ctx, app.CriarInput{ID: r.GetId(), Nome: r.GetNome(), Cidades: r.GetCidades(), Operadores: r.GetOperadores()})
	if err != nil {
		return nil, err
	}
	return regiaoPB(x), nil
}

func (s *Server) AtualizarRegiao(ctx context.Context, r *addressv1.AtualizarRegiaoRequest) (*addressv1.Regiao, error) {
	in := app.AtualizarInput{ID: r.GetId(), Nome: r.Nome, Versao: r.GetVersao()}
	if r.Cidades != nil {
		l := r.Cidades.GetItens()
		in.Cidades = &l
	}
	if r.Operadores != nil {
		l := r.Operadores.GetItens()
		in.Operadores = &l
	}
	x, err := s.Regioes.Update(ctx, in)
	if err != nil {
		return nil, err
	}
	return regiaoPB(x), nil
}

func (s *Server) ExcluirRegiao(ctx context.Context, r *addressv1.ExcluirRegiaoRequest) (*addressv1.Regiao, error) {
	x, err := s.Regioes.Delete(ctx, r.GetId())
	if err != nil {
		return nil, err
	}
	return regiaoPB(x), nil
}
