// Import cycles, type-only imports included (`npm run lint:cycles`, part of `npm run lint`). eslint's import-x/no-cycle
// skips `import type`, so a loop held together by types alone passed it; here TypeScript is read before compilation
// (tsPreCompilationDeps), so every `import type` and `export type … from` is an edge of the graph.
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
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|cdk\\.out|\\.local|coverage|test-results)/' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    combinedDependencies: false,
  },
};
