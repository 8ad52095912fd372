// The architecture's rules (`npm run lint:architecture`, part of `npm run lint`): import cycles and the boundaries between
// layers, on the resolved module graph. TypeScript is read before compilation (tsPreCompilationDeps), so every
// `import type` and `export type … from` is an edge too. ESLint keeps only what lies in an import's text (no `../../`,
// a feature left through an alias).

const RUNTIME = '^(lambdas|shared|web/src)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module never reaches itself through its imports, type-only ones included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'runtime-only',
      severity: 'error',
      comment: 'Runtime code (lambdas, shared, web) never imports infra, scripts or tests',
      from: { path: RUNTIME },
      to: { path: '^(infra|scripts|test)/|^web/(?!src/)' },
    },
    {
      name: 'shared-imports-neither-side',
      severity: 'error',
      comment: 'shared/ is used by both sides: it imports neither',
      from: { path: '^shared/' },
      to: { path: '^(lambdas|web)/' },
    },
    {
      name: 'analysis-through-its-index',
      severity: 'error',
      comment: "The analysis engine is imported through its index: '#lambdas/analysis/index.ts'",
      from: { path: '^(lambdas|infra)/', pathNot: '^lambdas/analysis/' },
      to: { path: '^lambdas/analysis/(?!index\\.ts$)' },
    },
    {
      name: 'lambdas-never-import-web',
      severity: 'error',
      comment: 'Lambdas never import the web app',
      from: { path: '^lambdas/' },
      to: { path: '^web/' },
    },
    {
      name: 'domain-without-analysis',
      severity: 'error',
      comment: 'The domain reaches the analysis engine through its Analyze port (adapters/analysis.ts)',
      from: { path: '^lambdas/domain/' },
      to: { path: '^lambdas/analysis/' },
    },
    {
      name: 'domain-without-http',
      severity: 'error',
      comment: 'The domain knows nothing of HTTP: throw a DomainError, return an outcome',
      from: { path: '^lambdas/domain/' },
      to: { path: '^lambdas/(http|handlers)/' },
    },
    {
      name: 'domain-through-ports',
      severity: 'error',
      comment:
        'The domain reaches storage and services through the interfaces it declares (domain/ports/, checkout.ts …); DynamoDB lives in adapters/store/',
      from: { path: '^lambdas/domain/' },
      to: { path: '^lambdas/adapters/|(^|/)node_modules/@aws-sdk/' },
    },
    {
      name: 'handler-imports',
      severity: 'error',
      comment: 'A handler imports only domain, adapters and http',
      from: { path: '^lambdas/handlers/' },
      to: { path: '^lambdas/', pathNot: '^lambdas/((domain|adapters|http)/|logging\\.ts$)' },
    },
    {
      name: 'web-never-imports-lambdas',
      severity: 'error',
      comment: 'The web app never imports the Lambdas',
      from: { path: '^web/src/' },
      to: { path: '^lambdas/' },
    },
    {
      name: 'lib-below-features',
      severity: 'error',
      comment: 'lib/ and components/ sit below the features',
      from: { path: '^web/src/(lib|components)/' },
      to: { path: '^web/src/(features/|routes)' },
    },
    {
      name: 'feature-through-its-index',
      severity: 'error',
      comment: "Another feature is reached through its index: '#web/features/<name>'",
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/[^/]+/(?!index\\.ts$)', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'features-below-shell',
      severity: 'error',
      comment: 'Features sit below the app shell',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/(routes|App|main)' },
    },
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
