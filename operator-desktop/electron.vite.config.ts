import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  main: {
    build: { rolldownOptions: { input: { index: 'src/main/index.ts' } } },
  },
  preload: {
    // Sandboxed preloads cannot `require` from node_modules or load ESM: bundle everything into one CommonJS file.
    build: {
      externalizeDeps: false,
      isolatedEntries: true,
      rolldownOptions: {
        input: { index: 'src/preload/index.ts' },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react(), tailwindcss()],
    build: { rolldownOptions: { input: { index: 'src/renderer/index.html' } } },
  },
});
