// Package ports translates between the operator protos and the use cases.
package ports

import (
	"context"

	"google.golang.org/protobuf/types/known/timestamppb"

	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	"github.com/crmvendas/crm/services/operator/internal/app"
	"github.com/crmvendas/crm/services/operator/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
)

// Server implements operatorv1.OperatorServiceServer.
type Server struct {
	operatorv1.UnimplementedOperatorServiceServer
	App *app.Service
}

func info(o *domain.Operador) *operatorv1.InfoOperador {
	return &operatorv1.InfoOperador{Empresa: o.Empresa, Id: o.Operador, NomeOperador: o.NomeOperador, PerfilApp: o.PerfilApp, ExibirMedida: o.ExibirMedida}
}

func toProto(o *domain.Operador) *operatorv1.Operador {
	eq := o.Equipe
	if eq == nil {
		eq = []string{}
	}
	return &operatorv1.Operador{Id: o.Operador, Uid: o.UID(), Empresa: o.Empresa, Email: o.Email, NomeOperador: o.NomeOperador,
		PerfilApp: o.PerfilApp, ExibirMedida: o.ExibirMedida, Equipe: eq, Ativo: o.Ativo,
		CriadoEm: timestamppb.New(o.CriadoEm), AlteradoEm: timestamppb.New(o.AlteradoEm), Versao: o.Versao}
}

func (s *Server) ObterInfoOperador(ctx context.Context, r *operatorv1.ObterInfoOperadorRequest) (*operatorv1.ObterInfoOperadorResponse, error) {
	list, err := s.App.Info(ctx, r.GetId())
	if err != nil {
		return nil, err
	}
	out := &operatorv1.ObterInfoOperadorResponse{Operadores: make([]*operatorv1.InfoOperador, 0, len(list))}
	for _, o := range list {
		out.Operadores = append(out.Operadores, info(o))
	}
	return out, nil
}

func (s *Server) ObterChamador(ctx context.Context, _ *operatorv1.ObterChamadorRequest) (*operatorv1.Chamador, error) {
	c := caller.From(ctx)
	eq := c.Equipe
	if eq == nil {
		eq = []string{}
	}
	return &operatorv1.Chamador{Uid: c.UID, Email: c.Email, Empresa: c.Empresa, Operador: c.Operador, NomeOperador: c.NomeOperador,
		PerfilApp: c.Perfil, Equipe: eq, Ativo: c.Ativo}, nil
}

func (s *Server) ListarOperadores(ctx context.Context, r *operatorv1.ListarOperadoresRequest) (*operatorv1.ListarOperadoresResponse, error) {
	list, next, err := s.App.List(ctx, r.GetIncluirInativos(), r.GetQ(), r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &operatorv1.ListarOperadoresResponse{Operadores: make([]*operatorv1.Operador, 0, len(list)), NextPageToken: next}
	for _, o := range list {
		out.Operadores = append(out.Operadores, toProto(o))
	}
	return out, nil
}

func (s *Server) ObterOperador(ctx context.Context, r *operatorv1.ObterOperadorRequest) (*operatorv1.Operador, error) {
	o, err := s.App.Get(ctx, r.GetId())
	if err != nil {
		return nil, err
	}
	return toProto(o), nil
}

func (s *Server) CriarOperador(ctx context.Context, r *operatorv1.CriarOperadorRequest) (*operatorv1.Operador, error) {
	o, err := s.App.Create(ctx, app.CreateInput{ID: r.GetId(), Email: r.GetEmail(), NomeOperador: r.GetNomeOperador(),
		PerfilApp: r.GetPerfilApp(), ExibirMedida: r.GetExibirMedida(), Equipe: r.GetEquipe(), Senha: r.GetSenha()})
	if err != nil {
		return nil, err
	}
	return toProto(o), nil
}

func (s *Server) AtualizarOperador(ctx context.Context, r *operatorv1.AtualizarOperadorRequest) (*operatorv1.Operador, error) {
	in := app.UpdateInput{ID: r.GetId(), NomeOperador: r.NomeOperador, PerfilApp: r.PerfilApp, ExibirMedida: r.ExibirMedida, Versao: r.GetVersao()}
	if r.Equipe != nil {
		eq := r.GetEquipe().GetOperadores()
		in.Equipe = &eq
	}
	o, err := s.App.Update(ctx, in)
	if err != nil {
		return nil, err
	}
	return toProto(o), nil
}

func (s *Server) DesativarOperador(ctx context.Context, r *operatorv1.DesativarOperadorRequest) (*operatorv1.Operador, error) {
	o, err := s.App.SetActive(ctx, r.GetId(), false)
	if err != nil {
		return nil, err
	}
	return toProto(o), nil
}

func (s *Server) ReativarOperador(ctx context.Context, r *operatorv1.ReativarOperadorRequest) (*operatorv1.Operador, error) {
	o, err := s.App.SetActive(ctx, r.GetId(), true)
	if err != nil {
		return nil, err
	}
	return toProto(o), nil
}
