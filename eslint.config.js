// Flat config: typescript-eslint's recommended rules over src, test, migrations, seeds and bench,
// plus the layer rules of ARCHITECTURE.md, so a wrong-way import fails `npm test`:
// - core, db and http never import a context (workforce, clinic) nor the CLI or the scheduler;
// - a context never imports the other context, http or cli;
// - the scheduler is the mechanism: it imports no context, http or cli; the composition root
//   (src/tasks.ts) imports the contexts' jobs and handlers and hands them to it;
// - the CLI takes Ink from src/cli/ink.tsx, which imports it only when a run draws;
// - only the runner (src/core/operation.ts) and src/db open a transaction (inTransaction): anything
//   else that writes is an operation, run through runOperation (or ctx.call, for a step).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const layer = (files, groups, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
  },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'var/**', '.test-build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  layer(
    ['src/core/**', 'src/db/**', 'src/http/**'],
    ['**/workforce/**', '**/clinic/**', '**/cli/**', '**/scheduler/**', '**/tasks.js', '**/daemon.js'],
    'core, db and http are the kernel: they never import a context, the CLI or the scheduler (ARCHITECTURE.md).',
  ),
  layer(
    ['src/workforce/**'],
    ['**/clinic/**', '**/http/**', '**/cli/**', '**/daemon.js'],
    'The workforce context never imports the clinic, http or the CLI (ARCHITECTURE.md).',
  ),
  layer(
    ['src/clinic/**'],
    ['**/workforce/**', '**/http/**', '**/cli/**', '**/daemon.js'],
    'The clinic context never imports the workforce, http or the CLI (ARCHITECTURE.md).',
  ),
  layer(
    ['src/scheduler/**'],
    ['**/workforce/**', '**/clinic/**', '**/http/**', '**/cli/**', '**/tasks.js', '**/daemon.js'],
    'The scheduler imports no context, http or the CLI: src/tasks.ts hands it the jobs and handlers (ARCHITECTURE.md).',
  ),
  layer(
    ['src/tasks.ts'],
    ['**/http/**', '**/cli/**'],
    'The composition root of the background work imports contexts, never http or the CLI (ARCHITECTURE.md).',
  ),
  {
    files: ['src/**'],
    ignores: ['src/core/operation.ts', 'src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportSpecifier[imported.name="inTransaction"]',
          'MemberExpression[property.name="inTransaction"]',
        ].map((selector) => ({
          selector,
          message:
            'Only the runner (src/core/operation.ts) and src/db open transactions: make the write an operation (a step operation through ctx.call inside a `steps` one) and run it through runOperation (ARCHITECTURE.md).',
        })),
      ],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/environment.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read configuration from the Config (src/config.ts); only src/environment.ts touches process.env, so a test can hand one CLI run its own environment.',
        },
      ],
    },
  },
  {
    files: ['src/cli/**'],
    ignores: ['src/cli/ink.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'ink',
              message:
                'Take Box, Text and render from src/cli/ink.tsx: Ink is imported only when a run draws on a terminal.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
