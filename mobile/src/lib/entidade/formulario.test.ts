// The form kit over contracts/formularios.json: every case the server runs
// (services/sales/internal/ports/formularios_contrato_test.go, and the field forms'
// services/field/internal/ports/formularios_contrato_test.go) is refused by the app at the same
// fields with the same messages — over the API's payload and through the form (the record shown
// in the form, its zod schema) — and what the kit derives of a form: empty values, payloads, the
// edit's "only what changed", the selects' options.
import { describe, expect, it } from 'vitest';
import { FORMULARIO_CONDICAO_PAGAMENTO, FORMULARIO_CONFIGURACAO_VISITAS, FORMULARIO_REGRA_ST } from '../contratos/formularios.gen';
import {
  alteracaoDe,
  esquemaDe,
  faixaDe,
  formatarReais,
  lerValores,
  maxCaracteresDoItem,
  novoDe,
  opcoesDe,
  validarPayload,
  validarValores,
  valoresDe,
  valoresVazios,
  type Formulario,
} from './formulario';

const FORMULARIOS: Formulario[] = [FORMULARIO_CONDICAO_PAGAMENTO, FORMULARIO_REGRA_ST, FORMULARIO_CONFIGURACAO_VISITAS];

/**
 * {"repetir": x, "vezes": n} is x repeated n times — a string repeated, else a list of n x — at any
 * depth (as the server's tests read it too: contratos.Expandir).
 */
function expandir(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(expandir);
  if (!v || typeof v !== 'object') return v;
  const r = v as { repetir?: unknown; vezes?: number };
  if (r.repetir === undefined) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expandir(x)]));
  return typeof r.repetir === 'string' ? r.repetir.repeat(r.vezes ?? 0) : Array.from({ length: r.vezes ?? 0 }, () => expandir(r.repetir));
}

/** The first message at each field, as the server answers (an item's error is its list's). */
function porCampo(erros: [string, string][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [campo, m] of erros) out[campo.split('.')[0]] ??= m;
  return out;
}

describe.each(FORMULARIOS.map((f) => [f.nome, f] as const))('contracts/formularios.json: %s', (_nome, f) => {
  it.each(f.casos.map((c) => [c.nome, c] as const))('%s', (_caso, c) => {
    const payload = Object.fromEntries(Object.entries(c.valores).map(([k, v]) => [k, expandir(v)]));
    // Over the API's payload, as the server gets it.
    expect(porCampo(Object.entries(validarPayload(f, payload)))).toEqual(c.erros);
    // Through the form: the same values shown in it, its schema's issues by field.
    const r = esquemaDe(f)['~standard'].validate(valoresDe(f, payload));
    const issues = 'issues' in r && r.issues ? r.issues : [];
    expect(porCampo(issues.map((i) => [(i.path ?? []).map(String).join('.'), i.message]))).toEqual(c.erros);
  });

  it('has cases that refuse and cases that accept', () => {
    expect(f.casos.some((c) => Object.keys(c.erros).length > 0)).toBe(true);
    expect(f.casos.some((c) => Object.keys(c.erros).length === 0)).toBe(true);
  });
});

