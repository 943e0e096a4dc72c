package ports

import (
	"context"
	"strings"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// PoliticasRegrasST: every operator reads the ST rules, ADMIN maintains them (ImportarRegrasST
// has its own policy).
var PoliticasRegrasST = entity.Politicas(&salesv1.SalesService_ServiceDesc, "RegraST", "RegrasST", entity.AdminEscreve)

// mapaRegraST: the ST rule's proto fields are its domain fields by name.
var mapaRegraST = entity.NovoMapa[domain.RegraSTCadastro](percentual)

// regrasST: listed by UF (optional filter, upper case).
func (s *Server) regrasST() *entity.Portas[domain.RegraSTCadastro, *domain.RegraSTCadastro, *salesv1.RegraST] {
	p := entity.Expor[*salesv1.RegraST](s.App.RegrasST(), mapaRegraST)
	p.Filtros = []entity.Filtro{{Campo: "uf", Normalizar: strings.ToUpper}}
	return p
}

func (s *Server) ListarRegrasST(ctx context.Context, r *salesv1.ListarRegrasSTRequest) (*salesv1.ListarRegrasSTResponse, error) {
	return entity.Listar[*salesv1.ListarRegrasSTResponse](ctx, s.regrasST(), r)
}

func (s *Server) CriarRegraST(ctx context.Context, r *salesv1.CriarRegraSTRequest) (*salesv1.RegraST, error) {
	return entity.CriarPorNome(ctx, s.regrasST(), r)
}

func (s *Server) ExcluirRegraST(ctx context.Context, r *salesv1.ExcluirRequest) (*salesv1.RegraST, error) {
	return entity.Excluir(ctx, s.regrasST(), r)
}
