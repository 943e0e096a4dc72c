import {
  addCircleOutline,
  barChartOutline,
  briefcaseOutline,
  calculatorOutline,
  calendarOutline,
  cardOutline,
  cartOutline,
  clipboardOutline,
  cubeOutline,
  documentTextOutline,
  flagOutline,
  informationCircleOutline,
  listOutline,
  locationOutline,
  mapOutline,
  navigateCircleOutline,
  peopleOutline,
  personCircleOutline,
  phonePortraitOutline,
  pricetagOutline,
  pricetagsOutline,
  receiptOutline,
  searchOutline,
  speedometerOutline,
  statsChartOutline,
  storefrontOutline,
  trendingUpOutline,
} from 'ionicons/icons';
import { pode, type Acao } from '../lib/permissoes';

export interface ItemNavegacao {
  path: string;
  titulo: string;
  descricao: string;
  icon: string;
  /** What the operator must be allowed to do to see the item (lib/permissoes). */
  acao?: Acao;
}

/** Areas that work today. Areas of later issues join this list when they are built. */
export const NAVEGACAO: readonly ItemNavegacao[] = [
  { path: '/crm-vendas-pedidos-incluir', titulo: 'Novo pedido', descricao: 'Pedido ou orçamento, mesmo sem internet', icon: addCircleOutline },
  { path: '/crm-vendas-pedidos', titulo: 'Pedidos', descricao: 'Seus pedidos, status e aprovações', icon: cartOutline },
  { path: '/crm-vendas', titulo: 'Vendas', descricao: 'Totais do dia e do mês', icon: statsChartOutline },
  { path: '/crm-metas', titulo: 'Metas', descricao: 'Metas do mês e quanto já foi atingido', icon: flagOutline },
  { path: '/painel-vendas', titulo: 'Painel de vendas', descricao: 'Meta, quanto falta por dia útil e projeção', icon: speedometerOutline },
  { path: '/crm-clientes', titulo: 'Clientes', descricao: 'Sua carteira de clientes', icon: storefrontOutline },
  { path: '/calendario', titulo: 'Calendário', descricao: 'Visitas planejadas, tarefas e a rota do dia', icon: calendarOutline },
  { path: '/crm-clientes-buscar', titulo: 'Buscar cliente', descricao: 'Por nome, CNPJ/CPF ou cidade, mesmo sem internet', icon: searchOutline },
  { path: '/listas', titulo: 'Listas de preço', descricao: 'Produtos, preços e estoque, mesmo sem internet', icon: pricetagOutline },
  { path: '/vendas-ano-mes', titulo: 'Vendas por mês', descricao: 'Mês a mês, contra o ano anterior', icon: barChartOutline },
  { path: '/graficos', titulo: 'Gráficos', descricao: 'Vendas contra a meta, por grupo e o ranking', icon: trendingUpOutline },
  { path: '/carteira', titulo: 'Carteira', descricao: 'Clientes por vendedor e transferências', icon: briefcaseOutline },
  { path: '/crm-regioes', titulo: 'Regiões', descricao: 'Regiões de venda e suas cidades', icon: mapOutline },
  { path: '/crm-clientes-pesquisas', titulo: 'Pesquisas', descricao: 'Formulários de pesquisa com clientes', icon: clipboardOutline, acao: 'pesquisas.gerenciar' },
  { path: '/profile', titulo: 'Meu perfil', descricao: 'Seus dados e a verificação do e-mail', icon: personCircleOutline },
  { path: '/admin/operadores', titulo: 'Operadores', descricao: 'Convide, edite e desative operadores', icon: peopleOutline, acao: 'operadores.gerenciar' },
  { path: '/admin/produtos', titulo: 'Produtos', descricao: 'Catálogo e importação CSV', icon: cubeOutline, acao: 'catalogo.gerenciar' },
  { path: '/admin/tabelas-preco', titulo: 'Tabelas de preço', descricao: 'Tabelas, vigência, clientes e preços', icon: pricetagsOutline, acao: 'catalogo.gerenciar' },
  { path: '/admin/condicoes-pagamento', titulo: 'Condições de pagamento', descricao: 'Prazos, formas, acréscimos e mínimos', icon: cardOutline, acao: 'catalogo.gerenciar' },
  { path: '/admin/politica-comercial', titulo: 'Política comercial', descricao: 'Descontos, verba flex, promoções e volume', icon: calculatorOutline, acao: 'catalogo.gerenciar' },
  { path: '/admin/regras-st', titulo: 'Regras de ST', descricao: 'ICMS-ST por NCM e UF de destino', icon: receiptOutline, acao: 'catalogo.gerenciar' },
  { path: '/admin/versoes', titulo: 'Versões do app', descricao: 'Versão atual e mínima por plataforma', icon: phonePortraitOutline, acao: 'versoes.gerenciar' },
  { path: '/admin/acessos', titulo: 'Log de acessos', descricao: 'Quem acessou, quando e de onde', icon: documentTextOutline, acao: 'acessos.ver' },
  { path: '/configuracao-visitas', titulo: 'Configuração de visitas', descricao: 'Raio do check-in, precisão, check-out automático e motivos', icon: navigateCircleOutline, acao: 'visitas.configurar' },
  { path: '/coordenadas-propostas', titulo: 'Coordenadas propostas', descricao: 'Posições de check-in para endereços sem coordenadas', icon: locationOutline, acao: 'visitas.coordenadas' },
  { path: '/menu', titulo: 'Menu', descricao: 'Todas as opções', icon: listOutline },
  { path: '/about', titulo: 'Sobre', descricao: 'Versão do aplicativo', icon: informationCircleOutline },
];

export function itensPara(perfil: string | undefined): ItemNavegacao[] {
  return NAVEGACAO.filter((i) => !i.acao || pode(perfil, i.acao));
}

export const NOMES_PERFIL: Record<string, string> = {
  ADMIN: 'Administrador',
  SUPERVISOR: 'Supervisor',
  VENDEDOR: 'Vendedor',
};
