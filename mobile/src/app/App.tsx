import { IonApp } from '@ionic/react';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes';
import { NavBridge } from './NavBridge';
import { StartupTasks } from './StartupTasks';
import { VersionGate } from './VersionGate';
import { AvisoNovaVersao } from './pwa/AvisoNovaVersao';

export function App() {
  return (
    <IonApp>
      <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <NavBridge>
          <AppRoutes />
          <StartupTasks />
        </NavBridge>
      </BrowserRouter>
      <VersionGate />
      <AvisoNovaVersao />
    </IonApp>
  );
}
