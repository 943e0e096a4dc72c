import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { add } from 'ionicons/icons';
import { IonText } from '../../components/ionic/IonText';
import { Page } from '../../components/ui/Page';
import { PageLoading } from '../../components/ui/PageLoading';
import { QueryBoundary } from '../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../components/ui/ErrorState';
import { TextField } from '../../components/ui/TextField';
import { useConfirm } from '../../components/ui/useConfirm';
import { useToast } from '../../components/ui/useToast';
import { removerContatoOp, salvarContatoOp } from '../../entities/cliente/operacoes';
import { errosDeCampo, mensagemDeErro } from '../../lib/api/client';
import type { Cliente } from '../../lib/api/types';
import { formatarTelefone } from '../../lib/format/phone';
import { mascaraTelefone } from '../../lib/format/masks';
import { linkEmail, linkTelefone, linkWhatsApp } from '../../lib/format/links';
import { aniversarioParaTela, doContato, mascaraAniversario, novoContato, paraContato, validarContato, type ValoresContato } from './contatos';
import { useClienteDoParam } from './useClienteDoParam';
import { digitos } from '../../lib/format/digitos';


type Gravar = ReturnType<typeof useClienteDoParam>['gravar'];

function Formulario({ cliente, inicial, onFim, gravar }: { cliente: Cliente; inicial: ValoresContato; onFim: () => void; gravar: Gravar }) {
  const toast = useToast();
  const [v, setV] = useState(inicial);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erro, setErro] = useState('');
  const novo = !cliente.contatos.some((c) => c.id === inicial.id);
  const set = <K extends keyof ValoresContato>(k: K, x: ValoresContato[K]) => setV((o) => ({ ...o, [k]: x }));

  const salvar = useMutation({
    mutationFn: (val: ValoresContato) =>
      gravar(salvarContatoOp, { clienteId: cliente.id, contato: paraContato(val), nomeCliente: cliente.nome }, novo ? 'Contato incluído.' : 'Contato salvo.'),
    onSuccess: (msg) => {
      toast(msg, { duration: 3000, position: 'bottom', color: 'success' });
      onFim();
    },
    onError: (err) => {
      setErro(mensagemDeErro(err));
      const campos: Record<string, string> = {};
      for (const [k, m] of Object.entries(errosDeCampo(err))) campos[k.replace(/^contatos?(\[\d+\])?\./, '')] = m;
      setErros(campos);
    },
  });

  function enviar(e: FormEvent) {
    e.preventDefault();
    setErro('');
    const f = validarContato(v);
    setErros(f);
    if (Object.keys(f).length) {
      setErro('Confira os campos destacados.');
      return;
    }
    salvar.mutate(v);
  }

  return (
    <form className="cartao form-stack" onSubmit={enviar} noValidate data-testid="form-contato">
      <h3 style={{ margin: 0 }}>{novo ? 'Novo contato' : 'Editar contato'}</h3>
      <TextField label="Nome" name="nome" value={v.nome} onValue={(x) => set('nome', x)} error={erros.nome} />
      <TextField label="Cargo" name="cargo" value={v.cargo} onValue={(x) => set('cargo', x)} error={erros.cargo} />
      <div className="row-2">
        <TextField
          label="Telefone"
          name="telefone"
          inputMode="tel"
          value={v.telefone}
          onValue={(x) => set('telefone', mascaraTelefone(x, digitos(x).length > 10 ? 'celular' : 'fixo'))}
          error={erros.telefone}
        />
        <TextField label="Celular" name="celular" inputMode="tel" value={v.celular} onValue={(x) => set('celular', mascaraTelefone(x, 'celular'))} error={erros.celular} />
      </div>
      <TextField label="E-mail" name="email" type="email" inputMode="email" value={v.email} onValue={(x) => set('email', x)} error={erros.email} />
      <TextField
        label="Aniversário (dd/mm ou dd/mm/aaaa)"
        name="aniversario"
        inputMode="numeric"
        value={v.aniversario}
        onValue={(x) => set('aniversario', mascaraAniversario(x))}
        error={erros.aniversario}
      />
      <label className="check-field">
        <input type="checkbox" name="principal" checked={v.principal} onChange={(e) => set('principal', e.target.checked)} />
        Contato principal
      </label>
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

function Contatos() {
  const { id, cliente: c, carregando, erro: erroCliente, recarregar, gravar } = useClienteDoParam();
  const confirm = useConfirm();
  const toast = useToast();
  const [editando, setEditando] = useState<ValoresContato | null>(null);
  const remover = useMutation({
    mutationFn: (contatoId: string) => gravar(removerContatoOp, { clienteId: id, id: contatoId, nomeCliente: c?.nome ?? '' }, 'Contato removido.'),
    onSuccess: (msg) => toast(msg, { duration: 3000, position: 'bottom' }),
    onError: (err) => toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' }),
  });
  if (!id) return <EmptyState>Nenhum cliente indicado.</EmptyState>;
  if (carregando) return <PageLoading />;
  if (!c) return <ErrorState error={erroCliente} onRetry={recarregar} />;
  const lista = [...c.contatos].sort((a, b) => Number(b.principal) - Number(a.principal) || a.nome.localeCompare(b.nome, 'pt-BR'));
  return (
    <div className="narrow">
      <p className="muted" style={{ marginTop: 0 }}>
        {c.nome}
      </p>
      {editando ? <Formulario key={editando.id} cliente={c} inicial={editando} onFim={() => setEditando(null)} gravar={gravar} /> : null}
      {lista.length === 0 && !editando ? <EmptyState>Nenhum contato cadastrado.</EmptyState> : null}
      <ul style={{ listStyle: 'none', padding: 0 }} data-testid="lista-contatos">
        {lista.map((ct) => {
          const fone = ct.celular || ct.telefone;
          const tel = linkTelefone(fone);
          const wa = linkWhatsApp(ct.celular || ct.telefone);
          const mail = linkEmail(ct.email);
          return (
            <li key={ct.id} className="cartao">
              <strong>
                {ct.nome}
                {ct.principal ? <span className="selo">principal</span> : null}
              </strong>
              {ct.cargo ? <small className="muted"> · {ct.cargo}</small> : null}
              <p style={{ margin: '4px 0', fontSize: '0.9rem' }}>
                {[ct.celular, ct.telefone].filter(Boolean).map(formatarTelefone).join(' · ')}
                {ct.email ? ` · ${ct.email}` : ''}
                {ct.aniversario ? ` · Aniversário ${aniversarioParaTela(ct.aniversario)}` : ''}
              </p>
              <div className="acoes">
                {tel ? <a href={tel}>Ligar</a> : null}
                {wa ? (
                  <a href={wa} target="_blank" rel="noopener noreferrer">
                    WhatsApp
                  </a>
                ) : null}
                {mail ? <a href={mail}>E-mail</a> : null}
                <button type="button" onClick={() => setEditando(doContato(ct))}>
                  Editar
                </button>
                <button
                  type="button"
                  className="perigo"
                  disabled={remover.isPending}
                  onClick={() => void confirm({ header: 'Remover contato', message: `Remover o contato ${ct.nome}?` }).then((ok) => ok && remover.mutate(ct.id))}
                >
                  Remover
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {!editando ? (
        <IonButton expand="block" onClick={() => setEditando(novoContato(c.contatos.length === 0))}>
          <IonIcon slot="start" icon={add} aria-hidden="true" />
          Incluir contato
        </IonButton>
      ) : null}
    </div>
  );
}

export default function ContatosPage() {
  return (
    <QueryBoundary>
      <Page title="Contatos" backHref="/crm-clientes">
        <Contatos />
      </Page>
    </QueryBoundary>
  );
}
