package app

import (
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// RegrasST are the ICMS-ST rules' use cases (create with the client's id, one per NCM × UF;
// list by UF then NCM; delete, which frees the NCM × UF), given by the platform from the
// collection and the domain's rules (RegraSTCadastro.Normalizar).
func (s *Service) RegrasST() *entity.Entidade[domain.RegraSTCadastro, *domain.RegraSTCadastro] {
	return entity.Nova(s.Col.RegrasST, "Informe o id da regra.")
}