describe('the form a contract makes', () => {
  const F = FORMULARIO_CONDICAO_PAGAMENTO;

  it('empty values by kind, then the screen’s', () => {
    expect(valoresVazios(F, { forma: 'boleto' })).toEqual({
      nome: '',
      forma: 'boleto',
      parcelas_dias: '',
      acrescimo_percentual: '',
      valor_minimo_centavos: '',
      usa_limite_credito: false,
      clientes: [],
      ativo: false,
    });
  });

  it('text of the wrong kind says so, with the field’s message', () => {
    const v = { ...valoresVazios(F), nome: 'x', forma: 'pix', parcelas_dias: '28/3x', acrescimo_percentual: '1,555', valor_minimo_centavos: 'abc' };
    expect(lerValores(F, v).erros).toEqual({
      parcelas_dias: 'Parcelas em dias devem ir de 0 a 365, em ordem crescente (ex.: 28/35/42).',
      acrescimo_percentual: 'Use um número com no máximo 2 casas decimais, como 7,5.',
      valor_minimo_centavos: 'Valor inválido: use só números, como 1.234,56.',
    });
  });

  it('normalizes as the server does: trims, folds the method, empty instalments are à vista', () => {
    const v = { ...valoresVazios(F), nome: '  À vista ', forma: ' Cartão ', parcelas_dias: ' ' };
    expect(novoDe(F, 'i', v)).toMatchObject({ id: 'i', nome: 'À vista', forma: 'cartao', parcelas_dias: [0], valor_minimo_centavos: '0', acrescimo_percentual: 0 });
  });

  it('an edit with nothing changed sends only the versao; a list set again is not a change', () => {
    const c = { nome: 'A', parcelas_dias: [28], forma: 'pix', acrescimo_percentual: 0, valor_minimo_centavos: '0', usa_limite_credito: false, clientes: ['b', 'a'], ativo: true, versao: '3' };
    expect(alteracaoDe(F, c, valoresDe(F, c))).toEqual({ versao: '3' });
    expect(alteracaoDe(F, c, { ...valoresDe(F, c), clientes: ['a', 'b'] })).toEqual({ versao: '3' });
    expect(alteracaoDe(F, c, { ...valoresDe(F, c), clientes: ['a'], nome: 'B' })).toEqual({ versao: '3', clientes: ['a'], nome: 'B' });
  });

  it('options with their labels, else the value; reais formatted once typed', () => {
    expect(opcoesDe(F, 'forma')).toEqual([
      { value: 'boleto', label: 'Boleto' },
      { value: 'pix', label: 'PIX' },
      { value: 'cartao', label: 'Cartão' },
      { value: 'dinheiro', label: 'Dinheiro' },
    ]);
    expect(opcoesDe(FORMULARIO_REGRA_ST, 'uf')).toHaveLength(27);
    expect(opcoesDe(FORMULARIO_REGRA_ST, 'uf')[0]).toEqual({ value: 'AC', label: 'AC' });
    expect(formatarReais('300')).toBe('300,00');
    expect(formatarReais('0')).toBeNull();
    expect(formatarReais('-1')).toBeNull();
  });
});

describe('a form with whole numbers and a list of records (the visit settings)', () => {
  const F = FORMULARIO_CONFIGURACAO_VISITAS;
  const faixas = { raio_metros: 300, precisao_maxima_metros: 50, idade_maxima_posicao_segundos: 60, checkout_automatico_minutos: 120 };
  const padrao = { ...faixas, fora_do_raio: 'avisar', motivos_sem_venda: [{ id: 'loja-fechada', nome: 'Loja fechada', exige_foto: true }] };

  it('a record into the form and back: numbers as text, items by their fields, normalized', () => {
    const v = valoresDe(F, padrao);
    expect(v).toMatchObject({ raio_metros: '300', motivos_sem_venda: [{ id: 'loja-fechada', nome: 'Loja fechada', exige_foto: true }] });
    const novo = { ...v, fora_do_raio: ' BLOQUEAR ', motivos_sem_venda: [...(v.motivos_sem_venda as object[]), { id: '', nome: ' Cliente   sem dinheiro ', exige_foto: false }] };
    expect(lerValores(F, novo as typeof v)).toEqual({
      payload: { ...padrao, fora_do_raio: 'bloquear', motivos_sem_venda: [...padrao.motivos_sem_venda, { id: '', nome: 'Cliente sem dinheiro', exige_foto: false }] },
      erros: {},
    });
  });

  it('a number typed wrong has its range’s message; an item’s error is at its field', () => {
    const v = { ...valoresDe(F, padrao), raio_metros: 'dez', motivos_sem_venda: [{ id: '', nome: 'Loja FECHADA', exige_foto: false }, { id: '', nome: 'loja fechada', exige_foto: false }] };
    expect(validarValores(F, v)).toEqual({
      raio_metros: 'O raio deve ficar entre 10 e 50000 metros.',
      'motivos_sem_venda.1.nome': 'O motivo "loja fechada" está repetido.',
    });
  });

  it('new reasons without an id are not repeats of each other; the range and the name’s length for the screen', () => {
    const v = { ...valoresDe(F, padrao), motivos_sem_venda: [{ id: '', nome: 'A', exige_foto: false }, { id: '', nome: 'B', exige_foto: false }] };
    expect(validarValores(F, v)).toEqual({});
    expect(faixaDe(F, 'raio_metros')).toEqual({ min: 10, max: 50000 });
    expect(maxCaracteresDoItem(F, 'motivos_sem_venda', 'nome')).toBe(80);
    expect(alteracaoDe(F, { ...padrao, versao: '2' }, valoresDe(F, padrao))).toEqual({ versao: '2' });
  });
});
