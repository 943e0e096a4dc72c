import { useMemo, useRef, useState } from 'react';
import { MaisPaginas } from '../../../components/ui/MaisPaginas';
import { useForm } from 'react-hook-form';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { SelectField } from '../../../components/ui/SelectField';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { CampoMarcar, CampoSelect, CampoTexto } from '../../../components/form/campos';
import { resolverDe } from '../../../components/form/resolver';
import { aplicarErrosDoServidor, irParaPrimeiroErro } from '../../../components/form/erros';
import { mensagemDeErro, temMotivo } from '../../../lib/api/client';
import type { RegraST } from '../../../lib/api/types';
import { formatarPercentual } from '../../../lib/format/percentual';
import { novoId } from '../../../lib/uuid';
import { ImportarCsv } from '../../../components/importacao/ImportarCsv';
import { importarRegrasSt, useAposImportarRegrasSt, useCriarRegraSt, useExcluirRegraSt, useRegrasSt } from '../api/regrasSt';
import { IMPORTACAO_REGRAS_ST } from '../utils/importacoes';
import { UFS } from '../utils/comum';
import { AJUSTES_MVA, campoDaRegra, esquemaRegraSt, novaRegraSt, REGRA_VAZIA, resumoFiscal, TIPOS_REDUCAO, type ValoresRegraSt } from '../utils/regraSt';
import './catalogo.css';

function NovaRegra({ aoFechar }: { aoFechar: () => void }) {
  const toast = useToast();
  const [id, setId] = useState(() => novoId());
  const form = useForm<ValoresRegraSt>({ defaultValues: REGRA_VAZIA, resolver: resolverDe(esquemaRegraSt), mode: 'onTouched', shouldFocusError: false });
  const { control, handleSubmit, setError, getValues, formState } = form;
  const [erro, setErro] = useState('');
  const raiz = useRef<HTMLFormElement>(null);
  const criar = useCriarRegraSt({
    onSuccess: (r) => {
      toast(`Regra de ${r.uf} para o NCM ${r.ncm} criada.`, { duration: 2500, position: 'bottom', color: 'success' });
      setId(novoId());
      form.reset(REGRA_VAZIA);
      aoFechar();
    },
    onError: (err) => {
      if (temMotivo(err, 'CHAVE_DUPLICADA')) {
        const v = getValues();
        setError('ncm', { type: 'servidor', message: 'Já existe regra para este NCM e UF.' });
        setErro(`Já existe uma regra de ST para o NCM ${v.ncm.trim()} em ${v.uf}. Exclua a antiga para trocar os percentuais.`);
      } else setErro(aplicarErrosDoServidor(err, setError, campoDaRegra));
      irParaPrimeiroErro(raiz.current);
    },
  });
  const enviar = handleSubmit(
    (v) => {
      setErro('');
      criar.mutate(novaRegraSt(id, v));
    },
    () => {
      setErro('Confira os campos destacados.');
      irParaPrimeiroErro(raiz.current);
    },
  );
  return (
    <form ref={raiz} className="form-stack cartao" onSubmit={(e) => void enviar(e)} noValidate data-testid="form-regra-st">
      <h3 style={{ margin: 0 }}>Nova regra de ST</h3>
      <div className="row-2">
        <CampoTexto controle={control} nome="ncm" rotulo="NCM (ou prefixo)" inputMode="numeric" ajuda="2 a 8 dígitos; vence o prefixo mais longo." />
        <CampoSelect controle={control} nome="uf" rotulo="UF de destino" opcoes={[{ value: '', label: 'Escolha' }, ...UFS.map((u) => ({ value: u, label: u }))]} />
      </div>
      <div className="row-2">
        <CampoTexto controle={control} nome="mva" nomeHtml="mva_percentual" rotulo="MVA (%)" inputMode="decimal" />
        <CampoTexto controle={control} nome="reducao" nomeHtml="reducao_base_percentual" rotulo="Redução da base (%)" inputMode="decimal" />
      </div>
      <div className="row-2">
        <CampoTexto controle={control} nome="interna" nomeHtml="aliquota_interna_percentual" rotulo="Alíquota interna (%)" inputMode="decimal" />
        <CampoTexto controle={control} nome="interestadual" nomeHtml="aliquota_interestadual_percentual" rotulo="Alíquota interestadual (%)" inputMode="decimal" />
      </div>
      <div className="row-2">
        <CampoSelect controle={control} nome="tipoReducao" nomeHtml="reducao_base_tipo" rotulo="A redução da base vale para" opcoes={TIPOS_REDUCAO} />
        <CampoSelect controle={control} nome="ajusteMva" nomeHtml="ajuste_mva" rotulo="MVA ajustada entre estados" opcoes={AJUSTES_MVA} />
      </div>
      <CampoMarcar
        controle={control}
        nome="intraEfetiva"
        nomeHtml="aliquota_intra_efetiva"
        rotulo="No ajuste da MVA, a alíquota interna é a carga efetiva (alíquota interna após a redução da base), como define o protocolo"
      />
      {formState.errors.intraEfetiva?.message ? (
        <p className="field-error" role="alert">
          {formState.errors.intraEfetiva.message}
        </p>
      ) : null}
      <p className="muted" style={{ margin: 0 }}>
        Empresa do Simples Nacional usa sempre a MVA original entre estados (definido na política comercial).
      </p>
      {erro ? (
        <IonText color="danger" role="alert">
          <p data-testid="erro-formulario">{erro}</p>
        </IonText>
      ) : null}
      <div className="acoes">
        <IonButton type="submit" disabled={criar.isPending}>
          {criar.isPending ? <IonSpinner name="dots" /> : 'Criar regra'}
        </IonButton>
        <IonButton type="button" fill="clear" onClick={aoFechar}>
          Cancelar
        </IonButton>
      </div>
    </form>
  );
}

