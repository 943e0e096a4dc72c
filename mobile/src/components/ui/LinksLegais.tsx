import { Link } from 'react-router-dom';

/** The public pages on personal data and terms of use (no sign-in needed; offline once cached). */
export const ROTA_PRIVACIDADE = '/privacidade';
export const ROTA_TERMOS = '/termos';

/** Links to the privacy policy and the terms of use, on every public screen that asks for trust. */
export function LinksLegais({ comSobre = false }: { comSobre?: boolean }) {
  return (
    <nav className="links-row links-legais" aria-label="Privacidade e termos">
      <Link to={ROTA_PRIVACIDADE}>Privacidade</Link>
      <Link to={ROTA_TERMOS}>Termos de uso</Link>
      {comSobre ? <Link to="/about">Sobre</Link> : null}
    </nav>
  );
}
