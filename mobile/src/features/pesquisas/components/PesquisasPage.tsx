import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useToast } from '../../../components/ui/useToast';
import { usePesquisa, useResponderPesquisa, useSalvarPesquisa, useTodasPesquisas } from '../api/pesquisas';
import { useCliente } from '../../../entities/cliente/hooks';
import { colecaoPesquisas, usePesquisasDoAparelho } from '../../../entities/pesquisa/colecao';
import { ApiError, Motivo, mensagemDeErro, temMotivo } from '../../../lib/api/client';
import type { Pergunta, Pesquisa } from '../../../lib/api/types';
import { formatarDataHora } from '../../../lib/format/date';
import { useSession } from '../../../lib/session';
import { novoId } from '../../../lib/uuid';
import { paraPerguntas, paraRespostas, TIPOS_PERGUNTA, temOpcoes, validarFormulario, validarRespostas, type PerguntaEditada, type ValorResposta } from '../utils/regras';
import { pode } from '../../../lib/permissoes';
import { useErrosDeCampo } from '../../../components/form/errosDeCampo';

// ---------------------------------------------------------------- answering

function Campo({ p, valor, onValor, erro }: { p: Pergunta; valor: ValorResposta | undefined; onValor: (v: ValorResposta) => void; erro?: string }) {
  const nome = `p-${p.id}`;
  const rotulo = (
    <legend style={{ fontWeight: 500, marginBottom: 6 }}>
      {p.texto}
      {p.obrigatoria ? <span aria-label="obrigatória"> *</span> : null}
    </legend>
  );
  let input: React.ReactNode;
  switch (p.tipo) {
    case 'SIM_NAO':
      input = (
        <div style={{ display: 'flex', gap: 16 }}>
          {[
            ['sim', 'Sim'],
            ['nao', 'Não'],
          ].map(([v, l]) => (
            <label key={v} className="check-field">
              <input type="radio" name={nome} value={v} checked={valor === v} onChange={() => onValor(v)} /> {l}
            </label>
          ))}
        </div>
      );
      break;
    case 'ESCOLHA_UNICA':
      input = p.opcoes.map((o) => (
        <label key={o} className="check-field">
          <input type="radio" name={nome} value={o} checked={valor === o} onChange={() => onValor(o)} /> {o}
        </label>
      ));
      break;
    case 'ESCOLHA_MULTIPLA': {
      const atual = Array.isArray(valor) ? valor : [];
      input = p.opcoes.map((o) => (
        <label key={o} className="check-field">
          <input
            type="checkbox"
            name={nome}
            value={o}
            checked={atual.includes(o)}
            onChange={(e) => onValor(e.target.checked ? [...atual, o] : atual.filter((x) => x !== o))}
          />{' '}
          {o}
        </label>
      ));
      break;
    }
    case 'DATA':
      input = (
        <div className="text-field">
          <input type="date" name={nome} aria-label={p.texto} value={String(valor ?? '')} onChange={(e) => onValor(e.target.value)} />
        </div>
      );
      break;
    case 'NUMERO':
      input = (
        <div className="text-field">
          <input type="text" inputMode="decimal" name={nome} aria-label={p.texto} value={String(valor ?? '')} onChange={(e) => onValor(e.target.value)} />
        </div>
      );
      break;
    default:
      input = (
        <div className="text-field">
          <textarea name={nome} aria-label={p.texto} value={String(valor ?? '')} onChange={(e) => onValor(e.target.value)} />
        </div>
      );
  }
  return (
    <fieldset className="cartao" style={{ border: 0, margin: '0 0 8px' }} data-pergunta={p.texto} aria-invalid={erro ? true : undefined}>
      {rotulo}
      {input}
      {erro ? <p className="field-error">{erro}</p> : null}
    </fieldset>
  );
}

