// The API's import boundaries (docs/decisions/054-module-faces.md). `npm run check` runs them.
const modules = '^apps/api/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-face',
      comment:
        "A module is used through its index.ts. Import another module's files only through that face; " +
        'export what you need from it.',
      severity: 'error',
      from: { path: `${modules}([^/]+)/` },
      to: { path: `${modules}[^/]+/`, pathNot: [`${modules}$1/`, `${modules}[^/]+/index\\.ts$`] },
    },
    {
      name: 'module-face-from-outside',
      comment: 'The app, the CLI and the seed use a module through its index.ts too.',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: modules },
      to: { path: `${modules}[^/]+/`, pathNot: `${modules}[^/]+/index\\.ts$` },
    },
    {
      name: 'no-module-cycles',
      comment:
        'Modules depend one way: when two modules need each other, the shared part moves to apps/api/src/shared ' +
        'or into the module both already use.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${modules}[^/]+$` },
      to: { path: `${modules}[^/]+$`, circular: true },
    },
    {
      name: 'lower-layers-below-modules',
      comment: 'platform/, shared/ and db/ sit under the modules and never import them.',
      severity: 'error',
      from: { path: '^apps/api/src/(platform|shared|db)/' },
      to: { path: modules },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is imported by both sides and imports neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-not-api',
      comment: 'The web app talks to the API over HTTP and shares only the contract.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
