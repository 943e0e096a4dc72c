import { memo } from 'react';
import { Link } from 'react-router-dom';
import { formatarMoeda } from '../../../lib/format/money';
import { useFotoProduto } from '../../../entities/produto/foto';
import type { LinhaLista } from '../utils/lista';
import { detalheProduto } from '../utils/lista';
import type { PrecoParaCliente } from '../hooks/usePrecoParaCliente';

/** The photo's thumbnail (fetched once, then from the device) or nothing. */
export function Miniatura({ id, fotoVersao, descricao }: { id: string; fotoVersao?: string; descricao?: string }) {
  const url = useFotoProduto(fotoVersao ? { id, foto_versao: fotoVersao } : undefined, 'miniatura');
  if (!fotoVersao) return null;
  return url ? <img className="miniatura-produto" src={url} alt={descricao ? `Foto de ${descricao}` : 'Foto do produto'} /> : <span className="miniatura-produto" aria-hidden="true" />;
}

interface Props {
  l: LinhaLista;
  href: string;
  exibirMedida: boolean;
  /** The customer's price (when a customer is chosen). */
  doCliente?: PrecoParaCliente;
}

/** A product of the list: photo, description, code and unit, the table's price (and the customer's). */
export const LinhaProduto = memo(function LinhaProduto({ l, href, exibirMedida, doCliente }: Props) {
  const p = l.produto;
  const lista = Number(l.preco.preco_centavos);
  const unitario = doCliente?.linha?.preco_unitario_centavos;
  return (
    <Link to={href} className="linha-produto" data-testid="linha-produto" data-codigo={p.codigo}>
      <Miniatura id={p.id} fotoVersao={p.foto_versao} descricao={p.descricao} />
      <span className="linha-produto-texto">
        <strong>{p.descricao}</strong>
        <small>{detalheProduto(p, exibirMedida)}</small>
      </span>
      <span className="linha-produto-preco">
        <strong data-testid="preco-tabela">{formatarMoeda(lista)}</strong>
        {doCliente?.erro ? (
          <small className="texto-erro">{doCliente.erro}</small>
        ) : unitario !== undefined && unitario !== lista ? (
          <small data-testid="preco-cliente">cliente: {formatarMoeda(unitario)}</small>
        ) : null}
      </span>
    </Link>
  );
});
