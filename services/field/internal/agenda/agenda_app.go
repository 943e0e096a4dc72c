package agenda

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Messages of the agenda's use cases.
const (
	MsgDiasSemVisita = "Dias sem visita: de 1 a 365."
	MsgDataPassada   = "Escolha hoje ou um dia à frente."
	MsgClientesDia   = "Escolha de 1 a 100 clientes."
	MsgDiaNaoUtil    = "Este dia não é um dia útil da empresa."
)

func (s *Service) agora() time.Time {
	if s.Agora != nil {
		return s.Agora()
	}
	return time.Now()
}

// vendedorNoEscopo is the seller an agenda is about: the one asked (within the caller's scope,
// else 403) or, empty, "" (everyone in the caller's scope).
func vendedorNoEscopo(ctx context.Context, vendedor string) (string, error) {
	vendedor = strings.TrimSpace(vendedor)
	if vendedor != "" && !caller.From(ctx).Sees(vendedor) {
		return "", errs.OutOfScope(MsgVendedorForaDaEquipe)
	}
	return vendedor, nil
}

// diasUteis is the company's working-day rule for the days from de to ate (weekdays minus its
// days off), reading the calendar's days off of the period in one call.
func (s *Service) diasUteis(ctx context.Context, de, ate time.Time) (DiasUteis, error) {
	folgas, err := s.Calendario.Folgas(ctx, de, ate)
	if err != nil {
		return nil, err
	}
	return func(d time.Time) bool { return diaISO(d) <= 5 && !folgas[d] }, nil
}

// frequenciasDe are the frequencies of a seller (empty: everyone in scope).
func (s *Service) frequenciasDe(ctx context.Context, vendedor string) ([]*Frequencia, error) {
	q := store.Query{}
	if vendedor != "" {
		q.Where = append(q.Where, store.Eq("vendedor_id", vendedor))
	}
	return s.Frequencias.All(ctx, store.ScopeOf(caller.From(ctx)), q)
}

// ObterAgenda is a seller's agenda (or the caller's scope's) from de to ate: the visits the
// frequencies plan on the company's working days, the one-off ones, the visits done and the
// tasks due, each with its state.
func (s *Service) ObterAgenda(ctx context.Context, deS, ateS, vendedor string) ([]Item, error) {
	de, ate, err := periodo(deS, ateS, MaxDiasAgenda)
	if err != nil {
		return nil, err
	}
	if vendedor, err = vendedorNoEscopo(ctx, vendedor); err != nil {
		return nil, err
	}
	sc := store.ScopeOf(caller.From(ctx))
	// The calendar of a week before the period too: a visit planned on a day off just before it
	// moves into it.
	util, err := s.diasUteis(ctx, de.AddDate(0, 0, -adiamentoMax), ate.AddDate(0, 0, adiamentoMax))
	if err != nil {
		return nil, err
	}
	fs, err := s.frequenciasDe(ctx, vendedor)
	if err != nil {
		return nil, err
	}
	planos := Planejar(fs, de, ate, util)
	qp := store.Query{Where: []store.Cond{store.Gte("data", FormatarData(de)), store.Lte("data", FormatarData(ate))}}
	if vendedor != "" {
		qp.Where = append(qp.Where, store.Eq("vendedor_id", vendedor))
	}
	avulsas, err := s.Planejadas.All(ctx, sc, qp)
	if err != nil {
		return nil, err
	}
	for _, a := range avulsas {
		d, _ := ParseData(a.Data)
		planos = append(planos, Planejamento{Data: d, ClienteID: a.ClienteID, VendedorID: a.VendedorID, Tipo: TipoAvulsa})
	}
	visitas, err := s.Visitas.VisitasDoPeriodo(ctx, sc, vendedor, de, ate)
	if err != nil {
		return nil, err
	}
	qt := store.Query{Where: []store.Cond{store.Gte("vence_em", inicioDoDia(de)), store.Lt("vence_em", inicioDoDia(ate.AddDate(0, 0, 1)))}}
	if vendedor != "" {
		qt.Where = append(qt.Where, store.Eq("responsavel_id", vendedor))
	}
	tarefas, err := s.Tarefas.All(ctx, sc, qt)
	if err != nil {
		return nil, err
	}
	agora := s.agora()
	return Montar(planos, visitas, tarefas, de, ate, DiaEmSaoPaulo(agora), agora), nil
}

