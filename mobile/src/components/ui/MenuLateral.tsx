// The side menu of wide screens (≥ 1024 px): the same items as the phone's menu, always in view.
import { NavLink } from 'react-router-dom';
import { IonIcon } from '@ionic/react';
import { itensPara } from '../navigation';
import { useSession } from '../../lib/session';

export default function MenuLateral() {
  const { profile } = useSession();
  if (!profile) return null;
  const itens = itensPara(profile.perfil).filter((i) => i.path !== '/menu');
  return (
    <nav className="menu-lateral" aria-label="Menu lateral" data-testid="menu-lateral">
      <NavLink to="/crm-home" end>
        Início
      </NavLink>
      {itens.map((i) => (
        <NavLink key={i.path} to={i.path}>
          <IonIcon icon={i.icon} aria-hidden="true" />
          {i.titulo}
        </NavLink>
      ))}
    </nav>
  );
}
