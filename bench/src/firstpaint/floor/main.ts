/**
 * The smallest page the web app's stack can ship: React, React DOM and react-router-dom's declarative
 * router (the app's own BrowserRouter and useRoutes) rendering one heading. Built by bench:firstpaint
 * beside the real bundle, so the landing's JavaScript is measured against what the stack costs before
 * a line of ours.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';

function Routes() {
  return useRoutes([{ path: '*', element: createElement('h1', null, 'Coinpace') }]);
}

createRoot(document.getElementById('root')!).render(
  createElement(BrowserRouter, null, createElement(Routes)),
);
