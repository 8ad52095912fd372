import { showShell, yieldToMain } from './lib/boot.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import './index.css';

// 1. Paint the page's static shell (index.html) now: this entry is tiny, React and the app are still downloading
//    (index.html modulepreloads them), so FCP/LCP no longer wait for the whole JS chain.
showShell();

// 2. Read the runtime config in parallel (index.html preloads it); the auth provider awaits the same promise.
//    Nothing on the landing or pricing page waits for it before the first render.
void loadRuntimeConfig().catch(() => undefined);

// 3. Evaluate React DOM and the app in separate tasks, then mount (lib/mount.tsx).
async function start(): Promise<void> {
  const reactDom = import('react-dom/client');
  const app = import('./lib/mount.tsx');
  await reactDom;
  await yieldToMain();
  const { mount } = await app;
  await mount(document.getElementById('root')!);
}

void start();
