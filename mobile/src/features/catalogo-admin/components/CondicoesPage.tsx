// Payment terms (ADMIN): the screen of a simple entity (components/entidade) declared here — the
// list's columns, the form's fields (its rules and payloads in ../utils/condicao) and the texts.
import { Controller } from 'react-hook-form';
import { PaginaCadastro, type TelaCadastro } from '../../../components/entidade/PaginaCadastro';
import { condicoes, type MudancasCondicao } from '../../../entities/condicao';
import type { CondicaoPagamento, CriarCondicaoPedido } from '../../../lib/api/types';
import { centavosParaReais, formatarMoeda, reaisParaCentavos } from '../../../lib/format/money';
import { formatarPercentual } from '../../../lib/format/percentual';
import { alteracaoDaCondicao, campoDaCondicao, CONDICAO_VAZIA, daCondicao, descreverParcelas, esquemaCondicao, FORMAS, nomeDaForma, novaCondicao, type ValoresCondicao } from '../utils/condicao';
import { SeletorClientes } from './Seletores';
import './catalogo.css';

/** "28/35/42 dias · Boleto · +1,5% · mínimo R$ 300,00". */
export function resumoCondicao(c: CondicaoPagamento): string {
  const partes = [descreverParcelas(c.parcelas_dias), nomeDaForma(c.forma)];
  if (c.acrescimo_percentual > 0) partes.push(`acréscimo de ${formatarPercentual(c.acrescimo_percentual)}`);
  if (c.acrescimo_percentual < 0) partes.push(`desconto de ${formatarPercentual(-c.acrescimo_percentual)}`);
  if (c.valor_minimo_centavos && c.valor_minimo_centavos !== '0') partes.push(`mínimo ${formatarMoeda(c.valor_minimo_centavos)}`);
  if (c.clientes?.length) partes.push(`${c.clientes.length} cliente(s)`);
  return partes.join(' · ');
}

const TELA: TelaCadastro<CondicaoPagamento, CriarCondicaoPedido, MudancasCondicao, ValoresCondicao> = {
  entidade: condicoes,
  titulo: 'Condições de pagamento',
  voltar: '/crm-home',
  idLista: 'lista-condicoes',
  idFormulario: 'form-condicao',
  colunas: { titulo: (c) => c.nome, inativo: (c) => !c.ativo, resumo: resumoCondicao },
  rotulos: {
    vazia: 'Nenhuma condição de pagamento.',
    inativo: 'Inativa',
    nova: 'Nova condição',
    tituloNova: 'Nova condição de pagamento',
    tituloEditar: (c) => `Editar ${c.nome}`,
    criar: 'Criar condição',
    salvar: 'Salvar condição',
    criada: (c) => `Condição ${c.nome} criada.`,
    salva: 'Condição salva.',
    excluida: 'Condição excluída.',
    conflito: 'Esta condição foi alterada por outra pessoa enquanto você editava. Feche, abra de novo e refaça as suas alterações.',
    excluir: { titulo: 'Excluir condição', mensagem: (c) => `Excluir a condição ${c.nome}? Ela deixa de ser oferecida nos pedidos.` },
  },
  formulario: {
    esquema: esquemaCondicao,
    vazio: CONDICAO_VAZIA,
    de: daCondicao,
    novo: novaCondicao,
    alteracao: alteracaoDaCondicao,
    campo: campoDaCondicao,
    campos: [
      { tipo: 'texto', nome: 'nome', rotulo: 'Nome', max: 120, placeholder: '28/35/42 boleto' },
      [
        { tipo: 'texto', nome: 'parcelas', nomeHtml: 'parcelas_dias', rotulo: 'Parcelas (dias)', inputMode: 'numeric', placeholder: '28/35/42', ajuda: 'Vazio ou 0: à vista' },
        { tipo: 'select', nome: 'forma', rotulo: 'Forma', opcoes: FORMAS },
      ],
      [
        { tipo: 'texto', nome: 'acrescimo', nomeHtml: 'acrescimo_percentual', rotulo: 'Acréscimo (%)', inputMode: 'decimal', ajuda: 'Negativo é desconto: -2 para PIX.' },
        {
          tipo: 'texto',
          nome: 'minimo',
          nomeHtml: 'valor_minimo',
          rotulo: 'Pedido mínimo (R$)',
          inputMode: 'decimal',
          placeholder: 'Sem mínimo',
          aoSair: (form) => {
            const c = reaisParaCentavos(form.getValues('minimo'));
            if (c !== null && c !== '0' && !c.startsWith('-')) form.setValue('minimo', centavosParaReais(c), { shouldValidate: true });
          },
        },
      ],
      { tipo: 'marcar', nome: 'usaLimite', nomeHtml: 'usa_limite_credito', rotulo: 'Respeita o limite de crédito do cliente' },
      { tipo: 'marcar', nome: 'ativo', rotulo: 'Ativa' },
      {
        tipo: 'outro',
        chave: 'clientes',
        render: ({ control }) => (
          <Controller
            control={control}
            name="clientes"
            render={({ field }) => <SeletorClientes rotulo="Clientes que podem usar" nome="clientes" valores={field.value} aoMudar={field.onChange} vazio="Todos os clientes." />}
          />
        ),
      },
    ],
  },
};

export default function CondicoesPage() {
  return <PaginaCadastro tela={TELA} />;
}
