import { createRoot } from 'react-dom/client';
import { setupIonicReact } from '@ionic/react';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/text-alignment.css';
import './app/theme.css';

import { App } from './app/App';
import { startSession } from './lib/session';
import { readProfile } from './lib/storage';
import { aposPrimeiraTela } from './lib/history';
import { iniciarPwa } from './app/pwa/iniciar';

setupIonicReact({ mode: 'md' });

// Firebase never loads in front of the first screen. With a stored operator it starts at once
// (the screen waits for the session); otherwise once the first screen is up.
if (readProfile()) void startSession();
else aposPrimeiraTela(() => void startSession());

// The service worker (web only, production builds): registered after the first screen.
iniciarPwa();

createRoot(document.getElementById('root')!).render(<App />);
