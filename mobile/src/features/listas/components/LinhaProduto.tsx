import { memo, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { colecaoProdutos } from '../../../entities/produto/colecao';
import { doServidor } from '../../../lib/sync/buscaDuranteACopia';
import { formatarMoeda } from '../../../lib/format/money';
import { useFotoProduto } from '../../../entities/produto/foto';
import type { LinhaDaBusca } from '../utils/lista';
import { detalheProduto } from '../utils/lista';
import type { PrecoParaCliente } from '../hooks/usePrecoParaCliente';

/** The photo's thumbnail (fetched once, then from the device) or nothing. */
export function Miniatura({ id, fotoVersao, descricao }: { id: string; fotoVersao?: string; descricao?: string }) {
  const url = useFotoProduto(fotoVersao ? { id, foto_versao: fotoVersao } : undefined, 'miniatura');
  if (!fotoVersao) return null;
  return url ? <img className="miniatura-produto" src={url} alt={descricao ? `Foto de ${descricao}` : 'Foto do produto'} /> : <span className="miniatura-produto" aria-hidden="true" />;
}

/** Where a product without a price on the device says so (the server search's, during the catalogue's first copy). */
export const SEM_PRECO_NA_COPIA = 'preço ao copiar o catálogo';

interface Props {
  l: LinhaDaBusca;
  href: string;
  exibirMedida: boolean;
  /** The customer's price (when a customer is chosen). */
  doCliente?: PrecoParaCliente;
}

/**
 * A product of the list: photo, description, code and unit, the table's price (and the customer's).
 * One the server search found ("do servidor") is kept on the device when opened, so its page has it.
 */
export const LinhaProduto = memo(function LinhaProduto({ l, href, exibirMedida, doCliente }: Props) {
  const navigate = useNavigate();
  const p = l.produto;
  const daBusca = doServidor(p);
  const lista = l.preco ? Number(l.preco.preco_centavos) : null;
  const unitario = doCliente?.linha?.preco_unitario_centavos;
  const abrir = daBusca
    ? (e: MouseEvent) => {
        e.preventDefault();
        void colecaoProdutos
          .guardarDaBusca(p)
          .catch((err) => console.warn('Produto do servidor não foi guardado no aparelho', err))
          .finally(() => navigate(href));
      }
    : undefined;
  return (
    <Link to={href} onClick={abrir} className="linha-produto" data-testid="linha-produto" data-codigo={p.codigo} data-origem={daBusca ? 'servidor' : 'aparelho'}>
      <Miniatura id={p.id} fotoVersao={p.foto_versao} descricao={p.descricao} />
      <span className="linha-produto-texto">
        <strong>{p.descricao}</strong>
        <small>
          {detalheProduto(p, exibirMedida)}
          {daBusca ? <span className="selo">do servidor</span> : null}
        </small>
      </span>
      <span className="linha-produto-preco">
        {lista === null ? (
          <small data-testid="sem-preco">{SEM_PRECO_NA_COPIA}</small>
        ) : (
          <strong data-testid="preco-tabela">{formatarMoeda(lista)}</strong>
        )}
        {doCliente?.erro ? (
          <small className="texto-erro">{doCliente.erro}</small>
        ) : unitario !== undefined && unitario !== lista ? (
          <small data-testid="preco-cliente">cliente: {formatarMoeda(unitario)}</small>
        ) : null}
      </span>
    </Link>
  );
});
