import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/** Leafy green: the brand colour. Shade 6 carries white text at better than 4.5:1. */
const leaf: MantineColorsTuple = [
  '#eaf7ef',
  '#d3eedd',
  '#a6dcbb',
  '#76ca97',
  '#4fb979',
  '#38a866',
  '#2b7a52',
  '#236643',
  '#1c5236',
  '#143d28',
];

/** Sunny orange: calls to action. Text on it is dark (autoContrast). */
const sun: MantineColorsTuple = [
  '#fff4e0',
  '#ffe8c2',
  '#ffd08a',
  '#ffb84d',
  '#ffa41f',
  '#f59a0a',
  '#f08c00',
  '#c96f00',
  '#a15800',
  '#7a4200',
];

/** Red for errors and refusals, a shade darker than Mantine's so text on it meets AA. */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#e03131',
  '#c92a2a',
  '#b02525',
  '#962020',
  '#7d1a1a',
];

/**
 * Light variants (badges, notes, secondary buttons) put coloured text on a pale tint: the
 * brand green and orange use darker shades there so the text keeps 4.5:1.
 */
const darkLightText: Record<string, string> = {
  sun: 'var(--mantine-color-sun-9)',
  leaf: 'var(--mantine-color-leaf-8)',
};

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const text = input.color ? darkLightText[input.color] : undefined;
  if (input.variant === 'light' && text) return { ...colors, color: text, hoverColor: text };
  return colors;
};

export const theme = createTheme({
  primaryColor: 'leaf',
  primaryShade: 6,
  // People who ask their system for less motion get no transitions or shimmering skeletons.
  respectReducedMotion: true,
  colors: { leaf, sun, red },
  variantColorResolver,
  autoContrast: true,
  // Low enough that text on the orange call-to-action colour is dark (8:1) rather than white (2.4:1).
  luminanceThreshold: 0.3,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Nunito, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '800',
    // Sizes step down on phones (global.css), so a page's one-line h1 stays above its sections.
    sizes: {
      h1: { fontSize: 'var(--cw-h1-size)', lineHeight: '1.25' },
      h2: { fontSize: 'var(--cw-h2-size)', lineHeight: '1.3' },
      h3: { fontSize: 'var(--cw-h3-size)', lineHeight: '1.35' },
    },
  },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '16px', xl: '24px' },
  shadows: {
    sm: '0 1px 3px rgba(60, 40, 10, 0.08), 0 1px 2px rgba(60, 40, 10, 0.06)',
    md: '0 6px 16px rgba(60, 40, 10, 0.08), 0 2px 4px rgba(60, 40, 10, 0.05)',
  },
  other: {
    contentMaxWidth: 1200,
    pageBackground: '#fffaf2',
    headingLetterSpacing: '0.06em',
  },
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    Card: { defaultProps: { radius: 'lg', shadow: 'sm', withBorder: true } },
    Container: { defaultProps: { size: 1200 } },
  },
});

/** The app's own variables beside Mantine's, written out in theme-variables.css. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {
    '--cw-page-bg': String(t.other.pageBackground),
    '--cw-heading-spacing': String(t.other.headingLetterSpacing),
  },
  light: {
    '--mantine-color-body': String(t.other.pageBackground),
    // Mantine's default dimmed grey is 3.3:1 on white; gray.7 keeps secondary text at AA.
    '--mantine-color-dimmed': t.colors.gray[7],
  },
  dark: {},
});
