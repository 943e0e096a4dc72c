package ports

import (
	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// mapaRegraST: the ST rule's proto fields are its domain fields by name.
var mapaRegraST = entity.NovoMapa[domain.RegraSTCadastro](percentual)

// regrasST: the ICMS-ST rules (create with the client's id, one per NCM × UF; list by UF then
// NCM, filtered by UF as contracts/formularios.json declares; delete, which frees the NCM × UF)
// from their collection and the domain's rules (RegraSTCadastro.Normalizar); every operator reads
// them, ADMIN maintains them (ImportarRegrasST has its own policy). Their RPCs are in
// entidades.gen.go.
//
//crm:entidade servico=salesv1.SalesService um=RegraST varios=RegrasST politica=AdminEscreve
func (s *Server) regrasST() *entity.Portas[domain.RegraSTCadastro, *domain.RegraSTCadastro, *salesv1.RegraST] {
	return entity.Expor[*salesv1.RegraST](entity.Nova(s.App.Col.RegrasST, "Informe o id da regra."), mapaRegraST)
}
