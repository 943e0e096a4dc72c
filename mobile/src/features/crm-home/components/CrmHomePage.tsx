import { Link } from 'react-router-dom';
import { IonButton, IonIcon } from '@ionic/react';
import { menuOutline } from 'ionicons/icons';
import { Page } from '../../../components/ui/Page';
import { itensPara, NOMES_PERFIL } from '../../../components/navigation';
import { useSession } from '../../../lib/session';
import { useNomeEmpresa } from '../../../lib/empresa';

export default function CrmHomePage() {
  const { profile } = useSession();
  const empresa = useNomeEmpresa();
  const itens = itensPara(profile?.perfil).filter((i) => i.path !== '/menu');
  return (
    <Page
      title="Início"
      actions={
        <IonButton routerLink="/menu" aria-label="Menu">
          <IonIcon slot="icon-only" icon={menuOutline} aria-hidden="true" />
        </IonButton>
      }
    >
      <div className="narrow">
        <section className="hero" aria-label="Operador">
          <h2 data-testid="nome-operador">{profile?.nomeOperador}</h2>
          <p>
            <span data-testid="empresa">{empresa}</span>
            {profile?.perfil ? ` · ${NOMES_PERFIL[profile.perfil] ?? profile.perfil}` : ''}
          </p>
        </section>
        <nav className="shortcuts" aria-label="Atalhos">
          {itens.map((i) => (
            <Link key={i.path} to={i.path} className="shortcut">
              <IonIcon icon={i.icon} aria-hidden="true" />
              <strong>{i.titulo}</strong>
              <span>{i.descricao}</span>
            </Link>
          ))}
        </nav>
      </div>
    </Page>
  );
}
