import { defineConfig, defaultClientConditions } from 'vite';
import { precompress } from './build/precompress.js';

// "source" makes @convene/protocol bundle from its TypeScript sources; its #ed25519 import then
// resolves to the WebCrypto variant (the browser condition).
export default defineConfig({
  root: import.meta.dirname,
  resolve: { conditions: ['source', ...defaultClientConditions] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
  plugins: [precompress()],
  server: { proxy: { '/api': 'http://localhost:8080', '/health': 'http://localhost:8080' } },
});
