// Lint for src/ (and the report's browser script): typescript-eslint's type-checked recommended rules,
// plus the size limits the structure issue sets (#14). Layering and cycles: .ci/dependency-cruiser.cjs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/**', 'bin/**', 'src/**/data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['src/**/*.ts'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.json', './src/tools/report/browser/tsconfig.json'], tsconfigRootDir: new URL('..', import.meta.url).pathname },
    },
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false }],
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
);
