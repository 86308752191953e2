import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { SitePasswordGate } from './features/site-password/SitePasswordGate.tsx';
import { initSitePassword, whenSiteUnlocked } from './features/site-password/site-password-store.ts';
import { errorMessage } from './lib/api-client.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { startLivePrices } from './lib/socket.ts';
import { startStorageGuard } from './lib/storage-guard.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';

// SPEC.md section 9: cached prices and portfolio data go at start-up, and the storage guard runs
// for the life of the page.
startStorageGuard();

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig()
  .then((config) => {
    initSitePassword(config);
    whenSiteUnlocked(startLivePrices);
    root.render(
      <StrictMode>
        <SitePasswordGate>
          <App />
        </SitePasswordGate>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(
      <div className="center-screen" role="alert">
        <div>
          <h1>Coinpace could not start</h1>
          <p className="muted">{errorMessage(error)}</p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Try again
          </button>
        </div>
      </div>,
    );
  });
