import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { errorMessage } from './lib/api-client.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import { startLivePrices } from './lib/socket.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig()
  .then(() => {
    startLivePrices();
    root.render(
      <StrictMode>
        <App />
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
