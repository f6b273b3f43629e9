import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import vueParser from 'vue-eslint-parser';

const noElectronInCore = {
  paths: [{ name: 'electron', message: 'The core runs under plain Node: no Electron here.' }],
  patterns: [
    { group: ['electron/*'], message: 'The core runs under plain Node: no Electron here.' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'resources/**',
      'test-results/**',
      'playwright-report/**',
      'artifacts/**',
      'training/**',
      'bench/results*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: {
      parser: vueParser,
      parserOptions: {
        parser: tseslint.parser,
        extraFileExtensions: ['.vue'],
        sourceType: 'module',
      },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  {
    // The core, the CLI and the HTTP server run under plain Node. (Which of our own layers may
    // import which is layers.config.mjs, checked by dependency-cruiser: `npm run lint:layers`.)
    files: [
      'src/main/core/**',
      'src/main/cli/**',
      'src/main/server/**',
      'src/shared/**',
      'src/renderer/**',
    ],
    rules: { 'no-restricted-imports': ['error', noElectronInCore] },
  },
  {
    // Raw IPC lives in exactly one file per side; everything else goes through the contract.
    files: ['src/main/electron/**', 'src/preload/**'],
    ignores: ['src/main/electron/ipc-transport.ts', 'src/preload/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message: 'Only ipc-transport.ts (main) and preload/index.ts may touch raw IPC.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['bin/**', 'scripts/**', '*.config.*'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
