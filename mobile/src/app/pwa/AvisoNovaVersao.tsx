import { atualizarAgora, dispensarAviso, useAvisoNovaVersao } from './estado';
import './aviso-nova-versao.css';

/**
 * "Nova versão disponível": shown when a new build of the web app is installed and waiting. Never
 * blocks the screen; "Atualizar" activates the new version and reloads, "Agora não" hides it
 * until the next opening. Above the version blocker too, so a blocked user can get the new build.
 */
export function AvisoNovaVersao() {
  const { visivel, atualizando } = useAvisoNovaVersao();
  if (!visivel) return null;
  return (
    <div className="aviso-nova-versao" role="status" aria-live="polite" data-testid="aviso-nova-versao">
      <span className="aviso-nova-versao-texto">Nova versão disponível</span>
      <button type="button" className="aviso-nova-versao-atualizar" onClick={atualizarAgora} disabled={atualizando}>
        {atualizando ? 'Atualizando…' : 'Atualizar'}
      </button>
      {!atualizando && (
        <button type="button" className="aviso-nova-versao-fechar" onClick={dispensarAviso} aria-label="Agora não" title="Agora não">
          ×
        </button>
      )}
    </div>
  );
}
