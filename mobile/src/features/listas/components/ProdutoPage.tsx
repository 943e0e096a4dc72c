import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { IonIcon, IonSpinner } from '@ionic/react';
import { imageOutline } from 'ionicons/icons';
import { Page } from '../../../components/ui/Page';
import { EmptyState } from '../../../components/ui/ErrorState';
import { useClientesDoAparelho } from '../../../entities/cliente/hooks';
import { usePrecosDoAparelho, useTabelasDoAparelho } from '../../../entities/preco/colecoes';
import { useDadosComerciais } from '../../../entities/preco/hooks';
import { useFotoProduto } from '../../../entities/produto/foto';
import { useProdutosDoAparelho } from '../../../entities/produto/colecao';
import { hojeIso } from '../../../lib/format/date';
import { formatarMoeda } from '../../../lib/format/money';
import { formatarPercentual } from '../../../lib/format/percentual';
import { useSession } from '../../../lib/session';
import { usePrecoParaCliente } from '../hooks/usePrecoParaCliente';
import { rotuloEstoque, tabelasVisiveis, vigente } from '../utils/lista';
import { DetalhePreco } from '../../../components/preco/DetalhePreco';

function Foto({ id, fotoVersao, descricao }: { id: string; fotoVersao?: string; descricao?: string }) {
  const url = useFotoProduto(fotoVersao ? { id, foto_versao: fotoVersao } : undefined, 'grande');
  if (!fotoVersao) return null;
  return (
    <div className="foto-produto">
      {url ? <img src={url} alt={`Foto de ${descricao ?? 'produto'}`} data-testid="foto-produto" /> : <IonIcon icon={imageOutline} aria-label="Carregando a foto" />}
    </div>
  );
}

/** A product from the device: photo, data, stock, its price in each table and for the chosen customer. */
export default function ProdutoPage() {
  const { profile } = useSession();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const clienteId = params.get('cliente') ?? '';
  const tabelaId = params.get('tabela') ?? '';
  const produtos = useProdutosDoAparelho();
  const precos = usePrecosDoAparelho();
  const todasAsTabelas = useTabelasDoAparelho();
  const clientes = useClientesDoAparelho();
  const dados = useDadosComerciais();
  const hoje = hojeIso();
  const p = useMemo(() => produtos?.find((x) => x.id === id), [produtos, id]);
  const cliente = clienteId ? clientes?.find((c) => c.id === clienteId) : undefined;
  const tabelas = useMemo(
    () => (todasAsTabelas && clientes ? tabelasVisiveis(todasAsTabelas, profile?.perfil, clientes, hoje) : []),
    [todasAsTabelas, clientes, profile?.perfil, hoje],
  );
  const precosDoProduto = useMemo(() => {
    const m = new Map<string, { preco: number; minimo: number }>();
    for (const x of precos ?? []) if (x.produto_id === id && !x.excluido) m.set(x.tabela_id, { preco: Number(x.preco_centavos), minimo: Number(x.preco_minimo_centavos) || 0 });
    return m;
  }, [precos, id]);
  const precoCliente = usePrecoParaCliente(dados, profile?.operador ?? '', cliente);
  const doCliente = p && precoCliente ? precoCliente(p.id) : undefined;

  const voltar = `/listas${tabelaId || clienteId ? `?${new URLSearchParams({ ...(tabelaId ? { tabela: tabelaId } : {}), ...(clienteId ? { cliente: clienteId } : {}) })}` : ''}`;

  if (produtos === null) {
    return (
      <Page title="Produto" backHref={voltar}>
        <div className="center-box" role="status">
          <IonSpinner name="crescent" />
        </div>
      </Page>
    );
  }
  if (!p) {
    return (
      <Page title="Produto" backHref={voltar}>
        <EmptyState>Produto não encontrado no aparelho. Sincronize e tente de novo.</EmptyState>
      </Page>
    );
  }
  const medida = Boolean(profile?.medida);
  const dadosProduto: [string, string][] = [
    ['Código', p.codigo],
    ['Código de barras', p.ean || '—'],
    ['NCM', p.ncm || '—'],
    ...(medida && p.unidade ? ([['Unidade', Number(p.unidades_caixa) > 1 ? `${p.unidade} c/ ${p.unidades_caixa}` : p.unidade]] as [string, string][]) : []),
    ['Múltiplo de venda', String(Number(p.multiplo_venda) || 1)],
    ['IPI', formatarPercentual(p.ipi_percentual)],
    ...(Number(p.peso_gramas) > 0 ? ([['Peso', `${Number(p.peso_gramas).toLocaleString('pt-BR')} g`]] as [string, string][]) : []),
    ['Estoque', rotuloEstoque(p).replace(/^Estoque: /, '')],
  ];
  return (
    <Page title="Produto" backHref={voltar}>
      {/* Focusable, so a keyboard scrolls it (it has no link or button of its own). */}
      <div className="narrow ficha-produto" tabIndex={0} role="region" aria-label={`Produto ${p.descricao}`}>
        <Foto id={p.id} fotoVersao={p.foto_versao} descricao={p.descricao} />
        <h2 data-testid="descricao-produto">
          {p.descricao}
          {!p.ativo ? <span className="selo inativo">inativo</span> : null}
        </h2>
        <p className="muted">{[p.marca, p.grupo].filter(Boolean).join(' · ')}</p>
        <dl className="detalhe-preco">
          {dadosProduto.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        {cliente ? (
          <section aria-labelledby="preco-cliente">
            <h3 id="preco-cliente">Para {cliente.nome}</h3>
            {doCliente?.linha ? <DetalhePreco linha={doCliente.linha} unidade={medida ? p.unidade : undefined} /> : <p className="field-error">{doCliente?.erro ?? 'Calculando…'}</p>}
            <p className="muted" style={{ fontSize: '0.8rem' }}>
              Sem desconto do vendedor e sem condição de pagamento; o pedido mostra o preço final.
            </p>
          </section>
        ) : null}
        <section aria-labelledby="precos-tabelas">
          <h3 id="precos-tabelas">Preços nas tabelas</h3>
          <dl className="detalhe-preco" data-testid="precos-nas-tabelas">
            {tabelas.map((t) => {
              const x = precosDoProduto.get(t.id);
              return (
                <div key={t.id} className={t.id === tabelaId ? 'atual' : undefined}>
                  <dt>
                    {t.nome}
                    {t.padrao ? ' (padrão)' : ''}
                    {vigente(t, hoje) ? '' : ' — fora da vigência'}
                  </dt>
                  <dd>{x ? `${formatarMoeda(x.preco)}${x.minimo ? ` (mín. ${formatarMoeda(x.minimo)})` : ''}` : 'fora da tabela'}</dd>
                </div>
              );
            })}
          </dl>
        </section>
      </div>
    </Page>
  );
}
