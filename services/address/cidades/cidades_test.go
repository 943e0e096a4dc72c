package cidades

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestDados(t *testing.T) {
	all := Todas()
	if len(all) != TotalCidades {
		t.Fatalf("%d municípios, esperados %d", len(all), TotalCidades)
	}
	ufList := UFs()
	if len(ufList) != TotalUFs {
		t.Fatalf("%d UFs, esperadas %d", len(ufList), TotalUFs)
	}
	sete := regexp.MustCompile(`^\d{7}$`)
	dois := regexp.MustCompile(`^\d{2}$`)
	siglas := map[string]UF{}
	codigosUF := map[string]bool{}
	for i, u := range ufList {
		if i > 0 && ufList[i-1].Sigla >= u.Sigla {
			t.Errorf("UFs fora de ordem: %s, %s", ufList[i-1].Sigla, u.Sigla)
		}
		if len(u.Sigla) != 2 || u.Nome == "" || !dois.MatchString(u.IBGE) || codigosUF[u.IBGE] {
			t.Errorf("UF inválida: %+v", u)
		}
		siglas[u.Sigla], codigosUF[u.IBGE] = u, true
	}
	if siglas["SP"].Nome != "São Paulo" || siglas["SP"].IBGE != "35" || siglas["DF"].Nome != "Distrito Federal" || siglas["DF"].IBGE != "53" {
		t.Errorf("SP/DF: %+v %+v", siglas["SP"], siglas["DF"])
	}
	codes := map[string]bool{}
	nomes := map[string]bool{}
	porUFConta := map[string]int{}
	for _, c := range all {
		if !sete.MatchString(c.IBGE) {
			t.Errorf("código não tem 7 dígitos: %+v", c)
		}
		if codes[c.IBGE] {
			t.Errorf("código repetido: %s", c.IBGE)
		}
		codes[c.IBGE] = true
		u, ok := siglas[c.UF]
		if !ok {
			t.Errorf("UF desconhecida: %+v", c)
			continue
		}
		if c.IBGE[:2] != u.IBGE {
			t.Errorf("%+v: código não começa por %s (%s)", c, u.IBGE, u.Sigla)
		}
		if c.Nome == "" || strings.TrimSpace(c.Nome) != c.Nome || !utf8.ValidString(c.Nome) {
			t.Errorf("nome inválido: %+v", c)
		}
		k := c.UF + "|" + Normalizar(c.Nome)
		if nomes[k] {
			t.Errorf("nome repetido na UF: %s", k)
		}
		nomes[k] = true
		porUFConta[c.UF]++
	}
	for _, u := range ufList {
		if porUFConta[u.Sigla] == 0 {
			t.Errorf("UF sem municípios: %s", u.Sigla)
		}
	}
	if porUFConta["MT"] != 142 || porUFConta["SP"] != 645 || porUFConta["MG"] != 853 || porUFConta["DF"] != 1 {
		t.Errorf("municípios por UF: MT %d SP %d MG %d DF %d", porUFConta["MT"], porUFConta["SP"], porUFConta["MG"], porUFConta["DF"])
	}
	// Installed in 2025: the 5,571st municipality.
	if c, ok := Buscar("5101837"); !ok || c.Nome != "Boa Esperança do Norte" || c.UF != "MT" {
		t.Errorf("Boa Esperança do Norte: %+v %v", c, ok)
	}
	if c, ok := PorNome("boa esperanca do norte", "mt"); !ok || c.IBGE != "5101837" {
		t.Errorf("Boa Esperança do Norte por nome: %+v %v", c, ok)
	}
}

func TestBuscar(t *testing.T) {
	if c, ok := Buscar("3550308"); !ok || c != (Cidade{"3550308", "São Paulo", "SP"}) {
		t.Errorf("São Paulo: %+v %v", c, ok)
	}
	if c, ok := Buscar(" 3106200 "); !ok || c.Nome != "Belo Horizonte" {
		t.Errorf("Belo Horizonte: %+v", c)
	}
	for _, bad := range []string{"", "355030", "35503080", "0000000", "abc"} {
		if _, ok := Buscar(bad); ok {
			t.Errorf("%q encontrado", bad)
		}
	}
	if u, ok := BuscarUF(" pr "); !ok || u.Nome != "Paraná" {
		t.Errorf("PR: %+v", u)
	}
	if _, ok := BuscarUF("XX"); ok {
		t.Error("XX é UF")
	}
}

func TestPorNome(t *testing.T) {
	for _, c := range []struct{ nome, uf, ibge string }{
		{"São Paulo", "SP", "3550308"},
		{"sao paulo", "sp", "3550308"},
		{"  SÃO   PAULO ", "SP", "3550308"},
		{"sao joao del rei", "MG", "3162500"},
		{"Curitiba", "PR", "4106902"},
		{"Aparecida d'Oeste", "SP", "3502606"},
		{"aparecida doeste", "SP", "3502606"},
		{"embu guacu", "SP", "3515103"},
		{"Embu-Guaçu", "SP", "3515103"},
	} {
		got, ok := PorNome(c.nome, c.uf)
		if !ok || got.IBGE != c.ibge {
			t.Errorf("PorNome(%q, %q) = %+v %v, want %s", c.nome, c.uf, got, ok, c.ibge)
		}
	}
	for _, c := range [][2]string{{"São Paulo", "RJ"}, {"Sao Paul", "SP"}, {"", "SP"}, {"Curitiba", ""}} {
		if got, ok := PorNome(c[0], c[1]); ok {
			t.Errorf("PorNome(%q, %q) = %+v", c[0], c[1], got)
		}
	}
}

