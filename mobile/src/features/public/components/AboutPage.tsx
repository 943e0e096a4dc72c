import { useEffect, useState } from 'react';
import { IonItem } from '../../../components/ionic/IonItem';
import { IonLabel } from '../../../components/ionic/IonLabel';
import { IonList } from '../../../components/ionic/IonList';
import { IonNote } from '../../../components/ionic/IonNote';
import { Page } from '../../../components/ui/Page';
import { LinksLegais } from '../../../components/ui/LinksLegais';
import { config } from '../../../config/env';
import { tipoPlataforma } from '../../../lib/platform';
import { useNomeEmpresa } from '../../../lib/empresa';
import { Brand } from '../../../components/ui/Brand';
import './publico.css';

/** One entry of licencas.json, written by the build (src/app/build/licencas.ts) from the packages it ships. */
interface Licenca {
  pacote: string;
  versao: string;
  licenca: string;
  texto: string;
  url: string;
}

type EstadoLicencas = { lista: Licenca[] } | { erro: string } | null;

/** The licences of this build (precached with the app, so offline too). */
function useLicencas(): EstadoLicencas {
  const [estado, setEstado] = useState<EstadoLicencas>(null);
  useEffect(() => {
    let vivo = true;
    fetch('/licencas.json')
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.json() as Promise<Licenca[]>;
      })
      .then(
        (lista) => vivo && setEstado({ lista }),
        (e: unknown) => {
          console.warn('Lista de licenças não carregada', e);
          if (vivo) setEstado({ erro: 'Não foi possível carregar a lista de licenças agora. Tente de novo com conexão.' });
        },
      );
    return () => {
      vivo = false;
    };
  }, []);
  return estado;
}

export default function AboutPage() {
  const empresa = useNomeEmpresa();
  const licencas = useLicencas();
  return (
    <Page title="Sobre" backHref="/home">
      <div className="narrow">
        <Brand />
        <IonList inset>
          <IonItem>
            <IonLabel>Versão</IonLabel>
            <IonNote slot="end" data-testid="versao-app">
              {config.appVersion}
            </IonNote>
          </IonItem>
          {empresa ? (
            <IonItem>
              <IonLabel>Empresa</IonLabel>
              <IonNote slot="end" data-testid="empresa">
                {empresa}
              </IonNote>
            </IonItem>
          ) : null}
          <IonItem>
            <IonLabel>Plataforma</IonLabel>
            <IonNote slot="end">{tipoPlataforma() === 'android' ? 'Android' : 'Web'}</IonNote>
          </IonItem>
          <IonItem>
            <IonLabel>Idioma e moeda</IonLabel>
            <IonNote slot="end">Português (Brasil) · R$</IonNote>
          </IonItem>
        </IonList>
        <p className="muted ion-text-center">
          Os dados da sua empresa ficam no servidor; o aparelho guarda só o necessário para você trabalhar sem sinal, e tudo é
          apagado ao sair — menos o que você alterou e ainda não foi enviado, que fica guardado e é enviado quando você entrar
          de novo.
        </p>
        <LinksLegais />

        <section className="licencas texto-legal" aria-labelledby="titulo-licencas">
          <h2 id="titulo-licencas">Licenças de código aberto</h2>
          <p>O app é feito com estes componentes de código aberto, cada um com a sua licença:</p>
          {licencas === null ? (
            <p className="muted">Carregando…</p>
          ) : 'erro' in licencas ? (
            <p role="alert">{licencas.erro}</p>
          ) : (
            <ul data-testid="lista-licencas">
              {licencas.lista.map((l) => (
                <li key={l.pacote} data-pacote={l.pacote}>
                  <details>
                    <summary>
                      <strong>{l.pacote}</strong> {l.versao} — <span data-testid="licenca">{l.licenca}</span>
                    </summary>
                    {l.url ? (
                      <p>
                        <a href={l.url} target="_blank" rel="noopener noreferrer">
                          {l.url}
                        </a>
                      </p>
                    ) : null}
                    {l.texto ? <pre>{l.texto}</pre> : <p className="muted">Texto da licença: {l.licenca}, na página do projeto.</p>}
                  </details>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Page>
  );
}
