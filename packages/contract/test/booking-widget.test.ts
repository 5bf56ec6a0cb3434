import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DEFAULT_WIDGET_COLOR,
  textOn,
  WIDGET_FONT_NAMES,
  widgetColor,
  widgetQuerySchema,
  widgetSnippets,
  widgetUrl,
} from '../src/booking-widget.ts';
import { messages } from '../src/messages.ts';

const hexColor = fc
  .array(fc.integer({ min: 0, max: 255 }), { minLength: 3, maxLength: 3 })
  .map((channels) => `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`);

describe('the widget colour', () => {
  it('is six hex digits with or without "#", in lower case', () => {
    expect(widgetColor('2B7A52')).toBe('#2b7a52');
    expect(widgetColor(' #ffd43b ')).toBe('#ffd43b');
    for (const bad of ['red', '#fff', '12345', '1234567', '#ggg000', 'url(x)'])
      expect(widgetColor(bad)).toBeNull();
  });

  it('gets button text that reads on it: the better of white and black, never below 4.5:1', () => {
    fc.assert(
      fc.property(hexColor, (color) => {
        const text = textOn(color);
        const other = text === '#ffffff' ? '#000000' : '#ffffff';
        expect(contrastRatio(color, text)).toBeGreaterThanOrEqual(contrastRatio(color, other));
        // One of the two always reaches 4.5:1 against any colour, so the chosen one does.
        expect(contrastRatio(color, text)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });

  it('has known contrasts at the ends', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(textOn('#ffd43b')).toBe('#000000');
    expect(textOn(DEFAULT_WIDGET_COLOR)).toBe('#ffffff');
  });
});

describe('the widget query', () => {
  it('defaults to Campwise green and the system font', () => {
    expect(widgetQuerySchema.parse({})).toEqual({ color: DEFAULT_WIDGET_COLOR, font: 'system' });
  });

  it('refuses an unknown colour or font with its message', () => {
    const color = widgetQuerySchema.safeParse({ color: 'blue' });
    expect(color.error?.issues[0]?.message).toBe(messages.widgetColorInvalid);
    const font = widgetQuerySchema.safeParse({ font: 'papyrus' });
    expect(font.error?.issues[0]?.message).toBe(messages.widgetFontInvalid);
  });

  it('reads back what the snippet writes, for every colour and font', () => {
    fc.assert(
      fc.property(hexColor, fc.constantFrom(...WIDGET_FONT_NAMES), (color, font) => {
        const url = new URL(widgetUrl('https://campwise.example', 12, { color, font }));
        expect(url.pathname).toBe('/widget/orgs/12');
        expect(widgetQuerySchema.parse(Object.fromEntries(url.searchParams))).toEqual({ color, font });
      }),
    );
  });
});

describe('the snippets', () => {
  it('are a script tag and a frame, leaving the defaults out', () => {
    const plain = widgetSnippets('https://campwise.example', 7, {
      color: DEFAULT_WIDGET_COLOR,
      font: 'system',
    });
    expect(plain.script).toBe(
      '<script src="https://campwise.example/widget/embed.js" data-org="7" async></script>',
    );
    expect(plain.frame).toContain('src="https://campwise.example/widget/orgs/7"');
    const styled = widgetSnippets('https://campwise.example', 7, { color: '#ffd43b', font: 'serif' });
    expect(styled.script).toContain('data-color="ffd43b" data-font="serif"');
    expect(styled.frame).toContain('/widget/orgs/7?color=ffd43b&amp;font=serif');
  });
});
