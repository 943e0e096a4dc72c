import { IonButton } from '@ionic/react';
import type { useVendedorEscolhido } from './useVendedorEscolhido';

/** A manager's line "Vendedor: Fulano [Trocar]" over a screen that follows the seller chosen in escolher (nothing for a seller). */
export function BarraVendedor({ escolhido }: { escolhido: ReturnType<typeof useVendedorEscolhido> }) {
  if (!escolhido.gestor) return null;
  return (
    <div className="barra-vendedor">
      <span>
        Vendedor: <strong data-testid="filtro-vendedor">{escolhido.rotulo}</strong>
      </span>
      <IonButton size="small" fill="outline" onClick={escolhido.trocar} disabled={escolhido.carregando}>
        Trocar
      </IonButton>
    </div>
  );
}
