import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { accuracySummary, prerender, previewRouting } from './prerender.ts';

// one year for the client and the prerender builds (src/features/layout/Footer.tsx)
process.env.VITE_BUILD_YEAR ??= String(new Date().getUTCFullYear());

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

/**
 * Build only: src/main.tsx is a tiny entry that dynamic-imports React DOM, the router and the app (so their evaluation
 * is split into separate tasks). Vite preloads only static imports, so list those dynamic chunks and their static
 * dependencies as <link rel="modulepreload"> in index.html: on the browser-only routes they download in parallel with
 * the entry instead of after it. The prerendered pages drop them (prerender.ts): they paint without any script.
 */
function preloadEntryDynamicImports(): Plugin {
  const wanted = new Set<string>();
  return {
    name: 'preload-entry-dynamic-imports',
    apply: 'build',
    moduleParsed(info) {
      if (info.id === fileURLToPath(new URL('./src/main.tsx', import.meta.url))) {
        for (const id of info.dynamicallyImportedIds) wanted.add(id);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.facadeModuleId && wanted.has(chunk.facadeModuleId)) visit(chunk.fileName);
        }
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
        return { html, tags };
      },
    },
  };
}

const port = Number(process.env.WEB_PORT ?? 5173);
const gateway = { target: process.env.GATEWAY_URL ?? 'http://127.0.0.1:3001', changeOrigin: false };
// share pages (/r/<id>) come from the gateway, which injects Open Graph tags; a regex so /results or /runtime-config.json stay here
const proxy = { '/api': gateway, '^/r/': gateway };
const proxied = /^\/(api|r)\//;

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    runtimeConfig(),
    preloadEntryDynamicImports(),
    accuracySummary(),
    prerender(),
    previewRouting(proxied),
  ],
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
