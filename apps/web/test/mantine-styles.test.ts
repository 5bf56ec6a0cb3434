// The app imports the styles of the Mantine components it uses, not all of Mantine's
// (src/app/mantine-styles.ts). A component reached but not styled would look broken without a
// single failing journey, so this follows the imports from the app's own code, and from the
// Mantine packages it uses, through @mantine/core's modules to every component stylesheet they
// reach.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const webSource = join(repoRoot, 'apps/web/src');
const mantineRoot = join(repoRoot, 'node_modules/@mantine');
const coreEsm = join(mantineRoot, 'core/esm');
/** The Mantine packages besides core whose components are built from core's. */
const mantinePackages = ['notifications', 'charts'];
const GLOBAL_STYLES = ['baseline', 'global', 'default-css-variables'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|mjs)$/.test(name) ? [path] : [];
  });
}

/** The names a file imports as values from @mantine/core. */
function coreImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g)].flatMap(
    (match) =>
      match[1]
        ? []
        : (match[2] ?? '')
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== '' && !part.startsWith('type '))
            .map((part) => part.split(/\s+as\s+/)[0] ?? part),
  );
}

/** Where @mantine/core's index takes each of its exports from, for those in its own modules. */
function coreExports(): Map<string, string> {
  const index = readFileSync(join(coreEsm, 'index.mjs'), 'utf8');
  const modules = new Map<string, string>();
  for (const [, names = '', from = ''] of index.matchAll(/export \{([^}]*)\} from '([^']*)'/g)) {
    if (!from.startsWith('.')) continue;
    for (const name of names.split(',')) {
      const exported = name
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (exported) modules.set(exported, resolve(coreEsm, from));
    }
  }
  return modules;
}

/** Every component stylesheet (by name) the modules reach through their relative imports. */
function stylesReached(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const styles = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith('.module.css.mjs')) {
      styles.add(basename(file, '.module.css.mjs'));
      return;
    }
    const text = readFileSync(file, 'utf8');
    for (const [, path = ''] of text.matchAll(/(?:import|export)[^'"]*['"](\.{1,2}\/[^'"]+\.mjs)['"]/g)) {
      visit(resolve(dirname(file), path));
    }
  };
  for (const entry of entries) visit(entry);
  return styles;
}

const imported = [
  ...readFileSync(join(webSource, 'app/mantine-styles.ts'), 'utf8').matchAll(
    /^import '@mantine\/core\/styles\/([A-Za-z-]+)\.css';$/gm,
  ),
].map((match) => match[1] ?? '');

describe("the app's Mantine styles", () => {
  it('style every component the app and the Mantine packages it uses reach', () => {
    const exports = coreExports();
    const names = new Set(
      [
        ...sourceFiles(webSource),
        ...mantinePackages.flatMap((name) => sourceFiles(join(mantineRoot, name, 'esm'))),
      ].flatMap(coreImports),
    );
    const entries = [...names].flatMap((name) => {
      const module = exports.get(name);
      return module ? [module] : [];
    });
    const reached = stylesReached(entries);
    expect(reached.has('Button')).toBe(true);
    expect([...reached].filter((name) => !imported.includes(name))).toEqual([]);
  });

  it('come in the order of the whole stylesheet, globals first, so later rules still win', () => {
    const whole = readFileSync(join(mantineRoot, 'core/styles.css'), 'utf8');
    const positionOf = (name: string) => {
      const text = readFileSync(join(mantineRoot, 'core/styles', `${name}.css`), 'utf8');
      const firstClass = /\.m_[0-9a-f]+/.exec(text)?.[0];
      return firstClass ? whole.indexOf(firstClass) : -1;
    };
    expect(imported.slice(0, GLOBAL_STYLES.length)).toEqual(GLOBAL_STYLES);
    const components = imported.slice(GLOBAL_STYLES.length);
    const positions = components.map(positionOf);
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
