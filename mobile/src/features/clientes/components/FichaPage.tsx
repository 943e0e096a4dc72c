import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { createOutline } from 'ionicons/icons';
import { Page } from '../../../components/ui/Page';
import { PageLoading } from '../../../components/ui/PageLoading';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { AvisoCopia } from '../../../components/ui/AvisoCopia';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { mensagemDoEnvio } from '../../../components/sync/mensagemDoEnvio';
import { useEscolha } from '../../../components/useEscolha';
import { useOperadores } from '../../../components/useOperadores';
import { useCliente, useSituacaoClientes } from '../../../entities/cliente/hooks';
import { usePesquisa, useRespostas } from '../../../entities/pesquisa/queries';
import { useExcluirCliente, useTransferirCliente } from '../api/gravar';
import { novoId } from '../../../lib/uuid';
import { mensagemDeErro } from '../../../lib/api/client';
import type { Cliente, RespostaPesquisa } from '../../../lib/api/types';
import { useSaida } from '../../../lib/sync/saida';
import { usePedidosDoAparelho } from '../../../entities/pedido/colecao';
import { emAbertoDoCliente, rotuloStatusPedido, tituloPedido } from '../../../entities/pedido/status';
import { linhaEndereco, rotuloStatus, rotuloTipoEndereco } from '../../../entities/cliente/status';
import { formatarData, formatarDataHora } from '../../../lib/format/date';
import { formatarDocumento } from '../../../lib/format/document';
import { linkMapa } from '../../../lib/format/maps';
import { formatarMoeda } from '../../../lib/format/money';
import { formatarTelefone } from '../../../lib/format/phone';
import { linkEmail, linkTelefone, linkWhatsApp } from '../../../lib/format/links';
import { pode } from '../../../lib/permissoes';
import { SugestoesDoCliente } from './SugestoesDoCliente';
import { VisitasDoCliente } from '../../../components/visitas/VisitasDoCliente';
import { TarefasDoCliente } from '../../../components/tarefa/TarefasDoCliente';
import { useSession } from '../../../lib/session';

function Telefone({ numero }: { numero: string }) {
  if (!numero) return null;
  const tel = linkTelefone(numero);
  const wa = linkWhatsApp(numero);
  return (
    <span>
      {tel ? <a href={tel} className="nowrap alvo-toque">{formatarTelefone(numero)}</a> : <span className="nowrap">{formatarTelefone(numero)}</span>}
      {wa ? (
        <>
          {' · '}
          <a href={wa} target="_blank" rel="noopener noreferrer" className="alvo-toque">
            WhatsApp
          </a>
        </>
      ) : null}
    </span>
  );
}

function Respostas({ r, nome }: { r: RespostaPesquisa; nome: (id: string) => string }) {
  const [aberto, setAberto] = useState(false);
  const form = usePesquisa(r.pesquisa_id, { versao: r.pesquisa_versao, enabled: aberto });
  const textos = new Map((form.data?.perguntas ?? []).map((p) => [p.id, p.texto]));
  return (
    <li className="cartao">
      <details onToggle={(e) => setAberto((e.target as HTMLDetailsElement).open)}>
        <summary>
          <strong>{r.pesquisa_titulo || 'Pesquisa'}</strong> <span className="selo">versão {r.pesquisa_versao}</span>
          <small className="muted" style={{ display: 'block' }}>
            {r.operador_nome || nome(r.operador)} · {formatarDataHora(r.em)}
          </small>
        </summary>
        {aberto && form.isPending ? <IonSpinner name="dots" /> : null}
        <dl className="dados" style={{ marginTop: 8 }}>
          {r.respostas.map((x) => (
            <div key={x.pergunta_id} style={{ display: 'contents' }}>
              <dt>{textos.get(x.pergunta_id) ?? x.pergunta_id}</dt>
              <dd>{x.valores.length ? x.valores.join(', ') : x.valor === 'sim' ? 'Sim' : x.valor === 'nao' ? 'Não' : x.valor}</dd>
            </div>
          ))}
        </dl>
      </details>
    </li>
  );
}