// DefinirFrequencia sets a customer's visit frequency (creating or replacing it), for the
// customer's seller; the customer must be in the caller's scope.
func (s *Service) DefinirFrequencia(ctx context.Context, f *Frequencia) (*Frequencia, error) {
	if strings.TrimSpace(f.Inicio) == "" {
		f.Inicio = FormatarData(DiaEmSaoPaulo(s.agora()))
	}
	if err := f.Normalizar(); err != nil {
		return nil, err
	}
	cl, err := s.Clientes.Obter(ctx, f.ClienteID)
	if err != nil {
		return nil, err
	}
	f.VendedorID = cl.VendedorID
	sc := store.ScopeOf(caller.From(ctx))
	atual, err := s.Frequencias.GetAny(ctx, store.Company(sc.Empresa), f.ClienteID)
	if errs.IsKind(err, errs.KindNotFound) {
		f.ID = f.ClienteID
		out, _, err := s.Frequencias.Create(ctx, sc, f)
		return out, err
	}
	if err != nil {
		return nil, err
	}
	// Replaced (or brought back), whoever's it was: the customer, in scope, decides.
	return s.Frequencias.Update(ctx, store.Company(sc.Empresa), atual.ID, 0, func(a *Frequencia) error {
		a.Excluido = false
		a.VendedorID, a.Frequencia, a.DiasSemana, a.Inicio = f.VendedorID, f.Frequencia, f.DiasSemana, f.Inicio
		return a.Normalizar()
	}, store.IncludeDeleted)
}

// ExcluirFrequencia removes a customer's visit frequency (in scope).
func (s *Service) ExcluirFrequencia(ctx context.Context, clienteID string) (*Frequencia, error) {
	if strings.TrimSpace(clienteID) == "" {
		return nil, errs.Field("cliente_id", MsgClienteID)
	}
	return s.Frequencias.Delete(ctx, store.ScopeOf(caller.From(ctx)), strings.TrimSpace(clienteID), 0)
}

// ListarFrequencias is one page of the frequencies in scope (of a seller, of a customer).
func (s *Service) ListarFrequencias(ctx context.Context, vendedor, cliente string, size int32, token string) (*store.Page[Frequencia], error) {
	vendedor, err := vendedorNoEscopo(ctx, vendedor)
	if err != nil {
		return nil, err
	}
	q := store.Query{PageSize: size, PageToken: token}
	if vendedor != "" {
		q.Where = append(q.Where, store.Eq("vendedor_id", vendedor))
	}
	if cliente = strings.TrimSpace(cliente); cliente != "" {
		q.Where = append(q.Where, store.Eq("cliente_id", cliente))
	}
	return s.Frequencias.List(ctx, store.ScopeOf(caller.From(ctx)), q)
}

// Parada is a stop of the day's route.
type Parada struct {
	Cliente
	Distancia float64
}

// RotaDoDia is the day's route.
type RotaDoDia struct {
	Data           string
	Paradas        []Parada
	Total          float64
	SemCoordenadas []string
}

// ObterRota orders the customers planned (and not visited yet) for a seller's day from a
// position: nearest neighbour improved by 2-opt (OrdenarRota).
func (s *Service) ObterRota(ctx context.Context, dataS string, origem Ponto, vendedor string) (*RotaDoDia, error) {
	if strings.TrimSpace(dataS) == "" {
		dataS = FormatarData(DiaEmSaoPaulo(s.agora()))
	}
	if origem.Latitude < -90 || origem.Latitude > 90 {
		return nil, errs.Field("latitude", "Latitude inválida: de -90 a 90.")
	}
	if origem.Longitude < -180 || origem.Longitude > 180 {
		return nil, errs.Field("longitude", "Longitude inválida: de -180 a 180.")
	}
	if strings.TrimSpace(vendedor) == "" {
		vendedor = caller.From(ctx).Operador
	}
	itens, err := s.ObterAgenda(ctx, dataS, dataS, vendedor)
	if err != nil {
		return nil, err
	}
	out := &RotaDoDia{Data: dataS}
	var clientes []Cliente
	var pontos []Ponto
	visto := map[string]bool{}
	for _, it := range itens {
		if it.Tipo == TipoTarefa || it.Situacao != Planejada || visto[it.ClienteID] {
			continue
		}
		visto[it.ClienteID] = true
		cl, err := s.Clientes.Obter(ctx, it.ClienteID)
		if err != nil {
			return nil, err
		}
		if cl.Posicao == nil {
			out.SemCoordenadas = append(out.SemCoordenadas, cl.ID)
			continue
		}
		clientes = append(clientes, cl)
		pontos = append(pontos, *cl.Posicao)
	}
	ordem, total := OrdenarRota(origem, pontos)
	at := origem
	for _, i := range ordem {
		out.Paradas = append(out.Paradas, Parada{Cliente: clientes[i], Distancia: Distancia(at, pontos[i])})
		at = pontos[i]
	}
	out.Total = total
	return out, nil
}

// SemVisita is a customer without a recent visit nor a recent order.
type SemVisita struct {
	Cliente
	UltimaVisita string
	UltimoPedido string
}

