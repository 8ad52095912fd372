import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import './index.css';

// start reading the runtime config before React renders; the auth provider awaits the same promise
void loadRuntimeConfig().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
