import { dobrar, type ClienteLocal } from '../../lib/clientes/busca';

export interface Filtros {
  vendedor: string;
  status: string;
  regiao: string;
  cidade: string;
}

/** The list's filters applied to the device copy (the same meaning as the API's). */
export function filtrarCopia(lista: readonly ClienteLocal[], f: Filtros): ClienteLocal[] {
  const cidade = dobrar(f.cidade);
  const ibge = /^\d{7}$/.test(f.cidade.trim()) ? f.cidade.trim() : '';
  return lista.filter(
    (c) =>
      (!f.vendedor || c.vendedor_id === f.vendedor) &&
      (!f.status || c.status === f.status) &&
      (!f.regiao || c.regiao_id === f.regiao) &&
      (!cidade || (ibge ? c.cidade_ibge === ibge : dobrar(c.cidade).includes(cidade))),
  );
}
