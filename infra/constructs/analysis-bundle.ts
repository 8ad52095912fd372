/**
 * What the analysis function's bundle keeps of the packages `nodeModules` installs whole. npm installs every build,
 * source, demo and model of @vladmandic/human and tfjs (125 MB); the function opens a few files of them (traced with
 * `strace -e openat` under `npm run verify:bundles`): human's Node WASM build and its three face models, one file of
 * each tfjs package and the SIMD WASM binary. The rest is deleted after the install: a new instance fetches and
 * unpacks 33 MB instead of 146 MB.
 * A file missing here fails the emulated run of `npm run verify:bundles`; a package grown past the budget fails its
 * size check.
 */

/** The unzipped size the analysis bundle must stay under (sharp's libvips is half of it). */
export const ANALYSIS_BUNDLE_BUDGET_BYTES = 40 * 1_048_576;

/** Per package (under node_modules), the only files kept; package.json is kept for module resolution. */
export const ANALYSIS_PACKAGE_FILES: Record<string, readonly string[]> = {
  '@vladmandic/human': [
    'package.json',
    'LICENSE',
    'dist/human.node-wasm.js',
    ...['blazeface', 'facemesh', 'faceres'].flatMap((m) => [`models/${m}.json`, `models/${m}.bin`]),
  ],
  '@tensorflow/tfjs-core': ['package.json', 'dist/tf-core.node.js'],
  '@tensorflow/tfjs-converter': ['package.json', 'dist/tf-converter.node.js'],
  // the WASM backend picks the SIMD binary wherever Node runs (never the threaded one: no cross-origin isolation)
  '@tensorflow/tfjs-backend-wasm': ['package.json', 'dist/tf-backend-wasm.node.js', 'dist/tfjs-backend-wasm-simd.wasm'],
};

/**
 * Dependencies of the tfjs packages that their Node builds never load: the CPU backend (WASM runs every kernel),
 * node-fetch and its own dependencies (Node 22 has fetch), long and seedrandom (inlined in the builds), type packages.
 */
export const UNLOADED_PACKAGES = [
  '@tensorflow/tfjs-backend-cpu',
  'node-fetch',
  'whatwg-url',
  'tr46',
  'webidl-conversions',
  'long',
  'seedrandom',
  '@types',
  '@webgpu',
] as const;

/** npm's own files from the install, which nothing reads at run time. */
const NPM_FILES = ['package-lock.json', 'node_modules/.package-lock.json', 'node_modules/.bin'];

/** Shell commands (run in the bundle after `npm ci`) that leave only ANALYSIS_PACKAGE_FILES of those packages. */
export function pruneAnalysisBundle(outputDir: string): string[] {
  const keepOnly = Object.entries(ANALYSIS_PACKAGE_FILES).map(([pkg, files]) => {
    const dir = `${outputDir}/node_modules/${pkg}`;
    return `find "${dir}" ! -type d ${files.map((f) => `! -path "${dir}/${f}"`).join(' ')} -delete`;
  });
  const unloaded = [...UNLOADED_PACKAGES.map((p) => `node_modules/${p}`), ...NPM_FILES];
  return [
    ...keepOnly,
    `find "${outputDir}/node_modules" -type d -empty -delete`,
    `rm -rf ${unloaded.map((p) => `"${outputDir}/${p}"`).join(' ')}`,
  ];
}
