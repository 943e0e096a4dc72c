import { IonButton, IonIcon } from '@ionic/react';
import { businessOutline, calendarOutline, cartOutline, peopleOutline, statsChartOutline, locationOutline } from 'ionicons/icons';
import { Page } from '../../../components/ui/Page';

const RECURSOS = [
  { icon: peopleOutline, titulo: 'Clientes', texto: 'Carteira, contatos, endereços e pesquisas sempre à mão.' },
  { icon: cartOutline, titulo: 'Pedidos', texto: 'Tire pedidos na visita, mesmo sem sinal, e acompanhe o status.' },
  { icon: statsChartOutline, titulo: 'Metas e gráficos', texto: 'Veja o quanto falta para bater a meta do mês.' },
  { icon: calendarOutline, titulo: 'Agenda e tarefas', texto: 'Planeje visitas e não esqueça nenhum retorno.' },
  { icon: locationOutline, titulo: 'Check-in', texto: 'Registre presença no cliente com a localização.' },
  { icon: businessOutline, titulo: 'Gestão', texto: 'Supervisores acompanham a equipe; administradores configuram a empresa.' },
];

export default function LandingPage() {
  return (
    <Page title="CRM Vendas" backHref="/home">
      <div className="narrow">
        <div className="hero">
          <h2>Venda mais, em campo</h2>
          <p>O CRM da sua força de vendas: clientes, pedidos, metas e agenda em um só lugar.</p>
        </div>
        <div className="shortcuts">
          {RECURSOS.map((r) => (
            <div key={r.titulo} className="shortcut">
              <IonIcon icon={r.icon} aria-hidden="true" />
              <strong>{r.titulo}</strong>
              <span>{r.texto}</span>
            </div>
          ))}
        </div>
        <div className="form-stack" style={{ marginTop: 24 }}>
          <IonButton routerLink="/signin" expand="block">
            Entrar
          </IonButton>
          <IonButton routerLink="/signup" expand="block" fill="outline">
            Criar conta
          </IonButton>
        </div>
      </div>
    </Page>
  );
}
