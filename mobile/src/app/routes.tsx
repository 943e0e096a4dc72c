import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyPage } from './lazyPage';
import { RequireOperator } from './guards';
import { AUTH_LINKS_PATH } from '../config/env';
import type { Acao } from '../lib/permissoes';
import { ROTA_PRIVACIDADE, ROTA_TERMOS } from '../components/ui/LinksLegais';

// Every screen is its own chunk.
const HomePage = lazyPage(() => import('../features/public/components/HomePage'));
const LandingPage = lazyPage(() => import('../features/public/components/LandingPage'));
const AboutPage = lazyPage(() => import('../features/public/components/AboutPage'));
const SignInPage = lazyPage(() => import('../features/auth/components/SignInPage'));
const SignUpPage = lazyPage(() => import('../features/auth/components/SignUpPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/components/ResetPasswordPage'));
const AuthLinksPage = lazyPage(() => import('../features/auth/components/AuthLinksPage'));
const CrmHomePage = lazyPage(() => import('../features/crm-home/components/CrmHomePage'));
const ProfilePage = lazyPage(() => import('../features/profile/components/ProfilePage'));
const MenuPage = lazyPage(() => import('../features/menu/components/MenuPage'));
const OperatorsPage = lazyPage(() => import('../features/operators/components/OperatorsPage'));
const OperatorFormPage = lazyPage(() => import('../features/operators/components/OperatorFormPage'));
const VersionsPage = lazyPage(() => import('../features/versions/components/VersionsPage'));
const AccessLogPage = lazyPage(() => import('../features/access-log/components/AccessLogPage'));
const ClientesPage = lazyPage(() => import('../features/clientes/components/ClientesPage'));
const BuscarPage = lazyPage(() => import('../features/clientes/components/BuscarPage'));
const IncluirPage = lazyPage(() => import('../features/clientes/components/IncluirPage'));
const FichaPage = lazyPage(() => import('../features/clientes/components/FichaPage'));
const ContatosPage = lazyPage(() => import('../features/clientes/components/ContatosPage'));
const EnderecosPage = lazyPage(() => import('../features/clientes/components/EnderecosPage'));
const PesquisasPage = lazyPage(() => import('../features/pesquisas/components/PesquisasPage'));
const RegioesPage = lazyPage(() => import('../features/regioes/components/RegioesPage'));
const RegioesCidadesPage = lazyPage(() => import('../features/regioes/components/RegioesCidadesPage'));
const CarteiraPage = lazyPage(() => import('../features/carteira/components/CarteiraPage'));
const EscolherPage = lazyPage(() => import('../features/escolher/components/EscolherPage'));
const CidadesEscolherPage = lazyPage(() => import('../features/escolher/components/CidadesEscolherPage'));
const PendenciasPage = lazyPage(() => import('../features/pendencias/components/PendenciasPage'));
const ListasPage = lazyPage(() => import('../features/listas/components/ListasPage'));
const ProdutoPage = lazyPage(() => import('../features/listas/components/ProdutoPage'));
const ProdutosPage = lazyPage(() => import('../features/catalogo-admin/components/ProdutosPage'));
const ProdutoFormPage = lazyPage(() => import('../features/catalogo-admin/components/ProdutoFormPage'));
const TabelasPrecoPage = lazyPage(() => import('../features/catalogo-admin/components/TabelasPrecoPage'));
const TabelaPrecoPage = lazyPage(() => import('../features/catalogo-admin/components/TabelaPrecoPage'));
const CondicoesPage = lazyPage(() => import('../features/catalogo-admin/components/CondicoesPage'));
const PoliticaPage = lazyPage(() => import('../features/catalogo-admin/components/PoliticaPage'));
const RegrasStPage = lazyPage(() => import('../features/catalogo-admin/components/RegrasStPage'));
const PedidosPage = lazyPage(() => import('../features/pedidos/components/PedidosPage'));
const IncluirPedidoPage = lazyPage(() => import('../features/pedidos/components/IncluirPedidoPage'));
const BuscarPedidoPage = lazyPage(() => import('../features/pedidos/components/BuscarPedidoPage'));
const VendasPage = lazyPage(() => import('../features/pedidos/components/VendasPage'));
const VendasAnoMesPage = lazyPage(() => import('../features/figuras/components/VendasAnoMesPage'));
const PrivacidadePage = lazyPage(() => import('../features/public/components/PrivacidadePage'));
const TermosPage = lazyPage(() => import('../features/public/components/TermosPage'));
const MetasPage = lazyPage(() => import('../features/metas/components/MetasPage'));
const PainelVendasPage = lazyPage(() => import('../features/figuras/painel/PainelVendasPage'));
const CheckinPage = lazyPage(() => import('../features/visitas/components/CheckinPage'));
const CalendarioPage = lazyPage(() => import('../features/agenda/components/CalendarioPage'));
const TarefaEditarPage = lazyPage(() => import('../features/agenda/components/TarefaEditarPage'));
const GraficosPage = lazyPage(() => import('../features/figuras/graficos/GraficosPage'));
const CameraPage = lazyPage(() => import('../features/visitas/components/CameraPage'));
const ConfiguracaoVisitasPage = lazyPage(() => import('../features/visitas/components/ConfiguracaoVisitasPage'));
const CoordenadasPropostasPage = lazyPage(() => import('../features/visitas/components/CoordenadasPropostasPage'));
const EmBrevePage = lazy(() => import('../components/ui/EmBrevePage'));

