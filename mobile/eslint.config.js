// Lint of the app (`npm run lint`, part of `make test`). Mostly about structure, as in
// bulletproof-react: each feature stands alone (a feature never imports another), nothing shared
// imports a feature or the app shell, and there are no import cycles.
//   app → features → entities → components? no: components and entities are shared; lib is the
//   infrastructure under everything.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'android/**', 'node_modules/**', 'src/lib/api/schema.gen.ts', 'coverage/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.base],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // no-cycle parses the imported files too.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature never imports another feature: what two features share moves to
            // entities/ (a shared entity) or components/ (shared UI).
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'Uma feature não importa outra: mova o que é compartilhado para entities/ ou components/.',
            })),
            { target: './src/features', from: './src/app', message: 'Features não importam o app (app → features, nunca o contrário).' },
            {
              target: ['./src/entities', './src/components', './src/lib'],
              from: ['./src/features', './src/app'],
              message: 'A camada compartilhada não importa features nem o app.',
            },
            { target: './src/lib', from: ['./src/entities', './src/components'], message: 'lib/ é infraestrutura: não importa entidades nem componentes.' },
          ],
        },
      ],
    },
  },
  {
    // A screen reads and writes through its feature's api/ hooks (one queryOptions and hook per
    // endpoint), never with inline query keys.
    files: ['src/features/*/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useInfiniteQuery', 'useMutation', 'useSuspenseQuery'],
              message: 'Use o hook do endpoint em api/ da feature (queryOptions + hook), não uma consulta inline.',
            },
          ],
        },
      ],
    },
  },
);