function Responder({ clienteId, nomeCliente, pesquisa }: { clienteId: string; nomeCliente: string; pesquisa: Pesquisa }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [valores, setValores] = useState<Record<string, ValorResposta>>({});
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erro, setErro] = useState('');
  // One id per answer: a retried send does not answer twice.
  const [idResposta] = useState(() => novoId());

  const enviar = useResponderPesquisa(clienteId, {
    onSuccess: (r) => {
      if (r.pendente)
        toast('Sem conexão: a resposta ficou salva no aparelho e será enviada quando a conexão voltar.', { duration: 5000, position: 'bottom', color: 'warning' });
      else toast('Pesquisa enviada.', { duration: 2500, position: 'bottom', color: 'success' });
      navigate(`/crm-clientes-ficha?id=${encodeURIComponent(clienteId)}`, { replace: true });
    },
    onError: (err) => {
      if (temMotivo(err, Motivo.VersaoDesatualizada)) void colecaoPesquisas.sincronizar().catch(() => undefined);
      setErro(
        temMotivo(err, Motivo.VersaoDesatualizada)
          ? `${err.mensagem} O formulário mudou: recarregue a tela para responder a versão atual.`
          : mensagemDeErro(err),
      );
      if (err instanceof ApiError) {
        const e: Record<string, string> = {};
        for (const c of err.campos) e[c.campo.replace(/^respostas\./, '')] = c.descricao;
        setErros(e);
      }
    },
  });

  function submeter(e: FormEvent) {
    e.preventDefault();
    setErro('');
    const f = validarRespostas(pesquisa.perguntas, valores);
    setErros(f);
    if (Object.keys(f).length) {
      setErro('Responda as perguntas destacadas.');
      return;
    }
    enviar.mutate({
      clienteId,
      titulo: pesquisa.titulo,
      nomeCliente,
      corpo: { id: idResposta, pesquisa_id: pesquisa.id, pesquisa_versao: pesquisa.versao, respostas: paraRespostas(pesquisa.perguntas, valores) },
    });
  }

  return (
    <form onSubmit={submeter} noValidate data-testid="form-resposta">
      <h2 style={{ margin: '8px 0 4px' }}>{pesquisa.titulo}</h2>
      {pesquisa.descricao ? <p className="muted">{pesquisa.descricao}</p> : null}
      {pesquisa.perguntas.map((p) => (
        <Campo key={p.id} p={p} valor={valores[p.id]} onValor={(v) => setValores((o) => ({ ...o, [p.id]: v }))} erro={erros[p.id]} />
      ))}
      {erro ? (
        <IonText color="danger" role="alert">
          <p>{erro}</p>
        </IonText>
      ) : null}
      <IonButton type="submit" expand="block" disabled={enviar.isPending}>
        {enviar.isPending ? <IonSpinner name="dots" /> : 'Enviar respostas'}
      </IonButton>
    </form>
  );
}

