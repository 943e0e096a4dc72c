import { useMemo, useRef, useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../../../components/ionic/IonText';
import { SelectField } from '../../../components/ui/SelectField';
import { useConfirm } from '../../../components/ui/useConfirm';
import { mensagemDeErro } from '../../../lib/api/client';
import { importarNoServidor, useAposImportar } from '../api/carteira';
import { baixarArquivo, decodificarCsv, lerCsv, NOMES_CODIFICACAO, type CsvDecodificado, type EscolhaCodificacao } from '../../../lib/csv';
import { gravarTudo, modeloCsv, preparar, validarTudo, type Importar as ChamadaImportar, type Preparacao, type Rejeicao } from '../utils/importacao';

type Etapa = 'inicio' | 'validando' | 'rejeitado' | 'pronto' | 'gravando' | 'fim' | 'erro';

const OPCOES_CODIFICACAO: { value: EscolhaCodificacao; label: string }[] = [
  { value: 'auto', label: 'Detectar automaticamente' },
  { value: 'utf-8', label: NOMES_CODIFICACAO['utf-8'] },
  { value: 'windows-1252', label: NOMES_CODIFICACAO['windows-1252'] },
];

/** The header and the first rows of the decoded file (the preview). */
function primeirasLinhas(texto: string, n = 4): string[][] {
  const corte = texto.slice(0, 16 * 1024);
  const regs = lerCsv(corte);
  // A record cut by the slice is not shown.
  if (corte.length < texto.length) regs.pop();
  return regs.slice(0, n).map((r) => r.campos);
}


/** ADMIN: imports customers from a CSV file (validate everything, then write in chunks). */
export function Importar({ importar = importarNoServidor }: { importar?: ChamadaImportar }) {
  const aposImportar = useAposImportar();
  const confirm = useConfirm();
  const arquivo = useRef<HTMLInputElement>(null);
  const [nome, setNome] = useState('');
  const [prep, setPrep] = useState<Preparacao | null>(null);
  const [etapa, setEtapa] = useState<Etapa>('inicio');
  const [feitas, setFeitas] = useState(0);
  const [rejeitadas, setRejeitadas] = useState<Rejeicao[]>([]);
  const [mensagem, setMensagem] = useState('');
  // The file's bytes, kept so that another encoding can be chosen without picking it again.
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  const [codificacao, setCodificacao] = useState<EscolhaCodificacao>('auto');
  const [lido, setLido] = useState<CsvDecodificado | null>(null);
  const previa = useMemo(() => (lido ? primeirasLinhas(lido.texto) : []), [lido]);
  // Each reading of the file; a validation of an earlier one no longer shows.
  const rodada = useRef(0);

  async function escolher(f: File | undefined) {
    rodada.current++;
    setEtapa('inicio');
    setRejeitadas([]);
    setMensagem('');
    setPrep(null);
    setLido(null);
    setBytes(null);
    if (!f) return;
    setNome(f.name);
    const b = new Uint8Array(await f.arrayBuffer());
    setBytes(b);
    await ler(b, codificacao);
  }

  /** Decodes the file in the chosen encoding, splits it and validates every row. */
  async function ler(b: Uint8Array, escolha: EscolhaCodificacao) {
    const r = ++rodada.current;
    setRejeitadas([]);
    setMensagem('');
    const d = decodificarCsv(b, escolha);
    setLido(d);
    const p = preparar(d.texto);
    setPrep(p);
    if (p.total === 0) {
      setEtapa('erro');
      setMensagem('O arquivo não tem linhas de clientes (a primeira linha é o cabeçalho).');
      return;
    }
    setEtapa('validando');
    setFeitas(0);
    try {
      const rej = await validarTudo(p.pedacos, importar, (n) => r === rodada.current && setFeitas(n));
      if (r !== rodada.current) return;
      setRejeitadas(rej);
      setEtapa(rej.length ? 'rejeitado' : 'pronto');
    } catch (err) {
      if (r !== rodada.current) return;
      setEtapa('erro');
      setMensagem(mensagemDeErro(err));
    }
  }

  function trocarCodificacao(v: string) {
    const escolha = v as EscolhaCodificacao;
    setCodificacao(escolha);
    if (bytes) void ler(bytes, escolha);
  }

  async function gravar() {
    if (!prep) return;
    const ok = await confirm({ header: 'Importar clientes', message: `Gravar ${prep.total} cliente(s) de ${nome}?` });
    if (!ok) return;
    setEtapa('gravando');
    setFeitas(0);
    try {
      const r = await gravarTudo(prep.pedacos, importar, setFeitas);
      if (r.rejeitadas.length) {
        setRejeitadas(r.rejeitadas);
        setEtapa('rejeitado');
        setMensagem(`${r.linhasGravadas} linha(s) gravada(s) antes da falha. Corrija e importe de novo: nada será duplicado.`);
        return;
      }
      setEtapa('fim');
      setMensagem(`${r.criados} cliente(s) criado(s), ${r.atualizados} atualizado(s).`);
      aposImportar();
    } catch (err) {
      setEtapa('erro');
      setMensagem(`${mensagemDeErro(err)} Importe o arquivo de novo: as linhas já gravadas não serão duplicadas.`);
    }
  }

  const total = prep?.total ?? 0;
  return (
    <div className="form-stack" data-testid="importar-clientes">
      <p className="muted" style={{ margin: 0 }}>
        Arquivo CSV (UTF-8 ou o CSV do Excel, separado por ; ou ,) com cabeçalho. Só documento e nome são obrigatórios. Todas as linhas são conferidas antes; se
        alguma tiver erro, nada é gravado.
      </p>
      <div className="acoes">
        <button type="button" onClick={() => baixarArquivo('modelo-importacao-clientes.csv', modeloCsv())}>
          Baixar modelo
        </button>
        <button type="button" onClick={() => arquivo.current?.click()} disabled={etapa === 'validando' || etapa === 'gravando'}>
          Escolher arquivo
        </button>
      </div>
      <input
        ref={arquivo}
        type="file"
        name="arquivo"
        accept=".csv,text/csv"
        hidden
        onChange={(e) => {
          void escolher(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <SelectField
        label="Codificação"
        name="codificacao"
        value={codificacao}
        onValue={trocarCodificacao}
        options={OPCOES_CODIFICACAO}
        disabled={etapa === 'validando' || etapa === 'gravando'}
      />
      {nome ? (
        <p style={{ margin: 0 }}>
          <strong>{nome}</strong>
          {total ? ` · ${total} linha(s) em ${prep?.pedacos.length} parte(s)` : ''}
        </p>
      ) : null}
      {lido ? (
        <p className="muted" style={{ margin: 0 }} data-testid="codificacao-lida">
          {codificacao === 'auto'
            ? `Codificação detectada: ${NOMES_CODIFICACAO[lido.codificacao]}.`
            : `Lido como ${NOMES_CODIFICACAO[lido.codificacao]} (a detecção automática indica ${NOMES_CODIFICACAO[lido.detectada]}).`}{' '}
          Acentos errados na prévia? Escolha outra codificação.
        </p>
      ) : null}
      {previa.length ? (
        <div className="previa-csv" data-testid="previa-importacao">
          <table className="tabela" aria-label="Prévia do arquivo">
            <thead>
              <tr>
                {previa[0].map((c, i) => (
                  <th key={i}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {previa.slice(1).map((l, i) => (
                <tr key={i}>
                  {l.map((c, j) => (
                    <td key={j}>{c}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {prep?.desconhecidas.length ? <p className="nota">Colunas ignoradas (desconhecidas): {prep.desconhecidas.join(', ')}</p> : null}
      {etapa === 'validando' || etapa === 'gravando' ? (
        <div role="status">
          <progress className="progresso" max={total} value={feitas} />
          <p style={{ margin: 0 }} data-testid="progresso-importacao">
            {etapa === 'validando' ? 'Conferindo' : 'Gravando'} {feitas} de {total} linhas… <IonSpinner name="dots" />
          </p>
        </div>
      ) : null}
      {etapa === 'pronto' ? (
        <>
          <IonText color="success">
            <p style={{ margin: 0 }}>Todas as {total} linhas estão corretas.</p>
          </IonText>
          <IonButton onClick={() => void gravar()}>Gravar {total} cliente(s)</IonButton>
        </>
      ) : null}
      {etapa === 'rejeitado' ? (
        <div role="alert" data-testid="rejeitadas">
          <IonText color="danger">
            <p style={{ margin: 0 }}>
              {rejeitadas.length} linha(s) com erro. {mensagem || 'Nada foi gravado.'} Corrija o arquivo e escolha-o de novo.
            </p>
          </IonText>
          <table className="tabela" style={{ marginTop: 8 }}>
            <thead>
              <tr>
                <th>Linha</th>
                <th>Documento</th>
                <th>Erros</th>
              </tr>
            </thead>
            <tbody>
              {rejeitadas.slice(0, 500).map((r) => (
                <tr key={`${r.linha}-${r.documento}`}>
                  <td>{r.linha}</td>
                  <td>{r.documento}</td>
                  <td>{r.erros.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {etapa === 'fim' ? (
        <IonText color="success" role="status">
          <p style={{ margin: 0 }}>Importação concluída: {mensagem}</p>
        </IonText>
      ) : null}
      {etapa === 'erro' ? (
        <IonText color="danger" role="alert">
          <p style={{ margin: 0 }}>{mensagem}</p>
        </IonText>
      ) : null}
    </div>
  );
}
