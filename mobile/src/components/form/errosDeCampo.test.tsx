import { act, useState, type FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { montarTela } from '../../test/tela';
import { TextField } from '../ui/TextField';
import { useErrosDeCampo } from './errosDeCampo';

const tela = montarTela();

/** A form kept in its own state, as the operator's and the survey's: its check on submit, the server's errors after. */
function Formulario({ servidor }: { servidor?: Record<string, string> }) {
  const [nome, setNome] = useState('');
  const [email, setEmail] = useState('');
  const [campos, setCampos] = useErrosDeCampo({ nome_operador: nome, email });
  function enviar(e: FormEvent) {
    e.preventDefault();
    const faltando: Record<string, string> = {};
    if (!nome.trim()) faltando.nome_operador = 'Informe o nome.';
    if (!email.trim()) faltando.email = 'Informe o e-mail.';
    setCampos(Object.keys(faltando).length ? faltando : (servidor ?? {}));
  }
  return (
    <form onSubmit={enviar}>
      <TextField label="Nome" name="nome_operador" value={nome} onValue={setNome} error={campos.nome_operador} />
      <TextField label="E-mail" name="email" value={email} onValue={setEmail} error={campos.email} />
      {campos.equipe ? <p className="field-error">{campos.equipe}</p> : null}
      <button type="submit">Salvar</button>
    </form>
  );
}

function digitar(nome: string, valor: string) {
  const el = tela.container.querySelector<HTMLInputElement>(`input[name=${nome}]`)!;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, valor);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

const erros = () => [...tela.container.querySelectorAll('.field-error')].map((p) => p.textContent);
const enviar = () => act(async () => tela.container.querySelector('button')!.click());

describe('field errors of a form kept in its own state (issue 21 §5)', () => {
  it('"Informe o …" goes away as soon as its field is filled, the other stays; the next check decides again', async () => {
    tela.render(<Formulario servidor={{ equipe: 'Escolha a equipe.' }} />);
    await enviar();
    expect(erros()).toEqual(['Informe o nome.', 'Informe o e-mail.']);
    await act(async () => digitar('nome_operador', 'M'));
    expect(erros()).toEqual(['Informe o e-mail.']);
    await act(async () => digitar('email', 'm@x.com'));
    expect(erros()).toEqual([]);
    // Emptied again: the field holds what the error was about.
    await act(async () => digitar('nome_operador', ''));
    expect(erros()).toEqual(['Informe o nome.']);
    await act(async () => digitar('nome_operador', 'Maria'));
    // A name the values do not have (the server's equipe) shows until the next set.
    await enviar();
    expect(erros()).toEqual(['Escolha a equipe.']);
    await act(async () => digitar('nome_operador', 'Maria S'));
    expect(erros()).toEqual(['Escolha a equipe.']);
  });
});
