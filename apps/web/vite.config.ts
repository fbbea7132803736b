import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// SPEC §2/§7: every script lives under /assets/app/js and every stylesheet under /assets/app/css,
// each file name carrying a content hash so the server can cache them forever.
const assetsRoot = 'assets/app';
const backend = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  // Compressed copies of every script, stylesheet and page, made once here, sent by the server.
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        entryFileNames: `${assetsRoot}/js/[name]-[hash].js`,
        chunkFileNames: `${assetsRoot}/js/[name]-[hash].js`,
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css'))
            ? `${assetsRoot}/css/[name]-[hash][extname]`
            : `${assetsRoot}/media/[name]-[hash][extname]`,
      },
    },
  },
  // The board render worker is a script like any other: under /assets/app/js, hashed.
  worker: {
    format: 'es',
    rolldownOptions: {
      output: {
        entryFileNames: `${assetsRoot}/js/[name]-[hash].js`,
        chunkFileNames: `${assetsRoot}/js/[name]-[hash].js`,
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/storage': backend,
    },
  },
});