/**
 * Routes of SPEC §2 whose areas later issues build. Until then they show "Em breve" at the same
 * URL (a signed-out user goes to signin), and no menu shows them.
 */
export const ROTAS_FUTURAS = [] as const;

/** The name of each later area, as its "Em breve" screen shows it. */
export const NOMES_ROTAS_FUTURAS: Record<(typeof ROTAS_FUTURAS)[number], string> = {};

/** Routes with a screen of their own in this build (besides '' → home and '*' → home). */
export const ROTAS_CONSTRUIDAS = [
  'home',
  'landing',
  'signin',
  'signup',
  'reset-password',
  'about',
  'auth-links',
  'crm-home',
  'profile',
  'menu',
  'admin/operadores',
  'admin/operadores/novo',
  'admin/operadores/:id',
  'admin/versoes',
  'admin/acessos',
  'admin/produtos',
  'admin/produtos/novo',
  'admin/produtos/:id',
  'admin/tabelas-preco',
  'admin/tabelas-preco/:id',
  'admin/condicoes-pagamento',
  'admin/politica-comercial',
  'admin/regras-st',
  'crm-clientes',
  'crm-clientes-buscar',
  'crm-clientes-incluir',
  'crm-clientes-ficha',
  'crm-clientes-contatos',
  'crm-clientes-pesquisas',
  'enderecos',
  'carteira',
  'crm-regioes',
  'crm-regioes-cidades',
  'escolher',
  'cidades-escolher',
  'pendencias',
  'listas',
  'listas-produto',
  'crm-vendas-pedidos',
  'crm-vendas-pedidos-incluir',
  'crm-vendas-pedidos-buscar',
  'crm-vendas',
  'privacidade',
  'termos',
  'crm-metas',
  'vendas-ano-mes',
  'painel-vendas',
  'checkin',
  'calendario',
  'tarefa-editar',
  'graficos',
  'camera',
  'configuracao-visitas',
  'coordenadas-propostas',
] as const;

const guarded = (el: React.ReactNode) => <RequireOperator>{el}</RequireOperator>;
/** A screen for one action (lib/permissoes): other roles see "Sem permissão" there. */
const para = (acao: Acao, el: React.ReactNode) => <RequireOperator acao={acao}>{el}</RequireOperator>;
const emBreve = (area: string) =>
  guarded(
    <Suspense fallback={null}>
      <EmBrevePage area={area} />
    </Suspense>,
  );

/**
 * What a new seller opens right after signing in — the home, then a new order — fetched on the
 * sign-in screen (StartupTasks): on a slow line their three dozen files took 1.5–2.5 s after the
 * tap, side by side with the first copy (bench:primeira-copia).
 */
