import { useMemo, useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { IonSearchbar } from '../../../components/ionic/IonSearchbar';
import { EmptyState, ErrorState } from '../../../components/ui/ErrorState';
import { PageLoading } from '../../../components/ui/PageLoading';
import { TextField } from '../../../components/ui/TextField';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { useDebounced } from '../../../components/useDebounced';
import { errosDeCampo, mensagemDeErro } from '../../../lib/api/client';
import type { Preco, Produto } from '../../../lib/api/types';
import { centavosParaReais, formatarMoeda } from '../../../lib/format/money';
import { useListaProdutos } from '../api/produtos';
import { useDefinirPreco, usePrecos, useRemoverPreco } from '../api/precos';
import { lerPreco } from '../utils/preco';

/** The price editor of one product: price and minimum in reais, saved with PUT, removed with DELETE. */
export function EditorPreco({ tabelaId, produto, preco, aoFechar }: { tabelaId: string; produto: Produto; preco?: Preco; aoFechar: () => void }) {
  const toast = useToast();
  const confirm = useConfirm();
  const [valor, setValor] = useState(preco ? centavosParaReais(preco.preco_centavos) : '');
  const [minimo, setMinimo] = useState(preco && preco.preco_minimo_centavos !== '0' ? centavosParaReais(preco.preco_minimo_centavos) : '');
  const [erros, setErros] = useState<{ preco?: string; minimo?: string; geral?: string }>({});
  const definir = useDefinirPreco({
    onSuccess: (p) => {
      toast(`Preço de ${produto.codigo}: ${formatarMoeda(p.preco_centavos)}.`, { duration: 2500, position: 'bottom', color: 'success' });
      aoFechar();
    },
    onError: (err) => {
      const c = errosDeCampo(err);
      setErros({ preco: c.preco_centavos, minimo: c.preco_minimo_centavos, geral: mensagemDeErro(err) });
    },
  });
  const remover = useRemoverPreco({
    onSuccess: () => {
      toast(`${produto.codigo} saiu da tabela.`, { duration: 2500, position: 'bottom' });
      aoFechar();
    },
    onError: (err) => setErros({ geral: mensagemDeErro(err) }),
  });
  function salvar() {
    const r = lerPreco({ preco: valor, minimo });
    if (!r.ok) return setErros(r.erros);
    setErros({});
    definir.mutate({ tabelaId, produtoId: produto.id, preco_centavos: r.preco_centavos, preco_minimo_centavos: r.preco_minimo_centavos });
  }
  return (
    <form
      className="form-stack"
      data-testid="editor-preco"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        salvar();
      }}
    >
      <div className="row-2">
        <TextField label="Preço (R$)" name="preco" value={valor} onValue={setValor} inputMode="decimal" error={erros.preco} autoFocus />
        <TextField label="Preço mínimo (R$)" name="preco_minimo" value={minimo} onValue={setMinimo} inputMode="decimal" error={erros.minimo} placeholder="Opcional" />
      </div>
      {erros.geral ? (
        <p className="field-error" role="alert">
          {erros.geral}
        </p>
      ) : null}
      <div className="acoes">
        <IonButton type="submit" size="small" disabled={definir.isPending}>
          {definir.isPending ? <IonSpinner name="dots" /> : 'Salvar preço'}
        </IonButton>
        <IonButton type="button" size="small" fill="clear" onClick={aoFechar}>
          Cancelar
        </IonButton>
        {preco ? (
          <IonButton
            type="button"
            size="small"
            fill="outline"
            color="danger"
            disabled={remover.isPending}
            onClick={() =>
              void confirm({ header: 'Tirar da tabela', message: `Tirar ${produto.codigo} — ${produto.descricao} desta tabela? Ele deixa de ser vendido aos clientes dela.` }).then(
                (ok) => ok && remover.mutate({ tabelaId, produtoId: produto.id }),
              )
            }
          >
            Tirar da tabela
          </IonButton>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The table's prices: the products (searched and paged by the server: code, description,
 * barcode; by group) with their price here, each editable in reais.
 */
export function PrecosDaTabela({ tabelaId }: { tabelaId: string }) {
  const [busca, setBusca] = useState('');
  const [grupo, setGrupo] = useState('');
  const [soComPreco, setSoComPreco] = useState(false);
  const [aberto, setAberto] = useState('');
  const q = useDebounced(busca.trim(), 300);
  const g = useDebounced(grupo.trim(), 400);
  const precos = usePrecos(tabelaId);
  const lista = useListaProdutos({ q: q || undefined, grupo: g || undefined, page_size: 30 });
  const produtos = useMemo(() => lista.data?.pages.flatMap((p) => p.produtos) ?? [], [lista.data]);
  const mapa = precos.data;
  const visiveis = soComPreco && mapa ? produtos.filter((p) => mapa.has(p.id)) : produtos;
  return (
    <div className="cartao" data-testid="precos-tabela">
      <p className="muted" style={{ margin: 0 }} data-testid="contagem-precos">
        {precos.isPending ? 'Carregando os preços da tabela…' : mapa ? `${mapa.size.toLocaleString('pt-BR')} produto(s) com preço nesta tabela.` : ''}
      </p>
      <IonSearchbar placeholder="Buscar produto: código, descrição ou código de barras" value={busca} debounce={0} onIonInput={(e) => setBusca(String(e.detail.value ?? ''))} aria-label="Buscar produto" />
      <div className="row-2">
        <TextField label="Grupo" name="grupo-precos" value={grupo} onValue={setGrupo} autoComplete="off" />
        <label className="check-field" style={{ alignSelf: 'end' }}>
          <input type="checkbox" checked={soComPreco} onChange={(e) => setSoComPreco(e.target.checked)} />
          Só com preço
        </label>
      </div>
      {precos.isError ? <ErrorState error={precos.error} onRetry={() => void precos.refetch()} /> : null}
      {lista.isPending ? (
        <PageLoading />
      ) : lista.isError ? (
        <ErrorState error={lista.error} onRetry={() => void lista.refetch()} />
      ) : visiveis.length === 0 ? (
        <EmptyState>{soComPreco && produtos.length ? 'Nenhum destes produtos tem preço nesta tabela.' : 'Nenhum produto encontrado.'}</EmptyState>
      ) : (
        <ul className="catalogo-lista" data-testid="lista-precos">
          {visiveis.map((p) => {
            const preco = mapa?.get(p.id);
            return (
              <li key={p.id} data-produto={p.codigo}>
                <div className="catalogo-linha">
                  <span>
                    <strong>{p.descricao}</strong>
                    {!p.ativo ? <span className="selo-inativo">Inativo</span> : null}
                    <br />
                    <small>
                      {p.codigo}
                      {p.grupo ? ` · ${p.grupo}` : ''} · {p.unidade}
                    </small>
                  </span>
                  <span style={{ textAlign: 'right' }}>
                    {preco ? (
                      <>
                        <span className="valor" data-testid="preco">
                          {formatarMoeda(preco.preco_centavos)}
                        </span>
                        {preco.preco_minimo_centavos !== '0' ? (
                          <>
                            <br />
                            <small>mín. {formatarMoeda(preco.preco_minimo_centavos)}</small>
                          </>
                        ) : null}
                      </>
                    ) : (
                      <small>{mapa ? 'Sem preço' : ''}</small>
                    )}
                    <br />
                    {aberto !== p.id ? (
                      <button type="button" className="chip" onClick={() => setAberto(p.id)} disabled={!mapa}>
                        {preco ? 'Editar' : 'Definir preço'}
                      </button>
                    ) : null}
                  </span>
                </div>
                {aberto === p.id ? <EditorPreco tabelaId={tabelaId} produto={p} preco={preco} aoFechar={() => setAberto('')} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      {lista.hasNextPage ? (
        <IonButton fill="clear" expand="block" onClick={() => void lista.fetchNextPage()} disabled={lista.isFetchingNextPage}>
          {lista.isFetchingNextPage ? <IonSpinner name="dots" /> : 'Mais produtos'}
        </IonButton>
      ) : null}
    </div>
  );
}
