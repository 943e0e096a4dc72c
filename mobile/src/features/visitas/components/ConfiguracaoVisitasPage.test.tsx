// The visit settings form (ADMIN): the server's ranges checked at each field in pt-BR before
// anything is sent, a reason added with "exige foto", the whole settings sent in one PUT, and the
// server's field errors shown at their fields.
import { act, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

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
vi.mock('../../../components/ionic/IonText', () => ({ IonText: ({ children }: { children: ReactNode }) => <div>{children}</div> }));
vi.mock('../../../components/ui/Page', () => import('../../../test/tela').then((m) => m.paginaFalsa));
const avisos = vi.hoisted(() => [] as string[]);
vi.mock('../../../components/ui/useToast', () => ({ useToast: () => (m: string) => avisos.push(m) }));

const api = vi.hoisted(() => {
  const estado = {
    calls: [] as { rota: string; method?: string; body?: unknown }[],
    responder: (body: unknown): Promise<unknown> => Promise.resolve(body),
  };
  const fn = (rota: string, o: { method?: string; body?: unknown } = {}): Promise<unknown> => {
    estado.calls.push({ rota, method: o.method, body: o.body });
    if (o.method === 'PUT') return estado.responder(o.body);
    return Promise.resolve({
      raio_metros: 200,
      fora_do_raio: 'avisar',
      precisao_maxima_metros: 100,
      idade_maxima_posicao_segundos: 120,
      checkout_automatico_minutos: 240,
      motivos_sem_venda: [{ id: 'loja-fechada', nome: 'Loja fechada', exige_foto: true }],
    });
  };
  return Object.assign(fn, { estado });
});
vi.mock('../../../lib/api/client', async (original) => ({ ...(await original<typeof import('../../../lib/api/client')>()), api }));

import { ApiError } from '../../../lib/api/client';
import { queryClient } from '../../../lib/query';
import { digitarEm, montarTela } from '../../../test/tela';
import ConfiguracaoVisitasPage from './ConfiguracaoVisitasPage';
import { validarConfiguracao, daConfiguracao } from '../utils/configuracao';

const tela = montarTela();
const esperar = async (f: () => unknown) => {
  for (let i = 0; i < 100 && !f(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(f()).toBeTruthy();
};
const campo = (nome: string, i = 0) => tela.container.querySelectorAll<HTMLInputElement>(`input[name=${nome}]`)[i];
const erroDe = (nome: string, i = 0) => campo(nome, i)?.closest('.text-field')?.querySelector('.field-error')?.textContent;
const enviar = () => act(async () => tela.container.querySelector('form')!.requestSubmit());
const puts = () => api.estado.calls.filter((c) => c.method === 'PUT');

beforeEach(() => {
  queryClient.clear();
  api.estado.calls.length = 0;
  api.estado.responder = (b) => Promise.resolve(b);
  avisos.length = 0;
});

async function abrir() {
  tela.render(<ConfiguracaoVisitasPage />);
  await esperar(() => tela.container.querySelector('[data-testid=form-configuracao-visitas]'));
}

describe('the visit settings form', () => {
  it('checks the server’s ranges and the reasons at each field, in pt-BR, before sending', async () => {
    await abrir();
    expect(campo('raio_metros').value).toBe('200');
    digitarEm(campo('raio_metros'), '5');
    digitarEm(campo('idade_maxima_posicao_segundos'), 'dez');
    await act(async () => tela.container.querySelector<HTMLButtonElement>('[data-testid=incluir-motivo]')!.click());
    digitarEm(campo('nome', 1), '  loja   FECHADA ');
    await enviar();
    await esperar(() => erroDe('raio_metros'));
    expect(erroDe('raio_metros')).toBe('O raio deve ficar entre 10 e 50000 metros.');
    expect(erroDe('idade_maxima_posicao_segundos')).toBe('A idade máxima da posição deve ficar entre 10 e 86400 segundos.');
    expect(erroDe('nome', 1)).toBe('O motivo "loja FECHADA" está repetido.');
    expect(erroDe('precisao_maxima_metros')).toBeUndefined();
    expect(tela.container.querySelector('[data-testid=erro-formulario]')?.textContent).toBe('Confira os campos destacados.');
    expect(puts()).toEqual([]);
  });

  it('sends the whole settings in one PUT: a new reason with exige_foto, the radius and bloquear', async () => {
    await abrir();
    digitarEm(campo('raio_metros'), '500');
    await act(async () => {
      const s = tela.container.querySelector<HTMLSelectElement>('select[name=fora_do_raio]')!;
      s.value = 'bloquear';
      s.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => tela.container.querySelector<HTMLButtonElement>('[data-testid=incluir-motivo]')!.click());
    digitarEm(campo('nome', 1), ' Cliente   sem dinheiro ');
    await act(async () => campo('exige_foto', 1).click());
    await enviar();
    await esperar(() => avisos.length);
    expect(avisos).toEqual(['Configuração de visitas salva.']);
    expect(puts()).toEqual([
      {
        rota: '/configuracao-visitas',
        method: 'PUT',
        body: {
          raio_metros: 500,
          fora_do_raio: 'bloquear',
          precisao_maxima_metros: 100,
          idade_maxima_posicao_segundos: 120,
          checkout_automatico_minutos: 240,
          motivos_sem_venda: [
            { id: 'loja-fechada', nome: 'Loja fechada', exige_foto: true },
            { id: '', nome: 'Cliente sem dinheiro', exige_foto: true },
          ],
        },
      },
    ]);
  });

  it('shows the server’s field errors at their fields', async () => {
    await abrir();
    api.estado.responder = () =>
      Promise.reject(new ApiError(400, { mensagem: 'Dados inválidos.', motivo: 'DADOS_INVALIDOS', campos: [{ campo: 'checkout_automatico_minutos', descricao: 'O check-out automático deve ficar entre 15 e 1440 minutos.' }] }));
    digitarEm(campo('checkout_automatico_minutos'), '60');
    await enviar();
    await esperar(() => erroDe('checkout_automatico_minutos'));
    expect(erroDe('checkout_automatico_minutos')).toBe('O check-out automático deve ficar entre 15 e 1440 minutos.');
  });

  it('the rules alone (the contract’s, in its order of fields): the defaults pass, every range has both ends', () => {
    const ok = daConfiguracao({
      raio_metros: 200,
      fora_do_raio: 'avisar',
      precisao_maxima_metros: 100,
      idade_maxima_posicao_segundos: 120,
      checkout_automatico_minutos: 240,
      motivos_sem_venda: [{ id: 'a', nome: 'A', exige_foto: false }],
      versao: '1',
      alterado_em: '',
    });
    expect(validarConfiguracao(ok)).toEqual({});
    expect(Object.keys(validarConfiguracao({ ...ok, raio_metros: '50001', precisao_maxima_metros: '4', checkout_automatico_minutos: '1441', fora_do_raio: 'x' }))).toEqual([
      'raio_metros',
      'fora_do_raio',
      'precisao_maxima_metros',
      'checkout_automatico_minutos',
    ]);
    expect(validarConfiguracao({ ...ok, raio_metros: '10', checkout_automatico_minutos: '1440' })).toEqual({});
    expect(validarConfiguracao({ ...ok, motivos_sem_venda: [{ id: '', nome: '  ', exige_foto: false }] })).toEqual({ 'motivos_sem_venda.0.nome': 'Cada motivo precisa de um nome.' });
  });
});
