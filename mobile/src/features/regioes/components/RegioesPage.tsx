import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { TextField } from '../../../components/ui/TextField';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { useEscolha } from '../../../components/useEscolha';
import { useOperadores } from '../../../components/useOperadores';
import { todasRegioes } from '../../../entities/endereco/api';
import { useCriarRegiao, useDefinirOperadoresDaRegiao, useExcluirRegiao, useRegioes, useRenomearRegiao } from '../api/regioes';
import { errosDeCampo, mensagemDeErro } from '../../../lib/api/client';
import { useSession } from '../../../lib/session';
import { pode } from '../../../lib/permissoes';

function NomeRegiao({ inicial, onSalvar, pendente, erro, rotulo }: { inicial: string; onSalvar: (nome: string) => void; pendente: boolean; erro: string; rotulo: string }) {
  const [nome, setNome] = useState(inicial);
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (nome.trim()) onSalvar(nome.trim());
  };
  return (
    <form className="form-stack" onSubmit={enviar} noValidate>
      <TextField label="Nome da região" name="nome" value={nome} onValue={setNome} error={erro} />
      <IonButton type="submit" disabled={pendente || !nome.trim()}>
        {pendente ? <IonSpinner name="dots" /> : rotulo}
      </IonButton>
    </form>
  );
}

function Regioes() {
  const { profile } = useSession();
  const admin = pode(profile?.perfil, 'regioes.gerenciar');
  const toast = useToast();
  const confirm = useConfirm();
  const ops = useOperadores();
  const [criando, setCriando] = useState(false);
  const [renomeando, setRenomeando] = useState<string | null>(null);
  const [erro, setErro] = useState('');
  const q = useRegioes();
  const falhou = (err: unknown) => {
    const campos = errosDeCampo(err);
    setErro(campos.nome || mensagemDeErro(err));
  };

  const criar = useCriarRegiao({
    onSuccess: (r) => {
      setCriando(false);
      setErro('');
      toast(`Região ${r.nome} criada.`, { duration: 2500, position: 'bottom', color: 'success' });
    },
    onError: falhou,
  });
  const renomear = useRenomearRegiao({
    onSuccess: () => {
      setRenomeando(null);
      setErro('');
    },
    onError: falhou,
  });
  const definirOperadores = useDefinirOperadoresDaRegiao({
    onSuccess: () => {
      toast('Operadores da região salvos.', { duration: 2500, position: 'bottom', color: 'success' });
    },
    onError: (err) => toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' }),
  });
  const excluir = useExcluirRegiao({
    onSuccess: () => {
      toast('Região excluída.', { duration: 2500, position: 'bottom' });
    },
    onError: (err) => toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' }),
  });

  const escolherOperadores = useEscolha('crm-regioes/operadores', (res) => {
    // The list may not be loaded yet when coming back: read it fresh.
    void todasRegioes().then((todas) => {
      const r = todas.find((x) => x.id === res.contexto);
      if (r) definirOperadores.mutate({ r, ids: res.valores });
    });
  });

  const regioes = q.data ?? [];
  return (
    <div className="narrow">
      {admin ? (
        criando ? (
          <div className="cartao">
            <NomeRegiao inicial="" rotulo="Criar região" pendente={criar.isPending} erro={erro} onSalvar={(n) => criar.mutate(n)} />
            <IonButton fill="clear" onClick={() => setCriando(false)}>
              Cancelar
            </IonButton>
          </div>
        ) : (
          <IonButton expand="block" onClick={() => (setErro(''), setCriando(true))}>
            Nova região
          </IonButton>
        )
      ) : null}
      {q.isPending ? (
        <div className="ion-padding">
          <IonSpinner name="dots" />
        </div>
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : regioes.length === 0 ? (
        <EmptyState>Nenhuma região cadastrada.</EmptyState>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0 }} data-testid="lista-regioes">
          {regioes.map((r) => (
            <li key={r.id} className="cartao" data-regiao={r.nome}>
              {renomeando === r.id ? (
                <>
                  <NomeRegiao inicial={r.nome} rotulo="Salvar nome" pendente={renomear.isPending} erro={erro} onSalvar={(nome) => renomear.mutate({ r, nome })} />
                  <IonButton fill="clear" onClick={() => setRenomeando(null)}>
                    Cancelar
                  </IonButton>
                </>
              ) : (
                <>
                  <strong>{r.nome}</strong>
                  <p className="muted" style={{ margin: '4px 0', fontSize: '0.88rem' }}>
                    {r.cidades.length} cidade(s)
                    {!r.operadores.length ? ' · nenhum operador' : ops.gestor ? ` · ${r.operadores.map(ops.nome).join(', ')}` : ` · ${r.operadores.length} operador(es)`}
                  </p>
                  <div className="acoes">
                    <Link to={`/crm-regioes-cidades?regiao=${encodeURIComponent(r.id)}`}>Cidades</Link>
                    {admin ? (
                      <>
                        <button
                          type="button"
                          onClick={() =>
                            escolherOperadores({
                              titulo: `Operadores de ${r.nome}`,
                              opcoes: ops.lista
                                .filter((o) => o.ativo && o.perfil_app !== 'ADMIN')
                                .map((o) => ({ valor: o.id, rotulo: o.nome_operador, detalhe: o.perfil_app === 'SUPERVISOR' ? 'Supervisor' : 'Vendedor' })),
                              multipla: true,
                              selecionados: r.operadores,
                              contexto: r.id,
                            })
                          }
                        >
                          Operadores
                        </button>
                        <button type="button" onClick={() => (setErro(''), setRenomeando(r.id))}>
                          Renomear
                        </button>
                        <button
                          type="button"
                          className="perigo"
                          onClick={() =>
                            void confirm({ header: 'Excluir região', message: `Excluir a região ${r.nome}? Os clientes das suas cidades ficam sem região.` }).then(
                              (ok) => ok && excluir.mutate(r),
                            )
                          }
                        >
                          Excluir
                        </button>
                      </>
                    ) : null}
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {erro && !criando && !renomeando ? (
        <IonText color="danger">
          <p>{erro}</p>
        </IonText>
      ) : null}
    </div>
  );
}

export default function RegioesPage() {
  return (
    <QueryBoundary>
      <Page title="Regiões" backHref="/crm-home">
        <Regioes />
      </Page>
    </QueryBoundary>
  );
}
