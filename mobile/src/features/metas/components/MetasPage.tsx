import { useMemo, useState } from 'react';
import { IonButton } from '@ionic/react';
import { ImportarCsv } from '../../../components/importacao/ImportarCsv';
import { IonText } from '../../../components/ionic/IonText';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useOperadores } from '../../../components/useOperadores';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { Page } from '../../../components/ui/Page';
import { PageLoading } from '../../../components/ui/PageLoading';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { errosDeCampo, mensagemDeErro } from '../../../lib/api/client';
import { formatarDataHora, hojeIso } from '../../../lib/format/date';
import { lerPercentual } from '../../../lib/format/percentual';
import { pode } from '../../../lib/permissoes';
import { useSession } from '../../../lib/session';
import { novoId } from '../../../lib/uuid';
import { BarraVendedor } from '../../../components/BarraVendedor';
import { useVendedorEscolhido } from '../../../components/useVendedorEscolhido';
import { importarMetas, useAlterarMeta, useCopiarMetas, useCriarMeta, useExcluirMeta, useMetas, type Meta } from '../api/metas';
import { IMPORTACAO_METAS } from '../utils/importacao';
import {
  alvoDoFormulario,
  alvoParaFormulario,
  larguraDaBarra,
  mensagemAlvo,
  mesAnterior,
  NOMES_TIPOS,
  nomeDoMes,
  realizadoDeAlvo,
  situacao,
  TIPOS_META,
  totaisDaEquipe,
} from '../utils/metas';
import './metas.css';

const formatoPct = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

function Barra({ meta }: { meta: Pick<Meta, 'percentual'> }) {
  const pct = Number(meta.percentual) || 0;
  return (
    <div
      className={`meta-barra${pct >= 100 ? ' atingida' : ''}`}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(larguraDaBarra(pct))}
      aria-label={`${formatoPct.format(pct)}% atingido`}
    >
      <span style={{ width: `${larguraDaBarra(pct)}%` }} />
    </div>
  );
}

interface Formulario {
  meta?: Meta;
  vendedor: string;
  tipo: string;
  alvo: string;
  grupo: string;
  regiao: string;
  cliente: string;
}

/** Create or edit a goal (SUPERVISOR for the team, ADMIN for anyone): the server checks it again. */
function FormularioMeta({ inicial, mes, vendedores, aoFechar }: { inicial: Formulario; mes: string; vendedores: { valor: string; rotulo: string }[]; aoFechar: () => void }) {
  const [f, setF] = useState(inicial);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erro, setErro] = useState('');
  const criar = useCriarMeta();
  const alterar = useAlterarMeta();
  const toast = useToast();
  const editando = Boolean(f.meta);
  const salvar = async () => {
    const alvo = alvoDoFormulario(f.tipo, f.alvo);
    const local: Record<string, string> = {};
    if (!f.vendedor) local.vendedor_id = 'Escolha o vendedor.';
    if (!alvo) local.alvo = mensagemAlvo(f.tipo);
    setErros(local);
    setErro('');
    if (Object.keys(local).length) return;
    try {
      if (f.meta) {
        await alterar.mutateAsync({ meta: f.meta, mudancas: { alvo: alvo! } });
      } else {
        // Positivação is for the whole portfolio: no cut, even if one was typed before the kind
        // changed; visitas for the seller's month or one customer.
        const recorte =
          f.tipo === 'positivacao'
            ? { grupo: '', regiao_id: '', cliente_id: '' }
            : f.tipo === 'visitas'
              ? { grupo: '', regiao_id: '', cliente_id: f.cliente.trim() }
              : { grupo: f.grupo.trim(), regiao_id: f.regiao.trim(), cliente_id: f.cliente.trim() };
        await criar.mutateAsync({ id: novoId(), mes, vendedor_id: f.vendedor, tipo: f.tipo, alvo: alvo!, ...recorte });
      }
      toast(editando ? 'Meta salva.' : 'Meta criada.', { color: 'success', duration: 2500, position: 'bottom' });
      aoFechar();
    } catch (e) {
      setErros(errosDeCampo(e));
      setErro(mensagemDeErro(e));
    }
  };
  const ocupado = criar.isPending || alterar.isPending;
  return (
    <section className="meta-secao" aria-label={editando ? 'Editar meta' : 'Nova meta'} data-testid="form-meta">
      <h2>{editando ? 'Editar meta' : `Nova meta de ${nomeDoMes(mes)}`}</h2>
      {!editando ? (
        <>
          <SelectField
            label="Vendedor"
            name="vendedor_id"
            value={f.vendedor}
            onValue={(v) => setF({ ...f, vendedor: v })}
            options={[{ value: '', label: 'Escolha o vendedor' }, ...vendedores.map((v) => ({ value: v.valor, label: v.rotulo }))]}
            error={erros.vendedor_id}
          />
          <SelectField label="Tipo" name="tipo" value={f.tipo} onValue={(v) => setF({ ...f, tipo: v })} options={TIPOS_META} error={erros.tipo} />
        </>
      ) : null}
      <TextField
        label={
          f.tipo === 'valor' ? 'Meta (R$)' : f.tipo === 'positivacao' ? 'Meta (% da carteira)' : f.tipo === 'peso' ? 'Meta (kg)' : f.tipo === 'visitas' ? 'Meta (visitas)' : 'Meta (unidades)'
        }
        name="alvo"
        inputMode="decimal"
        value={f.alvo}
        onValue={(v) => setF({ ...f, alvo: v })}
        error={erros.alvo}
      />
      {!editando && f.tipo !== 'positivacao' ? (
        <div className="meta-campos">
          {f.tipo !== 'visitas' ? (
            <>
              <TextField label="Grupo de produtos (opcional)" name="grupo" value={f.grupo} onValue={(v) => setF({ ...f, grupo: v })} error={erros.grupo} />
              <TextField label="Região (id, opcional)" name="regiao_id" value={f.regiao} onValue={(v) => setF({ ...f, regiao: v })} error={erros.regiao_id} />
            </>
          ) : null}
          <TextField label="Cliente (id, opcional)" name="cliente_id" value={f.cliente} onValue={(v) => setF({ ...f, cliente: v })} error={erros.cliente_id} />
        </div>
      ) : null}
      {erro ? (
        <IonText color="danger">
          <p role="alert">{erro}</p>
        </IonText>
      ) : null}
      <div className="meta-acoes">
        <IonButton onClick={salvar} disabled={ocupado} data-testid="salvar-meta">
          {editando ? 'Salvar meta' : 'Criar meta'}
        </IonButton>
        <IonButton fill="outline" onClick={aoFechar} disabled={ocupado}>
          Cancelar
        </IonButton>
      </div>
    </section>
  );
}

