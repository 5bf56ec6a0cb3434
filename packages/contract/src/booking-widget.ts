import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * The booking widget a host puts on their own website (decision 075): their organisation's
 * upcoming sessions with places left and prices, each opening Campwise's checkout. The host
 * chooses its colour and font; these rules are shared by the page that draws it, the snippet
 * the host copies and the form that builds the snippet.
 */

/** The fonts a widget may use: stacks every system has, so the widget loads no font files. */
export const WIDGET_FONTS = {
  system: {
    label: 'System (clean sans-serif)',
    stack: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  humanist: {
    label: 'Humanist (friendly sans-serif)',
    stack: '"Gill Sans", "Trebuchet MS", Optima, Candara, sans-serif',
  },
  serif: { label: 'Serif (classic)', stack: 'Georgia, Cambria, "Times New Roman", serif' },
} as const;
export type WidgetFont = keyof typeof WIDGET_FONTS;
export const WIDGET_FONT_NAMES = Object.keys(WIDGET_FONTS) as [WidgetFont, ...WidgetFont[]];

/** Campwise's own green: the widget's colour until the host picks theirs. */
export const DEFAULT_WIDGET_COLOR = '#2b7a52';

const HEX_COLOR = /^#?([0-9a-f]{6})$/i;

/** A colour as "#rrggbb" in lower case, from "#RRGGBB" or "rrggbb"; null for anything else. */
export function widgetColor(text: string): string | null {
  const digits = HEX_COLOR.exec(text.trim())?.[1];
  return digits ? `#${digits.toLowerCase()}` : null;
}

/** The query of the widget's page: its colour (with or without "#") and its font. Other keys are ignored. */
export const widgetQuerySchema = z.object({
  color: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined) return DEFAULT_WIDGET_COLOR;
      const color = widgetColor(text);
      if (color === null) {
        context.addIssue({ code: 'custom', message: messages.widgetColorInvalid });
        return z.NEVER;
      }
      return color;
    }),
  font: z.enum(WIDGET_FONT_NAMES, { error: messages.widgetFontInvalid }).default('system'),
});
export type WidgetQuery = z.output<typeof widgetQuerySchema>;

/** A colour's relative luminance (WCAG 2), from "#rrggbb". */
export function relativeLuminance(color: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(color.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two colours (WCAG 2), from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** Text on a button of the host's colour: white or black, whichever reads better. */
export function textOn(color: string): '#ffffff' | '#000000' {
  return contrastRatio(color, '#ffffff') >= contrastRatio(color, '#000000') ? '#ffffff' : '#000000';
}

/** Where a booking came from, kept on the place (the host's insights count the widget's). */
export const BOOKED_VIA_WIDGET = 'widget';
export const bookedViaField = z.literal(BOOKED_VIA_WIDGET);

/** The widget's address with the host's choices; the defaults are left out so the snippet stays short. */
export function widgetUrl(
  origin: string,
  orgId: number,
  choice: { color: string; font: WidgetFont },
): string {
  const url = new URL(`/widget/orgs/${orgId}`, origin);
  if (choice.color !== DEFAULT_WIDGET_COLOR) url.searchParams.set('color', choice.color.slice(1));
  if (choice.font !== 'system') url.searchParams.set('font', choice.font);
  return url.toString();
}

/**
 * The two snippets a host may paste: one script tag that draws the widget at its own height, or a
 * plain frame for sites that take no scripts.
 */
export function widgetSnippets(
  origin: string,
  orgId: number,
  choice: { color: string; font: WidgetFont },
): { script: string; frame: string } {
  const frameUrl = new URL(widgetUrl(origin, orgId, choice));
  // The script takes the frame's own choices as data attributes (embed.js reads them back).
  const attributes = [
    `data-org="${orgId}"`,
    ...[...frameUrl.searchParams].map(([name, value]) => `data-${name}="${value}"`),
  ];
  return {
    script: `<script src="${new URL('/widget/embed.js', origin).toString()}" ${attributes.join(' ')} async></script>`,
    frame: `<iframe src="${frameUrl.toString().replaceAll('&', '&amp;')}" title="Book a camp" style="width:100%;height:640px;border:0" loading="lazy"></iframe>`,
  };
}