export function precarregarTelasAposEntrada(): void {
  void CrmHomePage.precarregar();
  void IncluirPedidoPage.precarregar();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/home" replace />} />
      <Route path="/home" element={<HomePage />} />
      <Route path="/landing" element={<LandingPage />} />
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path={AUTH_LINKS_PATH} element={<AuthLinksPage />} />
      <Route path="/crm-home" element={guarded(<CrmHomePage />)} />
      <Route path="/profile" element={guarded(<ProfilePage />)} />
      <Route path="/menu" element={guarded(<MenuPage />)} />
      <Route path="/admin/operadores" element={para('operadores.gerenciar', <OperatorsPage />)} />
      <Route path="/admin/operadores/novo" element={para('operadores.gerenciar', <OperatorFormPage />)} />
      <Route path="/admin/operadores/:id" element={para('operadores.gerenciar', <OperatorFormPage />)} />
      <Route path="/admin/versoes" element={para('versoes.gerenciar', <VersionsPage />)} />
      <Route path="/admin/acessos" element={para('acessos.ver', <AccessLogPage />)} />
      <Route path="/admin/produtos" element={para('catalogo.gerenciar', <ProdutosPage />)} />
      <Route path="/admin/produtos/novo" element={para('catalogo.gerenciar', <ProdutoFormPage />)} />
      <Route path="/admin/produtos/:id" element={para('catalogo.gerenciar', <ProdutoFormPage />)} />
      <Route path="/admin/tabelas-preco" element={para('catalogo.gerenciar', <TabelasPrecoPage />)} />
      <Route path="/admin/tabelas-preco/:id" element={para('catalogo.gerenciar', <TabelaPrecoPage />)} />
      <Route path="/admin/condicoes-pagamento" element={para('catalogo.gerenciar', <CondicoesPage />)} />
      <Route path="/admin/politica-comercial" element={para('catalogo.gerenciar', <PoliticaPage />)} />
      <Route path="/admin/regras-st" element={para('catalogo.gerenciar', <RegrasStPage />)} />
      <Route path="/crm-clientes" element={guarded(<ClientesPage />)} />
      <Route path="/crm-clientes-buscar" element={guarded(<BuscarPage />)} />
      <Route path="/crm-clientes-incluir" element={guarded(<IncluirPage />)} />
      <Route path="/crm-clientes-ficha" element={guarded(<FichaPage />)} />
      <Route path="/checkin" element={guarded(<CheckinPage />)} />
      <Route path="/crm-clientes-contatos" element={guarded(<ContatosPage />)} />
      <Route path="/crm-clientes-pesquisas" element={guarded(<PesquisasPage />)} />
      <Route path="/enderecos" element={guarded(<EnderecosPage />)} />
      <Route path="/carteira" element={guarded(<CarteiraPage />)} />
      <Route path="/crm-regioes" element={guarded(<RegioesPage />)} />
      <Route path="/crm-regioes-cidades" element={guarded(<RegioesCidadesPage />)} />
      <Route path="/escolher" element={guarded(<EscolherPage />)} />
      <Route path="/cidades-escolher" element={guarded(<CidadesEscolherPage />)} />
      <Route path="/pendencias" element={guarded(<PendenciasPage />)} />
      <Route path="/listas" element={guarded(<ListasPage />)} />
      <Route path="/listas-produto" element={guarded(<ProdutoPage />)} />
      <Route path="/crm-vendas-pedidos" element={guarded(<PedidosPage />)} />
      <Route path="/crm-vendas-pedidos-incluir" element={guarded(<IncluirPedidoPage />)} />
      <Route path="/crm-vendas-pedidos-buscar" element={guarded(<BuscarPedidoPage />)} />
      <Route path="/crm-vendas" element={guarded(<VendasPage />)} />
      <Route path={ROTA_PRIVACIDADE} element={<PrivacidadePage />} />
      <Route path={ROTA_TERMOS} element={<TermosPage />} />
      <Route path="/crm-metas" element={guarded(<MetasPage />)} />
      <Route path="/vendas-ano-mes" element={guarded(<VendasAnoMesPage />)} />
      <Route path="/painel-vendas" element={guarded(<PainelVendasPage />)} />
      <Route path="/calendario" element={guarded(<CalendarioPage />)} />
      <Route path="/tarefa-editar" element={guarded(<TarefaEditarPage />)} />
      <Route path="/graficos" element={guarded(<GraficosPage />)} />
      <Route path="/camera" element={guarded(<CameraPage />)} />
      <Route path="/configuracao-visitas" element={para('visitas.configurar', <ConfiguracaoVisitasPage />)} />
      <Route path="/coordenadas-propostas" element={para('visitas.coordenadas', <CoordenadasPropostasPage />)} />
      {ROTAS_FUTURAS.map((r) => (
        <Route key={r} path={`/${r}`} element={emBreve(NOMES_ROTAS_FUTURAS[r])} />
      ))}
      <Route path="*" element={<Navigate to="/home" replace />} />
    </Routes>
  );
}