// ListarSemVisita are a seller's active customers without a visit nor a counting order (the
// sales service's last order) in the last dias days and none planned from today on (frequency
// or one-off, in the next 31 days), each with its last visit of the past year and its last order.
func (s *Service) ListarSemVisita(ctx context.Context, dias int32, vendedor string) ([]SemVisita, error) {
	if dias == 0 {
		dias = 30
	}
	if dias < 1 || dias > 365 {
		return nil, errs.Field("dias", MsgDiasSemVisita)
	}
	if strings.TrimSpace(vendedor) == "" {
		vendedor = caller.From(ctx).Operador
	}
	vendedor, err := vendedorNoEscopo(ctx, vendedor)
	if err != nil {
		return nil, err
	}
	hoje := DiaEmSaoPaulo(s.agora())
	clientes, err := s.Clientes.DaCarteira(ctx, vendedor)
	if err != nil {
		return nil, err
	}
	visitas, err := s.Visitas.VisitasDoPeriodo(ctx, store.ScopeOf(caller.From(ctx)), vendedor, hoje.AddDate(-1, 0, 0), hoje)
	if err != nil {
		return nil, err
	}
	semPedido, err := s.Pedidos.SemPedido(ctx, dias, vendedor)
	if err != nil {
		return nil, err
	}
	ultima := map[string]time.Time{}
	for _, v := range visitas {
		if d := DiaEmSaoPaulo(v.Inicio); d.After(ultima[v.ClienteID]) {
			ultima[v.ClienteID] = d
		}
	}
	adiante, err := s.ObterAgenda(ctx, FormatarData(hoje), FormatarData(hoje.AddDate(0, 0, 30)), vendedor)
	if err != nil {
		return nil, err
	}
	planejado := map[string]bool{}
	for _, it := range adiante {
		if it.Tipo != TipoTarefa && it.Situacao == Planejada {
			planejado[it.ClienteID] = true
		}
	}
	var out []SemVisita
	for _, c := range clientes {
		u, ok := ultima[c.ID]
		pedido, semPedidoRecente := semPedido[c.ID]
		if planejado[c.ID] || !semPedidoRecente || ok && !u.Before(hoje.AddDate(0, 0, -int(dias))) {
			continue
		}
		sv := SemVisita{Cliente: c, UltimoPedido: pedido}
		if ok {
			sv.UltimaVisita = FormatarData(u)
		}
		out = append(out, sv)
	}
	return out, nil
}

// PlanejarVisitas puts customers on a working day (today or later) as one-off planned visits of
// their seller; a customer already planned that day stays as it is. It answers how many were
// created and the day's planned items of those customers.
func (s *Service) PlanejarVisitas(ctx context.Context, dataS string, ids []string) (int, []Item, error) {
	dia, ok := ParseData(strings.TrimSpace(dataS))
	if !ok {
		return 0, nil, errs.Field("data", MsgData)
	}
	if dia.Before(DiaEmSaoPaulo(s.agora())) {
		return 0, nil, errs.Field("data", MsgDataPassada)
	}
	var limpos []string
	for _, id := range ids {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(limpos, id) {
			limpos = append(limpos, id)
		}
	}
	if len(limpos) == 0 || len(limpos) > 100 {
		return 0, nil, errs.Field("cliente_ids", MsgClientesDia)
	}
	util, err := s.diasUteis(ctx, dia, dia)
	if err != nil {
		return 0, nil, err
	}
	if !util(dia) {
		return 0, nil, errs.Field("data", MsgDiaNaoUtil)
	}
	// Every customer is checked (in scope, its seller) before anything is written.
	clientes := make([]Cliente, 0, len(limpos))
	for _, id := range limpos {
		cl, err := s.Clientes.Obter(ctx, id)
		if err != nil {
			return 0, nil, err
		}
		clientes = append(clientes, cl)
	}
	sc := store.ScopeOf(caller.From(ctx))
	criadas := 0
	for _, cl := range clientes {
		p := &VisitaPlanejada{ClienteID: cl.ID, VendedorID: cl.VendedorID, Data: FormatarData(dia)}
		p.ID = FormatarData(dia) + "_" + cl.ID
		_, novo, err := s.Planejadas.Create(ctx, sc, p)
		if errs.IsReason(err, errs.ReasonIDReutilizado) {
			continue // planned that day already (for another seller before a transfer)
		}
		if err != nil {
			return criadas, nil, err
		}
		if novo {
			criadas++
		}
	}
	itens, err := s.ObterAgenda(ctx, FormatarData(dia), FormatarData(dia), "")
	if err != nil {
		return criadas, nil, err
	}
	itens = slices.DeleteFunc(itens, func(it Item) bool { return it.Tipo == TipoTarefa || !slices.Contains(limpos, it.ClienteID) })
	return criadas, itens, nil
}
