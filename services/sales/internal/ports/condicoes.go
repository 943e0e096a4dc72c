package ports

import (
	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// mapaCondicao: the payment term's proto fields are its domain fields by name.
var mapaCondicao = entity.NovoMapa[domain.CondicaoCadastro](percentual)

// condicoes: the payment terms (create with the client's id, active unless it says otherwise;
// get, list, update on versao, delete, feed) from their collection and the domain's rules
// (CondicaoCadastro.Normalizar); every operator reads them, ADMIN maintains them. Their RPCs are
// in entidades.gen.go.
//
//crm:entidade servico=salesv1.SalesService um=Condicao varios=Condicoes politica=AdminEscreve
func (s *Server) condicoes() *entity.Portas[domain.CondicaoCadastro, *domain.CondicaoCadastro, *salesv1.CondicaoPagamento] {
	return entity.Expor[*salesv1.CondicaoPagamento](entity.Nova(s.App.Col.Condicoes, "Informe o id da condição de pagamento."), mapaCondicao)
}
