// Payment terms (ADMIN): the screen of a simple entity (components/entidade) declared here — the
// list's columns and the form's fields; the form's rules, options and payloads come from
// contracts/formularios.json (FORMULARIO_CONDICAO_PAGAMENTO), the labels from the entity.
import { Controller } from 'react-hook-form';
import { PaginaCadastro, type TelaCadastro } from '../../../components/entidade/PaginaCadastro';
import { condicoes, type MudancasCondicao } from '../../../entities/condicao';
import type { CondicaoPagamento, CriarCondicaoPedido } from '../../../lib/api/types';
import { FORMULARIO_CONDICAO_PAGAMENTO } from '../../../lib/contratos/formularios.gen';
import type { ValoresFormulario } from '../../../lib/entidade/formulario';
import { resumoCondicao } from '../utils/condicao';
import { SeletorClientes } from './Seletores';
import './catalogo.css';

const TELA: TelaCadastro<CondicaoPagamento, CriarCondicaoPedido, MudancasCondicao, ValoresFormulario> = {
  entidade: condicoes,
  idLista: 'lista-condicoes',
  idFormulario: 'form-condicao',
  colunas: { titulo: (c) => c.nome, inativo: (c) => !c.ativo, resumo: resumoCondicao },
  rotulos: { curto: 'condição', excluir: { mensagem: (c) => `Excluir a condição ${c.nome}? Ela deixa de ser oferecida nos pedidos.` } },
  formulario: {
    contrato: FORMULARIO_CONDICAO_PAGAMENTO,
    iniciais: { forma: 'boleto', acrescimo_percentual: '0', ativo: true },
    campos: [
      { tipo: 'texto', nome: 'nome', rotulo: 'Nome', max: 120, placeholder: '28/35/42 boleto' },
      [
        { tipo: 'texto', nome: 'parcelas_dias', rotulo: 'Parcelas (dias)', inputMode: 'numeric', placeholder: '28/35/42', ajuda: 'Vazio ou 0: à vista' },
        { tipo: 'select', nome: 'forma', rotulo: 'Forma' },
      ],
      [
        { tipo: 'texto', nome: 'acrescimo_percentual', rotulo: 'Acréscimo (%)', inputMode: 'decimal', ajuda: 'Negativo é desconto: -2 para PIX.' },
        { tipo: 'texto', nome: 'valor_minimo_centavos', nomeHtml: 'valor_minimo', rotulo: 'Pedido mínimo (R$)', inputMode: 'decimal', placeholder: 'Sem mínimo' },
      ],
      { tipo: 'marcar', nome: 'usa_limite_credito', rotulo: 'Respeita o limite de crédito do cliente' },
      { tipo: 'marcar', nome: 'ativo', rotulo: 'Ativa' },
      {
        tipo: 'outro',
        chave: 'clientes',
        render: ({ control }) => (
          <Controller
            control={control}
            name="clientes"
            render={({ field }) => <SeletorClientes rotulo="Clientes que podem usar" nome="clientes" valores={field.value as string[]} aoMudar={field.onChange} vazio="Todos os clientes." />}
          />
        ),
      },
    ],
  },
};

export default function CondicoesPage() {
  return <PaginaCadastro tela={TELA} />;
}
