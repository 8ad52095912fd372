// The architecture's rules (`npm run lint:architecture`, part of `npm run lint`): import cycles and the boundaries between
// layers, on the resolved module graph. TypeScript is read before compilation (tsPreCompilationDeps), so every
// `import type` and `export type … from` is an edge too. ESLint keeps only what lies in an import's text (no `../../`,
// a feature left through an alias).

const RUNTIME = '^(lambdas|shared|web/src)/';

/** one rule: a dependency from a module matching `from` to one matching `to` is an error, printed with its comment */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

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
