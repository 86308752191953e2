import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { resumeLocalSession } from './features/auth/auth-store.ts';
import { SitePasswordGate } from './features/site-password/SitePasswordGate.tsx';
import { initSitePassword, whenSiteUnlocked } from './features/site-password/site-password-store.ts';
import { reloadOnNewVersion } from './lib/chunk-load.ts';
import { watchOnline } from './lib/connection.ts';
import { afterFirstContent } from './lib/first-content.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { startStorageGuard } from './lib/storage-guard.ts';
import { preloadOnIntent, preloadRoute } from './routes.tsx';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import './styles/print.css';

// SPEC.md section 9: cached prices and portfolio data go at start-up, and the storage guard runs
// for the life of the page.
startStorageGuard();
// A screen whose code is gone after a deploy reloads the page once to get the new version.
reloadOnNewVersion();
// The connection status follows the browser going offline and online.
watchOnline();

// First paint does not wait: the page's own chunk downloads beside this script, a returning
// local user is signed in from storage, and the routes render now; /api/config (requested by
// index.html already) then picks the identity layer, the site-password gate and the live prices.
const routeLoaded = preloadRoute(window.location.pathname);
// Another page's code starts loading when a link to it is pointed at, touched or focused.
preloadOnIntent();
resumeLocalSession();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SitePasswordGate>
      <App />
    </SitePasswordGate>
  </StrictMode>,
);

loadRuntimeConfig()
  .then((config) => {
    initSitePassword(config);
    // Socket.IO is not needed to paint: it loads once the site is open and the screen has drawn its
    // content (the portfolio its first rows), so on a slow link it does not compete with them.
    whenSiteUnlocked(
      () =>
        void afterFirstContent(routeLoaded)
          .then(() => import('./lib/socket.ts'))
          .then(({ startLivePrices }) => startLivePrices()),
    );
  })
  .catch(() => {
    /* App shows 'Coinpace could not start' from the runtime-config store */
  });
