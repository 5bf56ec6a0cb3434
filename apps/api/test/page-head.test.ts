import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderHead, shortDescription } from '../src/modules/public-pages/page-head.ts';

const head = {
  title: 'Camp',
  description: 'About the camp.',
  canonicalUrl: 'https://camps.example.test/camps/1',
  imageUrl: null,
  preview: null,
  structuredData: [],
  noindex: false,
};

describe('shortDescription', () => {
  it('keeps a short text whole, on one line', () => {
    expect(shortDescription('  Crabs,\n\n sea   stars. ')).toBe('Crabs, sea stars.');
  });

  it('never passes 160 characters and cuts long texts at a word', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,12}$/), { minLength: 1, maxLength: 80 }), (words) => {
        const text = words.join(' ');
        const short = shortDescription(text);
        expect(short.length).toBeLessThanOrEqual(160);
        if (text.length <= 160) expect(short).toBe(text);
        else expect(text.startsWith(short.slice(0, -1))).toBe(true);
      }),
    );
  });
});

describe('renderHead', () => {
  it('escapes text so a camp cannot add tags, and structured data cannot close its script early', () => {
    const html = renderHead({
      ...head,
      title: '"><script>alert(1)</script>',
      structuredData: [{ name: '</script><script>alert(1)</script>' }],
    });
    expect(html).not.toContain('<script>alert');
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('asks not to be indexed only when told, and falls back to a small card without a picture', () => {
    expect(renderHead(head)).not.toContain('robots');
    expect(renderHead({ ...head, noindex: true })).toContain('<meta name="robots" content="noindex" />');
    expect(renderHead(head)).toContain('<meta name="twitter:card" content="summary" />');
    const withPicture = renderHead({
      ...head,
      preview: { url: 'https://camps.example.test/og/camps/1/preview.jpg', type: 'image/jpeg' },
    });
    expect(withPicture).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // The size and type the networks need to show it without fetching it first.
    for (const tag of [
      '<meta property="og:image" content="https://camps.example.test/og/camps/1/preview.jpg" />',
      '<meta property="og:image:type" content="image/jpeg" />',
      '<meta property="og:image:width" content="1200" />',
      '<meta property="og:image:height" content="630" />',
    ]) {
      expect(withPicture).toContain(tag);
    }
  });
});
