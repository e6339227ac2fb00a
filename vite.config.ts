import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { inlineCss } from './web/build/inline-css';
import { precompress } from './web/build/precompress';
import { voiceSdkWithoutWebRtc } from './web/build/voice-sdk';

export default defineConfig({
  root: 'web',
  plugins: [voiceSdkWithoutWebRtc(), react(), tailwindcss(), inlineCss(), precompress()],
  // Every `import … from 'zod'` gets the configured zod (jitless under our CSP, German messages).
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./web/src/lib/zod-configured.ts', import.meta.url)) }],
  },
  // The manifest tells the server which chunks a route needs (server/http/preload.ts).
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    manifest: true,
    // Audio worklets load as files: the CSP allows no data: scripts.
    assetsInlineLimit: (file: string) => (file.endsWith('.worklet.js') ? false : undefined),
  },
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
});
