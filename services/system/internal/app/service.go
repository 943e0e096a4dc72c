// Package app holds the system service's use cases, on the service's declared collections
// (colecoes.go: version policies, the access log and companies).
package app

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/system/internal/domain"
)

// Defaults are the version policy of a platform no ADMIN has set.
type Defaults struct {
	Versao     string
	AndroidURL string
	WebURL     string
}

// Service implements the system use cases.
type Service struct {
	Col      *Collections
	Defaults Defaults
	Now      func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Service) defaults(empresa, tipo string) *domain.ConfigVersao {
	url := s.Defaults.WebURL
	if tipo == domain.Android {
		url = s.Defaults.AndroidURL
	}
	return &domain.ConfigVersao{Meta: store.Meta{Empresa: empresa}, Tipo: tipo, VersaoAtual: s.Defaults.Versao, VersaoMinima: s.Defaults.Versao, URLAtualizacao: url}
}

func (s *Service) config(ctx context.Context, empresa, tipo string) (*domain.ConfigVersao, error) {
	c, err := s.versao(ctx, empresa, tipo)
	if err != nil {
		return nil, err
	}
	if c == nil {
		return s.defaults(empresa, tipo), nil
	}
	return c, nil
}

// VersionAnswer is what the app learns about its platform's versions.
type VersionAnswer struct {
	Config      *domain.ConfigVersao
	Obrigatoria bool
	// NomeEmpresa is the company's name (empty when the company has no record), so the app shows
	// it instead of the id.
	NomeEmpresa string
}

// Version answers POST /crm/sistema/versao.
func (s *Service) Version(ctx context.Context, empresa, tipo, versaoApp string) (*VersionAnswer, error) {
	var f []errs.FieldViolation
	if strings.TrimSpace(empresa) == "" {
		f = append(f, errs.FieldViolation{Field: "empresa", Description: "Informe a empresa."})
	}
	if domain.ValidateTipo(tipo) != nil {
		f = append(f, errs.FieldViolation{Field: "tipo", Description: "Tipo inválido: use android ou web."})
	}
	if versaoApp != "" && !domain.ValidVersion(versaoApp) {
		f = append(f, errs.FieldViolation{Field: "versao_app", Description: "Versão do aplicativo inválida."})
	}
	if len(f) > 0 {
		msg := f[0].Description
		if len(f) > 1 {
			msg = f[0].Description + " " + f[1].Description
		}
		return nil, errs.Invalid(msg, f...)
	}
	c, err := s.config(ctx, empresa, tipo)
	if err != nil {
		return nil, err
	}
	nome, err := s.companyName(ctx, empresa)
	if err != nil {
		return nil, err
	}
	return &VersionAnswer{Config: c, Obrigatoria: versaoApp != "" && domain.CompareVersions(versaoApp, c.VersaoMinima) < 0, NomeEmpresa: nome}, nil
}

// companyName is the stored name of the company, "" when it has no record.
func (s *Service) companyName(ctx context.Context, empresa string) (string, error) {
	e, err := s.Empresa(ctx, empresa)
	if errs.IsKind(err, errs.KindNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return e.Nome, nil
}

// Versions lists the policy of every platform of the caller's company.
func (s *Service) Versions(ctx context.Context) ([]*domain.ConfigVersao, error) {
	c := caller.From(ctx)
	out := make([]*domain.ConfigVersao, 0, len(domain.Platforms))
	for _, t := range domain.Platforms {
		cfg, err := s.config(ctx, c.Empresa, t)
		if err != nil {
			return nil, err
		}
		out = append(out, cfg)
	}
	return out, nil
}

// SetVersion stores a platform's policy for the caller's company. in.Versao, when non-zero, must
// be the stored versao (else 409 VERSAO_DESATUALIZADA); 0 replaces whatever is current (the REST
// and gRPC request carry no versao today).
func (s *Service) SetVersion(ctx context.Context, in domain.ConfigVersao) (*domain.ConfigVersao, error) {
	c := caller.From(ctx)
	in.Empresa = c.Empresa
	in.VersaoAtual, in.VersaoMinima = strings.TrimSpace(in.VersaoAtual), strings.TrimSpace(in.VersaoMinima)
	in.URLAtualizacao, in.Mensagem = strings.TrimSpace(in.URLAtualizacao), strings.TrimSpace(in.Mensagem)
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if in.URLAtualizacao == "" {
		in.URLAtualizacao = s.defaults(in.Empresa, in.Tipo).URLAtualizacao
	}
	return s.saveVersao(ctx, &in, in.Versao)
}

// LogAccess stores an access-log entry for the caller.
func (s *Service) LogAccess(ctx context.Context, a domain.Acesso) (*domain.Acesso, error) {
	c := caller.From(ctx)
	a.Empresa, a.Operador = strings.TrimSpace(a.Empresa), strings.TrimSpace(a.Operador)
	if err := a.Validate(); err != nil {
		return nil, err
	}
	if a.Operador != c.Operador {
		return nil, errs.OutOfScope("Acesso negado: o operador informado não é o seu.")
	}
	a.ID, a.UID, a.IP, a.UserAgent = uuid.NewString(), c.UID, c.IP, truncate(c.UserAgent, 500)
	a.RegistradoEm = s.now().Truncate(time.Millisecond) // what the store keeps
	got, _, err := s.Col.Acessos.Create(ctx, store.Company(a.Empresa), &a)
	if err != nil {
		return nil, err
	}
	return got, nil
}

// truncate makes s valid UTF-8 (a header may carry any bytes, and protobuf refuses invalid
// UTF-8 when the entry is listed) and cuts it to at most n runes.
func truncate(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// ListAccess lists the caller's company's access log, newest first, one page at a time.
func (s *Service) ListAccess(ctx context.Context, operador string, de, ate time.Time, size int32, token string) ([]*domain.Acesso, string, error) {
	c := caller.From(ctx)
	if !de.IsZero() && !ate.IsZero() && !de.Before(ate) {
		return nil, "", errs.Field("de", "Período inválido: a data inicial deve ser anterior à final.")
	}
	return s.listAcessos(ctx, acessoFilter{Empresa: c.Empresa, Operador: strings.TrimSpace(operador), De: de, Ate: ate, PageSize: size, PageToken: token})
}

// EnsureCompany creates the company when missing (system use: CLI and demo seed).
func (s *Service) EnsureCompany(ctx context.Context, id, nome string) (*domain.Empresa, error) {
	id, nome = strings.TrimSpace(id), strings.TrimSpace(nome)
	if id == "" || nome == "" {
		return nil, errs.Invalid("Informe o id e o nome da empresa.")
	}
	return s.ensureEmpresa(ctx, id, nome)
}
