import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AfterHydration } from '../src/components/after-hydration.tsx';

describe('AfterHydration', () => {
  it('leaves its children out of the page the server renders, which the browser then hydrates', () => {
    const html = renderToString(
      createElement(
        'div',
        null,
        'Always',
        createElement(AfterHydration, null, createElement('nav', null, 'Menu')),
      ),
    );
    expect(html).toBe('<div>Always</div>');
  });
});
