import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/Page';
import { LinksLegais, ROTA_PRIVACIDADE } from '../../../components/ui/LinksLegais';
import './publico.css';

/** /termos: the terms of use. Public. */
export default function TermosPage() {
  return (
    <Page title="Termos de uso" backHref="/landing">
      <article className="narrow texto-legal" data-testid="termos">
        <p>Ao entrar no CRM Vendas você aceita estes termos.</p>

        <h2>O serviço</h2>
        <p>
          O CRM Vendas é usado por uma empresa com a sua equipe de vendas: clientes, carteira, catálogo, preços, pedidos e
          pesquisas, no celular ou no navegador. Quem dá o acesso é o administrador do app na empresa, que cadastra cada
          operador (vendedor, supervisor ou administrador).
        </p>

        <h2>Sua conta</h2>
        <ul>
          <li>O acesso é pessoal: não compartilhe a senha nem o link de acesso.</li>
          <li>Em um aparelho de outra pessoa, saia do app ao terminar — sair apaga a cópia dos dados guardada nele.</li>
          <li>Cada perfil vê e faz só o que lhe cabe; não tente ver dados de outra empresa nem contornar as permissões.</li>
        </ul>

        <h2>Dados de clientes</h2>
        <p>
          Cadastre só dados corretos e necessários ao trabalho com o cliente. O tratamento dos dados pessoais segue a{' '}
          <Link to={ROTA_PRIVACIDADE}>Política de privacidade</Link>; a empresa é a controladora.
        </p>

        <h2>Pedidos e preços</h2>
        <ul>
          <li>
            O app calcula preços, impostos e descontos no aparelho para você trabalhar sem sinal; o servidor confere tudo ao
            receber o pedido, e o que vale é o que ele registra.
          </li>
          <li>
            O que você grava sem conexão fica no aparelho até ser enviado. Um pedido só existe para a empresa depois de
            enviado e aceito pelo servidor.
          </li>
          <li>Descontos acima do permitido vão para a aprovação do supervisor.</li>
        </ul>

        <h2>Atualizações</h2>
        <p>
          O app recebe novas versões; a empresa pode exigir uma versão mínima para continuar usando. Funções podem mudar ou
          ser incluídas.
        </p>

        <h2>Código aberto</h2>
        <p>
          O app usa componentes de código aberto, cada um com a sua licença, listados em <Link to="/about">Sobre</Link>.
        </p>

        <h2>Lei aplicável</h2>
        <p>Estes termos seguem as leis do Brasil, em especial a LGPD e o Marco Civil da Internet.</p>

        <LinksLegais comSobre />
      </article>
    </Page>
  );
}
