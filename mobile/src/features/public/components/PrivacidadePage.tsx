import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/Page';
import { LinksLegais, ROTA_TERMOS } from '../../../components/ui/LinksLegais';
import { config } from '../../../config/env';
import { useNomeEmpresa } from '../../../lib/empresa';
import './publico.css';

/** How the controller is reached: an e-mail or a page when the deployment set one. */
export function ContatoControlador({ contato = config.contatoPrivacidade }: { contato?: string }) {
  if (!contato) {
    return (
      <p data-testid="contato-controlador" data-configurado="nao">
        <strong>Contato do controlador:</strong> ainda não configurado nesta instalação do app. Enquanto isso, fale com o
        administrador do CRM Vendas na sua empresa.
      </p>
    );
  }
  const href = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contato) ? `mailto:${contato}` : /^https?:\/\//i.test(contato) ? contato : '';
  return (
    <p data-testid="contato-controlador" data-configurado="sim">
      <strong>Contato do controlador:</strong> {href ? <a href={href}>{contato}</a> : contato}
    </p>
  );
}

/** /privacidade: what personal data the app keeps, where, for how long, who answers for it (LGPD). Public. */
export default function PrivacidadePage() {
  const empresa = useNomeEmpresa();
  return (
    <Page title="Privacidade" backHref="/landing">
      <article className="narrow texto-legal" data-testid="privacidade">
        <p>
          Como o CRM Vendas trata dados pessoais, segundo a Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº
          13.709/2018).
        </p>

        <h2>Quem responde pelos dados</h2>
        <p>
          A controladora dos dados (LGPD, art. 5º, VI) é a empresa que usa o CRM Vendas com a sua equipe de vendas: é ela
          quem decide o que cadastrar e para quê.
          {empresa ? (
            <>
              {' '}
              Para você, é <strong data-testid="empresa-controladora">{empresa}</strong>.
            </>
          ) : null}
        </p>
        <ContatoControlador />

        <h2>O que é guardado</h2>
        <ul>
          <li>
            <strong>Operadores</strong> (quem usa o app): nome, e-mail, perfil (vendedor, supervisor ou administrador) e
            equipe.
          </li>
          <li>
            <strong>Clientes</strong>: nome ou razão social, CNPJ ou CPF, contatos (nome, telefone, e-mail), endereços —
            com a posição no mapa, quando marcada —, respostas de pesquisas e o vendedor responsável.
          </li>
          <li>
            <strong>Pedidos</strong>: cliente, itens, preços, descontos, condição de pagamento, observações, e quem
            enviou, aprovou ou recusou, com data e hora.
          </li>
          <li>
            <strong>Fotos</strong> dos produtos enviadas ao catálogo.
          </li>
          <li>
            <strong>Registro de acessos</strong>: cada entrada no app — operador, data e hora, endereço IP, navegador ou
            aparelho e, se você permitir o acesso à localização, a posição (latitude e longitude).
          </li>
        </ul>
        <p>Os dados servem para atender clientes, fazer e aprovar pedidos e controlar o acesso. O app não mostra publicidade nem leva rastreadores de terceiros.</p>

        <h2>Onde</h2>
        <ul>
          <li>
            A entrada (login) é feita pelo <strong>Firebase Authentication</strong>, do Google, na conta da empresa: ele guarda
            o seu e-mail e a senha (cifrada) ou o vínculo com a sua conta Google.
          </li>
          <li>
            Todo o resto fica no <strong>banco de dados da empresa</strong>, no servidor do CRM Vendas que ela mantém. Cada
            empresa só vê os próprios dados.
          </li>
          <li>A consulta de endereço envia só o CEP ao serviço ViaCEP.</li>
          <li>
            O aparelho guarda uma cópia do necessário para trabalhar sem sinal (carteira, catálogo, pedidos). Ela é apagada
            quando você sai do app — menos o que você alterou e ainda não foi enviado, que é enviado quando você entrar de
            novo.
          </li>
        </ul>

        <h2>Por quanto tempo</h2>
        <ul>
          <li>Enquanto a empresa usar o CRM Vendas.</li>
          <li>
            Excluir um cliente, contato ou endereço no app o retira das telas, mas o banco da empresa guarda o registro
            marcado como excluído, para manter os aparelhos em dia e o histórico dos pedidos. A eliminação definitiva é
            pedida ao controlador.
          </li>
          <li>
            O registro de acessos fica guardado por no mínimo 6 meses, como exige o Marco Civil da Internet (Lei nº
            12.965/2014, art. 15).
          </li>
          <li>A cópia do aparelho dura até você sair do app.</li>
        </ul>

        <h2>Seus direitos (LGPD, art. 18)</h2>
        <p>Quem tem dados no app — operador, cliente ou contato — pode pedir ao controlador, a qualquer momento:</p>
        <ul>
          <li>confirmação de que seus dados são tratados, e acesso a eles;</li>
          <li>correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei;</li>
          <li>portabilidade dos dados a outro fornecedor;</li>
          <li>eliminação dos dados tratados com o seu consentimento;</li>
          <li>informação sobre com quem a empresa compartilha os dados;</li>
          <li>informação sobre a possibilidade de não dar consentimento e o que isso acarreta;</li>
          <li>revogação do consentimento.</li>
        </ul>
        <p>Se o pedido não for atendido, você pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).</p>

        <h2>Como pedir a exclusão</h2>
        <ol>
          <li>Escreva ao controlador pelo contato acima, dizendo quem você é.</li>
          <li>
            Diga quais dados: o CNPJ ou CPF do cliente, o nome do contato ou o seu e-mail de operador.
          </li>
          <li>
            A empresa confere o pedido e elimina os dados do banco; o acesso de um operador é removido pelo administrador
            do app, em Operadores. O que a lei manda guardar (como o registro de acessos) fica até o fim do prazo legal.
          </li>
        </ol>

        <p>
          Veja também os <Link to={ROTA_TERMOS}>Termos de uso</Link>.
        </p>
        <LinksLegais comSobre />
      </article>
    </Page>
  );
}