/** Copy the goals of a month to the one shown, with a % change (the server rounds to the unit). */
function CopiarMetas({ mes, vendedor }: { mes: string; vendedor: string }) {
  const [de, setDe] = useState(mesAnterior(mes));
  const [pct, setPct] = useState('0');
  const [erro, setErro] = useState('');
  const copiar = useCopiarMetas();
  const toast = useToast();
  const enviar = async () => {
    const p = lerPercentual(pct);
    if (p === null) return setErro('Percentual inválido: use um número com no máximo 2 casas decimais (ex.: 5 ou -2,5).');
    setErro('');
    try {
      const r = await copiar.mutateAsync({ de_mes: de, para_mes: mes, percentual: p, vendedor_id: vendedor });
      toast(`${r.criadas} meta(s) criada(s) e ${r.atualizadas} atualizada(s).`, { color: 'success', duration: 2500, position: 'bottom' });
    } catch (e) {
      setErro(mensagemDeErro(e));
    }
  };
  return (
    <section className="meta-secao" aria-label="Copiar metas" data-testid="copiar-metas">
      <h2>Copiar de outro mês</h2>
      <div className="meta-campos">
        <TextField label="Mês de origem" name="de_mes" type="month" value={de} onValue={setDe} />
        <TextField label="Variação (%)" name="percentual" inputMode="decimal" value={pct} onValue={setPct} />
      </div>
      {erro ? (
        <IonText color="danger">
          <p role="alert">{erro}</p>
        </IonText>
      ) : null}
      <IonButton fill="outline" onClick={enviar} disabled={copiar.isPending}>
        Copiar para {nomeDoMes(mes)}
      </IonButton>
    </section>
  );
}

