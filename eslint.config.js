// Lint, run by `npm test` (npm run lint) with zero warnings allowed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * What lies in an import's text. The boundaries between layers (which folder may import which, each feature through its
 * index, the analysis engine through its index) and import cycles are dependency-cruiser's, on the resolved module
 * graph (.dependency-cruiser.cjs, `npm run lint:architecture`).
 */
const noClimbing = {
  regex: '^\\.\\./\\.\\./',
  message: 'Use a path alias (#shared/, #lambdas/, #web/, ...) instead of ../../',
};
const IMPORT_TEXT = [
  {
    files: ['**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noClimbing] }] },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            noClimbing,
            { regex: '^\\.\\./', message: "Leave a feature through an alias: '#web/features/<name>', '#web/lib/...'" },
          ],
        },
      ],
    },
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
      // dependency-cruiser's configuration (CommonJS, outside the TypeScript programs)
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
  ...IMPORT_TEXT,
  prettier,
);
