// Bundles the API (and the contract it imports) into dist/server.mjs; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  alias: { '@campwise/contract': '../../packages/contract/src' },
  sourcemap: true,
  logLevel: 'warning',
});
