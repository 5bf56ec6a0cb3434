import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';

/**
 * The fonts every PDF of the app is set in (docs/decisions/045): Noto Sans for Latin (with
 * Vietnamese), Greek and Cyrillic, and Noto Sans CJK's simplified Chinese cut (GB2312, with
 * Japanese kana) for what Noto Sans has no glyph for. Both are OFL fonts shipped as npm packages;
 * each PDF embeds only the glyphs it uses.
 */
export type FontWeight = 'regular' | 'bold';
export type Script = 'latin' | 'cjk';

const FILES: Record<Script, { package: string; files: Record<FontWeight, string> }> = {
  latin: {
    package: '@embedpdf/fonts-latin',
    files: { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  },
  cjk: {
    package: '@embedpdf/fonts-sc',
    files: { regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' },
  },
};

const require = createRequire(import.meta.url);

/** The packages export only their script; their fonts sit in `fonts/` beside its `dist/`. */
function fontPath(script: Script, weight: FontWeight): string {
  const { package: name, files } = FILES[script];
  return join(dirname(require.resolve(name)), '..', 'fonts', files[weight]);
}

const loaded = new Map<string, Font>();

/** A font, read and parsed once per process (the CJK ones only once a text needs them). */
function font(script: Script, weight: FontWeight): Font {
  const key = `${script}-${weight}`;
  let parsed = loaded.get(key);
  if (!parsed) {
    parsed = create(readFileSync(fontPath(script, weight))) as Font;
    loaded.set(key, parsed);
  }
  return parsed;
}

/**
 * A font for pdfkit to embed. It takes a parsed fontkit font as it takes a file
 * (PDFFontFactory.open), so the CJK font's 8 MB are not parsed again for each PDF; its types
 * list only the file's forms.
 */
export const pdfkitFont = (script: Script, weight: FontWeight): Buffer =>
  font(script, weight) as unknown as Buffer;

/** How far down a line of Noto Sans its baseline sits, as a share of the line's height. */
export function baselineShare(weight: FontWeight): number {
  const { ascent, descent } = font('latin', weight);
  return ascent / (ascent - descent);
}

export interface FontRun {
  text: string;
  script: Script;
}

const has = (script: Script, codePoint: number) => font(script, 'regular').hasGlyphForCodePoint(codePoint);

/** Noto Sans wherever it has the glyph (spaces and punctuation too), else the CJK font if it has it. */
function scriptOf(char: string): Script {
  const codePoint = char.codePointAt(0) ?? 0;
  if (has('latin', codePoint)) return 'latin';
  return has('cjk', codePoint) ? 'cjk' : 'latin';
}

/**
 * Splits a text into runs of one font each: Noto Sans wherever it has the glyph, the CJK font
 * where only it has one.
 */
export function fontRuns(text: string): FontRun[] {
  const runs: FontRun[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const script = scriptOf(char);
    if (last && last.script === script) last.text += char;
    else runs.push({ text: char, script });
  }
  return runs;
}
