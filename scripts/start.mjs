// `npm start`: builds whatever is missing or out of date, then runs the server, which serves
// the API and the built web app on one origin.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { needsBuild } from './build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path) => `${root}${path}`;
const contract = at('packages/contract/src');

const builds = [
  {
    workspace: '@campwise/web',
    // The server bundle is built last, after the browser's files.
    output: at('apps/web/dist-server/entry-server.js'),
    sources: [at('apps/web/src'), at('apps/web/public'), at('apps/web/index.html'), contract],
  },
  {
    workspace: '@campwise/api',
    output: at('apps/api/dist/server.mjs'),
    sources: [at('apps/api/src'), contract],
  },
];

for (const { workspace, output, sources } of builds) {
  if (!needsBuild(output, sources)) continue;
  console.info(`Building ${workspace}…`);
  // Always a production build, whatever NODE_ENV the server itself runs with: a development
  // value would otherwise reach Vite and ship React's development runtime.
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.WEB_DIST_DIR ??= at('apps/web/dist');
await import(at('apps/api/dist/server.mjs'));
