import { useState } from 'react';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonRefresher } from '../../../components/ionic/IonRefresher';
import { IonRefresherContent } from '../../../components/ionic/IonRefresherContent';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { SelectField } from '../../../components/ui/SelectField';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { mensagemDoEnvio } from '../../../components/sync/mensagemDoEnvio';
import { useEscolha } from '../../../components/useEscolha';
import { linhasDoResumo, useOperadores } from '../../../components/useOperadores';
import type { Operador } from '../../../lib/api/types';
import { mensagemDeErro } from '../../../lib/api/client';
import { clientesDoEscopo, useAtribuirClientes, useAtualizarCarteira, useResumoCarteira, useTransferencias, useTransferirCarteira } from '../api/carteira';
import type { OpcaoEscolha } from '../../../lib/escolha';
import { formatarDataHora } from '../../../lib/format/date';
import { formatarDocumento } from '../../../lib/format/document';
import { useSession } from '../../../lib/session';
import { novoId } from '../../../lib/uuid';
import { Importar } from './Importar';
import { pode } from '../../../lib/permissoes';

function Resumo({ nome, operadores }: { nome: (id: string) => string; operadores: readonly Operador[] }) {
  const q = useResumoCarteira();
  if (q.isPending) return <IonSpinner name="dots" />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  // Sellers only; an ADMIN or SUPERVISOR appears only while still holding customers (older data).
  const linhas = linhasDoResumo(q.data.vendedores, operadores).sort((a, b) => nome(a.vendedor_id).localeCompare(nome(b.vendedor_id), 'pt-BR'));
  if (linhas.length === 0) return <EmptyState>Nenhum cliente na carteira.</EmptyState>;
  const soma = (k: 'clientes' | 'ativos' | 'bloqueados' | 'inativos') => linhas.reduce((n, l) => n + (l[k] || 0), 0);
  return (
    <table className="tabela" data-testid="resumo-carteira">
      <thead>
        <tr>
          <th>Vendedor</th>
          <th className="num">Clientes</th>
          <th className="num">Ativos</th>
          <th className="num">Bloq.</th>
          <th className="num">Inativos</th>
        </tr>
      </thead>
      <tbody>
        {linhas.map((l) => (
          <tr key={l.vendedor_id} data-vendedor={l.vendedor_id}>
            <td>{nome(l.vendedor_id) || 'Sem vendedor'}</td>
            <td className="num">{l.clientes}</td>
            <td className="num">{l.ativos}</td>
            <td className="num">{l.bloqueados}</td>
            <td className="num">{l.inativos}</td>
          </tr>
        ))}
        {linhas.length > 1 ? (
          <tr>
            <td>
              <strong>Total</strong>
            </td>
            <td className="num">
              <strong>{soma('clientes')}</strong>
            </td>
            <td className="num">{soma('ativos')}</td>
            <td className="num">{soma('bloqueados')}</td>
            <td className="num">{soma('inativos')}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

function Transferir({ opcoes, nome, naoVendedor }: { opcoes: OpcaoEscolha[]; nome: (id: string) => string; naoVendedor: (id: string) => boolean }) {
  const toast = useToast();
  const confirm = useConfirm();
  const [de, setDe] = useState('');
  const [para, setPara] = useState('');
  const resumo = useResumoCarteira();
  const qtd = resumo.data?.vendedores.find((v) => v.vendedor_id === de)?.clientes ?? 0;
  const m = useTransferirCarteira({
    onSuccess: (r) => {
      toast(...mensagemDoEnvio(r, `${r.registro?.quantidade ?? 0} cliente(s) transferido(s) para ${nome(r.registro?.para_vendedor_id ?? '')}.`));
      setDe('');
      setPara('');
    },
    onError: (err) => toast(mensagemDeErro(err), { duration: 5000, position: 'bottom', color: 'danger' }),
  });
  const ops = [{ value: '', label: 'Escolha' }, ...opcoes.map((o) => ({ value: o.valor, label: o.rotulo }))];
  // From: also an ADMIN or SUPERVISOR still holding customers (older data), to move them to a seller.
  const antigos = (resumo.data?.vendedores ?? [])
    .filter((v) => v.clientes > 0 && naoVendedor(v.vendedor_id))
    .map((v) => ({ value: v.vendedor_id, label: `${nome(v.vendedor_id)} (não é vendedor)` }));
  return (
    <div className="form-stack">
      <div className="row-2">
        <SelectField label="De" name="de_vendedor" value={de} onValue={setDe} options={[...ops, ...antigos]} />
        <SelectField label="Para" name="para_vendedor" value={para} onValue={setPara} options={ops.filter((o) => !o.value || o.value !== de)} />
      </div>
      {de && resumo.data && qtd === 0 ? (
        <p className="muted" role="status" style={{ margin: 0 }}>
          {nome(de)} não tem clientes na carteira: nada a transferir.
        </p>
      ) : null}
      <IonButton
        disabled={!de || !para || de === para || (Boolean(resumo.data) && qtd === 0) || m.isPending}
        onClick={() =>
          void confirm({
            header: 'Transferir carteira',
            message: resumo.data ? `Transferir todos os ${qtd} cliente(s) de ${nome(de)} para ${nome(para)}?` : `Transferir todos os clientes de ${nome(de)} para ${nome(para)}?`,
          }).then((ok) => ok && m.mutate({ id: novoId(), de, para, deNome: nome(de), paraNome: nome(para) }))
        }
      >
        {m.isPending ? <IonSpinner name="dots" /> : 'Transferir carteira'}
      </IonButton>
    </div>
  );
}

/** Customers of the operator's scope as chooser options. */
async function opcoesClientes(nome: (id: string) => string): Promise<OpcaoEscolha[]> {
  const lista = await clientesDoEscopo();
  return lista.map((c) => ({ valor: c.id, rotulo: c.nome, detalhe: `${c.documento ? formatarDocumento(c.documento) : ''} · ${nome(c.vendedor_id)}` }));
}

function Atribuir({ opcoes, nome }: { opcoes: OpcaoEscolha[]; nome: (id: string) => string }) {
  const toast = useToast();
  const [escolhidos, setEscolhidos] = useState<OpcaoEscolha[]>([]);
  const [para, setPara] = useState('');
  const [abrindo, setAbrindo] = useState(false);
  const escolher = useEscolha('carteira/atribuir', (r) => setEscolhidos(r.opcoes));
  const m = useAtribuirClientes({
    onSuccess: (r) => {
      toast(...mensagemDoEnvio(r, `${r.registro?.quantidade ?? 0} cliente(s) atribuído(s) a ${nome(r.registro?.para_vendedor_id ?? '')}.`));
      setEscolhidos([]);
      setPara('');
    },
    onError: (err) => toast(mensagemDeErro(err), { duration: 5000, position: 'bottom', color: 'danger' }),
  });
  const atribuir = () =>
    m.mutate({
      id: novoId(),
      clienteIds: escolhidos.map((o) => o.valor),
      para,
      paraNome: nome(para),
      resumo: escolhidos.length === 1 ? escolhidos[0].rotulo : `${escolhidos.length} clientes`,
    });
  return (
    <div className="form-stack">
      <IonButton
        fill="outline"
        disabled={abrindo}
        onClick={async () => {
          setAbrindo(true);
          try {
            const o = await opcoesClientes(nome);
            escolher({ titulo: 'Escolher clientes', opcoes: o, multipla: true, selecionados: escolhidos.map((x) => x.valor) });
          } catch (err) {
            toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' });
          } finally {
            setAbrindo(false);
          }
        }}
      >
        {abrindo ? <IonSpinner name="dots" /> : escolhidos.length ? `${escolhidos.length} cliente(s) escolhido(s) — alterar` : 'Escolher clientes'}
      </IonButton>
      {escolhidos.length ? (
        <p className="muted" style={{ margin: 0, fontSize: '0.85rem' }}>
          {escolhidos
            .slice(0, 5)
            .map((o) => o.rotulo)
            .join(', ')}
          {escolhidos.length > 5 ? ` e mais ${escolhidos.length - 5}` : ''}
        </p>
      ) : null}
      <SelectField label="Para o vendedor" name="atribuir_para" value={para} onValue={setPara} options={[{ value: '', label: 'Escolha' }, ...opcoes.map((o) => ({ value: o.valor, label: o.rotulo }))]} />
      <IonButton disabled={!escolhidos.length || !para || m.isPending} onClick={atribuir}>
        {m.isPending ? <IonSpinner name="dots" /> : 'Atribuir'}
      </IonButton>
    </div>
  );
}

function Historico({ nome }: { nome: (id: string) => string }) {
  const q = useTransferencias();
  const itens = q.data?.pages.flatMap((p) => p.transferencias) ?? [];
  if (q.isPending) return <IonSpinner name="dots" />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (itens.length === 0) return <p className="muted">Nenhuma transferência.</p>;
  return (
    <>
      <ul className="lista-simples" data-testid="historico-transferencias">
        {itens.map((t) => (
          <li key={t.id} style={{ padding: '8px 16px' }}>
            <strong>
              {t.quantidade} cliente(s) {t.de_vendedor_id ? `de ${nome(t.de_vendedor_id)} ` : ''}para {nome(t.para_vendedor_id)}
            </strong>
            <small>
              {formatarDataHora(t.em)} · por {nome(t.por)} · {t.de_vendedor_id ? 'transferência de carteira' : 'atribuição'}
            </small>
          </li>
        ))}
      </ul>
      <MaisPaginas consulta={q} />
    </>
  );
}

function Carteira() {
  const atualizar = useAtualizarCarteira();
  const { profile } = useSession();
  const perfil = profile?.perfil;
  const ops = useOperadores();
  const vendedores = ops.vendedores;
  return (
    <>
      <IonRefresher slot="fixed" onIonRefresh={(e) => void atualizar().finally(() => e.detail.complete())}>
        <IonRefresherContent pullingText="Puxe para atualizar" refreshingText="Atualizando…" />
      </IonRefresher>
      <div className="narrow">
        <section className="secao">
          <h3>Clientes por vendedor</h3>
          <Resumo nome={ops.nome} operadores={ops.lista} />
        </section>
        {pode(perfil, 'carteira.transferir') ? (
          <section className="secao cartao" aria-label="Transferir carteira">
            <h3>Transferir carteira</h3>
            <Transferir opcoes={vendedores} nome={ops.nome} naoVendedor={ops.naoVendedor} />
          </section>
        ) : null}
        {pode(perfil, 'carteira.atribuir') ? (
          <section className="secao cartao" aria-label="Atribuir clientes">
            <h3>Atribuir clientes</h3>
            <Atribuir opcoes={vendedores} nome={ops.nome} />
          </section>
        ) : null}
        {pode(perfil, 'clientes.importar') ? (
          <section className="secao cartao" aria-label="Importar clientes" id="importar">
            <h3>Importar clientes (CSV)</h3>
            <Importar />
          </section>
        ) : null}
        {pode(perfil, 'carteira.historico') ? (
          <section className="secao">
            <h3>Histórico de transferências</h3>
            <Historico nome={ops.nome} />
          </section>
        ) : null}
        <div style={{ height: 40 }} />
      </div>
    </>
  );
}

export default function CarteiraPage() {
  return (
    <QueryBoundary>
      <Page title="Carteira" backHref="/crm-home">
        <Carteira />
      </Page>
    </QueryBoundary>
  );
}
