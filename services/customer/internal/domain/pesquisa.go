package domain

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/store"
)

// Question types.
const (
	PerguntaTexto    = "TEXTO"
	PerguntaNumero   = "NUMERO"
	PerguntaSimNao   = "SIM_NAO"
	PerguntaUnica    = "ESCOLHA_UNICA"
	PerguntaMultipla = "ESCOLHA_MULTIPLA"
	PerguntaData     = "DATA"
)

// MaxPerguntas bounds a form.
const MaxPerguntas = 100

// Pergunta is a question of a survey form.
type Pergunta struct {
	ID          string   `bson:"id"`
	Texto       string   `bson:"texto"`
	Tipo        string   `bson:"tipo"`
	Obrigatoria bool     `bson:"obrigatoria"`
	Opcoes      []string `bson:"opcoes"`
}

// Pesquisa is a survey form; every edit makes a new version and earlier versions are kept, so
// an answer stays readable with the questions it answered.
type Pesquisa struct {
	store.Meta `bson:",inline"`
	Titulo     string     `bson:"titulo"`
	Descricao  string     `bson:"descricao"`
	Perguntas  []Pergunta `bson:"perguntas"`
	Ativa      bool       `bson:"ativa"`
	// PesquisaID is the form's id in a stored version (whose own id is "id@versao").
	PesquisaID string `bson:"pesquisa_id"`
}

// Normalize validates the form.
func (p *Pesquisa) Normalize() error {
	x := &v{}
	p.Titulo = text(x, "titulo", "Título", p.Titulo, MaxNome)
	if p.Titulo == "" {
		x.add("titulo", "Informe o título da pesquisa.")
	}
	p.Descricao = text(x, "descricao", "Descrição", p.Descricao, MaxObservacoes)
	if len(p.Perguntas) == 0 {
		x.add("perguntas", "Inclua ao menos uma pergunta.")
	}
	if len(p.Perguntas) > MaxPerguntas {
		x.add("perguntas", fmt.Sprintf("No máximo %d perguntas.", MaxPerguntas))
	}
	ids := map[string]bool{}
	for i := range p.Perguntas {
		q := &p.Perguntas[i]
		f := fmt.Sprintf("perguntas[%d].", i)
		q.ID = strings.TrimSpace(q.ID)
		if q.ID == "" {
			q.ID = fmt.Sprintf("p%d", i+1)
		}
		for ids[q.ID] {
			q.ID += "x"
		}
		ids[q.ID] = true
		q.Texto = text(x, f+"texto", "Pergunta", q.Texto, 500)
		if q.Texto == "" {
			x.add(f+"texto", fmt.Sprintf("Escreva o texto da pergunta %d.", i+1))
		}
		q.Tipo = strings.ToUpper(strings.TrimSpace(q.Tipo))
		switch q.Tipo {
		case PerguntaTexto, PerguntaNumero, PerguntaSimNao, PerguntaData:
			q.Opcoes = nil
		case PerguntaUnica, PerguntaMultipla:
			var ops []string
			seen := map[string]bool{}
			for _, o := range q.Opcoes {
				if o = strings.TrimSpace(o); o != "" && !seen[o] {
					seen[o] = true
					ops = append(ops, o)
				}
			}
			q.Opcoes = ops
			if len(ops) < 2 {
				x.add(f+"opcoes", fmt.Sprintf("A pergunta %d precisa de ao menos duas opções.", i+1))
			}
		default:
			x.add(f+"tipo", "Tipo de pergunta deve ser TEXTO, NUMERO, SIM_NAO, ESCOLHA_UNICA, ESCOLHA_MULTIPLA ou DATA.")
		}
	}
	return x.err()
}

// Resposta answers one question.
type Resposta struct {
	PerguntaID string   `bson:"pergunta_id"`
	Valor      string   `bson:"valor"`
	Valores    []string `bson:"valores"`
}

// RespostaPesquisa is a form answered for a customer.
type RespostaPesquisa struct {
	store.Meta     `bson:",inline"`
	ClienteID      string     `bson:"cliente_id"`
	PesquisaID     string     `bson:"pesquisa_id"`
	PesquisaVersao int64      `bson:"pesquisa_versao"`
	PesquisaTitulo string     `bson:"pesquisa_titulo"`
	Respostas      []Resposta `bson:"respostas"`
	Operador       string     `bson:"operador"`
	OperadorNome   string     `bson:"operador_nome"`
	// Em is when it was answered (the record's criado_em; legacy records had only em).
	Em        time.Time `bson:"em"`
	Latitude  *float64  `bson:"latitude,omitempty"`
	Longitude *float64  `bson:"longitude,omitempty"`
}

