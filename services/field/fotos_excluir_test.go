package field_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/field"
	"github.com/crmvendas/crm/services/field/internal/adapters"
	"github.com/crmvendas/crm/services/platform/store"
)

// fotoGuardada is the stored photo as the store keeps it (tombstones too), read past the API: the
// proof that a deleted photo's picture is freed.
func (e *env) fotoGuardada(t *testing.T, tok, id string) (excluida bool, bytes int) {
	t.Helper()
	empresa := fmt.Sprint(e.do(t, "GET", "/crm/operadores/eu", tok, nil, 200)["empresa"])
	col, err := store.Declare(context.Background(), e.store.For(field.DatabaseName), adapters.FotosVisitaSpec)
	if err != nil {
		t.Fatal(err)
	}
	f, err := col.GetAny(context.Background(), store.Company(empresa), id)
	if err != nil {
		t.Fatalf("foto %s guardada: %v", id, err)
	}
	return f.Excluido, len(f.Grande) + len(f.Miniatura)
}

// TestExcluirFotoDaVisita: the visit's seller removes a wrong photo while the visit is open (the
// picture freed, the visit's list and versao moved, the feed carries it); a replay answers the
// visit; a reason that needs a photo is refused again once the last one is gone; after the
// check-out a photo is the visit's proof and stays; nobody else removes it.
func TestExcluirFotoDaVisita(t *testing.T) {
	e := setup(t)
	cli := e.cliente(t, e.v1, 0, false)
	e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("ex-v1", cli, 20, 10, 0), 200)
	img := fotoPNG(t, 300, 200)
	agora := time.Now()
	e.do(t, "PUT", "/crm/visitas/ex-v1/fotos/ex-f1", e.v1, foto(img, agora), 200)
	v := e.do(t, "PUT", "/crm/visitas/ex-v1/fotos/ex-f2", e.v1, foto(img, agora), 200)
	if len(fotosDe(v)) != 2 {
		t.Fatalf("duas fotos: %v", v["fotos"])
	}
	versao := v["versao"]
	cursor := fmt.Sprint(e.do(t, "GET", "/crm/visitas/alteracoes", e.v1, nil, 200)["cursor"])

	// Only the visit's own seller: a SUPERVISOR or ADMIN never removes a seller's proof.
	for _, tok := range []string{e.v2, e.sup, e.admin} {
		m := e.do(t, "DELETE", "/crm/visitas/ex-v1/fotos/ex-f1", tok, nil, 403)
		if tok != e.v2 && !strings.Contains(fmt.Sprint(m["mensagem"]), "Só o vendedor da visita exclui fotos dela") {
			t.Errorf("recusa: %v", m)
		}
	}
	e.do(t, "DELETE", "/crm/visitas/nao-existe/fotos/ex-f1", e.v1, nil, 404)
	e.do(t, "DELETE", "/crm/visitas/ex-v1/fotos/foto%20um", e.v1, nil, 400)
	if v := e.do(t, "DELETE", "/crm/visitas/ex-v1/fotos/nunca-enviada", e.v1, nil, 200); v["versao"] != versao { // never stored: the visit, unchanged
		t.Errorf("uma foto que nunca chegou mudou a visita: %v", v)
	}

	v = e.do(t, "DELETE", "/crm/visitas/ex-v1/fotos/ex-f1", e.v1, nil, 200)
	if fs := fotosDe(v); len(fs) != 1 || fs[0]["id"] != "ex-f2" || v["versao"] == versao {
		t.Fatalf("depois de excluir: versao %v→%v, %v", versao, v["versao"], v["fotos"])
	}
	if excluida, n := e.fotoGuardada(t, e.v1, "ex-f1"); !excluida || n != 0 {
		t.Errorf("a foto excluída ainda ocupa %d bytes (excluída %v)", n, excluida)
	}
	e.do(t, "GET", "/crm/visitas/ex-v1/fotos/ex-f1", e.v1, nil, 404)
	if w, _ := e.jpegDe(t, "/crm/visitas/ex-v1/fotos/ex-f2", e.v1); w != 300 {
		t.Errorf("a outra foto: %d px", w)
	}
	// The device's feed carries the change.
	f := e.do(t, "GET", "/crm/visitas/alteracoes?desde="+url.QueryEscape(cursor), e.v1, nil, 200)
	alt, _ := f["alteracoes"].([]any)
	if len(alt) != 1 || len(fotosDe(alt[0].(map[string]any)["visita"].(map[string]any))) != 1 {
		t.Errorf("feed depois de excluir: %v", f)
	}
	// A replay (the outbox sends it again) answers the visit, as it is; a replayed upload of the
	// deleted photo does not bring it back.
	if v := e.do(t, "DELETE", "/crm/visitas/ex-v1/fotos/ex-f1", e.v1, nil, 200); len(fotosDe(v)) != 1 {
		t.Errorf("replay: %v", v["fotos"])
	}
	if v := e.do(t, "PUT", "/crm/visitas/ex-v1/fotos/ex-f1", e.v1, foto(img, agora), 200); len(fotosDe(v)) != 1 {
		t.Errorf("a foto excluída voltou: %v", v["fotos"])
	}
	// The last photo gone, the reason that needs one is refused again.
	e.do(t, "DELETE", "/crm/visitas/ex-v1/fotos/ex-f2", e.v1, nil, 200)
	m := e.do(t, "POST", "/crm/visitas/ex-v1/checkout", e.v1, map[string]any{"resultado": "sem_venda", "motivo_id": "loja-fechada"}, 400)
	if !strings.Contains(fmt.Sprint(m["mensagem"]), `O motivo "Loja fechada" exige uma foto da visita.`) {
		t.Errorf("sem foto: %v", m)
	}
	// After the check-out the photo is the visit's proof.
	e.do(t, "PUT", "/crm/visitas/ex-v1/fotos/ex-f3", e.v1, foto(img, time.Now()), 200)
	e.do(t, "POST", "/crm/visitas/ex-v1/checkout", e.v1, map[string]any{"resultado": "sem_venda", "motivo_id": "loja-fechada"}, 200)
	m = e.do(t, "DELETE", "/crm/visitas/ex-v1/fotos/ex-f3", e.v1, nil, 409)
	if m["mensagem"] != "A visita já foi encerrada: a foto é a prova dela e não pode ser excluída." || m["motivo"] != "VISITA_ENCERRADA" {
		t.Errorf("depois do check-out: %v", m)
	}
	if v := e.do(t, "GET", "/crm/visitas/ex-v1", e.sup, nil, 200); len(fotosDe(v)) != 1 {
		t.Errorf("a prova sumiu: %v", v["fotos"])
	}
	if excluida, n := e.fotoGuardada(t, e.v1, "ex-f3"); excluida || n == 0 {
		t.Errorf("a prova foi liberada: %d bytes, excluída %v", n, excluida)
	}
	// A photo of another visit is not this visit's.
	e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("ex-v2", cli, 20, 10, 0), 200)
	e.do(t, "DELETE", "/crm/visitas/ex-v2/fotos/ex-f3", e.v1, nil, 404)
}

// TestExcluirFotoOutraEmpresa: another company's seller (and ADMIN) finds no such visit (404) and
// the photo stays.
func TestExcluirFotoOutraEmpresa(t *testing.T) {
	e := setup(t)
	cli := e.cliente(t, e.v1, 0, false)
	e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("exo-v", cli, 20, 10, 0), 200)
	e.do(t, "PUT", "/crm/visitas/exo-v/fotos/exo-f", e.v1, foto(fotoPNG(t, 40, 30), time.Now()), 200)
	for _, tok := range []string{e.vB, e.adminB} {
		e.do(t, "DELETE", "/crm/visitas/exo-v/fotos/exo-f", tok, nil, 404)
		e.do(t, "DELETE", "/crm/visitas/exo-v/fotos/outra", tok, nil, 404)
	}
	if v := e.do(t, "GET", "/crm/visitas/exo-v", e.v1, nil, 200); len(fotosDe(v)) != 1 {
		t.Errorf("a visita de A mudou: %v", v["fotos"])
	}
	if w, _ := e.jpegDe(t, "/crm/visitas/exo-v/fotos/exo-f", e.v1); w != 40 {
		t.Errorf("a foto de A: %d px", w)
	}
}
