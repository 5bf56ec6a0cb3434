import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const webRoot = join(repoRoot, 'apps/web');

export interface WebServerBundle {
  /** The WEB_DIST_DIR to give the app: the index.html, with the server bundle beside it. */
  distDir: string;
  remove(): void;
}

/**
 * The web app's server bundle, built as `npm run build` builds it, beside an index.html shaped
 * like the built one: the server renders the public pages with them.
 */
export async function buildWebServerBundle(indexHtml: string): Promise<WebServerBundle> {
  // The server bundle resolves its packages from the repository's node_modules, so it is built inside it.
  const cache = join(repoRoot, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const buildDir = mkdtempSync(join(cache, 'campwise-ssr-'));
  mkdirSync(join(buildDir, 'dist'));
  writeFileSync(join(buildDir, 'dist/index.html'), indexHtml);
  // A production build, as `npm run build` makes it, whatever NODE_ENV the tests run with.
  const testEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      logLevel: 'error',
      build: { ssr: 'src/entry-server.tsx', outDir: join(buildDir, 'dist-server'), emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = testEnv;
  }
  return {
    distDir: join(buildDir, 'dist'),
    remove: () => rmSync(buildDir, { recursive: true, force: true }),
  };
}
