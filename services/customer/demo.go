package customer

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/store"
)

// CidadeRef is a real city for generated addresses.
type CidadeRef struct{ IBGE, Nome, UF string }

// Demo customers: generated from a fixed seed, so every start makes the same ones.
var (
	demoPrimeiros = []string{"Ana", "João", "Maria", "José", "Antônio", "Francisca", "Carlos", "Paulo", "Lúcia", "Pedro", "Luiz", "Márcia",
		"Fernanda", "Rafael", "Juliana", "Sebastião", "Gabriela", "Thiago", "Patrícia", "Rodrigo", "Conceição", "Raimundo", "Sônia", "André"}
	demoSobrenomes = []string{"Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
		"Costa", "Ribeiro", "Martins", "Carvalho", "Araújo", "Melo", "Barbosa", "Cardoso", "Rocha", "Dias", "Nascimento", "Conceição"}
	demoSegmentos = []string{"Supermercado", "Mercearia", "Farmácia", "Restaurante", "Padaria", "Bar e Lanchonete", "Distribuidora",
		"Conveniência", "Açougue", "Hortifrúti", "Empório", "Atacarejo"}
	demoNomes = []string{"São João", "São José", "Bom Preço", "Boa Vista", "Estrela", "Nossa Senhora Aparecida", "Progresso", "Central",
		"União", "Santa Luzia", "Pão de Mel", "Família", "Econômico", "Sol Nascente", "Real", "Três Irmãos", "Vitória", "Primavera",
		"Serrano", "Ipê", "Jequitibá", "Paraná", "Mineiro", "Paulista", "Água Branca", "Bela Vista", "Santo Antônio", "Cristal"}
	demoRuas = []string{"Rua Sete de Setembro", "Avenida Brasil", "Rua XV de Novembro", "Rua Tiradentes", "Avenida Getúlio Vargas",
		"Rua Dom Pedro II", "Rua São Paulo", "Rua Marechal Deodoro", "Avenida JK", "Rua das Flores", "Rua Santos Dumont", "Rua Rui Barbosa"}
	demoBairros = []string{"Centro", "Vila Nova", "Jardim América", "São Cristóvão", "Boa Vista", "Santa Cruz", "Industrial", "Vila Rica"}
	demoCargos  = []string{"Comprador", "Gerente", "Proprietário", "Financeiro", "Encarregado de compras"}
	demoDDD     = map[string]string{"SP": "11", "MG": "31", "PR": "41"}
	demoCEP     = map[string][2]int{"SP": {1000000, 19999999}, "MG": {30000000, 39999999}, "PR": {80000000, 87999999}}
)

func pick[T any](r *rand.Rand, l []T) T { return l[r.IntN(len(l))] }

func demoDigits(r *rand.Rand, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteByte(byte('0' + r.IntN(10)))
	}
	return b.String()
}