// FixLegacy fills the bookkeeping of an answer copied from the old database.
func (r *RespostaPesquisa) FixLegacy() {
	if r.CriadoEm.IsZero() {
		r.CriadoEm, r.AlteradoEm, r.CriadoPor, r.AlteradoPor = r.Em, r.Em, r.Operador, r.Operador
	}
}

// Check validates answers against the form version they answer, normalizing values.
func (p *Pesquisa) Check(rs []Resposta) ([]Resposta, error) {
	x := &v{}
	by := map[string]Resposta{}
	for i, r := range rs {
		r.PerguntaID = strings.TrimSpace(r.PerguntaID)
		if _, dup := by[r.PerguntaID]; dup {
			x.add(fmt.Sprintf("respostas[%d]", i), "Pergunta respondida duas vezes.")
		}
		by[r.PerguntaID] = r
	}
	known := map[string]bool{}
	out := make([]Resposta, 0, len(p.Perguntas))
	for i, q := range p.Perguntas {
		known[q.ID] = true
		f := "respostas." + q.ID
		r, ok := by[q.ID]
		r.Valor = strings.TrimSpace(r.Valor)
		var vals []string
		for _, s := range r.Valores {
			if s = strings.TrimSpace(s); s != "" {
				vals = append(vals, s)
			}
		}
		empty := r.Valor == "" && len(vals) == 0
		if !ok || empty {
			if q.Obrigatoria {
				x.add(f, fmt.Sprintf("Responda a pergunta %d: %s", i+1, q.Texto))
			}
			continue
		}
		switch q.Tipo {
		case PerguntaNumero:
			n, err := strconv.ParseFloat(strings.Replace(r.Valor, ",", ".", 1), 64)
			if err != nil {
				x.add(f, fmt.Sprintf("A pergunta %d pede um número.", i+1))
			}
			r.Valor = strconv.FormatFloat(n, 'f', -1, 64)
		case PerguntaSimNao:
			switch strings.ToLower(r.Valor) {
			case "sim", "s", "true":
				r.Valor = "sim"
			case "nao", "não", "n", "false":
				r.Valor = "nao"
			default:
				x.add(f, fmt.Sprintf("A pergunta %d pede sim ou não.", i+1))
			}
		case PerguntaData:
			if _, err := time.Parse("2006-01-02", r.Valor); err != nil {
				x.add(f, fmt.Sprintf("A pergunta %d pede uma data (AAAA-MM-DD).", i+1))
			}
		case PerguntaUnica:
			if !contains(q.Opcoes, r.Valor) {
				x.add(f, fmt.Sprintf("Escolha uma das opções da pergunta %d.", i+1))
			}
		case PerguntaMultipla:
			if r.Valor != "" {
				vals = append(vals, r.Valor)
				r.Valor = ""
			}
			for _, s := range vals {
				if !contains(q.Opcoes, s) {
					x.add(f, fmt.Sprintf("%q não é uma opção da pergunta %d.", s, i+1))
				}
			}
		default:
			if len(r.Valor) > MaxObservacoes {
				x.add(f, fmt.Sprintf("Resposta %d: no máximo %d caracteres.", i+1, MaxObservacoes))
			}
		}
		if q.Tipo != PerguntaMultipla {
			vals = nil
		}
		out = append(out, Resposta{PerguntaID: q.ID, Valor: r.Valor, Valores: vals})
	}
	for id := range by {
		if !known[id] {
			x.add("respostas", fmt.Sprintf("Pergunta %q não existe nesta versão da pesquisa.", id))
		}
	}
	return out, x.err()
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// Transferencia records customers moved between portfolios.
type Transferencia struct {
	store.Meta `bson:",inline"`
	De         string    `bson:"de_vendedor_id"`
	Para       string    `bson:"para_vendedor_id"`
	ClienteIDs []string  `bson:"cliente_ids"`
	Por        string    `bson:"por"`
	Em         time.Time `bson:"em"`
}

// FixLegacy fills the bookkeeping of a transfer copied from the old database.
func (t *Transferencia) FixLegacy() {
	if t.CriadoEm.IsZero() {
		t.CriadoEm, t.AlteradoEm, t.CriadoPor, t.AlteradoPor = t.Em, t.Em, t.Por, t.Por
	}
}