function ParaCliente({ clienteId }: { clienteId: string }) {
  const { profile } = useSession();
  const { cliente } = useCliente(clienteId);
  // The forms are on the device (answered offline too); with a connection they are refreshed.
  const pesquisas = usePesquisasDoAparelho();
  const [erroSync, setErroSync] = useState<unknown>(null);
  useEffect(() => {
    colecaoPesquisas.sincronizar().then(
      () => setErroSync(null),
      (err) => setErroSync(err),
    );
  }, []);
  const [escolhida, setEscolhida] = useState('');
  const ativas = (pesquisas ?? []).filter((p) => p.ativa);
  const id = escolhida || (ativas.length === 1 ? ativas[0].id : '');
  const pesquisa = ativas.find((p) => p.id === id);
  return (
    <div className="narrow">
      {cliente ? (
        <p className="muted" style={{ marginTop: 0 }}>
          Cliente: <strong>{cliente.nome}</strong>
        </p>
      ) : null}
      {pesquisas === null ? (
        <IonSpinner name="dots" />
      ) : ativas.length === 0 && erroSync ? (
        <ErrorState error={erroSync} onRetry={() => void colecaoPesquisas.sincronizar().then(() => setErroSync(null), setErroSync)} />
      ) : ativas.length === 0 ? (
        <EmptyState>Nenhum formulário de pesquisa ativo.</EmptyState>
      ) : (
        <>
          <SelectField
            label="Formulário"
            name="pesquisa"
            value={id}
            onValue={setEscolhida}
            options={[{ value: '', label: 'Escolha o formulário' }, ...ativas.map((p) => ({ value: p.id, label: p.titulo }))]}
          />
          {pesquisa ? <Responder key={`${pesquisa.id}:${pesquisa.versao}`} clienteId={clienteId} nomeCliente={cliente?.nome ?? ''} pesquisa={pesquisa} /> : null}
        </>
      )}
      {pode(profile?.perfil, 'pesquisas.gerenciar') ? (
        <p style={{ marginTop: 24 }}>
          <Link to="/crm-clientes-pesquisas?gerenciar=1">Gerenciar formulários</Link>
        </p>
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------- ADMIN: forms

function Gerenciar() {
  const q = useTodasPesquisas();
  return (
    <div className="narrow">
      <IonButton expand="block" routerLink="/crm-clientes-pesquisas?editar=novo">
        Novo formulário
      </IonButton>
      {q.isPending ? (
        <IonSpinner name="dots" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.pesquisas.length === 0 ? (
        <EmptyState>Nenhum formulário cadastrado.</EmptyState>
      ) : (
        <ul className="lista-simples" style={{ marginTop: 12 }} data-testid="lista-pesquisas">
          {q.data.pesquisas.map((p) => (
            <li key={p.id}>
              <Link to={`/crm-clientes-pesquisas?editar=${encodeURIComponent(p.id)}`}>
                <strong>
                  {p.titulo}
                  {!p.ativa ? <span className="selo inativo">inativo</span> : null}
                </strong>
                <small>
                  {p.perguntas.length} pergunta(s) · versão {p.versao} · alterado em {formatarDataHora(p.alterado_em)}
                </small>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Editor({ pesquisa }: { pesquisa?: Pesquisa }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [id] = useState(() => pesquisa?.id ?? novoId());
  const [titulo, setTitulo] = useState(pesquisa?.titulo ?? '');
  const [descricao, setDescricao] = useState(pesquisa?.descricao ?? '');
  const [ativa, setAtiva] = useState(pesquisa?.ativa ?? true);
  const [perguntas, setPerguntas] = useState<PerguntaEditada[]>(
    () => pesquisa?.perguntas.map((p) => ({ id: p.id, texto: p.texto, tipo: p.tipo, obrigatoria: p.obrigatoria, opcoes: p.opcoes.join('\n') })) ?? [],
  );
  const [erros, setErros] = useErrosDeCampo({
    titulo,
    perguntas: perguntas.length,
    ...Object.fromEntries(perguntas.flatMap((p, i) => [[`p${i}.texto`, p.texto], [`p${i}.opcoes`, p.opcoes]])),
  });
  const [erro, setErro] = useState('');

  const salvar = useSalvarPesquisa({
    onSuccess: () => {
      toast('Formulário salvo.', { duration: 2500, position: 'bottom', color: 'success' });
      navigate('/crm-clientes-pesquisas?gerenciar=1', { replace: true });
    },
    onError: (err) => setErro(mensagemDeErro(err)),
  });

  const mudar = (i: number, p: Partial<PerguntaEditada>) => setPerguntas((l) => l.map((x, k) => (k === i ? { ...x, ...p } : x)));
  const mover = (i: number, d: number) =>
    setPerguntas((l) => {
      const n = [...l];
      const j = i + d;
      if (j < 0 || j >= n.length) return l;
      [n[i], n[j]] = [n[j], n[i]];
      return n;
    });

  function submeter(e: FormEvent) {
    e.preventDefault();
    setErro('');
    const f = validarFormulario(titulo, perguntas);
    setErros(f);
    if (Object.keys(f).length) {
      setErro(f.perguntas ?? 'Confira os campos destacados.');
      return;
    }
    salvar.mutate(
      pesquisa
        ? { id: pesquisa.id, alteracao: { titulo: titulo.trim(), descricao: descricao.trim(), ativa, perguntas: { itens: paraPerguntas(perguntas) }, versao: pesquisa.versao } }
        : { nova: { id, titulo: titulo.trim(), descricao: descricao.trim(), perguntas: paraPerguntas(perguntas), inativa: !ativa } },
    );
  }

  return (
    <form className="narrow form-stack" onSubmit={submeter} noValidate>
      {pesquisa ? <p className="muted">Versão {pesquisa.versao}. Salvar cria uma nova versão; respostas antigas continuam na versão respondida.</p> : null}
      <TextField label="Título" name="titulo" value={titulo} onValue={setTitulo} error={erros.titulo} />
      <div className="text-field">
        <label htmlFor="descricao">Descrição</label>
        <textarea id="descricao" name="descricao" value={descricao} onChange={(e) => setDescricao(e.target.value)} />
      </div>
      <label className="check-field">
        <input type="checkbox" name="ativa" checked={ativa} onChange={(e) => setAtiva(e.target.checked)} /> Formulário ativo (os vendedores podem responder)
      </label>
      {perguntas.map((p, i) => (
        <div key={p.id} className="cartao form-stack" data-testid="pergunta-editada">
          <strong>Pergunta {i + 1}</strong>
          <TextField label="Pergunta" name={`texto-${i}`} value={p.texto} onValue={(x) => mudar(i, { texto: x })} error={erros[`p${i}.texto`]} />
          <div className="row-2">
            <SelectField label="Tipo" name={`tipo-${i}`} value={p.tipo} onValue={(x) => mudar(i, { tipo: x })} options={TIPOS_PERGUNTA} />
            <label className="check-field" style={{ alignSelf: 'end' }}>
              <input type="checkbox" checked={p.obrigatoria} onChange={(e) => mudar(i, { obrigatoria: e.target.checked })} /> Obrigatória
            </label>
          </div>
          {temOpcoes(p.tipo) ? (
            <div className={`text-field${erros[`p${i}.opcoes`] ? ' has-error' : ''}`}>
              <label htmlFor={`opcoes-${i}`}>Opções (uma por linha)</label>
              <textarea id={`opcoes-${i}`} value={p.opcoes} onChange={(e) => mudar(i, { opcoes: e.target.value })} />
              {erros[`p${i}.opcoes`] ? <p className="field-error">{erros[`p${i}.opcoes`]}</p> : null}
            </div>
          ) : null}
          <div className="acoes">
            <button type="button" onClick={() => mover(i, -1)} disabled={i === 0}>
              Subir
            </button>
            <button type="button" onClick={() => mover(i, 1)} disabled={i === perguntas.length - 1}>
              Descer
            </button>
            <button type="button" className="perigo" onClick={() => setPerguntas((l) => l.filter((_, k) => k !== i))}>
              Remover
            </button>
          </div>
        </div>
      ))}
      <IonButton
        type="button"
        fill="outline"
        onClick={() => setPerguntas((l) => [...l, { id: novoId(), texto: '', tipo: 'TEXTO', obrigatoria: false, opcoes: '' }])}
      >
        Incluir pergunta
      </IonButton>
      {erro ? (
        <IonText color="danger" role="alert">
          <p>{erro}</p>
        </IonText>
      ) : null}
      <IonButton type="submit" expand="block" disabled={salvar.isPending}>
        {salvar.isPending ? <IonSpinner name="dots" /> : 'Salvar formulário'}
      </IonButton>
    </form>
  );
}

function EditarExistente({ id }: { id: string }) {
  const q = usePesquisa(id);
  if (q.isPending) return <IonSpinner name="dots" />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  return <Editor key={q.data.versao} pesquisa={q.data} />;
}

function Conteudo() {
  const [params] = useSearchParams();
  const { profile } = useSession();
  const admin = pode(profile?.perfil, 'pesquisas.gerenciar');
  const cliente = params.get('cliente');
  const editar = params.get('editar');
  if (cliente) {
    return (
      <Page title="Pesquisa" backHref={`/crm-clientes-ficha?id=${encodeURIComponent(cliente)}`}>
        <ParaCliente clienteId={cliente} />
      </Page>
    );
  }
  if (admin && editar) {
    return (
      <Page title={editar === 'novo' ? 'Novo formulário' : 'Editar formulário'} backHref="/crm-clientes-pesquisas?gerenciar=1">
        {editar === 'novo' ? <Editor /> : <EditarExistente id={editar} />}
      </Page>
    );
  }
  if (admin) {
    return (
      <Page title="Formulários de pesquisa" backHref="/crm-home">
        <Gerenciar />
      </Page>
    );
  }
  return (
    <Page title="Pesquisas" backHref="/crm-home">
      <EmptyState>
        Abra a ficha de um cliente e toque em “Responder pesquisa”. <Link to="/crm-clientes">Ir para clientes</Link>
      </EmptyState>
    </Page>
  );
}

export default function PesquisasPage() {
  return (
    <QueryBoundary>
      <Conteudo />
    </QueryBoundary>
  );
}
