// The screen part of every CSV import (customers, products, a table's prices, ST rules): choose a
// file, its encoding (detected: UTF-8 or Excel's Windows-1252) with a preview, every row checked
// on the server first (validar_apenas, in chunks, with progress), the rejected rows with their
// lines and errors in the file's words ("linha 3, coluna CEP: CEP deve ter 8 dígitos"), then the chunks written in order. Each import is a declaration
// (DeclaracaoImportacao); the rule is in lib/importacao.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonText } from '../ionic/IonText';
import { SelectField } from '../ui/SelectField';
import { useConfirm } from '../ui/useConfirm';
import { mensagemDeErro } from '../../lib/api/client';
import { baixarArquivo, decodificarCsv, NOMES_CODIFICACAO, type CsvDecodificado, type EscolhaCodificacao } from '../../lib/csv';
import { erroNaLinha, gravarTudo, prepararImportacao, primeirasLinhas, validarTudo, type FormatoCsv, type ImportarPedaco, type Preparacao, type Rejeicao } from '../../lib/importacao';

/** What an import is: its words, its file format and its template. */
export interface DeclaracaoImportacao {
  /** data-testid of the block (e2e tests find it by this). */
  testId: string;
  /** The row's noun in the singular, lower case ("cliente", "produto", "preço", "regra"). */
  item: string;
  /** Feminine noun ("regra(s) criada(s)"). */
  feminino?: boolean;
  /** Header of the confirmation ("Importar clientes"). */
  titulo: string;
  /** What the file must hold (after "Arquivo CSV … com cabeçalho."), shown above the buttons. */
  ajuda: ReactNode;
  formato: FormatoCsv;
  /** Name and text of the template offered for download. */
  modelo: { arquivo: string; csv: () => string };
  /** Header of the key column of the report ("Documento", "Código"). */
  rotuloChave: string;
}

type Etapa = 'inicio' | 'validando' | 'rejeitado' | 'pronto' | 'gravando' | 'fim' | 'erro';

const OPCOES_CODIFICACAO: { value: EscolhaCodificacao; label: string }[] = [
  { value: 'auto', label: 'Detectar automaticamente' },
  { value: 'utf-8', label: NOMES_CODIFICACAO['utf-8'] },
  { value: 'windows-1252', label: NOMES_CODIFICACAO['windows-1252'] },
];

/** An import's screen part: validate everything, then write in chunks. */
export function ImportarCsv({ declaracao: d, importar, aoConcluir }: { declaracao: DeclaracaoImportacao; importar: ImportarPedaco; aoConcluir?: () => void }) {
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
  const itens = `${d.item}(s)`;
  const a = d.feminino ? 'a' : 'o';

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
    const lidoAgora = decodificarCsv(b, escolha);
    setLido(lidoAgora);
    const p = prepararImportacao(lidoAgora.texto, d.formato);
    setPrep(p);
    if (p.total === 0) {
      setEtapa('erro');
      setMensagem(`O arquivo não tem linhas de ${d.item}s (a primeira linha é o cabeçalho).`);
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
    const ok = await confirm({ header: d.titulo, message: `Gravar ${prep.total} ${itens} de ${nome}?` });
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
      setMensagem(`${r.criados} ${itens} criad${a}(s), ${r.atualizados} atualizad${a}(s).`);
      aoConcluir?.();
    } catch (err) {
      setEtapa('erro');
      setMensagem(`${mensagemDeErro(err)} Importe o arquivo de novo: as linhas já gravadas não serão duplicadas.`);
    }
  }

  const total = prep?.total ?? 0;
  const ocupado = etapa === 'validando' || etapa === 'gravando';
  return (
    <div className="form-stack" data-testid={d.testId}>
      <p className="muted" style={{ margin: 0 }}>
        Arquivo CSV (UTF-8 ou o CSV do Excel, separado por ; ou ,) com cabeçalho. {d.ajuda} Todas as linhas são conferidas antes; se alguma tiver erro, nada é
        gravado.
      </p>
      <div className="acoes">
        <button type="button" onClick={() => baixarArquivo(d.modelo.arquivo, d.modelo.csv())}>
          Baixar modelo
        </button>
        <button type="button" onClick={() => arquivo.current?.click()} disabled={ocupado}>
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
      <SelectField label="Codificação" name="codificacao" value={codificacao} onValue={trocarCodificacao} options={OPCOES_CODIFICACAO} disabled={ocupado} />
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
      {ocupado ? (
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
          <IonButton onClick={() => void gravar()}>
            Gravar {total} {itens}
          </IonButton>
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
                <th>{d.rotuloChave}</th>
                <th>Erros</th>
              </tr>
            </thead>
            <tbody>
              {rejeitadas.slice(0, 500).map((r) => (
                <tr key={`${r.linha}-${r.chave}`}>
                  <td>{r.linha}</td>
                  <td>{r.chave}</td>
                  <td>
                    {r.erros.map((e, i) => (
                      <div key={i}>{erroNaLinha(r.linha, e)}</div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rejeitadas.length > 500 ? <p className="nota">Mostrando as 500 primeiras de {rejeitadas.length} linhas com erro.</p> : null}
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