/** The customer's latest orders on the device (90 days) and a new one for them. */
function PedidosDoCliente({ clienteId }: { clienteId: string }) {
  const todos = usePedidosDoAparelho();
  const pedidos = (todos ?? []).filter((p) => p.cliente_id === clienteId).slice(0, 5);
  const aberto = emAbertoDoCliente(todos ?? [], clienteId);
  const enc = encodeURIComponent(clienteId);
  return (
    <section className="secao" aria-label="Pedidos recentes">
      <h3>Pedidos recentes</h3>
      {todos ? (
        <p data-testid="em-aberto-cliente">
          Em aberto: <strong>{formatarMoeda(aberto.total)}</strong>{' '}
          <small className="muted">({aberto.pedidos === 1 ? '1 pedido' : `${aberto.pedidos} pedidos`} aguardando aprovação, enviados ou em separação)</small>
        </p>
      ) : null}
      {todos && pedidos.length === 0 ? <p className="muted">Nenhum pedido nos últimos 90 dias.</p> : null}
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="pedidos-cliente">
        {pedidos.map((p) => (
          <li key={p.id} className="cartao">
            <Link to={`/crm-vendas-pedidos?id=${encodeURIComponent(p.id)}`}>
              Pedido {tituloPedido(p)} · {formatarDataHora(p.criado_em)} · {formatarMoeda(p.total_centavos)} · {rotuloStatusPedido(p.status)}
            </Link>
          </li>
        ))}
      </ul>
      <div className="acoes">
        <Link to={`/crm-vendas-pedidos-incluir?cliente=${enc}`} data-testid="novo-pedido-cliente">
          Novo pedido
        </Link>
      </div>
    </section>
  );
}