// DemoClientes generates n customers of empresa spread over the sellers, with valid documents,
// addresses in the given cities, contacts, and statuses mostly ativo.
func DemoClientes(vendedores []string, cidades []CidadeRef, regioes map[string]string, n int) []*domain.Cliente {
	r := rand.New(rand.NewPCG(2026, 11))
	out := make([]*domain.Cliente, 0, n)
	docs := map[string]bool{}
	for i := 0; i < n; i++ {
		cid := cidades[r.IntN(len(cidades))]
		ddd := demoDDD[cid.UF]
		if ddd == "" {
			ddd = "11"
		}
		c := &domain.Cliente{Meta: store.Meta{ID: fmt.Sprintf("demo-cliente-%05d", i+1)}, VendedorID: vendedores[i%len(vendedores)],
			Status: domain.StatusAtivo}
		seg := pick(r, demoSegmentos)
		if r.IntN(4) == 0 {
			c.TipoPessoa = domain.Fisica
			c.Nome = pick(r, demoPrimeiros) + " " + pick(r, demoSobrenomes) + " " + pick(r, demoSobrenomes)
			c.NomeFantasia = seg + " do " + strings.Fields(c.Nome)[0]
			for c.Documento == "" || docs[c.Documento] {
				c.Documento = domain.CheckDigitsCPF(demoDigits(r, 9))
			}
			c.InscricaoEstadual = domain.Isento
		} else {
			c.TipoPessoa = domain.PJ
			nome := pick(r, demoNomes)
			c.NomeFantasia = seg + " " + nome
			c.Nome = fmt.Sprintf("%s %s %s Ltda", seg, nome, pick(r, demoSobrenomes))
			for c.Documento == "" || docs[c.Documento] {
				c.Documento = domain.CheckDigitsCNPJ(demoDigits(r, 8) + "0001")
			}
			c.InscricaoEstadual = demoDigits(r, 12)
			c.ContribuinteICMS = true
		}
		docs[c.Documento] = true
		c.Segmento = seg
		c.Email = fmt.Sprintf("contato%d@cliente%d.example.com", i+1, i+1)
		c.Telefone = ddd + "3" + demoDigits(r, 7)
		c.Celular = ddd + "9" + demoDigits(r, 8)
		c.LimiteCreditoCentavos = int64(r.IntN(40)+1) * 50000
		switch x := r.IntN(100); {
		case x < 8:
			c.Status = domain.StatusBloqueado
		case x < 15:
			c.Status = domain.StatusInativo
		}
		cep := demoCEP[cid.UF]
		c.Enderecos = []domain.Endereco{{ID: fmt.Sprintf("demo-end-%05d", i+1), Tipo: domain.EnderecoEntrega, Principal: true,
			CEP: fmt.Sprintf("%08d", cep[0]+r.IntN(cep[1]-cep[0])), Logradouro: pick(r, demoRuas), Numero: fmt.Sprint(r.IntN(3000) + 1),
			Bairro: pick(r, demoBairros), Cidade: cid.Nome, UF: cid.UF, IBGE: cid.IBGE}}
		if r.IntN(5) == 0 {
			e := c.Enderecos[0]
			e.ID, e.Tipo, e.Principal, e.Numero = fmt.Sprintf("demo-cob-%05d", i+1), domain.EnderecoCobranca, false, fmt.Sprint(r.IntN(3000)+1)
			c.Enderecos = append(c.Enderecos, e)
		}
		for j := 0; j < 1+r.IntN(2); j++ {
			c.Contatos = append(c.Contatos, domain.Contato{ID: fmt.Sprintf("demo-ct-%05d-%d", i+1, j+1),
				Nome: pick(r, demoPrimeiros) + " " + pick(r, demoSobrenomes), Cargo: pick(r, demoCargos),
				Celular: ddd + "9" + demoDigits(r, 8), Email: fmt.Sprintf("compras%d.%d@cliente%d.example.com", i+1, j+1, i+1),
				Aniversario: fmt.Sprintf("%02d-%02d", r.IntN(12)+1, r.IntN(28)+1), Principal: j == 0})
		}
		c.RegiaoID = regioes[cid.IBGE]
		out = append(out, c)
	}
	return out
}

// DemoPesquisa is the demo company's survey form.
func DemoPesquisa() *domain.Pesquisa {
	return &domain.Pesquisa{Meta: store.Meta{ID: "demo-pesquisa-satisfacao"}, Titulo: "Pesquisa de satisfação",
		Descricao: "Aplicar na visita: como o cliente avalia nosso atendimento e o mix de produtos.", Ativa: true,
		Perguntas: []domain.Pergunta{
			{ID: "atendimento", Texto: "Como avalia o atendimento do vendedor?", Tipo: domain.PerguntaUnica, Obrigatoria: true,
				Opcoes: []string{"Ótimo", "Bom", "Regular", "Ruim"}},
			{ID: "entrega", Texto: "As entregas chegam no prazo?", Tipo: domain.PerguntaSimNao, Obrigatoria: true},
			{ID: "categorias", Texto: "Quais categorias gostaria de comprar conosco?", Tipo: domain.PerguntaMultipla,
				Opcoes: []string{"Mercearia", "Bebidas", "Limpeza", "Higiene", "Frios"}},
			{ID: "checkouts", Texto: "Quantos caixas (checkouts) a loja tem?", Tipo: domain.PerguntaNumero},
			{ID: "proxima_compra", Texto: "Data prevista da próxima compra", Tipo: domain.PerguntaData},
			{ID: "comentarios", Texto: "Comentários", Tipo: domain.PerguntaTexto},
		}}
}

// SeedDemo makes sure the demo customers and survey form exist (it writes them once; a later
// start finds them and changes nothing). regioes maps the demo cities to their regions. It
// returns how many customers it created.
func (c *Customer) SeedDemo(ctx context.Context, empresa string, vendedores []string, cidades []CidadeRef, regioes map[string]string, n int) (int, error) {
	ctx = caller.With(ctx, &caller.Caller{Empresa: empresa, Operador: "demo-admin", Perfil: caller.Admin})
	if _, err := c.app.CriarPesquisa(ctx, *DemoPesquisa()); err != nil {
		return 0, err
	}
	if n == 0 || len(cidades) == 0 || len(vendedores) == 0 {
		return 0, nil
	}
	list := DemoClientes(vendedores, cidades, regioes, n)
	// The batch is written in one transaction: its last customer marks it as done.
	if _, err := c.col.Clientes.GetAny(ctx, store.Company(empresa), list[len(list)-1].ID); err == nil {
		return 0, nil
	}
	if err := c.col.Clientes.CreateMany(ctx, store.Company(empresa), list); err != nil {
		return 0, err
	}
	return len(list), nil
}
