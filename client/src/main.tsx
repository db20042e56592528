import 'primereact/resources/themes/tailwind-light/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles.css';
import { PrimeReactProvider } from 'primereact/api';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { PRIME_OPTIONS } from './components/forms/primeOptions';
import { logOfflineState } from './offline/online';
import { registerServiceWorker } from './offline/register';
import { preloadConsole } from './preload';
import { sessionStore } from './stores/session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

logOfflineState();
if (import.meta.env.PROD) registerServiceWorker();
// Logged in: the console's code and the screen's load side by side with React's first render.
if (sessionStore.authenticated) preloadConsole(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    {/* PrimeReact's overlays (AutoComplete, Dropdown, Calendar…) read their settings from this
        context when the page scrolls; without it they throw. */}
    <PrimeReactProvider value={PRIME_OPTIONS}>
      <App />
    </PrimeReactProvider>
  </StrictMode>,
);
