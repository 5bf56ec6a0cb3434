// Bundles the API (and the contract it imports) into dist/server.mjs; npm packages stay external.
// What the server imports only when it needs it (the built-in test processor, when no real
// payment provider is configured) is split into chunks beside it, loaded on demand.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  alias: { '@campwise/contract': '../../packages/contract/src' },
  sourcemap: true,
  logLevel: 'warning',
});
