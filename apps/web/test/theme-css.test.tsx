import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../src/app/theme.ts';

const stylesheet = fileURLToPath(new URL('../src/app/theme-variables.css', import.meta.url));

/**
 * A stylesheet's declarations in order, one an entry with the selectors (and media query) it
 * sits under, whatever the stylesheet's spacing and comments: a difference names its variable.
 */
function declarations(css: string): string[] {
  const found: string[] = [];
  const context: string[] = [];
  let text = '';
  for (const char of css.replace(/\/\*[\s\S]*?\*\//g, '')) {
    if (char === '{') {
      context.push(text.trim().replace(/\s+/g, ' '));
      text = '';
    } else if (char === ';' || char === '}') {
      const declaration = text
        .trim()
        .replace(/\s+/g, ' ')
        .replace(/\s*:\s*/, ': ');
      if (declaration !== '') found.push(`${context.join(' ')} { ${declaration} }`);
      text = '';
      if (char === '}') context.pop();
    } else {
      text += char;
    }
  }
  return found;
}

/** What MantineProvider writes into its <style> elements for the app's theme, by kind. */
function providerStyles(): Record<string, string> {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <span />
    </MantineProvider>,
  );
  return Object.fromEntries(
    [...html.matchAll(/<style data-mantine-styles="([^"]*)">([\s\S]*?)<\/style>/g)].map(([, kind, css]) => [
      kind,
      css ?? '',
    ]),
  );
}

describe('the theme in the stylesheet', () => {
  it('holds the variables and classes MantineProvider would write for the theme, in its order', () => {
    const written = providerStyles();
    // The theme's variables, then the hiddenFrom / visibleFrom classes.
    expect(Object.keys(written)).toEqual(['true', 'classes']);
    const expected = [...declarations(written.true ?? ''), ...declarations(written.classes ?? '')];
    expect(declarations(readFileSync(stylesheet, 'utf8'))).toEqual(expected);
  });
});
