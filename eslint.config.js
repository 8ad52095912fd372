// Lint and boundaries, run by `npm test` (npm run lint) with zero warnings allowed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * Boundaries. A later block replaces the rule's options of an earlier one for the files both match, so each block
 * repeats the patterns that hold everywhere.
 */
const noClimbing = {
  regex: '^\\.\\./\\.\\./',
  message: 'Use a path alias (#shared/, #lambdas/, #web/, ...) instead of ../../',
};
const runtimeOnly = {
  regex: '^#(infra|scripts|test|web-build)/',
  message: 'Runtime code (lambdas, shared, web) never imports infra, scripts or tests',
};
/** the analysis engine is reached through its one entry point; its stages are its own business */
const analysisIndexOnly = {
  regex: '^(#lambdas/|(\\.\\./)+)analysis/(?!index\\.ts$).',
  message: "The analysis engine is imported through its index: '#lambdas/analysis/index.ts'",
};
const restrict = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noClimbing, ...patterns] }],
});
const BOUNDARIES = [
  { files: ['**/*.{ts,tsx}'], rules: restrict() },
  {
    files: ['shared/**/*.ts'],
    rules: restrict(runtimeOnly, {
      regex: '^#(lambdas|web)/',
      message: 'shared/ is used by both sides: it imports neither',
    }),
  },
  {
    files: ['lambdas/**/*.ts'],
    rules: restrict(runtimeOnly, analysisIndexOnly, { regex: '^#web/', message: 'Lambdas never import the web app' }),
  },
  {
    files: ['lambdas/analysis/**/*.ts'],
    rules: restrict(runtimeOnly, { regex: '^#web/', message: 'Lambdas never import the web app' }),
  },
  {
    files: ['infra/**/*.ts'],
    rules: restrict(analysisIndexOnly),
  },
  {
    files: ['lambdas/domain/**/*.ts'],
    rules: restrict(
      runtimeOnly,
      {
        regex: '^(#lambdas/|\\.\\./)analysis/',
        message: 'The domain reaches the analysis engine through its Analyze port (adapters/analysis.ts)',
      },
      { regex: '^#web/', message: 'Lambdas never import the web app' },
      {
        regex: '^(#lambdas/|\\.\\./)(http|handlers)/',
        message: 'The domain knows nothing of HTTP: throw a DomainError, return an outcome',
      },
      {
        regex: '^@aws-sdk/|^(#lambdas/|\\.\\./)adapters/',
        message:
          'The domain reaches storage and services through the interfaces it declares (domain/ports/, checkout.ts …); DynamoDB lives in adapters/store/',
      },
    ),
  },
  {
    files: ['lambdas/handlers/**/*.ts'],
    rules: restrict(
      runtimeOnly,
      { regex: '^#web/', message: 'Lambdas never import the web app' },
      {
        regex: '^(#lambdas/|\\.\\./)(?!(domain|adapters|http)/|logging\\.ts$)|^\\./',
        message: 'A handler imports only domain, adapters and http',
      },
    ),
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: restrict(runtimeOnly, { regex: '^#lambdas/', message: 'The web app never imports the Lambdas' }),
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: restrict(
      runtimeOnly,
      { regex: '^#lambdas/', message: 'The web app never imports the Lambdas' },
      { regex: '^(#web/|\\.\\./)(features/|routes)', message: 'lib/ and components/ sit below the features' },
    ),
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: restrict(
      runtimeOnly,
      { regex: '^#lambdas/', message: 'The web app never imports the Lambdas' },
      {
        regex: '^#web/features/[^/]+/(?!index\\.ts$).',
        message: "Another feature is reached through its index: '#web/features/<name>'",
      },
      { regex: '^\\.\\./', message: "Leave a feature through an alias: '#web/features/<name>', '#web/lib/...'" },
      { regex: '^#web/(routes|App|main)', message: 'Features sit below the app shell' },
    ),
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'cdk.out/',
      '.local/',
      'test-results/',
      'coverage/',
      'test/fixtures/',
      '.scratch/',
      '.models/',
      // the cycle check's own configuration (CommonJS, read by dependency-cruiser, outside the TypeScript programs)
      '.dependency-cruiser.cjs',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // async without await is how a function says "my throws are rejections" (handlers, adapter interfaces)
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.{js,mjs}'], extends: [tseslint.configs.disableTypeChecked] },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    rules: {
      // prerendered pages read browser-only state (storage, URL, session) after hydration: a setState in an effect,
      // so the first render matches the HTML
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Tests and the offline tools (benchmarks, eval, bundle checks) read untyped JSON: responses, events, Lighthouse
    // reports, synthesized templates, and assert on or print their shape; vitest's expect(obj.fn) is not a call.
    files: ['test/**/*.{ts,tsx}', 'scripts/**/*.ts', 'infra/verify/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  ...BOUNDARIES,
  prettier,
);
