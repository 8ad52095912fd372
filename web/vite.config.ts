import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));

/**
 * The local stack writes /runtime-config.json to a file (its ports and pool ids change per run);
 * in AWS the same path is a static file next to index.html. Serve it in dev and preview alike.
 */
function runtimeConfig(): Plugin {
  const serve = async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.url?.split('?')[0] !== '/runtime-config.json') return next();
    const file = process.env.RUNTIME_CONFIG_FILE;
    if (!file) return next();
    try {
      const body = await readFile(file);
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      res.end(body);
    } catch {
      res.statusCode = 404;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ message: `runtime config not found at ${file}` }));
    }
  };
  return {
    name: 'runtime-config',
    configureServer(server) {
      server.middlewares.use((req, res, next) => void serve(req, res, next));
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => void serve(req, res, next));
    },
  };
}

const port = Number(process.env.WEB_PORT ?? 5173);
const gateway = { target: process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001', changeOrigin: false };
// share pages (/r/<id>) come from the gateway, which injects Open Graph tags; a regex so /results or /runtime-config.json stay here
const proxy = { '/api': gateway, '^/r/': gateway };

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react(), tailwindcss(), runtimeConfig()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: { host: '127.0.0.1', port, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port, strictPort: true, proxy },
});
