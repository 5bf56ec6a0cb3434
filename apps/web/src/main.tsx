import '@fontsource/nunito/latin-700.css';
import '@fontsource/nunito/latin-800.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { removeStaleServiceWorkers } from './app/service-workers.ts';

removeStaleServiceWorkers();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);
