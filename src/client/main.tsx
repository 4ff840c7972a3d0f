import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { registerServiceWorkerAfterLoad } from './lib/pwa';
import { loadSessionAhead } from './lib/session/session-provider';
import './components/ui/ui.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/pages.css';
import './styles/lists.css';
import './styles/shell.css';
import './styles/print.css';

// `/api/me` goes out now, beside the route's page module, not after the first render
loadSessionAhead();

const container = document.getElementById('app');
if (!container) throw new Error('The page has no #app element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);

// after the first page, so its install does not compete with the page's own downloads
registerServiceWorkerAfterLoad();
