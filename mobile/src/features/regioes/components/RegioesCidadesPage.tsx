import { useSearchParams } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { useEscolha } from '../../../components/useEscolha';
import { obterRegiao } from '../../../entities/endereco/api';
import { useCidadesDaRegiao, useDefinirCidadesDaRegiao, useRegiao } from '../api/regioes';
import { mensagemDeErro } from '../../../lib/api/client';
import { useSession } from '../../../lib/session';
import { pode } from '../../../lib/permissoes';

function Cidades({ id }: { id: string }) {
  const { profile } = useSession();
  const admin = pode(profile?.perfil, 'regioes.gerenciar');
  const toast = useToast();
  const confirm = useConfirm();
  const regiao = useRegiao(id);
  const ibges = regiao.data?.cidades ?? [];
  const cidades = useCidadesDaRegiao(ibges);

  const salvar = useDefinirCidadesDaRegiao(id, {
    onSuccess: () => {
      toast('Cidades da região salvas.', { duration: 2500, position: 'bottom', color: 'success' });
    },
    onError: (err) => toast(mensagemDeErro(err), { duration: 5000, position: 'bottom', color: 'danger' }),
  });

  const escolherCidades = useEscolha(`crm-regioes-cidades/${id}`, (r) => {
    void obterRegiao(id).then((atual) => {
      const novas = r.valores.filter((x) => !atual.cidades.includes(x));
      if (novas.length) salvar.mutate([...atual.cidades, ...novas]);
    });
  });

  if (regiao.isPending) return <IonSpinner name="dots" />;
  if (regiao.isError) return <ErrorState error={regiao.error} onRetry={() => void regiao.refetch()} />;
  const r = regiao.data;
  const lista = [...(cidades.data ?? [])].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));

  return (
    <div className="narrow">
      <h2 style={{ marginTop: 0 }} data-testid="nome-regiao">
        {r.nome}
      </h2>
      {admin ? (
        <IonButton
          expand="block"
          disabled={salvar.isPending}
          onClick={() => escolherCidades({ tipo: 'cidades', titulo: `Cidades de ${r.nome}`, opcoes: [], multipla: true, selecionados: [] })}
        >
          {salvar.isPending ? <IonSpinner name="dots" /> : 'Adicionar cidades'}
        </IonButton>
      ) : null}
      {ibges.length === 0 ? (
        <EmptyState>Nenhuma cidade nesta região.</EmptyState>
      ) : cidades.isPending ? (
        <IonSpinner name="dots" />
      ) : cidades.isError ? (
        <ErrorState error={cidades.error} onRetry={() => void cidades.refetch()} />
      ) : (
        <ul className="lista-simples" data-testid="cidades-regiao" style={{ marginTop: 12 }}>
          {lista.map((c) => (
            <li key={c.ibge} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '8px 16px' }}>
              <span>
                {c.nome}/{c.uf} <small className="muted">{c.ibge}</small>
              </span>
              {admin ? (
                <button
                  type="button"
                  className="chip"
                  aria-label={`Remover ${c.nome}`}
                  onClick={() =>
                    void confirm({ header: 'Remover cidade', message: `Remover ${c.nome}/${c.uf} da região ${r.nome}?` }).then(
                      (ok) => ok && salvar.mutate(r.cidades.filter((x) => x !== c.ibge)),
                    )
                  }
                >
                  Remover
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function RegioesCidadesPage() {
  const [params] = useSearchParams();
  const id = params.get('regiao');
  return (
    <QueryBoundary>
      <Page title="Cidades da região" backHref="/crm-regioes">
        {id ? <Cidades id={id} /> : <EmptyState>Nenhuma região indicada.</EmptyState>}
      </Page>
    </QueryBoundary>
  );
}
