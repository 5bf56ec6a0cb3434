// Draws the category tile pictures of the search page into apps/web/public/categories, one
// small SVG per category in one flat style: a rounded card in a soft tint of the theme's green
// or orange, a round badge and a Tabler icon in the matching deep shade. Run it again after the
// category list or the theme changes:
//   node --import tsx scripts/make-category-art.mjs
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  IconAtom,
  IconBackpack,
  IconBallBasketball,
  IconBallFootball,
  IconBallTennis,
  IconBook,
  IconCalendarRepeat,
  IconChefHat,
  IconChessKnight,
  IconCode,
  IconCompass,
  IconDeviceLaptop,
  IconFlag,
  IconFlask,
  IconGymnastics,
  IconHeartHandshake,
  IconHorse,
  IconKarate,
  IconLanguage,
  IconMasksTheater,
  IconMovie,
  IconMusic,
  IconPalette,
  IconRobot,
  IconStretching2,
  IconSun,
  IconSwimming,
  IconTent,
  IconTrees,
  IconTrophy,
} from '@tabler/icons-react';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { theme } from '../apps/web/src/app/theme.ts';
import { CATEGORY_ART_SIZE, categoryArtPath } from '../apps/web/src/components/search/category-art.ts';
import { CATEGORIES } from '../packages/contract/src/categories.ts';

const outDir = fileURLToPath(new URL('../apps/web/public/categories/', import.meta.url));

/** The icon drawn for each category id. */
const categoryIcons = {
  1: IconBackpack,
  2: IconPalette,
  3: IconMusic,
  4: IconStretching2,
  5: IconMasksTheater,
  6: IconTrophy,
  7: IconBallFootball,
  8: IconBallBasketball,
  9: IconSwimming,
  10: IconBallTennis,
  11: IconHorse,
  12: IconAtom,
  13: IconCode,
  14: IconRobot,
  15: IconFlask,
  16: IconTrees,
  17: IconCompass,
  18: IconBook,
  19: IconLanguage,
  20: IconChefHat,
  21: IconSun,
  22: IconCalendarRepeat,
  23: IconTent,
  24: IconHeartHandshake,
  25: IconFlag,
  26: IconDeviceLaptop,
  27: IconChessKnight,
  28: IconGymnastics,
  29: IconKarate,
  30: IconMovie,
};

const { leaf, sun } = theme.colors;
if (!leaf || !sun) throw new Error('The theme has no leaf or sun colour');
/** Green and orange take turns, so neighbouring tiles differ while the set stays one family. */
const palettes = [
  { card: leaf[0], badge: leaf[1], dot: leaf[2], ink: leaf[7] },
  { card: sun[0], badge: sun[1], dot: sun[2], ink: sun[8] },
];

function drawing(id) {
  const Icon = categoryIcons[id];
  if (!Icon) throw new Error(`No icon for category ${id}`);
  const { width, height } = CATEGORY_ART_SIZE;
  const colors = palettes[(id - 1) % palettes.length];
  const iconSize = 60;
  return h(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', viewBox: `0 0 ${width} ${height}` },
    h('rect', { width, height, rx: 20, fill: colors.card }),
    h('circle', { cx: width / 2, cy: height / 2, r: 44, fill: colors.badge }),
    h('circle', { cx: 26, cy: 24, r: 6, fill: colors.dot }),
    h('circle', { cx: width - 24, cy: height - 22, r: 9, fill: colors.dot }),
    h('circle', { cx: width - 34, cy: 20, r: 3, fill: colors.ink, opacity: 0.35 }),
    h(Icon, {
      x: (width - iconSize) / 2,
      y: (height - iconSize) / 2,
      size: iconSize,
      stroke: 1.75,
      color: colors.ink,
    }),
  );
}

await mkdir(outDir, { recursive: true });
for (const file of await readdir(outDir)) {
  if (file.endsWith('.svg')) await rm(join(outDir, file));
}
for (const category of CATEGORIES) {
  // Tabler's class names are for its own stylesheet; the files stand alone without them.
  const markup = renderToStaticMarkup(drawing(category.id))
    .replace(/ class="[^"]*"/g, '')
    .replace(/><\/(rect|circle|path)>/g, '/>');
  const name = categoryArtPath(category.text).split('/').pop() ?? '';
  await writeFile(join(outDir, name), `${markup}\n`);
}
console.info(`Drew ${CATEGORIES.length} category pictures in ${outDir}`);
