package app

import (
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Condicoes are the payment terms' use cases (create with the client's id, get, list, update on
// versao, delete, feed), given by the platform from the collection and the domain's rules
// (CondicaoCadastro.Normalizar).
func (s *Service) Condicoes() *entity.Entidade[domain.CondicaoCadastro, *domain.CondicaoCadastro] {
	return entity.Nova(s.Col.Condicoes, "Informe o id da condição de pagamento.")
}
