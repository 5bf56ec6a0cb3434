import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

/**
 * In development the API runs on its own port. Paths such as /camper/campers are both a
 * screen and a call, so a browser navigation (asking for HTML) gets the app and the rest
 * goes to the API, as the production server does.
 */
const toApi: ProxyOptions = {
  target: apiOrigin,
  bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // The browser's files are compressed once, at their best, beside themselves (x.js.br,
    // x.js.gz); the server sends those instead of compressing every copy it serves.
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: /\.(js|css|svg|json|webmanifest)$/,
            threshold: 1024,
            algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
            logLevel: 'silent',
          }),
        ]),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      [
        '/api',
        '/data',
        '/auth',
        '/camper',
        '/host',
        '/me',
        '/admin',
        '/docs',
        '/healthz',
        '/uploads',
        '/dev',
      ].map((prefix) => [prefix, toApi]),
    ),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // A screen's chunks are found by the browser from its imports. Preloading them from script
    // meant a <link> added to the head per chunk while the page hydrated, tens of milliseconds of
    // a slow phone's main thread; the chunks load after the page shows, where a round trip more
    // does not delay anything the visitor sees.
    modulePreload: false,
    // One stylesheet in the head: a page the server rendered is styled before any script runs.
    cssCodeSplit: false,
    // The pictures and icons are the browser's; the server bundle only renders.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Left alone, the components split into a hundred small files, each one more request
            // and one more preload link for a page to wait on; every page needs these anyway.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
                  priority: 2,
                },
                {
                  name: 'mantine',
                  test: /[\\/]node_modules[\\/](@mantine[\\/](core|hooks|notifications|store)|@floating-ui)[\\/]/,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
  // The server bundle holds its packages (the contract is TypeScript Node cannot read), built
  // for production: left to Node, React would pick its development build whenever the server
  // runs without NODE_ENV=production, and render pages several times slower.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
}));
