/**
 * The camera guidance's face model files (web/src/features/analyze/face-model.ts), served from our own origin under
 * /capture-models/: copied from the npm package into the build, served from node_modules by the dev server. Nothing
 * is fetched from a model hub or CDN, and only the two models the guidance runs are shipped (about 2 MB).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
export const CAPTURE_MODEL_PATH = '/capture-models/';
/** BlazeFace (back model) and MediaPipe FaceMesh: the server's detector and mesh (lambdas/analysis/local-detector) */
export const CAPTURE_MODEL_FILES = ['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin'];

const modelDir = () => join(dirname(require.resolve('@vladmandic/human')), '..', 'models');
const typeOf = (file: string) => (file.endsWith('.json') ? 'application/json' : 'application/octet-stream');

export function captureModels(): Plugin {
  return {
    name: 'capture-models',
    // the client build and the dev server: the prerender's SSR build ships no assets
    apply: (config, env) => env.command === 'serve' || !config.build?.ssr,
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        const file = path.startsWith(CAPTURE_MODEL_PATH) ? path.slice(CAPTURE_MODEL_PATH.length) : '';
        if (!CAPTURE_MODEL_FILES.includes(file)) return next();
        readFile(join(modelDir(), file)).then((body) => {
          res.setHeader('content-type', typeOf(file));
          res.end(body);
        }, next);
      });
    },
    async generateBundle() {
      for (const file of CAPTURE_MODEL_FILES) {
        const source = await readFile(join(modelDir(), file));
        this.emitFile({ type: 'asset', fileName: `capture-models/${file}`, source });
      }
    },
  };
}