function Ficha({ cliente, daCopia }: { cliente: Cliente & { _pendente?: boolean }; daCopia: boolean }) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const ops = useOperadores();
  const perfil = useSession().profile?.perfil;
  const sync = useSituacaoClientes();
  const id = cliente.id;
  // Survey answers made on this device and not sent yet.
  const respostasPendentes = useSaida().itens.filter((i) => i.op === 'pesquisas.responder' && i.alvo === id);
  const enc = encodeURIComponent(id);

  const respostas = useRespostas(id, { enabled: !daCopia });

  const excluir = useExcluirCliente({
    onSuccess: (r) => {
      toast(r.pendente ? 'Sem conexão: a exclusão será enviada quando a conexão voltar.' : 'Cliente excluído.', { duration: 3000, position: 'bottom' });
      navigate('/crm-clientes', { replace: true });
    },
    onError: (err) => toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' }),
  });

  const transferir = useTransferirCliente(id, {
    onSuccess: (r) => {
      toast(...mensagemDoEnvio(r, `Cliente transferido para ${ops.nome(r.registro?.para_vendedor_id ?? '')}.`));
    },
    onError: (err) => toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' }),
  });

  const escolherVendedor = useEscolha(`crm-clientes-ficha/transferir/${id}`, (r) => {
    const o = r.opcoes[0];
    if (!o || o.valor === cliente.vendedor_id) return;
    void confirm({ header: 'Transferir cliente', message: `Transferir ${cliente.nome} para ${o.rotulo}?` }).then((ok) => {
      if (ok) transferir.mutate({ id: novoId(), clienteIds: [id], para: o.valor, paraNome: o.rotulo, resumo: cliente.nome });
    });
  });

  async function pedirExclusao() {
    const ok = await confirm({ header: 'Excluir cliente', message: `Excluir ${cliente.nome}? Ele sai da carteira e da lista.` });
    if (ok) excluir.mutate({ id, nome: cliente.nome });
  }

  const enderecos = [...cliente.enderecos].sort((a, b) => Number(b.principal) - Number(a.principal));
  const contatos = [...cliente.contatos].sort((a, b) => Number(b.principal) - Number(a.principal));

  return (
    <div className="narrow">
      {daCopia ? <AvisoCopia sincronizadoEm={sync.sincronizadoEm} /> : null}
      {cliente._pendente ? (
        <p className="aviso-copia" role="status" data-testid="cliente-pendente">
          Há alterações deste cliente feitas no aparelho aguardando envio.
        </p>
      ) : null}
      <section className="cartao" aria-label="Dados do cliente">
        <h2 style={{ margin: '4px 0' }} data-testid="nome-cliente">
          {cliente.nome}
          {cliente.status !== 'ativo' ? <span className={`selo ${cliente.status}`}>{rotuloStatus(cliente.status)}</span> : null}
        </h2>
        {cliente.nome_fantasia ? <p style={{ margin: '0 0 8px' }}>{cliente.nome_fantasia}</p> : null}
        <dl className="dados">
          <dt>{cliente.tipo_pessoa === 'FISICA' ? 'CPF' : 'CNPJ'}</dt>
          <dd data-testid="documento" className="nowrap">{formatarDocumento(cliente.documento)}</dd>
          {cliente.inscricao_estadual ? (
            <>
              <dt>Inscrição estadual</dt>
              <dd>{cliente.inscricao_estadual === 'ISENTO' ? 'Isento' : cliente.inscricao_estadual}</dd>
            </>
          ) : null}
          {cliente.suframa ? (
            <>
              <dt>Inscrição Suframa</dt>
              <dd data-testid="suframa">{cliente.suframa}</dd>
            </>
          ) : null}
          <dt>Contribuinte ICMS</dt>
          <dd>{cliente.contribuinte_icms ? 'Sim' : 'Não'}</dd>
          <dt>Status</dt>
          <dd>{rotuloStatus(cliente.status)}</dd>
          {cliente.telefone ? (
            <>
              <dt>Telefone</dt>
              <dd>
                <Telefone numero={cliente.telefone} />
              </dd>
            </>
          ) : null}
          {cliente.celular ? (
            <>
              <dt>Celular</dt>
              <dd>
                <Telefone numero={cliente.celular} />
              </dd>
            </>
          ) : null}
          {cliente.email ? (
            <>
              <dt>E-mail</dt>
              <dd>
                <a href={linkEmail(cliente.email) ?? undefined}>{cliente.email}</a>
              </dd>
            </>
          ) : null}
          {cliente.segmento ? (
            <>
              <dt>Segmento</dt>
              <dd>{cliente.segmento}</dd>
            </>
          ) : null}
          <dt>Limite de crédito</dt>
          <dd>{formatarMoeda(cliente.limite_credito_centavos)}</dd>
          <dt>Vendedor</dt>
          <dd data-testid="vendedor-cliente">{ops.nome(cliente.vendedor_id)}</dd>
          {cliente.observacoes ? (
            <>
              <dt>Observações</dt>
              <dd style={{ whiteSpace: 'pre-wrap' }}>{cliente.observacoes}</dd>
            </>
          ) : null}
          <dt>Alterado em</dt>
          <dd>{formatarDataHora(cliente.alterado_em)}</dd>
        </dl>
        <div className="acoes">
          <Link to={`/crm-clientes-incluir?id=${enc}`}>Editar</Link>
          <Link to={`/crm-clientes-pesquisas?cliente=${enc}`}>Responder pesquisa</Link>
          <Link to={`/checkin?cliente=${enc}`} data-testid="fazer-checkin-cliente">
            Fazer check-in
          </Link>
          {pode(perfil, 'carteira.atribuir') ? (
              <button
                type="button"
                disabled={transferir.isPending}
                onClick={() =>
                  escolherVendedor({
                    titulo: 'Transferir para',
                    opcoes: ops.vendedores.filter((o) => o.valor !== cliente.vendedor_id),
                    multipla: false,
                    selecionados: [],
                  })
                }
              >
                Transferir
              </button>
          ) : null}
          {/* Deleting is for SUPERVISOR and ADMIN; a seller marks the customer inativo instead. */}
          {pode(perfil, 'clientes.excluir') ? (
            <button type="button" className="perigo" onClick={() => void pedirExclusao()} disabled={excluir.isPending}>
              Excluir
            </button>
          ) : null}
        </div>
      </section>

      <PedidosDoCliente clienteId={id} />
      <VisitasDoCliente clienteId={id} />
      <SugestoesDoCliente clienteId={id} />
      <TarefasDoCliente clienteId={id} />

      <section className="secao" aria-label="Endereços">
        <h3>Endereços</h3>
        {enderecos.length === 0 ? <p className="muted">Nenhum endereço cadastrado.</p> : null}
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {enderecos.map((e) => {
            const linha = linhaEndereco(e);
            return (
              <li key={e.id} className="cartao">
                <strong>
                  {rotuloTipoEndereco(e.tipo)}
                  {e.principal ? <span className="selo">principal</span> : null}
                </strong>
                <p style={{ margin: '4px 0' }}>
                  {linha}
                  {e.cep ? ` · CEP ${e.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : ''}
                </p>
                <a href={linkMapa(`${linha} ${e.cep}`)} target="_blank" rel="noopener noreferrer">
                  Ver no mapa
                </a>
              </li>
            );
          })}
        </ul>
        <div className="acoes">
          <Link to={`/enderecos?cliente=${enc}`}>Gerenciar endereços</Link>
        </div>
      </section>

      <section className="secao" aria-label="Contatos">
        <h3>Contatos</h3>
        {contatos.length === 0 ? <p className="muted">Nenhum contato cadastrado.</p> : null}
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {contatos.map((c) => (
            <li key={c.id} className="cartao">
              <strong>
                {c.nome}
                {c.principal ? <span className="selo">principal</span> : null}
              </strong>
              {c.cargo ? <small className="muted"> · {c.cargo}</small> : null}
              <p style={{ margin: '4px 0', display: 'flex', flexDirection: 'column', gap: 2 }}>
                <Telefone numero={c.celular} />
                <Telefone numero={c.telefone} />
                {c.email ? <a href={linkEmail(c.email) ?? undefined}>{c.email}</a> : null}
                {c.aniversario ? <span className="muted">Aniversário: {aniversario(c.aniversario)}</span> : null}
              </p>
            </li>
          ))}
        </ul>
        <div className="acoes">
          <Link to={`/crm-clientes-contatos?cliente=${enc}`}>Gerenciar contatos</Link>
        </div>
      </section>

      <section className="secao" aria-label="Pesquisas respondidas">
        <h3>Pesquisas respondidas</h3>
        {respostasPendentes.length ? (
          <p className="muted" data-testid="respostas-pendentes">
            {respostasPendentes.length} {respostasPendentes.length === 1 ? 'resposta aguardando' : 'respostas aguardando'} envio.
          </p>
        ) : null}
        {daCopia ? (
          <p className="muted">Disponível com conexão.</p>
        ) : respostas.isPending ? (
          <IonSpinner name="dots" />
        ) : respostas.isError ? (
          <p className="muted">{mensagemDeErro(respostas.error)}</p>
        ) : respostas.data.respostas.length === 0 ? (
          <p className="muted">Nenhuma pesquisa respondida.</p>
        ) : (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="respostas-cliente">
            {respostas.data.respostas.map((r) => (
              <Respostas key={r.id} r={r} nome={ops.nome} />
            ))}
          </ul>
        )}
      </section>
      <div style={{ height: 40 }} />
    </div>
  );
}

/** "YYYY-MM-DD" or "MM-DD" → dd/mm(/aaaa). */
function aniversario(v: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return formatarData(v);
  const m = v.match(/^(\d{2})-(\d{2})$/);
  return m ? `${m[2]}/${m[1]}` : v;
}

function Carregar({ id }: { id: string }) {
  const { cliente, carregando, erro, daCopia, recarregar } = useCliente(id);
  if (carregando) return <PageLoading />;
  return (
    <Page
      title="Ficha do cliente"
      backHref="/crm-clientes"
      actions={
        cliente ? (
          <IonButton routerLink={`/crm-clientes-incluir?id=${encodeURIComponent(id)}`} aria-label="Editar">
            <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
          </IonButton>
        ) : undefined
      }
    >
      {cliente ? <Ficha cliente={cliente} daCopia={daCopia} /> : <ErrorState error={erro} onRetry={recarregar} />}
    </Page>
  );
}

export default function FichaPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <QueryBoundary>
      {id ? (
        <Carregar id={id} />
      ) : (
        <Page title="Ficha do cliente" backHref="/crm-clientes">
          <EmptyState>Nenhum cliente indicado.</EmptyState>
        </Page>
      )}
    </QueryBoundary>
  );
}
