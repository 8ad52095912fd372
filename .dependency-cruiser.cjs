// The architecture's rules (`npm run lint:architecture`, part of `npm run lint`): import cycles and the boundaries between
// layers, on the resolved module graph. TypeScript is read before compilation (tsPreCompilationDeps), so every
// `import type` and `export type … from` is an edge too. ESLint keeps only what lies in an import's text (no `../../`,
// a feature left through an alias).

const RUNTIME = '^(lambdas|shared|web/src)/';

/** one rule: a dependency from a module matching `from` to one matching `to` is an error, printed with its comment */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

/**
 * The analysis engine's layers, lowest first (docs/analysis.md "Layout"): a module imports from its own layer or a lower
 * one, never a higher one; the stage folders of one layer never import each other.
 */
const ENGINE = '^lambdas/analysis/';
const ENGINE_LAYERS = [
  [
    'ground',
    'the shared types, refusals and tuning constants, and the model runtimes',
    '((types|errors|analysis-config)\\.ts$|runtime/)',
  ],
  ['photo', 'decoding, pixels and quality checks', 'photo/'],
  ['overlay', 'what is drawn on the photo', 'overlay/'],
  ['model-stages', 'the model stages, each apart: faces, person mask, hair mask', '(faces|person|hair-mask)/'],
  [
    'views',
    'the measurements of a face view and of a head seen from above',
    '((face-view|above)/|view-analysis\\.ts$)',
  ],
  ['score', 'the estimate, the score and every word, and the result', '(score/|result\\.ts$)'],
  ['threads', 'the model threads, which run the model stages', 'models/'],
  [
    'pipeline',
    'the engine and its entries: the other files at its top',
    '(?!(types|errors|analysis-config|view-analysis|result)\\.ts$)[^/]+\\.ts$',
  ],
];
const layerComment = (i) =>
  `The engine's layers, lowest first: ${ENGINE_LAYERS.map(([name]) => name).join(' < ')}. ` +
  `${ENGINE_LAYERS[i][0]} (${ENGINE_LAYERS[i][1]}) imports only from itself and the layers below it`;
const engineLayerRules = ENGINE_LAYERS.slice(0, -1).map(([name, , path], i) =>
  forbid(
    `analysis-layer-${name}`,
    layerComment(i),
    { path: `${ENGINE}${path}` },
    {
      path: `${ENGINE}(${ENGINE_LAYERS.slice(i + 1)
        .map(([, , p]) => p)
        .join('|')})`,
      pathNot: `${ENGINE}${path}`,
    },
  ),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'no-circular',
      'A module never reaches itself through its imports, type-only ones included.',
      {},
      { circular: true },
    ),
    forbid(
      'runtime-only',
      'Runtime code (lambdas, shared, web) never imports infra, scripts or tests',
      { path: RUNTIME },
      { path: '^(infra|scripts|test)/|^web/(?!src/)' },
    ),
    forbid(
      'nothing-imports-scripts',
      'The commands in scripts/ stand on the product, never under it: lambdas, shared, web and infra never import them',
      { path: '^(lambdas|shared|web|infra)/' },
      { path: '^scripts/' },
    ),
    forbid(
      'shared-imports-neither-side',
      'shared/ is used by both sides: it imports neither',
      { path: '^shared/' },
      { path: '^(lambdas|web)/' },
    ),
    forbid(
      'analysis-through-its-index',
      "The analysis engine is imported through its index: '#lambdas/analysis/index.ts'",
      { path: '^(lambdas|infra)/', pathNot: '^lambdas/analysis/' },
      { path: '^lambdas/analysis/(?!index\\.ts$)' },
    ),
    ...engineLayerRules,
    ...[
      ['model-stages', 'faces|person|hair-mask'],
      ['view-stages', 'face-view|above'],
    ].map(([layer, folders]) =>
      forbid(
        `analysis-${layer}-apart`,
        `The engine's ${layer} (${folders.replaceAll('|', ', ')}) never import each other: each stands on the layers below`,
        { path: `${ENGINE}(${folders})/` },
        { path: `${ENGINE}(${folders})/`, pathNot: `${ENGINE}$1/` },
      ),
    ),
    forbid(
      'scripts-through-the-entries',
      "The fit, eval and bench scripts reach the analysis engine through its two entries: '#lambdas/analysis/index.ts', or '#lambdas/analysis/offline.ts' for the internals they refit and measure",
      { path: '^scripts/' },
      { path: '^lambdas/analysis/(?!(index|offline)\\.ts$)' },
    ),
    forbid('lambdas-never-import-web', 'Lambdas never import the web app', { path: '^lambdas/' }, { path: '^web/' }),
    forbid(
      'domain-without-analysis',
      'The domain reaches the analysis engine through its Analyze port (adapters/analysis.ts)',
      { path: '^lambdas/domain/' },
      { path: '^lambdas/analysis/' },
    ),
    forbid(
      'domain-without-http',
      'The domain knows nothing of HTTP: throw a DomainError, return an outcome',
      { path: '^lambdas/domain/' },
      { path: '^lambdas/(http|handlers)/' },
    ),
    forbid(
      'domain-through-ports',
      'The domain reaches storage and services through the interfaces it declares (domain/ports/, checkout.ts …); DynamoDB lives in adapters/store/',
      { path: '^lambdas/domain/' },
      { path: '^lambdas/adapters/|(^|/)node_modules/@aws-sdk/' },
    ),
    forbid(
      'handler-imports',
      'A handler imports only domain, adapters and http',
      { path: '^lambdas/handlers/' },
      { path: '^lambdas/', pathNot: '^lambdas/((domain|adapters|http)/|logging\\.ts$)' },
    ),
    forbid(
      'web-never-imports-lambdas',
      'The web app never imports the Lambdas',
      { path: '^web/src/' },
      { path: '^lambdas/' },
    ),
    forbid(
      'lib-below-features',
      'lib/ and components/ sit below the features',
      { path: '^web/src/(lib|components)/' },
      { path: '^web/src/(features/|routes)' },
    ),
    forbid(
      'feature-through-its-index',
      "Another feature is reached through its index: '#web/features/<name>'",
      { path: '^web/src/features/([^/]+)/' },
      { path: '^web/src/features/[^/]+/(?!index\\.ts$)', pathNot: '^web/src/features/$1/' },
    ),
    forbid(
      'features-below-shell',
      'Features sit below the app shell',
      { path: '^web/src/features/' },
      { path: '^web/src/(routes|App|main)' },
    ),
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|cdk\\.out|\\.local|coverage|test-results)/' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    combinedDependencies: false,
  },
};
