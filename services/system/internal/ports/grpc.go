// Package ports translates between the system protos and the use cases.
package ports

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	systemv1 "github.com/crmvendas/crm/proto/gen/go/crm/system/v1"
	"github.com/crmvendas/crm/services/system/internal/app"
	"github.com/crmvendas/crm/services/system/internal/domain"
)

// Server implements systemv1.SystemServiceServer.
type Server struct {
	systemv1.UnimplementedSystemServiceServer
	App *app.Service
}

func (s *Server) ObterVersao(ctx context.Context, r *systemv1.ObterVersaoRequest) (*systemv1.ObterVersaoResponse, error) {
	a, err := s.App.Version(ctx, r.GetEmpresa(), r.GetTipo(), r.GetVersaoApp())
	if err != nil {
		return nil, err
	}
	c := a.Config
	return &systemv1.ObterVersaoResponse{Tipo: c.Tipo, VersaoAtual: c.VersaoAtual, VersaoMinima: c.VersaoMinima,
		AtualizacaoObrigatoria: a.Obrigatoria, UrlAtualizacao: c.URLAtualizacao, Mensagem: c.Mensagem, NomeEmpresa: a.NomeEmpresa}, nil
}

func optFloat(v *wrapperspb.DoubleValue) *float64 {
	if v == nil {
		return nil
	}
	f := v.GetValue()
	return &f
}

func wrapFloat(f *float64) *wrapperspb.DoubleValue {
	if f == nil {
		return nil
	}
	return wrapperspb.Double(*f)
}

func (s *Server) RegistrarAcesso(ctx context.Context, r *systemv1.RegistrarAcessoRequest) (*systemv1.RegistrarAcessoResponse, error) {
	in := domain.Acesso{Operador: r.GetOperador(), Historico: r.GetHistorico(), Localizacao: r.GetLocalizacao(),
		Latitude: optFloat(r.GetLatitude()), Longitude: optFloat(r.GetLongitude())}
	in.Empresa = r.GetEmpresa()
	a, err := s.App.LogAccess(ctx, in)
	if err != nil {
		return nil, err
	}
	return &systemv1.RegistrarAcessoResponse{Id: a.ID, RegistradoEm: timestamppb.New(a.RegistradoEm)}, nil
}

func ts(t *timestamppb.Timestamp) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.AsTime()
}

func (s *Server) ListarAcessos(ctx context.Context, r *systemv1.ListarAcessosRequest) (*systemv1.ListarAcessosResponse, error) {
	list, next, err := s.App.ListAccess(ctx, r.GetOperador(), ts(r.GetDe()), ts(r.GetAte()), r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &systemv1.ListarAcessosResponse{Acessos: make([]*systemv1.Acesso, 0, len(list)), NextPageToken: next}
	for _, a := range list {
		out.Acessos = append(out.Acessos, &systemv1.Acesso{Id: a.ID, Empresa: a.Empresa, Operador: a.Operador, Uid: a.UID,
			Historico: a.Historico, Localizacao: a.Localizacao, Latitude: wrapFloat(a.Latitude), Longitude: wrapFloat(a.Longitude),
			Ip: a.IP, UserAgent: a.UserAgent, RegistradoEm: timestamppb.New(a.RegistradoEm)})
	}
	return out, nil
}

func configToProto(c *domain.ConfigVersao) *systemv1.ConfigVersao {
	out := &systemv1.ConfigVersao{Tipo: c.Tipo, VersaoAtual: c.VersaoAtual, VersaoMinima: c.VersaoMinima, UrlAtualizacao: c.URLAtualizacao,
		Mensagem: c.Mensagem, Personalizada: c.Personalizada, Versao: c.Versao}
	if !c.AlteradoEm.IsZero() {
		out.AlteradoEm = timestamppb.New(c.AlteradoEm)
	}
	return out
}

func (s *Server) ListarVersoes(ctx context.Context, _ *systemv1.ListarVersoesRequest) (*systemv1.ListarVersoesResponse, error) {
	list, err := s.App.Versions(ctx)
	if err != nil {
		return nil, err
	}
	out := &systemv1.ListarVersoesResponse{}
	for _, c := range list {
		out.Versoes = append(out.Versoes, configToProto(c))
	}
	return out, nil
}

func (s *Server) DefinirVersao(ctx context.Context, r *systemv1.DefinirVersaoRequest) (*systemv1.ConfigVersao, error) {
	c, err := s.App.SetVersion(ctx, domain.ConfigVersao{Tipo: r.GetTipo(), VersaoAtual: r.GetVersaoAtual(), VersaoMinima: r.GetVersaoMinima(),
		URLAtualizacao: r.GetUrlAtualizacao(), Mensagem: r.GetMensagem()})
	if err != nil {
		return nil, err
	}
	return configToProto(c), nil
}