func TestNormalizar(t *testing.T) {
	for in, want := range map[string]string{
		"São João del-Rei":      "sao joao del rei",
		"  ÁGUA   Branca ":      "agua branca",
		"Santa Bárbara d'Oeste": "santa barbara doeste",
		"Pau D’Arco":            "pau darco",
		"Mogi-Guaçu":            "mogi guacu",
		"---":                   "",
	} {
		if got := Normalizar(in); got != want {
			t.Errorf("Normalizar(%q) = %q, want %q", in, got, want)
		}
	}
}

func nomes(l []Cidade) []string {
	out := make([]string, len(l))
	for i, c := range l {
		out[i] = c.Nome + "/" + c.UF
	}
	return out
}

func TestListar(t *testing.T) {
	// Accent-less search finds accented names.
	l, _ := Listar(Consulta{Q: "sao joao"}, nil, 200)
	if !contains(nomes(l), "São João del Rei/MG") {
		t.Errorf("sao joao: %v", nomes(l))
	}
	for _, c := range l {
		if !strings.Contains(Normalizar(c.Nome), "sao joao") {
			t.Errorf("%s não contém sao joao", c.Nome)
		}
	}
	// A code finds its city; a code prefix its state's.
	if l, more := Listar(Consulta{Q: "5101837"}, nil, 50); more || len(l) != 1 || l[0].Nome != "Boa Esperança do Norte" {
		t.Errorf("código: %v %v", nomes(l), more)
	}
	if l, _ := Listar(Consulta{Q: "53"}, nil, 50); len(l) != 1 || l[0].Nome != "Brasília" {
		t.Errorf("prefixo 53: %v", nomes(l))
	}
	// Same name in several states: ordered by UF.
	l, _ = Listar(Consulta{Q: "bom jesus"}, nil, 200)
	var bj []string
	for _, c := range l {
		if c.Nome == "Bom Jesus" {
			bj = append(bj, c.UF)
		}
	}
	if strings.Join(bj, ",") != "PB,PI,RN,RS,SC" {
		t.Errorf("Bom Jesus: %v", bj)
	}
	// Exactly these codes, in list order, unknown ones absent.
	l, _ = Listar(Consulta{IBGE: []string{"4106902", "3550308", "9999999", "3550308"}}, nil, 50)
	if strings.Join(nomes(l), ",") != "Curitiba/PR,São Paulo/SP" {
		t.Errorf("ibge: %v", nomes(l))
	}
	if l, _ := Listar(Consulta{IBGE: []string{}}, nil, 50); len(l) != 0 {
		t.Errorf("empty ibge list: %d", len(l))
	}
	// UF and query together.
	l, _ = Listar(Consulta{UF: "SP", Q: "sao"}, nil, 200)
	for _, c := range l {
		if c.UF != "SP" {
			t.Errorf("UF: %+v", c)
		}
	}
	if len(l) < 20 {
		t.Errorf("SP sao: %d", len(l))
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// Walking every page, with and without filters, returns each match once, in order.
func TestListarPaginas(t *testing.T) {
	for _, c := range []Consulta{{}, {UF: "MT"}, {Q: "santa"}, {UF: "MG", Q: "sao"}, {IBGE: []string{"3550308", "4106902", "3106200", "5101837"}}} {
		want, more := Listar(c, nil, TotalCidades+1)
		if more {
			t.Fatal("more with a limit over the total")
		}
		var got []Cidade
		var apos *Posicao
		for pages := 0; ; pages++ {
			l, more := Listar(c, apos, 7)
			got = append(got, l...)
			if !more {
				break
			}
			p := PosicaoDe(l[len(l)-1])
			apos = &p
			if pages > TotalCidades {
				t.Fatal("no end")
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%+v: %d by pages, %d at once", c, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%+v: item %d %v != %v", c, i, got[i], want[i])
			}
			if i > 0 && !menor(PosicaoDe(got[i-1]).Chave, got[i-1].IBGE, PosicaoDe(got[i]).Chave, got[i].IBGE) {
				t.Fatalf("out of order: %v %v", got[i-1], got[i])
			}
		}
	}
	if l, _ := Listar(Consulta{UF: "MT"}, nil, TotalCidades); len(l) != 142 {
		t.Errorf("MT: %d", len(l))
	}
}

func FuzzTermo(f *testing.F) {
	for _, s := range []string{"", "sao joao", "São João del-Rei", "3550308", "35 503-08", "d'oeste", "  ", "\xff\xfe", "1a", "-", "Ñ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		texto, codigo := Termo(q)
		if texto != "" && codigo != "" {
			t.Fatalf("both: %q %q", texto, codigo)
		}
		for _, r := range codigo {
			if r < '0' || r > '9' {
				t.Fatalf("codigo %q", codigo)
			}
		}
		if texto != Normalizar(texto) {
			t.Fatalf("texto not normalized: %q", texto)
		}
		if strings.Contains(texto, "  ") || strings.TrimSpace(texto) != texto {
			t.Fatalf("spaces: %q", texto)
		}
		l, _ := Listar(Consulta{Q: q}, nil, 5)
		for _, c := range l {
			if !strings.Contains(Normalizar(c.Nome), texto) || !strings.HasPrefix(c.IBGE, codigo) {
				t.Fatalf("%q matched %+v", q, c)
			}
		}
	})
}

func BenchmarkListar(b *testing.B) {
	for _, c := range []struct {
		name string
		c    Consulta
	}{{"todas", Consulta{}}, {"q", Consulta{Q: "sao joao"}}, {"uf+q", Consulta{UF: "MG", Q: "santa"}}, {"q-raro", Consulta{Q: "xyz"}}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				Listar(c.c, nil, 50)
			}
		})
	}
}
