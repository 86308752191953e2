/**
 * The landing page as HTML, rendered when the site is built (web/vite.config.ts) and drawn from
 * index.html while the scripts load, so a visitor reads the hero before React has run.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { LandingPage } from './LandingPage.tsx';

/** The markup of '/' for a signed-out visitor before /api/config and the prices have arrived. */
export function renderLandingShell(): string {
  return renderToStaticMarkup(
    <StaticRouter location="/">
      <LandingPage />
    </StaticRouter>,
  );
}
