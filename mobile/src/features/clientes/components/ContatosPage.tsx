import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { resolverDe } from '../../../components/form/resolver';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { CampoMarcar, CampoTexto } from '../../../components/form/campos';
import { EditorSubitens } from '../../../components/form/EditorSubitens';
import { aplicarErrosDoServidor, irParaPrimeiroErro } from '../../../components/form/erros';
import { useToast } from '../../../components/ui/useToast';
import { mensagemDeErro } from '../../../lib/api/client';
import type { Cliente } from '../../../lib/api/types';
import { formatarTelefone } from '../../../lib/format/phone';
import { linkEmail, linkTelefone, linkWhatsApp } from '../../../lib/format/links';
import { aniversarioParaTela, doContato, esquemaContato, novoContato, paraContato, type ValoresContato } from '../utils/contatos';
import { ClienteDoParam } from './ClienteDoParam';
import { useRemoverContato, useSalvarContato } from '../api/gravar';
import { mensagemDoEnvio } from '../../../components/sync/mensagemDoEnvio';

function Formulario({ cliente, inicial, novo, onFim }: { cliente: Cliente; inicial: ValoresContato; novo: boolean; onFim: () => void }) {
  const toast = useToast();
  const [erro, setErro] = useState('');
  const form = useForm<ValoresContato>({ defaultValues: inicial, resolver: resolverDe(esquemaContato), mode: 'onTouched' });
  const salvar = useSalvarContato({
    onSuccess: (r) => {
      toast(...mensagemDoEnvio(r, novo ? 'Contato incluído.' : 'Contato salvo.'));
      onFim();
    },
    onError: (err) => {
      setErro(aplicarErrosDoServidor(err, form.setError, (k) => k.replace(/^contatos?(\[\d+\])?\./, '')));
      irParaPrimeiroErro();
    },
  });
  const enviar = form.handleSubmit(
    (v) => {
      setErro('');
      salvar.mutate({ clienteId: cliente.id, contato: paraContato(v), nomeCliente: cliente.nome });
    },
    () => {
      setErro('Confira os campos destacados.');
      irParaPrimeiroErro();
    },
  );
  const c = form.control;
  return (
    <form className="cartao form-stack" onSubmit={(e) => void enviar(e)} noValidate data-testid="form-contato">
      <h3 style={{ margin: 0 }}>{novo ? 'Novo contato' : 'Editar contato'}</h3>
      <CampoTexto controle={c} nome="nome" rotulo="Nome" max={150} />
      <CampoTexto controle={c} nome="cargo" rotulo="Cargo" max={80} />
      <div className="row-2 linha-telefones">
        <CampoTexto controle={c} nome="telefone" rotulo="Telefone" mascara="telefone" inputMode="tel" />
        <CampoTexto controle={c} nome="celular" rotulo="Celular" mascara="telefone" inputMode="tel" />
      </div>
      <CampoTexto controle={c} nome="email" rotulo="E-mail" type="email" inputMode="email" />
      <CampoTexto controle={c} nome="aniversario" rotulo="Aniversário (dd/mm ou dd/mm/aaaa)" mascara="aniversario" inputMode="numeric" />
      <CampoMarcar controle={c} nome="principal" rotulo="Contato principal" />
      {erro ? (
        <IonText color="danger" role="alert">
          <p>{erro}</p>
        </IonText>
      ) : null}
      <div className="row-2">
        <IonButton type="button" fill="outline" onClick={onFim}>
          Cancelar
        </IonButton>
        <IonButton type="submit" disabled={salvar.isPending}>
          {salvar.isPending ? <IonSpinner name="dots" /> : 'Salvar contato'}
        </IonButton>
      </div>
    </form>
  );
}

function Contatos({ c }: { c: Cliente }) {
  const id = c.id;
  const toast = useToast();
  const remover = useRemoverContato({
    onSuccess: (r) => toast(...mensagemDoEnvio(r, 'Contato removido.')),
    onError: (err) => toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' }),
  });
  return (
    <EditorSubitens
      itens={c.contatos}
      testId="lista-contatos"
      vazio="Nenhum contato cadastrado."
      rotuloIncluir="Incluir contato"
      ordem={(a, b) => a.nome.localeCompare(b.nome, 'pt-BR')}
      titulo={(ct) => ct.nome}
      detalhe={(ct) => (
        <>
          {ct.cargo ? <small className="muted"> · {ct.cargo}</small> : null}
          <p style={{ margin: '4px 0', fontSize: '0.9rem' }}>
            {[ct.celular, ct.telefone].filter(Boolean).map(formatarTelefone).join(' · ')}
            {ct.email ? ` · ${ct.email}` : ''}
            {ct.aniversario ? ` · Aniversário ${aniversarioParaTela(ct.aniversario)}` : ''}
          </p>
        </>
      )}
      acoes={(ct) => {
        const tel = linkTelefone(ct.celular || ct.telefone);
        // WhatsApp only for a mobile number: the contact's celular, else a telefone that is one.
        const wa = linkWhatsApp(ct.celular) ?? linkWhatsApp(ct.telefone);
        const mail = linkEmail(ct.email);
        return (
          <>
            {tel ? <a href={tel}>Ligar</a> : null}
            {wa ? (
              <a href={wa} target="_blank" rel="noopener noreferrer">
                WhatsApp
              </a>
            ) : null}
            {mail ? <a href={mail}>E-mail</a> : null}
          </>
        );
      }}
      confirmarRemocao={(ct) => ({ header: 'Remover contato', message: `Remover o contato ${ct.nome}?` })}
      onRemover={(ct) => remover.mutate({ clienteId: id, id: ct.id, nomeCliente: c.nome })}
      removendo={remover.isPending}
      novo={novoContato}
      deItem={doContato}
      formulario={({ inicial, novo, onFim }) => <Formulario cliente={c} inicial={inicial} novo={novo} onFim={onFim} />}
    />
  );
}

export default function ContatosPage() {
  return (
    <QueryBoundary>
      <Page title="Contatos" backHref="/crm-clientes">
        <ClienteDoParam>{(c) => <Contatos c={c} />}</ClienteDoParam>
      </Page>
    </QueryBoundary>
  );
}
