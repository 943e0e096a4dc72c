// Choosers of the catalogue's forms, inline (the form stays on screen with what was typed): many
// values searched on the server (customers), one product searched on the server, and a set of
// chips (states, regions).
import { useState, type ReactNode } from 'react';
import { useDebounced } from '../../../components/useDebounced';
import { useListaProdutos, useProduto } from '../api/produtos';
import { useBuscaClientes, useNomeCliente } from '../api/opcoes';

interface Opcao {
  valor: string;
  rotulo: string;
  detalhe?: string;
}

function Sugestoes({ opcoes, aoEscolher, carregando, termo }: { opcoes: Opcao[]; aoEscolher: (o: Opcao) => void; carregando: boolean; termo: string }) {
  if (termo.length < 2) return null;
  if (!opcoes.length) return <p className="muted">{carregando ? 'Buscando…' : 'Nada encontrado.'}</p>;
  return (
    <ul className="catalogo-sugestoes" role="listbox">
      {opcoes.map((o) => (
        <li key={o.valor}>
          <button type="button" role="option" aria-selected={false} onClick={() => aoEscolher(o)}>
            {o.rotulo}
            {o.detalhe ? (
              <>
                <br />
                <small className="muted">{o.detalhe}</small>
              </>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

function ChipCliente({ id, aoTirar }: { id: string; aoTirar: () => void }) {
  const nome = useNomeCliente(id);
  return (
    <button type="button" className="chip" onClick={aoTirar} aria-label={`Tirar ${nome}`}>
      {nome} ✕
    </button>
  );
}

/** Customers chosen by searching (name, trade name or CPF/CNPJ); `vazio` says what none means. */
export function SeletorClientes({ rotulo, valores, aoMudar, vazio, nome }: { rotulo: string; valores: string[]; aoMudar: (v: string[]) => void; vazio: string; nome: string }) {
  const [busca, setBusca] = useState('');
  const termo = useDebounced(busca.trim(), 300);
  const { opcoes, carregando } = useBuscaClientes(termo);
  return (
    <fieldset className="catalogo-sub" data-testid={`seletor-${nome}`}>
      <legend>{rotulo}</legend>
      <div className="chips">{valores.length ? valores.map((id) => <ChipCliente key={id} id={id} aoTirar={() => aoMudar(valores.filter((x) => x !== id))} />) : <span className="muted">{vazio}</span>}</div>
      <div className="text-field">
        <label htmlFor={`busca-${nome}`}>Incluir cliente</label>
        <input id={`busca-${nome}`} name={`busca-${nome}`} value={busca} onChange={(e) => setBusca(e.target.value)} placeholder="Nome ou CPF/CNPJ" autoComplete="off" />
      </div>
      <Sugestoes
        termo={termo}
        carregando={carregando}
        opcoes={opcoes.filter((o) => !valores.includes(o.valor))}
        aoEscolher={(o) => {
          aoMudar([...valores, o.valor]);
          setBusca('');
        }}
      />
    </fieldset>
  );
}

/** "REF-001 — Refrigerante 2 L" for a product id. */
export function NomeProduto({ id }: { id: string }) {
  const r = useProduto(id, { retry: false });
  return <>{r.data ? `${r.data.codigo} — ${r.data.descricao}` : r.isError ? 'Produto não encontrado' : id}</>;
}

/** One product, searched on the server (code, description or barcode). */
export function SeletorProduto({ rotulo, valor, aoMudar, nome, erro }: { rotulo: string; valor: string; aoMudar: (id: string) => void; nome: string; erro?: string }) {
  const [busca, setBusca] = useState('');
  const termo = useDebounced(busca.trim(), 300);
  const r = useListaProdutos({ q: termo, page_size: 10 }, { enabled: termo.length >= 2 });
  const opcoes = (r.data?.pages[0]?.produtos ?? []).map((p) => ({ valor: p.id, rotulo: `${p.codigo} — ${p.descricao}`, detalhe: [p.grupo, p.marca].filter(Boolean).join(' · ') }));
  if (valor)
    return (
      <div className="text-field">
        <span className="muted">{rotulo}</span>
        <div className="catalogo-linha">
          <span data-testid={`produto-${nome}`}>
            <NomeProduto id={valor} />
          </span>
          <button type="button" className="chip" onClick={() => aoMudar('')}>
            Trocar
          </button>
        </div>
        {erro ? <p className="field-error">{erro}</p> : null}
      </div>
    );
  return (
    <div className={`text-field${erro ? ' has-error' : ''}`}>
      <label htmlFor={`busca-${nome}`}>{rotulo}</label>
      <input id={`busca-${nome}`} name={`busca-${nome}`} value={busca} onChange={(e) => setBusca(e.target.value)} placeholder="Código, descrição ou código de barras" autoComplete="off" />
      <Sugestoes termo={termo} carregando={r.isFetching} opcoes={opcoes} aoEscolher={(o) => aoMudar(o.valor)} />
      {erro ? <p className="field-error">{erro}</p> : null}
    </div>
  );
}

/** A set of values as toggle chips (states, regions). */
export function Chips({ rotulo, opcoes, valores, aoMudar, vazio, nome }: { rotulo: ReactNode; opcoes: Opcao[]; valores: string[]; aoMudar: (v: string[]) => void; vazio?: string; nome: string }) {
  return (
    <fieldset className="catalogo-sub" data-testid={`chips-${nome}`}>
      <legend>{rotulo}</legend>
      {opcoes.length ? (
        <div className="chips">
          {opcoes.map((o) => {
            const marcado = valores.includes(o.valor);
            return (
              <button
                key={o.valor}
                type="button"
                className={`chip${marcado ? ' chip-ativo' : ''}`}
                aria-pressed={marcado}
                title={o.detalhe}
                onClick={() => aoMudar(marcado ? valores.filter((x) => x !== o.valor) : [...valores, o.valor])}
              >
                {o.rotulo}
              </button>
            );
          })}
        </div>
      ) : (
        <span className="muted">{vazio}</span>
      )}
    </fieldset>
  );
}
