import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = 'http://127.0.0.1:8080';

// The portal is built into dist/ and served by the API server; `npm run dev` proxies the API to it.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  // No source maps: the server would hand the portal's whole source to anyone who asked for them.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { port: 5173, proxy: { '/v1': api, '/v2': api, '/healthz': api } },
});
