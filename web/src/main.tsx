import { afterFirstPaint, yieldToMain } from './lib/boot.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import './index.css';

// The page paints from its HTML: public pages arrive prerendered, the others with the layout and a spinner
// (web/prerender.ts). This entry stays tiny, and everything else waits until the page is on screen, so the first
// paint never waits for a script's download or evaluation.
async function start(): Promise<void> {
  await afterFirstPaint();
  // the runtime config (index.html preloads the file) is read in parallel; the auth provider awaits the same promise
  void loadRuntimeConfig().catch(() => undefined);
  // evaluate React DOM and the app in separate tasks, then hydrate or render (mount.tsx)
  const reactDom = import('react-dom/client');
  const app = import('./mount.tsx');
  await reactDom;
  await yieldToMain();
  const { mount } = await app;
  await mount(document.getElementById('root')!);
}

void start();
