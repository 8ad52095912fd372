import { yieldToMain } from './lib/boot.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import './index.css';

// The page is already painted: public pages arrive prerendered, the others with the layout and a spinner
// (web/prerender.ts). This entry stays tiny; index.html modulepreloads React and the app.

// Read the runtime config in parallel (index.html preloads it); the auth provider awaits the same promise.
void loadRuntimeConfig().catch(() => undefined);

// Evaluate React DOM and the app in separate tasks, then hydrate or render (lib/mount.tsx).
async function start(): Promise<void> {
  const reactDom = import('react-dom/client');
  const app = import('./lib/mount.tsx');
  await reactDom;
  await yieldToMain();
  const { mount } = await app;
  await mount(document.getElementById('root')!);
}

void start();