const resumoRegra = (r: RegraST) =>
  [
    `MVA ${formatarPercentual(r.mva_percentual)}`,
    `interna ${formatarPercentual(r.aliquota_interna_percentual)}`,
    `interestadual ${formatarPercentual(r.aliquota_interestadual_percentual)}`,
    ...(r.reducao_base_percentual ? [`redução ${formatarPercentual(r.reducao_base_percentual)}`] : []),
    ...resumoFiscal(r),
  ].join(' · ');

function Regras() {
  const q = useRegrasSt();
  const aposImportar = useAposImportarRegrasSt();
  const [importando, setImportando] = useState(false);
  const toast = useToast();
  const confirm = useConfirm();
  const [criando, setCriando] = useState(false);
  const [uf, setUf] = useState('');
  const regras = useMemo(
    () => (q.data?.pages.flatMap((p) => p.regras) ?? []).filter((r) => !uf || r.uf === uf).sort((a, b) => a.uf.localeCompare(b.uf) || a.ncm.localeCompare(b.ncm)),
    [q.data, uf],
  );
  const excluir = useExcluirRegraSt({
    onSuccess: (r) => toast(`Regra de ${r.uf} para o NCM ${r.ncm} excluída.`, { duration: 2500, position: 'bottom' }),
    onError: (err) => toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' }),
  });
  return (
    <Page title="Regras de ST" backHref="/crm-home">
      <div className="narrow form-stack">
        <p className="muted" style={{ margin: 0 }}>
          ICMS-ST por NCM e UF do cliente, só para contribuintes do ICMS. Entre estados a MVA é ajustada pela fórmula dos protocolos, conforme a regra; empresa do Simples Nacional usa a MVA original (Convênio ICMS 142/2018).
        </p>
        {criando ? <NovaRegra aoFechar={() => setCriando(false)} /> : <IonButton onClick={() => setCriando(true)}>Nova regra</IonButton>}
        <IonButton fill="clear" size="small" onClick={() => setImportando((v) => !v)} aria-expanded={importando}>
          {importando ? 'Fechar importação' : 'Importar regras (CSV)'}
        </IonButton>
        {importando ? (
          <section className="cartao" aria-label="Importar regras de ST">
            <ImportarCsv declaracao={IMPORTACAO_REGRAS_ST} importar={importarRegrasSt} aoConcluir={aposImportar} />
          </section>
        ) : null}
        <SelectField label="UF" name="filtro-uf" value={uf} onValue={setUf} options={[{ value: '', label: 'Todas' }, ...UFS.map((u) => ({ value: u, label: u }))]} />
        {q.isPending ? (
          <PageLoading />
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : regras.length === 0 ? (
          <EmptyState>Nenhuma regra de ST{uf ? ` para ${uf}` : ''}.</EmptyState>
        ) : (
          <ul className="catalogo-lista" data-testid="lista-regras-st">
            {regras.map((r) => (
              <li key={r.id}>
                <div className="catalogo-linha">
                  <strong>
                    {r.uf} · NCM {r.ncm}
                  </strong>
                  <button
                    type="button"
                    className="chip"
                    disabled={excluir.isPending}
                    onClick={() => void confirm({ header: 'Excluir regra de ST', message: `Excluir a regra de ${r.uf} para o NCM ${r.ncm}?` }).then((ok) => ok && excluir.mutate(r))}
                  >
                    Excluir
                  </button>
                </div>
                <small>{resumoRegra(r)}</small>
              </li>
            ))}
          </ul>
        )}
        <MaisPaginas consulta={q} />
      </div>
    </Page>
  );
}

export default function RegrasStPage() {
  return (
    <QueryBoundary>
      <Regras />
    </QueryBoundary>
  );
}