function Lista({ metas, gestor, nome, aoEditar }: { metas: Meta[]; gestor: boolean; nome: (id: string) => string; aoEditar: (m: Meta) => void }) {
  const excluir = useExcluirMeta();
  const confirm = useConfirm();
  const toast = useToast();
  if (!metas.length) return <EmptyState>Nenhuma meta neste mês.</EmptyState>;
  const remover = async (m: Meta) => {
    if (!(await confirm({ header: 'Excluir meta', message: `Excluir a meta de ${NOMES_TIPOS[m.tipo] ?? m.tipo} de ${nome(m.vendedor_id)}?`, okText: 'Excluir' })))
      return;
    try {
      await excluir.mutateAsync(m);
      toast('Meta excluída.', { color: 'success', duration: 2500, position: 'bottom' });
    } catch (e) {
      toast(mensagemDeErro(e), { color: 'danger', duration: 4000, position: 'bottom' });
    }
  };
  return (
    <ul className="lista-simples" data-testid="lista-metas">
      {metas.map((m) => (
        <li key={m.id} className="meta-item" data-testid="meta" data-tipo={m.tipo} data-vendedor={m.vendedor_id} data-grupo={m.grupo} data-regiao={m.regiao_id} data-cliente={m.cliente_id}>
          <div className="meta-topo">
            <strong>
              {NOMES_TIPOS[m.tipo] ?? m.tipo}
              {m.grupo ? ` · grupo ${m.grupo}` : ''}
              {m.regiao_id ? ` · região ${m.regiao_id}` : ''}
              {m.cliente_id ? ` · cliente ${m.cliente_id}` : ''}
            </strong>
            <span className="meta-percentual" data-testid="meta-percentual">
              {formatoPct.format(Number(m.percentual) || 0)}%
            </span>
          </div>
          {gestor ? <div className="muted">{nome(m.vendedor_id)}</div> : null}
          <Barra meta={m} />
          {m.aviso ? (
            <div className="muted" data-testid="meta-aviso">
              {m.aviso}
            </div>
          ) : (
            <div data-testid="meta-realizado">
              {realizadoDeAlvo(m)} · {situacao(m)}
            </div>
          )}
          {gestor ? (
            <div className="meta-acoes">
              <IonButton size="small" fill="clear" onClick={() => aoEditar(m)}>
                Editar
              </IonButton>
              <IonButton size="small" fill="clear" color="danger" onClick={() => remover(m)}>
                Excluir
              </IonButton>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * `crm-metas`: the month's goals with their achievement (from the server's summaries); a seller
 * sees their own, a SUPERVISOR or an ADMIN the seller chosen in `escolher` (or everyone in
 * scope, with the team's total) and creates, edits, deletes, copies from a month and imports.
 */
function MetasPageTela() {
  const { profile } = useSession();
  const escolhido = useVendedorEscolhido();
  const ops = useOperadores();
  const [mes, setMes] = useState(hojeIso().slice(0, 7));
  const [form, setForm] = useState<Formulario | null>(null);
  const define = pode(profile?.perfil, 'metas.definir');
  const q = useMetas(profile?.operador ?? '', mes, escolhido.vendedor);
  const metas = useMemo(() => q.data?.metas ?? [], [q.data]);
  const equipe = useMemo(() => (escolhido.gestor && !escolhido.vendedor ? totaisDaEquipe(metas) : []), [metas, escolhido.gestor, escolhido.vendedor]);
  const novo = (): Formulario => ({ vendedor: escolhido.vendedor, tipo: 'valor', alvo: '', grupo: '', regiao: '', cliente: '' });
  return (
    <Page title="Metas" backHref="/crm-home">
      <div className="narrow">
        <TextField label="Mês" name="mes" type="month" value={mes} onValue={(v) => v && setMes(v)} />
        <BarraVendedor escolhido={escolhido} />
        {equipe.map((t) => (
          <div key={t.tipo} className="meta-equipe" data-testid="meta-equipe">
            <strong>
              Equipe · {NOMES_TIPOS[t.tipo]} ({t.vendedores} vendedores)
            </strong>
            <Barra meta={{ percentual: t.percentual }} />
            {realizadoDeAlvo(t)} · {formatoPct.format(t.percentual)}%
          </div>
        ))}
        {q.data?.daCopia ? (
          <p className="aviso-copia" role="status" data-testid="metas-de">
            Sem conexão — Metas copiadas em {formatarDataHora(q.data.copiadasEm)}
            {q.data.realizadoEm ? ` · realizado de ${formatarDataHora(q.data.realizadoEm)}` : ' · o realizado aparece com conexão'}
            {q.data.realizadoEm && q.data.semRealizado.length ? ` (${q.data.semRealizado.length} sem realizado: criadas depois)` : ''}
          </p>
        ) : null}
        {q.isPending ? <PageLoading /> : q.error ? <ErrorState error={q.error} onRetry={() => q.refetch()} /> : (
          <Lista metas={metas} gestor={escolhido.gestor} nome={escolhido.nome} aoEditar={(m) => setForm({ meta: m, vendedor: m.vendedor_id, tipo: m.tipo, alvo: alvoParaFormulario(m.tipo, m.alvo), grupo: m.grupo, regiao: m.regiao_id, cliente: m.cliente_id })} />
        )}
        {define ? (
          form ? (
            <FormularioMeta key={form.meta?.id ?? 'nova'} inicial={form} mes={mes} vendedores={ops.vendedores} aoFechar={() => setForm(null)} />
          ) : (
            <IonButton expand="block" onClick={() => setForm(novo())} data-testid="nova-meta">
              Nova meta
            </IonButton>
          )
        ) : null}
        {define ? <CopiarMetas mes={mes} vendedor={escolhido.vendedor} /> : null}
        {define ? (
          <section className="meta-secao" aria-label="Importar metas">
            <ImportarCsv declaracao={IMPORTACAO_METAS} importar={importarMetas} />
          </section>
        ) : null}
      </div>
    </Page>
  );
}

export default function MetasPage() {
  return (
    <QueryBoundary>
      <MetasPageTela />
    </QueryBoundary>
  );
}
