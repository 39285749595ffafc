import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { clientBoundaries } from './eslint/clientBoundaries.js';
import { serverBoundaries } from './eslint/serverBoundaries.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'bench/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // client/ and server/ never import each other; shared/ imports neither.
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './client', from: './server', message: 'O cliente não importa código do servidor.' },
            { target: './server', from: './client', message: 'O servidor não importa código do cliente.' },
            { target: './shared', from: ['./client', './server'], message: 'shared/ é o contrato: não depende de cliente nem de servidor.' },
          ],
        },
      ],
    },
  },
  ...clientBoundaries,
  ...serverBoundaries,
  // zod (behind shared/schemas) stays out of the browser's downloads: the client takes only types from the schemas,
  // and the limits its forms show from shared/limits.ts.
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', '**/shared/schemas/*', '**/shared/publicConfig.ts'],
              allowTypeImports: true,
              message: 'O cliente só importa tipos dos esquemas (zod fica fora do download); limites vêm de shared/limits.ts.',
            },
          ],
        },
      ],
    },
  },
);
