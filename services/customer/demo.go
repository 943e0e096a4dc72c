package customer

import (
	"context"
	"fmt"
	"math"
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
	// demoLocais: each demo city's own DDD and a CEP range inside the city (by IBGE code), so a
	// customer's phone and CEP match the city of its address.
	demoLocais = map[string]DemoLocal{
		"3550308": {"11", 1000000, 5999999},   // São Paulo/SP
		"3518800": {"11", 7000000, 7399999},   // Guarulhos/SP
		"3509502": {"19", 13000001, 13139999}, // Campinas/SP
		"3547809": {"11", 9000001, 9299999},   // Santo André/SP
		"3548708": {"11", 9600000, 9899999},   // São Bernardo do Campo/SP
		"3534401": {"11", 6000001, 6299999},   // Osasco/SP
		"3552205": {"15", 18000001, 18109999}, // Sorocaba/SP
		"3543402": {"16", 14000001, 14114999}, // Ribeirão Preto/SP
		"3549904": {"12", 12200001, 12249999}, // São José dos Campos/SP
		"3548500": {"13", 11000001, 11099999}, // Santos/SP
		"3525904": {"11", 13200001, 13219999}, // Jundiaí/SP
		"3538709": {"19", 13400001, 13429999}, // Piracicaba/SP
		"3506003": {"14", 17000001, 17109999}, // Bauru/SP
		"3106200": {"31", 30000001, 31999999}, // Belo Horizonte/MG
		"3170206": {"34", 38400001, 38415999}, // Uberlândia/MG
		"3118601": {"31", 32000001, 32376999}, // Contagem/MG
		"3136702": {"32", 36000001, 36099999}, // Juiz de Fora/MG
		"3106705": {"31", 32500001, 32739999}, // Betim/MG
		"3143302": {"38", 39400001, 39409999}, // Montes Claros/MG
		"3170107": {"34", 38000001, 38099999}, // Uberaba/MG
		"4106902": {"41", 80000001, 82999999}, // Curitiba/PR
		"4113700": {"43", 86000001, 86099999}, // Londrina/PR
		"4115200": {"44", 87000001, 87099999}, // Maringá/PR
		"4119905": {"42", 84000001, 84099999}, // Ponta Grossa/PR
		"4104808": {"45", 85800001, 85827999}, // Cascavel/PR
		"4125506": {"41", 83000001, 83189999}, // São José dos Pinhais/PR
		"4108304": {"45", 85850001, 85869999}, // Foz do Iguaçu/PR
	}
)

// demoCentros: each demo city's centre (latitude, longitude) and the radius in km its demo
// customers are spread over (the city's urban area, roughly), so a visit's check-in has a real
// place to be near.
var demoCentros = map[string][3]float64{
	"3550308": {-23.5505, -46.6333, 12},  // São Paulo/SP
	"3518800": {-23.4538, -46.5333, 6},   // Guarulhos/SP
	"3509502": {-22.9056, -47.0608, 7},   // Campinas/SP
	"3547809": {-23.6639, -46.5383, 4},   // Santo André/SP
	"3548708": {-23.6914, -46.5646, 5},   // São Bernardo do Campo/SP
	"3534401": {-23.5329, -46.7917, 4},   // Osasco/SP
	"3552205": {-23.5015, -47.4526, 6},   // Sorocaba/SP
	"3543402": {-21.1775, -47.8103, 6},   // Ribeirão Preto/SP
	"3549904": {-23.1896, -45.8841, 6},   // São José dos Campos/SP
	"3548500": {-23.9608, -46.3336, 2.5}, // Santos/SP
	"3525904": {-23.1857, -46.8978, 5},   // Jundiaí/SP
	"3538709": {-22.7253, -47.6492, 5},   // Piracicaba/SP
	"3506003": {-22.3246, -49.0871, 5},   // Bauru/SP
	"3106200": {-19.9167, -43.9345, 8},   // Belo Horizonte/MG
	"3170206": {-18.9186, -48.2772, 7},   // Uberlândia/MG
	"3118601": {-19.9321, -44.0539, 5},   // Contagem/MG
	"3136702": {-21.7642, -43.3503, 5},   // Juiz de Fora/MG
	"3106705": {-19.9678, -44.1983, 5},   // Betim/MG
	"3143302": {-16.7350, -43.8617, 5},   // Montes Claros/MG
	"3170107": {-19.7472, -47.9381, 5},   // Uberaba/MG
	"4106902": {-25.4284, -49.2733, 8},   // Curitiba/PR
	"4113700": {-23.3045, -51.1696, 6},   // Londrina/PR
	"4115200": {-23.4205, -51.9331, 5},   // Maringá/PR
	"4119905": {-25.0916, -50.1668, 5},   // Ponta Grossa/PR
	"4104808": {-24.9555, -53.4552, 5},   // Cascavel/PR
	"4125506": {-25.5302, -49.2064, 5},   // São José dos Pinhais/PR
	"4108304": {-25.5478, -54.5882, 5},   // Foz do Iguaçu/PR
}

