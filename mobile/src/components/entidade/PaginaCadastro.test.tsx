// The ADMIN screen of a declared entity: the server's list with its columns, the form's rules
// before sending, a create and an update through the outbox (client id; the versao shown), and
// the server's refusals at the fields or as the conflict text.
import 'fake-indexeddb/auto';
import { act, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

vi.mock('@ionic/react', () => ({
  IonButton: ({ children, onClick, type, disabled }: { children?: ReactNode; onClick?: () => void; type?: 'submit' | 'button'; disabled?: boolean }) => (
    <button type={type ?? 'button'} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  ),
  IonSpinner: () => null,
  IonPage: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
  IonContent: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
}));
vi.mock('../ionic/IonText', () => ({ IonText: ({ children }: { children: ReactNode }) => <div>{children}</div> }));
vi.mock('../ui/Page', () => import('../../test/tela').then((m) => m.paginaFalsa));
vi.mock('../ui/MaisPaginas', () => ({ MaisPaginas: () => null }));
const avisos = vi.hoisted(() => [] as string[]);
vi.mock('../ui/useToast', () => ({ useToast: () => (m: string) => avisos.push(m) }));
vi.mock('../ui/useConfirm', () => ({ useConfirm: () => async () => true }));
// The API: the list on GET; POST and PATCH answer what `responder` says; the calls kept.
const api = vi.hoisted(() => {
  const estado = {
    calls: [] as [string, Record<string, unknown>][],
    termos: [] as unknown[],
    responder: (opcoes: Record<string, unknown>): Promise<unknown> => Promise.resolve({ ...(opcoes.body as object), versao: '1', excluido: false, ativo: true }),
  };
  const fn = (rota: string, opcoes: Record<string, unknown> = {}): Promise<unknown> => {
    estado.calls.push([rota, opcoes]);
    if (opcoes.method) return estado.responder(opcoes);
    if (rota !== '/termos') return Promise.resolve(estado.termos.find((t) => rota === `/termos/${(t as { id: string }).id}`));
    return Promise.resolve({ termos: estado.termos, next_page_token: '' });
  };
  return Object.assign(fn, { estado });
});
vi.mock('../../lib/api/client', async (original) => ({ ...(await original<typeof import('../../lib/api/client')>()), api }));

import { ApiError, Motivo } from '../../lib/api/client';
import { apagarBancoInteiro } from '../../lib/device-db';
import { definirEntidade } from '../../lib/entidade/entidade';
import { queryClient } from '../../lib/query';
import { clearOnLogout, storeOperatorProfile } from '../../lib/storage';
import { pararAgendamento } from '../../lib/sync/saida';
import { digitarEm, montarTela } from '../../test/tela';
import { PaginaCadastro, rotulosDe, type TelaCadastro } from './PaginaCadastro';

interface Termo {
  id: string;
  nome: string;
  dias: number;
  ativo: boolean;
  versao: string;
  excluido: boolean;
}
type Valores = { nome: string; dias: string; ativo: boolean };

const termos = definirEntidade<Termo, { id: string; nome: string; dias: number }, { nome?: string; dias?: number; ativo?: boolean }>({
  colecao: 'teste-tela-termos',
  rota: '/termos',
  campoLista: 'termos',
  campoAlteracao: 'termo',
  operacoes: 'tela-termos',
  especie: { um: 'termo', varios: 'termos' },
  nome: (t) => t.nome,
});

const TELA: TelaCadastro<Termo, { id: string; nome: string; dias: number }, { nome?: string; dias?: number; ativo?: boolean }, Valores> = {
  entidade: termos,
  titulo: 'Termos',
  voltar: '/crm-home',
  idLista: 'lista-termos',
  idFormulario: 'form-termo',
  colunas: { titulo: (t) => t.nome, inativo: (t) => !t.ativo, resumo: (t) => `${t.dias} dias` },
  rotulos: {
    vazia: 'Nenhum termo.',
    inativo: 'Inativo',
    nova: 'Novo termo',
    tituloNova: 'Novo termo de prazo',
    tituloEditar: (t) => `Editar ${t.nome}`,
    criar: 'Criar termo',
    salvar: 'Salvar termo',
    criada: (t) => `Termo ${t.nome} criado.`,
    salva: 'Termo salvo.',
    excluida: 'Termo excluído.',
    conflito: 'Este termo foi alterado por outra pessoa.',
    excluir: { titulo: 'Excluir termo', mensagem: (t) => `Excluir ${t.nome}?` },
  },
  formulario: {
    esquema: z.object({ nome: z.string().check(z.minLength(1, 'Informe o nome do termo.')), dias: z.string(), ativo: z.boolean() }),
    vazio: { nome: '', dias: '0', ativo: true },
    de: (t) => ({ nome: t.nome, dias: String(t.dias), ativo: t.ativo }),
    novo: (id, v) => ({ id, nome: v.nome, dias: Number(v.dias) }),
    alteracao: (t, v) => ({ versao: t.versao, ...(v.nome !== t.nome ? { nome: v.nome } : {}), ...(Number(v.dias) !== t.dias ? { dias: Number(v.dias) } : {}) }),
    campo: (c) => (c === 'dias_prazo' ? 'dias' : c),
    campos: [
      { tipo: 'texto', nome: 'nome', rotulo: 'Nome', max: 40 },
      [
        { tipo: 'texto', nome: 'dias', nomeHtml: 'dias_prazo', rotulo: 'Dias' },
        { tipo: 'marcar', nome: 'ativo', rotulo: 'Ativo' },
      ],
    ],
  },
};

// An entity the server does not update, filtered by a field of its list, whose refusal by
// CHAVE_DUPLICADA the form words itself.
interface Sigla {
  id: string;
  sigla: string;
  versao: string;
  excluido: boolean;
}
const siglas = definirEntidade<Sigla, { id: string; sigla: string }, never>({
  colecao: 'teste-tela-siglas',
  rota: '/termos',
  campoLista: 'termos',
  campoAlteracao: 'termo',
  operacoes: 'tela-siglas',
  especie: { um: 'sigla', varios: 'siglas', feminino: true },
  nome: (x) => x.sigla,
  semFeed: true,
  semAlteracao: true,
});
const TELA_SIGLAS: TelaCadastro<Sigla, { id: string; sigla: string }, never, { sigla: string }> = {
  entidade: siglas,
  titulo: 'Siglas',
  voltar: '/crm-home',
  idLista: 'lista-termos',
  idFormulario: 'form-sigla',
  descricao: 'Siglas da empresa.',
  colunas: { titulo: (x) => x.sigla, resumo: () => '' },
  filtros: [{ nome: 'grupo', rotulo: 'Grupo', nomeHtml: 'filtro-grupo', opcoes: [{ value: '', label: 'Todos' }, { value: 'a', label: 'A' }] }],
  rotulos: {
    vazia: ({ grupo }) => `Nenhuma sigla${grupo ? ` no grupo ${grupo}` : ''}.`,
    nova: 'Nova sigla',
    tituloNova: 'Nova sigla',
    criar: 'Criar sigla',
    criada: (x) => `Sigla ${x.sigla} criada.`,
    excluida: (x) => `Sigla ${x.sigla} excluída.`,
    excluir: { titulo: 'Excluir sigla', mensagem: (x) => `Excluir ${x.sigla}?` },
  },
  formulario: {
    esquema: z.object({ sigla: z.string() }),
    vazio: { sigla: '' },
    novo: (id, v) => ({ id, sigla: v.sigla }),
    recusas: { [Motivo.ChaveDuplicada]: (v) => ({ mensagem: `A sigla ${v.sigla} já existe.`, campo: { nome: 'sigla', mensagem: 'Já existe.' } }) },
    campos: [{ tipo: 'texto', nome: 'sigla', rotulo: 'Sigla' }, { tipo: 'nota', chave: 'n', texto: 'Uma sigla por nome.' }],
  },
};

const tela = montarTela();
beforeEach(async () => {
  pararAgendamento();
  await apagarBancoInteiro();
  clearOnLogout();
  storeOperatorProfile(
    { empresa: 'demo', id: 'op1', nome_operador: 'Ana', perfil_app: 'ADMIN', exibir_medida: false },
    { uid: 'u1', email: 'u1@demo.example.com', displayName: 'Ana' },
  );
  queryClient.clear();
  api.estado.calls.length = 0;
  api.estado.termos = [{ id: 't1', nome: 'Boleto 28', dias: 28, ativo: false, versao: '4', excluido: false }];
  api.estado.responder = (o) => Promise.resolve({ ...(o.body as object), versao: '1', excluido: false, ativo: true });
  avisos.length = 0;
});

const esperar = async (f: () => unknown) => {
  for (let i = 0; i < 100 && !f(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(f()).toBeTruthy();
};
const botao = (texto: string) => [...tela.container.querySelectorAll('button')].find((b) => b.textContent === texto);
const clicar = (texto: string) => act(async () => botao(texto)!.click());
const campo = (nome: string) => tela.container.querySelector<HTMLInputElement>(`input[name=${nome}]`)!;
const erroDe = (nome: string) => campo(nome).closest('.text-field')?.querySelector('.field-error')?.textContent;
const escritas = () => api.estado.calls.filter(([, o]) => o.method).map(([r, o]) => `${o.method} ${r} ${JSON.stringify(o.body ?? o.query)}`);
const enviar = () => act(async () => tela.container.querySelector('form')!.requestSubmit());

async function abrir() {
  tela.render(<PaginaCadastro tela={TELA} />);
  await esperar(() => tela.container.querySelector('[data-testid=lista-termos]'));
}

describe('the ADMIN screen of a declared entity', () => {
  it('lists the server’s records with the declared columns', async () => {
    await abrir();
    const item = tela.container.querySelector('[data-testid=lista-termos] li')!;
    expect(item.textContent).toBe('Boleto 28Inativo28 dias');
    expect(tela.container.querySelector('h1')?.textContent).toBe('Termos');
  });

  it('creates: the form’s rules first, then POST with the client’s id, the toast, the list read again', async () => {
    await abrir();
    await clicar('Novo termo');
    expect(tela.container.querySelector('[data-testid=form-termo] h3')?.textContent).toBe('Novo termo de prazo');
    await enviar();
    await esperar(() => erroDe('nome'));
    expect(erroDe('nome')).toBe('Informe o nome do termo.');
    expect(escritas()).toEqual([]);
    digitarEm(campo('nome'), 'Pix');
    digitarEm(campo('dias_prazo'), '0');
    const listas = api.estado.calls.length;
    await enviar();
    await esperar(() => avisos.length);
    expect(avisos).toEqual(['Termo Pix criado.']);
    const [post] = escritas();
    expect(post).toMatch(/^POST \/termos \{"id":"[0-9a-f-]{36}","nome":"Pix","dias":0\}$/);
    expect(tela.container.querySelector('[data-testid=form-termo]')).toBeNull();
    await esperar(() => api.estado.calls.length > listas + 1);
  });

  it('edits on the versao shown; the server’s field errors land on the fields, a stale versao shows the conflict', async () => {
    await abrir();
    await act(async () => tela.container.querySelector<HTMLButtonElement>('[data-testid=lista-termos] button')!.click());
    expect(tela.container.querySelector('[data-testid=form-termo] h3')?.textContent).toBe('Editar Boleto 28');
    api.estado.responder = () =>
      Promise.reject(new ApiError(400, { mensagem: 'Dias demais.', motivo: 'DADOS_INVALIDOS', campos: [{ campo: 'dias_prazo', descricao: 'Dias demais.' }] }));
    digitarEm(campo('dias_prazo'), '900');
    await enviar();
    await esperar(() => erroDe('dias_prazo'));
    expect(erroDe('dias_prazo')).toBe('Dias demais.');
    expect(escritas()).toEqual(['PATCH /termos/t1 {"dias":900,"versao":"4"}']);
    api.estado.responder = () => Promise.reject(new ApiError(409, { mensagem: 'Alterado.', motivo: Motivo.VersaoDesatualizada }));
    digitarEm(campo('dias_prazo'), '35');
    await enviar();
    await esperar(() => tela.container.querySelector('[data-testid=erro-formulario]'));
    expect(tela.container.querySelector('[data-testid=erro-formulario]')?.textContent).toBe('Este termo foi alterado por outra pessoa.');
  });

  it('deletes on the versao shown', async () => {
    await abrir();
    await act(async () => tela.container.querySelector<HTMLButtonElement>('[data-testid=lista-termos] button')!.click());
    api.estado.responder = () => Promise.resolve({ ...(api.estado.termos[0] as object), versao: '5', excluido: true });
    await clicar('Excluir');
    await esperar(() => avisos.length);
    expect(avisos).toEqual(['Termo excluído.']);
    expect(escritas()).toEqual(['DELETE /termos/t1 {"versao":4}']);
  });

  it('an entity without an update: rows delete after the confirmation, the filter goes to the server, a refusal by reason as declared', async () => {
    api.estado.termos = [{ id: 's1', sigla: 'ABC', versao: '2', excluido: false }];
    tela.render(<PaginaCadastro tela={TELA_SIGLAS} />);
    await esperar(() => tela.container.querySelector('[data-testid=lista-termos]'));
    expect(tela.container.textContent).toContain('Siglas da empresa.');
    // No edit form: the row has its delete button.
    api.estado.responder = () => Promise.resolve({ ...(api.estado.termos[0] as object), versao: '3', excluido: true });
    await clicar('Excluir');
    await esperar(() => avisos.length);
    expect(avisos).toEqual(['Sigla ABC excluída.']);
    expect(escritas()).toEqual(['DELETE /termos/s1 {"versao":2}']);
    // The filter is the list request's field.
    api.estado.termos = [];
    const select = tela.container.querySelector<HTMLSelectElement>('select[name=filtro-grupo]')!;
    act(() => {
      select.value = 'a';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await esperar(() => tela.container.textContent?.includes('Nenhuma sigla no grupo a.'));
    expect(api.estado.calls.some(([r, o]) => r === '/termos' && (o.query as Record<string, unknown>)?.grupo === 'a')).toBe(true);
    // A refusal the declaration words: its message and the field's.
    await clicar('Nova sigla');
    expect(tela.container.textContent).toContain('Uma sigla por nome.');
    api.estado.responder = () => Promise.reject(new ApiError(409, { mensagem: 'Duplicada.', motivo: Motivo.ChaveDuplicada }));
    digitarEm(campo('sigla'), 'ABC');
    await enviar();
    await esperar(() => tela.container.querySelector('[data-testid=erro-formulario]'));
    expect(tela.container.querySelector('[data-testid=erro-formulario]')?.textContent).toBe('A sigla ABC já existe.');
    expect(erroDe('sigla')).toBe('Já existe.');
  });

  it('labels not declared come from the species and the short name (feminine and masculine), rota and nome from the kit', () => {
    const condicoes = definirEntidade<Termo, { id: string; nome: string; dias: number }, never>({
      colecao: 'teste-condicoes',
      campoLista: 'condicoes',
      campoAlteracao: 'condicao',
      operacoes: 'teste-condicoes',
      especie: { um: 'condição de pagamento', varios: 'condições de pagamento', feminino: true },
    });
    expect(condicoes.declaracao.rota).toBe('/teste-condicoes');
    const c = { id: 'c', nome: 'Pix', dias: 0, ativo: true, versao: '1', excluido: false };
    expect(condicoes.declaracao.nome(c)).toBe('Pix');
    const r = rotulosDe({ ...TELA, entidade: condicoes, rotulos: { curto: 'condição' } } as unknown as TelaCadastro<Termo, { id: string; nome: string; dias: number }, never, Valores>);
    expect({ ...r, criada: r.criada(c), excluir: r.excluir.titulo, excluirMensagem: r.excluir.mensagem(c), tituloEditar: r.tituloEditar(c) }).toEqual({
      vazia: 'Nenhuma condição de pagamento.',
      inativo: 'Inativa',
      nova: 'Nova condição',
      tituloNova: 'Nova condição de pagamento',
      criar: 'Criar condição',
      criada: 'Condição Pix criada.',
      excluida: 'Condição excluída.',
      excluir: 'Excluir condição',
      excluirMensagem: 'Excluir a condição Pix?',
      tituloEditar: 'Editar Pix',
      salvar: 'Salvar condição',
      salva: 'Condição salva.',
      conflito: 'Esta condição foi alterada por outra pessoa enquanto você editava. Feche, abra de novo e refaça as suas alterações.',
    });
    const m = rotulosDe({ ...TELA, rotulos: {} });
    expect([m.vazia, m.nova, m.tituloNova, m.criada(c), m.salva, m.inativo]).toEqual(['Nenhum termo.', 'Novo termo', 'Novo termo', 'Termo Pix criado.', 'Termo salvo.', 'Inativo']);
  });
});
