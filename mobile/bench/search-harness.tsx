// Harness of `npm run bench:search`: the device copy (IndexedDB, the app's own module) filled with
// generated customers, then the search of crm-clientes-buscar (BuscaNaCopia, the same component
// the screen renders) over it. The script types into it and reads window.__bench.
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import '@ionic/react/css/core.css';
import '../src/app/theme.css';
import { BuscaNaCopia } from '../src/features/clientes/components/BuscarPage';
import { colecaoClientes } from '../src/entities/cliente/colecao';
import { apagarDadosDoAparelho } from '../src/lib/device-db';
import type { Cliente } from '../src/lib/api/types';
import { criarBench, medirTeclas } from './medir';

const PREFIXOS = ['Padaria', 'Mercado', 'Comercial', 'Distribuidora', 'Auto Peças', 'Farmácia', 'Açougue', 'Papelaria', 'Materiais de Construção', 'Restaurante', 'Loja', 'Empório'];
const NOMES = ['São João', 'Santa Maria', 'Boa Vista', 'União', 'Esperança', 'Estrela', 'Bom Jesus', 'Nossa Senhora', 'Três Irmãos', 'Progresso', 'Ipiranga', 'Avenida', 'Central', 'Paulista', 'Pão de Mel'];
const SUFIXOS = ['Ltda', 'ME', 'EIRELI', 'e Cia', 'Comércio Ltda', 'S.A.'];
const CIDADES: [string, string, string][] = [
  ['São Paulo', 'SP', '3550308'],
  ['Campinas', 'SP', '3509502'],
  ['São José dos Campos', 'SP', '3549904'],
  ['Ribeirão Preto', 'SP', '3543402'],
  ['Jundiaí', 'SP', '3525904'],
  ['Londrina', 'PR', '4113700'],
  ['Curitiba', 'PR', '4106902'],
  ['Maringá', 'PR', '4115200'],
  ['Belo Horizonte', 'MG', '3106200'],
  ['São João del-Rei', 'MG', '3162500'],
  ['Uberlândia', 'MG', '3170206'],
  ['Goiânia', 'GO', '5208707'],
];

function gerar(n: number): Cliente[] {
  let s = 42;
  const r = (k: number) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return (s >>> 8) % k; // the low bits of an LCG repeat with a short period
  };
  return Array.from({ length: n }, (_, i) => {
    const [cidade, uf, ibge] = CIDADES[r(CIDADES.length)];
    const pj = r(5) > 0;
    const doc = pj ? `${r(20) === 0 ? '11222' : String(10 + r(90))}${String(100 + r(900))}${String(100 + r(900))}0001${String(10 + r(90))}` : String(10000000000 + r(89999999)).padStart(11, '1');
    const nome = `${PREFIXOS[r(PREFIXOS.length)]} ${NOMES[r(NOMES.length)]} ${pj ? SUFIXOS[r(SUFIXOS.length)] : ''}`.trim();
    return {
      id: `bench-${i}`,
      empresa: 'bench',
      tipo_pessoa: pj ? 'PJ' : 'FISICA',
      documento: doc,
      nome,
      nome_fantasia: r(2) ? `${NOMES[r(NOMES.length)]} ${i}` : '',
      inscricao_estadual: '',
      suframa: '',
      contribuinte_icms: false,
      email: '',
      telefone: `${11 + r(80)}3${String(r(10_000_000)).padStart(7, '0')}`,
      celular: `${11 + r(80)}9${String(r(100_000_000)).padStart(8, '0')}`,
      segmento: 'Varejo',
      status: ['ativo', 'ativo', 'ativo', 'bloqueado', 'inativo'][r(5)],
      limite_credito_centavos: String(r(1_000_000)),
      observacoes: '',
      vendedor_id: r(2) ? 'demo-vendedor' : 'demo-vendedor2',
      cidade,
      uf,
      cidade_ibge: ibge,
      regiao_id: '',
      enderecos: [],
      contatos: [],
      criado_por: '',
      criado_em: '2026-01-01T00:00:00Z',
      alterado_por: '',
      alterado_em: '2026-01-01T00:00:00Z',
      versao: '1',
      excluido: false,
    };
  });
}

const bench = criarBench({ quantos: 0 });

async function main() {
  const n = Number(new URLSearchParams(location.search).get('n') || 2000);
  await apagarDadosDoAparelho();
  const lista = gerar(n);
  // The device collection the screen reads (then it is in memory).
  await colecaoClientes.guardar(lista);
  const copia = await colecaoClientes.lista();
  bench.quantos = copia.length;
  createRoot(document.getElementById('root')!).render(
    <MemoryRouter>
      <BuscaNaCopia lista={copia} />
    </MemoryRouter>,
  );
  await new Promise((r) => setTimeout(r, 50));
  const input = document.querySelector<HTMLInputElement>('input[name=busca]')!;
  const ul = document.querySelector<HTMLUListElement>('[data-testid=resultados-busca]')!;
  medirTeclas(bench, input, ul, () => ul.children.length);
  bench.pronto = true;
}

void main();