// demoCoordenadas places the i-th demo customer in its city: uniformly over the city's disc, from
// a generator of its own (the other demo fields keep their values).
func demoCoordenadas(i int, ibge string) (lat, lon *float64) {
	c, ok := demoCentros[ibge]
	if !ok {
		return nil, nil
	}
	r := rand.New(rand.NewPCG(uint64(i+1), 24))
	dist, ang := c[2]*math.Sqrt(r.Float64()), 2*math.Pi*r.Float64()
	la := c[0] + dist*math.Cos(ang)/111.195
	lo := c[1] + dist*math.Sin(ang)/(111.195*math.Cos(c[0]*math.Pi/180))
	la, lo = math.Round(la*1e6)/1e6, math.Round(lo*1e6)/1e6
	return &la, &lo
}

// DemoLocal is a demo city's area code (DDD) and a CEP range of its own.
type DemoLocal struct {
	DDD            string
	CEPMin, CEPMax int
}

// DemoLocalDe is the DDD and CEP range of a demo city (by IBGE code); ok is false for a city
// the demo data does not know (its customers are not generated there).
func DemoLocalDe(ibge string) (DemoLocal, bool) {
	l, ok := demoLocais[ibge]
	return l, ok
}

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
	// Only cities whose DDD and CEP are known, so that phones and CEPs match the address.
	conhecidas := make([]CidadeRef, 0, len(cidades))
	for _, c := range cidades {
		if _, ok := demoLocais[c.IBGE]; ok {
			conhecidas = append(conhecidas, c)
		}
	}
	if len(conhecidas) == 0 {
		return out
	}
	for i := 0; i < n; i++ {
		cid := conhecidas[r.IntN(len(conhecidas))]
		local := demoLocais[cid.IBGE]
		ddd := local.DDD
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
			c.InscricaoEstadual = demoDigits(r, 12) // set below, valid for the main address's UF
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
		c.Enderecos = []domain.Endereco{{ID: fmt.Sprintf("demo-end-%05d", i+1), Tipo: domain.EnderecoEntrega, Principal: true,
			CEP: fmt.Sprintf("%08d", local.CEPMin+r.IntN(local.CEPMax-local.CEPMin+1)), Logradouro: pick(r, demoRuas), Numero: fmt.Sprint(r.IntN(3000) + 1),
			Bairro: pick(r, demoBairros), Cidade: cid.Nome, UF: cid.UF, IBGE: cid.IBGE}}
		c.Enderecos[0].Latitude, c.Enderecos[0].Longitude = demoCoordenadas(i, cid.IBGE)
		if c.InscricaoEstadual != domain.Isento {
			c.InscricaoEstadual = domain.ExemploIE(cid.UF, c.InscricaoEstadual)
		}
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
