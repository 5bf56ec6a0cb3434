/**
 * The things a demo picture can show, in the site's flat illustration style. Each is drawn
 * around (0, 0), about 200 wide and 160 high, standing on y = 70, in the colours it is given,
 * so a picture can place, size and mirror it anywhere in its 400 × 300 scene.
 */

/** The colours of one picture. */
export interface Colours {
  sky: string;
  far: string;
  near: string;
  ground: string;
  sun: string;
  wall: string;
  floor: string;
  /** The subject's main colour and a second one beside it. */
  main: string;
  second: string;
  dark: string;
  light: string;
}

/** Where a subject belongs: outdoors (sky and hills), indoors (a wall and a floor) or either. */
export type Setting = 'outdoors' | 'indoors' | 'either';

interface SubjectDrawing {
  setting: Setting;
  draw: (c: Colours) => string;
}

const WOOD = '#a0643a';
const DARK_WOOD = '#7a4200';
const STEEL = '#868e96';
const WATER = '#4dabf7';

export const SUBJECTS = {
  guitar: {
    setting: 'either',
    draw: (c) =>
      `<g transform="rotate(-24)"><rect x="-7" y="-120" width="14" height="110" rx="4" fill="${DARK_WOOD}"/>` +
      `<rect x="-11" y="-140" width="22" height="26" rx="6" fill="${WOOD}"/>` +
      `<ellipse cx="0" cy="34" rx="52" ry="42" fill="${c.main}"/><ellipse cx="0" cy="-14" rx="38" ry="32" fill="${c.main}"/>` +
      `<circle cx="0" cy="12" r="13" fill="${c.dark}"/><rect x="-20" y="44" width="40" height="8" rx="3" fill="${c.dark}"/>` +
      `<path d="M-3-116V48M3-116V48" stroke="${c.light}" stroke-width="1.5"/></g>`,
  },
  piano: {
    setting: 'indoors',
    draw: (c) => {
      const whites = Array.from(
        { length: 10 },
        (_, i) => `<rect x="${-95 + i * 19}" y="-8" width="18" height="40" fill="#fff"/>`,
      ).join('');
      const blacks = [0, 1, 3, 4, 5, 7, 8]
        .map((i) => `<rect x="${-83 + i * 19}" y="-8" width="11" height="24" fill="#212529"/>`)
        .join('');
      return (
        `<rect x="-105" y="-90" width="210" height="86" rx="8" fill="${c.dark}"/><rect x="-92" y="-78" width="60" height="40" rx="4" fill="${c.light}"/>` +
        `<rect x="-105" y="-14" width="210" height="52" rx="4" fill="${c.dark}"/>${whites}${blacks}` +
        `<rect x="-98" y="38" width="14" height="32" fill="${c.dark}"/><rect x="84" y="38" width="14" height="32" fill="${c.dark}"/>` +
        `<path d="M40-70v24m0-24 18-5v20" stroke="${c.main}" stroke-width="4" fill="none"/><circle cx="35" cy="-46" r="6" fill="${c.main}"/><circle cx="53" cy="-53" r="6" fill="${c.main}"/>`
      );
    },
  },
  drum: {
    setting: 'either',
    draw: (c) =>
      `<rect x="-70" y="-30" width="140" height="90" fill="${c.main}"/><ellipse cx="0" cy="60" rx="70" ry="16" fill="${c.main}"/>` +
      `<path d="M-70-20 0 50 70-20M-70 40 0-10 70 40" stroke="${c.light}" stroke-width="4" fill="none"/>` +
      `<ellipse cx="0" cy="-30" rx="70" ry="16" fill="#f8f9fa" stroke="${c.dark}" stroke-width="4"/>` +
      `<path d="M-20-44-80-110M20-44 84-104" stroke="${WOOD}" stroke-width="7" stroke-linecap="round"/>` +
      `<circle cx="-82" cy="-112" r="8" fill="${DARK_WOOD}"/><circle cx="86" cy="-106" r="8" fill="${DARK_WOOD}"/>`,
  },
  microphone: {
    setting: 'indoors',
    draw: (c) =>
      `<path d="M0-20V64M-40 70h80" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>` +
      `<rect x="-18" y="-60" width="36" height="50" rx="10" fill="${STEEL}"/><circle cx="0" cy="-82" r="32" fill="${c.dark}"/>` +
      `<path d="M-22-96h44M-28-82h56M-22-68h44" stroke="${STEEL}" stroke-width="3"/>` +
      `<path d="M60-120v40m0-40 30-8v34" stroke="${c.main}" stroke-width="6" fill="none"/><circle cx="52" cy="-78" r="10" fill="${c.main}"/><circle cx="82" cy="-92" r="10" fill="${c.main}"/>`,
  },
  notes: {
    setting: 'either',
    draw: (c) =>
      `<path d="M-30-100v110m0-110 80-20v110" stroke="${c.dark}" stroke-width="8" fill="none"/><path d="M-30-100 50-120v18l-80 20z" fill="${c.dark}"/>` +
      `<ellipse cx="-46" cy="14" rx="22" ry="16" fill="${c.main}" transform="rotate(-20 -46 14)"/><ellipse cx="34" cy="-6" rx="22" ry="16" fill="${c.main}" transform="rotate(-20 34 -6)"/>` +
      `<path d="M-90-30v50" stroke="${c.second}" stroke-width="6"/><ellipse cx="-100" cy="22" rx="14" ry="10" fill="${c.second}"/>`,
  },
  masks: {
    setting: 'indoors',
    draw: (c) =>
      `<g transform="rotate(-12 -40 -20)"><path d="M-100-70h110v40c0 50-30 80-55 80s-55-30-55-80z" fill="${c.main}"/>` +
      `<ellipse cx="-68" cy="-36" rx="12" ry="8" fill="${c.dark}"/><ellipse cx="-22" cy="-36" rx="12" ry="8" fill="${c.dark}"/>` +
      `<path d="M-72 0q27 30 54 0" stroke="${c.dark}" stroke-width="6" fill="none" stroke-linecap="round"/></g>` +
      `<g transform="rotate(14 50 0)"><path d="M0-40h110v40c0 50-30 80-55 80S0 50 0 0z" fill="${c.second}"/>` +
      `<ellipse cx="32" cy="-6" rx="12" ry="8" fill="${c.dark}"/><ellipse cx="78" cy="-6" rx="12" ry="8" fill="${c.dark}"/>` +
      `<path d="M28 46q27-26 54 0" stroke="${c.dark}" stroke-width="6" fill="none" stroke-linecap="round"/></g>`,
  },
  dancer: {
    setting: 'indoors',
    draw: (c) =>
      `<circle cx="0" cy="-96" r="18" fill="#ffd8a8"/><path d="M-16-104q16-26 34 0" fill="${c.dark}"/>` +
      `<path d="M0-78V-20" stroke="${c.main}" stroke-width="18" stroke-linecap="round"/>` +
      `<path d="M0-66-56-104M0-66 54-90" stroke="#ffd8a8" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="M-62-20h124l-30 26h-64z" fill="${c.second}"/><path d="M-10 4-30 66M10 4l44 48" stroke="#ffd8a8" stroke-width="8" stroke-linecap="round"/>` +
      `<ellipse cx="-32" cy="68" rx="12" ry="6" fill="${c.main}"/><ellipse cx="58" cy="54" rx="12" ry="6" fill="${c.main}" transform="rotate(30 58 54)"/>`,
  },
  soccer: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M-10-70h130v140" fill="none" stroke="#fff" stroke-width="7"/><path d="M-6-66h122v136H-6z" fill="#fff" opacity=".3"/>` +
      `<path d="M10-66v136M40-66v136M70-66v136M100-66v136M-6-30h122M-6 10h122M-6 40h122" stroke="#fff" stroke-width="1.5" opacity=".7"/>` +
      `<circle cx="-60" cy="44" r="26" fill="#fff" stroke="${c.dark}" stroke-width="2"/><path d="M-60 28l14 10-5 16h-18l-5-16z" fill="${c.dark}"/>`,
  },
  basketball: {
    setting: 'either',
    draw: (c) =>
      `<rect x="36" y="-60" width="10" height="130" fill="${STEEL}"/><rect x="-10" y="-120" width="100" height="70" rx="4" fill="#fff" stroke="${c.dark}" stroke-width="4"/>` +
      `<rect x="22" y="-100" width="36" height="28" fill="none" stroke="${c.main}" stroke-width="3"/>` +
      `<path d="M14-54h52l-8 36H22z" fill="none" stroke="#fff" stroke-width="3"/><path d="M10-54h60" stroke="${c.main}" stroke-width="6"/>` +
      `<circle cx="-56" cy="-10" r="30" fill="#f76707"/><path d="M-86-10h60M-56-40v60M-77-31q21 21 0 42M-35-31q-21 21 0 42" stroke="${DARK_WOOD}" stroke-width="3" fill="none"/>`,
  },
  tennis: {
    setting: 'outdoors',
    draw: (c) =>
      `<g transform="rotate(-30)"><ellipse cx="0" cy="-50" rx="42" ry="54" fill="none" stroke="${c.main}" stroke-width="9"/>` +
      `<path d="M-30-80h60M-38-60h76M-40-40h80M-36-20h72M-20-100v100M0-104V4M20-100v100" stroke="${c.light}" stroke-width="2"/>` +
      `<rect x="-7" y="2" width="14" height="64" rx="5" fill="${c.dark}"/></g>` +
      `<circle cx="70" cy="-70" r="16" fill="#d8f5a2"/><path d="M56-76q14 10 28 0" stroke="#fff" stroke-width="2.5" fill="none"/>`,
  },
  swimRing: {
    setting: 'outdoors',
    draw: (c) =>
      `<circle cx="0" cy="0" r="56" fill="${c.main}"/><circle cx="0" cy="0" r="26" fill="${WATER}"/>` +
      `<path d="M-40-40l16 16M40-40 24-24M-40 40l16-16M40 40 24 24" stroke="#fff" stroke-width="14"/>` +
      `<path d="M-120 50q20-14 40 0t40 0 40 0 40 0 40 0 40 0" stroke="#d0ebff" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  },
  trophy: {
    setting: 'indoors',
    draw: (c) =>
      `<path d="M-50-100h100v30a50 50 0 0 1-100 0z" fill="${c.main}"/><path d="M-50-90h-22a22 22 0 0 0 22 40M50-90h22a22 22 0 0 1-22 40" stroke="${c.main}" stroke-width="8" fill="none"/>` +
      `<rect x="-10" y="-20" width="20" height="50" fill="${c.main}"/><rect x="-44" y="30" width="88" height="20" rx="4" fill="${c.dark}"/>` +
      `<rect x="-56" y="50" width="112" height="20" rx="4" fill="${c.dark}"/><path d="M0-84l7 14 15 2-11 10 3 15-14-8-14 8 3-15-11-10 15-2z" fill="${c.light}"/>`,
  },
  horseshoe: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M-50 60V-10a50 50 0 0 1 100 0v70" stroke="${STEEL}" stroke-width="26" fill="none"/>` +
      `<path d="M-62 28h24M38 28h24M-62-10h24M38-10h24" stroke="${c.dark}" stroke-width="5"/>` +
      `<path d="M-110 70q20-60 40 0M80 70q16-44 32 0" fill="${c.main}"/>`,
  },
  barn: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M-70-40 0-100l70 60v110H-70z" fill="${c.main}"/><path d="M-82-34 0-108l82 74" fill="none" stroke="${c.light}" stroke-width="8"/>` +
      `<rect x="-26" y="10" width="52" height="60" fill="${c.light}"/><path d="M-26 10l52 60m0-60-52 60" stroke="${c.main}" stroke-width="4"/>` +
      `<rect x="-16" y="-56" width="32" height="26" fill="${c.light}"/>`,
  },
  tent: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M0-100-90 70H0z" fill="${c.second}"/><path d="M0-100 90 70H0z" fill="${c.main}"/>` +
      `<path d="M0-20-28 70h56z" fill="${c.dark}"/><path d="M0-100v-26" stroke="${c.dark}" stroke-width="4" stroke-linecap="round"/><path d="M0-126l24 9-24 9z" fill="${c.light}"/>`,
  },
  canoe: {
    setting: 'outdoors',
    draw: (c) =>
      `<rect x="-200" y="30" width="400" height="60" fill="${WATER}"/><path d="M-150 54h40m40 10h60m40-14h50" stroke="#d0ebff" stroke-width="4" stroke-linecap="round"/>` +
      `<path d="M-110 10h220l-30 30h-160z" fill="${c.main}"/><path d="M-110 10h220" stroke="${c.dark}" stroke-width="5"/>` +
      `<circle cx="-30" cy="-12" r="12" fill="#ffd8a8"/><path d="M-30 0v10" stroke="${c.second}" stroke-width="14"/>` +
      `<path d="M-60-40 10 40" stroke="${WOOD}" stroke-width="6" stroke-linecap="round"/><ellipse cx="14" cy="46" rx="6" ry="14" fill="${WOOD}" transform="rotate(-40 14 46)"/>`,
  },
  mountain: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M-150 70-40-100 20-20 70-80 160 70z" fill="${STEEL}"/><path d="M-40-100l-24 36 14 8 10-10 14 10 12-8zM70-80l-18 26 12 6 6-8 10 8 10-6z" fill="#fff"/>` +
      `<path d="M-40-100v-40" stroke="${c.dark}" stroke-width="4"/><path d="M-40-140l30 10-30 10z" fill="${c.main}"/>`,
  },
  campfire: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M-60 66 60 40M-60 40l120 26" stroke="${WOOD}" stroke-width="16" stroke-linecap="round"/>` +
      `<path d="M0-70c30 30 50 60 34 96H-34C-50-10-20-30 0-70z" fill="${c.main}"/><path d="M0-20c16 16 24 30 16 48h-32c-8-18 4-30 16-48z" fill="${c.light}"/>` +
      `<circle cx="-90" cy="-40" r="4" fill="${c.main}"/><circle cx="70" cy="-80" r="3" fill="${c.main}"/>`,
  },
  pines: {
    setting: 'outdoors',
    draw: () => `${pine(-60, 40, 1.4)}${pine(30, 54, 1.8)}${pine(100, 50, 1.1)}`,
  },
  butterfly: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M0-30C-40-110-120-60-70-10-110 20-50 70 0 10z" fill="${c.main}"/><path d="M0-30c40-80 120-30 70 20 40 30-20 80-70 20z" fill="${c.second}"/>` +
      `<circle cx="-60" cy="-50" r="10" fill="${c.light}"/><circle cx="60" cy="-50" r="10" fill="${c.light}"/>` +
      `<rect x="-5" y="-50" width="10" height="70" rx="5" fill="${c.dark}"/><path d="M-2-50-20-80M2-50l18-30" stroke="${c.dark}" stroke-width="3" fill="none"/>` +
      `<path d="M-120 70q0-30 10-40m200 40q0-30-10-40" stroke="#2b7a52" stroke-width="5" fill="none"/><circle cx="-110" cy="28" r="10" fill="${c.sun}"/><circle cx="110" cy="28" r="10" fill="${c.sun}"/>`,
  },
  binoculars: {
    setting: 'outdoors',
    draw: (c) =>
      `<rect x="-70" y="-60" width="54" height="90" rx="20" fill="${c.dark}"/><rect x="16" y="-60" width="54" height="90" rx="20" fill="${c.dark}"/>` +
      `<rect x="-20" y="-40" width="40" height="30" fill="${c.dark}"/><circle cx="-43" cy="30" r="24" fill="${c.main}"/><circle cx="43" cy="30" r="24" fill="${c.main}"/>` +
      `<circle cx="-43" cy="30" r="14" fill="${c.light}"/><circle cx="43" cy="30" r="14" fill="${c.light}"/>`,
  },
  moon: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M20-120a60 60 0 1 0 60 80 48 48 0 1 1-60-80z" fill="${c.sun}"/>` +
      `${star(-90, -90, 10, '#fff')}${star(-40, -40, 6, '#fff')}${star(100, -100, 8, '#fff')}${star(-120, -20, 5, '#fff')}` +
      `<path d="M-40 70 20 10l20 30 30-14 20 44z" fill="${c.dark}"/><rect x="-6" y="34" width="12" height="36" fill="${STEEL}" transform="rotate(-30 0 52)"/>`,
  },
  laptop: {
    setting: 'indoors',
    draw: (c) =>
      `<rect x="-90" y="-90" width="180" height="120" rx="8" fill="${c.dark}"/><rect x="-78" y="-78" width="156" height="96" rx="3" fill="${c.main}"/>` +
      `<path d="M-110 30h220l-14 20h-192z" fill="#adb5bd"/>` +
      `<path d="M-40-50-56-30l16 20m80-40 16 20-16 20m-30-46-20 52" stroke="${c.light}" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  robot: {
    setting: 'indoors',
    draw: (c) =>
      `<rect x="-50" y="-110" width="100" height="76" rx="14" fill="${STEEL}"/><circle cx="-20" cy="-74" r="12" fill="#fff"/><circle cx="20" cy="-74" r="12" fill="#fff"/>` +
      `<circle cx="-20" cy="-74" r="5" fill="${c.dark}"/><circle cx="20" cy="-74" r="5" fill="${c.dark}"/><path d="M0-110v-24" stroke="${c.dark}" stroke-width="4"/><circle cx="0" cy="-138" r="7" fill="${c.main}"/>` +
      `<rect x="-40" y="-28" width="80" height="64" rx="10" fill="${c.second}"/><circle cx="0" cy="4" r="12" fill="${c.sun}"/>` +
      `<path d="M-40-14-70 10m110-24 30 24" stroke="${c.second}" stroke-width="10" stroke-linecap="round"/><rect x="-32" y="36" width="20" height="34" fill="${c.dark}"/><rect x="12" y="36" width="20" height="34" fill="${c.dark}"/>`,
  },
  drone: {
    setting: 'outdoors',
    draw: (c) =>
      `<rect x="-40" y="-40" width="80" height="30" rx="10" fill="${c.dark}"/><path d="M-40-30h-50M40-30h50" stroke="${c.dark}" stroke-width="8"/>` +
      `<ellipse cx="-90" cy="-44" rx="36" ry="6" fill="${c.main}"/><ellipse cx="90" cy="-44" rx="36" ry="6" fill="${c.main}"/>` +
      `<path d="M-90-34v-10M90-34v-10" stroke="${c.dark}" stroke-width="6"/><circle cx="0" cy="-25" r="8" fill="${c.light}"/>` +
      `<path d="M-20-10-30 10M20-10l10 20" stroke="${c.dark}" stroke-width="5"/>`,
  },
  rocket: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M0-130c34 30 40 90 30 140h-60c-10-50-4-110 30-140z" fill="#f8f9fa"/><circle cx="0" cy="-50" r="16" fill="${WATER}" stroke="${c.dark}" stroke-width="5"/>` +
      `<path d="M-30-10-60 40h36zM30-10l30 50H24z" fill="${c.main}"/><path d="M-20 10h40l-8 16h-24z" fill="${c.dark}"/>` +
      `<path d="M-14 26c4 30 24 30 28 0z" fill="${c.sun}"/>${star(-100, -100, 6, c.sun)}${star(90, -60, 8, c.sun)}`,
  },
  flask: {
    setting: 'indoors',
    draw: (c) =>
      `<path d="M-20-110h40v50l46 96a14 14 0 0 1-13 20H-53a14 14 0 0 1-13-20l46-96z" fill="#fff" stroke="${c.dark}" stroke-width="5"/>` +
      `<path d="M-44 0h88l22 46a10 10 0 0 1-9 14H-53a10 10 0 0 1-9-14z" fill="${c.main}"/>` +
      `<circle cx="-10" cy="24" r="7" fill="${c.light}"/><circle cx="14" cy="38" r="5" fill="${c.light}"/><circle cx="6" cy="-80" r="6" fill="${c.main}"/><circle cx="-8" cy="-124" r="8" fill="${c.main}" opacity=".6"/>` +
      `<rect x="-110" y="62" width="220" height="10" rx="4" fill="${WOOD}"/>`,
  },
  planet: {
    setting: 'either',
    draw: (c) =>
      `<circle cx="0" cy="-30" r="56" fill="${c.main}"/><path d="M-40-60q30 10 70-10M-50-20q40 14 96-4" stroke="${c.light}" stroke-width="6" fill="none" opacity=".6"/>` +
      `<ellipse cx="0" cy="-30" rx="100" ry="22" fill="none" stroke="${c.second}" stroke-width="8" transform="rotate(-14 0 -30)"/>` +
      `${star(-110, -110, 8, c.sun)}${star(100, 30, 6, c.sun)}`,
  },
  magnifier: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M-60 70q20-30 70-26t60 26z" fill="${WOOD}"/><path d="M-30 50h60m-46-12 10 10" stroke="#fff8ec" stroke-width="8" stroke-linecap="round"/>` +
      `<circle cx="-10" cy="-50" r="44" fill="${c.light}" opacity=".7" stroke="${c.dark}" stroke-width="10"/><path d="M22-18 70 30" stroke="${c.dark}" stroke-width="16" stroke-linecap="round"/>`,
  },
  palette: {
    setting: 'indoors',
    draw: (c) =>
      `<path d="M-90-40c60-60 170-40 170 30 0 40-40 40-60 30s-30 20-60 20c-60 0-90-40-50-80z" fill="#fff8ec"/>` +
      `<circle cx="-50" cy="-30" r="14" fill="#e03131"/><circle cx="-10" cy="-50" r="14" fill="${c.sun}"/><circle cx="34" cy="-40" r="14" fill="${WATER}"/>` +
      `<circle cx="-50" cy="14" r="14" fill="#38a866"/><circle cx="52" cy="-4" r="10" fill="${c.light}"/>` +
      `<path d="M100-100 30 20" stroke="${WOOD}" stroke-width="8" stroke-linecap="round"/><path d="M30 20l-10 18 16-8z" fill="${c.main}"/>`,
  },
  easel: {
    setting: 'indoors',
    draw: (c) =>
      `<path d="M-50 70-10-100M50 70 10-100M0-100V70" stroke="${WOOD}" stroke-width="7" stroke-linecap="round"/>` +
      `<rect x="-66" y="-90" width="132" height="100" rx="3" fill="#fff" stroke="${DARK_WOOD}" stroke-width="4"/>` +
      `<circle cx="30" cy="-62" r="14" fill="${c.sun}"/><path d="M-60 4 -20-44 10-12 28-30 60 4z" fill="${c.main}"/><path d="M-70 14h140" stroke="${DARK_WOOD}" stroke-width="8"/>`,
  },
  vase: {
    setting: 'indoors',
    draw: (c) =>
      `<path d="M-24-100h48v20c40 20 60 60 40 110-10 26-30 40-64 40s-54-14-64-40c-20-50 0-90 40-110z" fill="${c.main}"/>` +
      `<path d="M-56-10h112M-62 20h124" stroke="${c.light}" stroke-width="8"/><path d="M-30-104h60" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>` +
      `<ellipse cx="100" cy="56" rx="40" ry="14" fill="${STEEL}"/><path d="M90 40q10-30 20 0z" fill="${c.second}"/>`,
  },
  comic: {
    setting: 'indoors',
    draw: (c) =>
      `<rect x="-110" y="-110" width="130" height="90" rx="6" fill="#fff" stroke="${c.dark}" stroke-width="5"/><path d="M-110-60h130M-50-110v50" stroke="${c.dark}" stroke-width="4"/>` +
      `<circle cx="-84" cy="-90" r="9" fill="${c.main}"/><path d="M-40-96h46" stroke="${c.second}" stroke-width="6"/>` +
      `<path d="M20-20h80a14 14 0 0 1 14 14v40a14 14 0 0 1-14 14H60l-20 18V48H20A14 14 0 0 1 6 34V-6a14 14 0 0 1 14-14z" fill="${c.main}"/>` +
      `<path d="M24 6h66M24 22h46" stroke="${c.light}" stroke-width="6" stroke-linecap="round"/>` +
      `<path d="M-90 70-20 0" stroke="${c.sun}" stroke-width="14" stroke-linecap="round"/><path d="M-90 70l-6 10 12-4z" fill="${c.dark}"/>`,
  },
  camera: {
    setting: 'either',
    draw: (c) =>
      `<rect x="-90" y="-60" width="180" height="110" rx="16" fill="${c.dark}"/><rect x="-60" y="-76" width="50" height="22" rx="6" fill="${STEEL}"/>` +
      `<circle cx="0" cy="-5" r="40" fill="#adb5bd"/><circle cx="0" cy="-5" r="28" fill="${c.main}"/><circle cx="-10" cy="-15" r="8" fill="${c.light}"/>` +
      `<circle cx="66" cy="-40" r="7" fill="${c.sun}"/>`,
  },
  clapper: {
    setting: 'indoors',
    draw: (c) =>
      `<rect x="-90" y="-40" width="180" height="110" rx="6" fill="${c.dark}"/><path d="M-70-10h140M-70 16h100M-70 40h120" stroke="${c.light}" stroke-width="5"/>` +
      `<g transform="rotate(-16 -90 -40)"><rect x="-90" y="-74" width="180" height="30" fill="#f8f9fa"/>` +
      `<path d="M-80-74-60-44M-40-74-20-44M0-74 20-44M40-74l20 30" stroke="${c.dark}" stroke-width="12"/></g>`,
  },
  chess: {
    setting: 'indoors',
    draw: (c) => {
      const squares: string[] = [];
      for (let row = 0; row < 3; row += 1) {
        for (let col = 0; col < 8; col += 1) {
          if ((row + col) % 2 === 0)
            squares.push(
              `<rect x="${-120 + col * 30}" y="${10 + row * 20}" width="30" height="20" fill="${c.dark}"/>`,
            );
        }
      }
      return (
        `<rect x="-120" y="10" width="240" height="60" fill="${c.light}"/>${squares.join('')}` +
        `<circle cx="-40" cy="-86" r="16" fill="#343a40"/><path d="M-54-70h28l8 56h-44z" fill="#343a40"/><rect x="-64" y="-16" width="48" height="12" rx="3" fill="#343a40"/>` +
        `<path d="M-46-112h12M-40-118v12" stroke="#343a40" stroke-width="4"/>` +
        `<path d="M30-100c30-10 50 20 30 40l14 46H26l10-30c-16 0-24-10-20-20 10 0 14-6 14-14z" fill="#fff8ec" stroke="#343a40" stroke-width="3"/><rect x="20" y="-16" width="60" height="12" rx="3" fill="#fff8ec" stroke="#343a40" stroke-width="3"/>`
      );
    },
  },
  pot: {
    setting: 'indoors',
    draw: (c) =>
      `<rect x="-120" y="50" width="240" height="14" rx="4" fill="${WOOD}"/>` +
      `<path d="M-70-20h140v50a20 20 0 0 1-20 20H-50a20 20 0 0 1-20-20z" fill="${c.main}"/><rect x="-80" y="-30" width="160" height="14" rx="6" fill="${c.dark}"/>` +
      `<path d="M-30-50c-10-14 10-20 0-36m30 36c-10-14 10-20 0-36m30 36c-10-14 10-20 0-36" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>` +
      `<path d="M110-80 70-10" stroke="${WOOD}" stroke-width="7" stroke-linecap="round"/><ellipse cx="116" cy="-88" rx="10" ry="16" fill="${WOOD}" transform="rotate(30 116 -88)"/>`,
  },
  cupcake: {
    setting: 'indoors',
    draw: (c) =>
      `<path d="M-50-10h100L36 60h-72z" fill="${c.second}"/><path d="M-30-10l6 70M0-10v70M30-10l-6 70" stroke="${c.light}" stroke-width="4"/>` +
      `<path d="M-60-10c-10-40 30-40 30-60 10-20 50-20 60 0 0 20 40 20 30 60z" fill="${c.light}"/>` +
      `<circle cx="0" cy="-84" r="12" fill="#e03131"/><path d="M0-96q6-14 16-14" stroke="#2b7a52" stroke-width="3" fill="none"/>` +
      `<path d="M-26-40l6-4M14-50l6 4M-6-30l6 2M30-30l-4 6" stroke="${c.main}" stroke-width="4" stroke-linecap="round"/>`,
  },
  pizza: {
    setting: 'indoors',
    draw: (c) =>
      `<path d="M-90-70q90-40 180 0L0 70z" fill="${c.sun}"/><path d="M-90-70q90-40 180 0l-10 16q-80-34-160 0z" fill="${WOOD}"/>` +
      `<circle cx="-30" cy="-40" r="13" fill="#e03131"/><circle cx="26" cy="-36" r="13" fill="#e03131"/><circle cx="0" cy="6" r="11" fill="#e03131"/>` +
      `<path d="M-12-56l6 8M40-10l4 8M-40-14l6 4" stroke="#2b7a52" stroke-width="5" stroke-linecap="round"/>`,
  },
  belt: {
    setting: 'indoors',
    draw: (c) =>
      `<rect x="-120" y="-40" width="240" height="30" rx="6" fill="${c.dark}"/><path d="M-14-46h28v42h-28z" fill="${c.dark}" stroke="${c.light}" stroke-width="3"/>` +
      `<path d="M-10-4-40 70h22l18-40M10-4l30 74H18L0 30" fill="${c.dark}"/><path d="M-36 60h16M22 60h16" stroke="${c.main}" stroke-width="6"/>`,
  },
  gymRings: {
    setting: 'indoors',
    draw: (c) =>
      `<path d="M-140-140h280" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/><path d="M-50-140v80M50-140v80" stroke="${STEEL}" stroke-width="4"/>` +
      `<circle cx="-50" cy="-46" r="16" fill="none" stroke="${WOOD}" stroke-width="7"/><circle cx="50" cy="-46" r="16" fill="none" stroke="${WOOD}" stroke-width="7"/>` +
      `<rect x="-130" y="50" width="260" height="20" rx="8" fill="${c.main}"/><path d="M-30 50l10-26h40l10 26" fill="${c.second}"/>`,
  },
  books: {
    setting: 'indoors',
    draw: (c) =>
      `<rect x="-90" y="44" width="180" height="26" rx="4" fill="${c.dark}"/><rect x="-76" y="18" width="160" height="26" rx="4" fill="${c.main}"/><rect x="-84" y="-8" width="170" height="26" rx="4" fill="${c.second}"/>` +
      `<path d="M-76-2v14m150-14v14m-140 12v14m140-14v14" stroke="#fff" stroke-width="3"/><path d="M-20-8v-50l40-20v50z" fill="${c.light}"/>`,
  },
  speech: {
    setting: 'either',
    draw: (c) =>
      `<path d="M-110-110h90a12 12 0 0 1 12 12v36a12 12 0 0 1-12 12h-56l-22 18v-18h-12a12 12 0 0 1-12-12v-36a12 12 0 0 1 12-12z" fill="#fff"/>` +
      `<path d="M10-70h86a12 12 0 0 1 12 12v30a12 12 0 0 1-12 12H86v16L66-16H10A12 12 0 0 1-2-28v-30a12 12 0 0 1 12-12z" fill="${c.main}"/>` +
      `<path d="M-100-88h66m-66 16h46m66 0h60m-60 14h40" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>` +
      `<circle cx="-40" cy="40" r="30" fill="${c.second}"/><path d="M-70 40h60M-40 10v60M-62 20q22 20 44 0M-62 60q22-20 44 0" stroke="${c.light}" stroke-width="3" fill="none"/>`,
  },
  globe: {
    setting: 'indoors',
    draw: (c) =>
      `<circle cx="0" cy="-40" r="64" fill="${WATER}"/><path d="M-40-80c20 10 10 30 30 30s10 30-10 40c-20 4-30-20-40-30zM20-96c20 4 40 20 30 40-14 10-30-10-30-40zM30-10c14-4 24 6 20 20-14 10-24 0-20-20z" fill="#38a866"/>` +
      `<path d="M-74-40a74 74 0 0 0 118 60" stroke="${WOOD}" stroke-width="6" fill="none"/><path d="M0 34v26M-40 70h80" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>`,
  },
  flag: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M-120 70q120-100 240 0z" fill="${c.near}"/><path d="M0 0v-130" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>` +
      `<path d="M3-128h80l-18 22 18 22H3z" fill="${c.main}"/>${star(34, -106, 10, c.light)}` +
      `<circle cx="-50" cy="20" r="10" fill="${c.dark}"/><path d="M-50 30v26m-12-18h24" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>` +
      `<circle cx="50" cy="20" r="10" fill="${c.dark}"/><path d="M50 30v26m-12-18h24" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>`,
  },
  podium: {
    setting: 'indoors',
    draw: (c) =>
      `<path d="M-50-30h100l-14 100h-72z" fill="${c.main}"/><rect x="-60" y="-40" width="120" height="16" rx="4" fill="${c.dark}"/>` +
      `${star(0, 10, 14, c.light)}<path d="M20-40l20-40" stroke="${c.dark}" stroke-width="5"/><circle cx="42" cy="-86" r="10" fill="${STEEL}"/>`,
  },
  balloons: {
    setting: 'outdoors',
    draw: (c) =>
      `<ellipse cx="-40" cy="-70" rx="30" ry="36" fill="${c.main}"/><ellipse cx="30" cy="-90" rx="30" ry="36" fill="${c.second}"/><ellipse cx="70" cy="-40" rx="26" ry="32" fill="${c.sun}"/>` +
      `<path d="M-40-34q10 50-10 104M30-54q-10 60 0 124M70-8q-20 40-40 78" stroke="${c.dark}" stroke-width="2" fill="none"/>` +
      `<path d="M-54-84q6-12 16-14M16-104q6-12 16-14" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  },
  kite: {
    setting: 'outdoors',
    draw: (c) =>
      `<path d="M40-140 90-80 40 0-10-80z" fill="${c.main}"/><path d="M40-140V0M-10-80h100" stroke="${c.light}" stroke-width="3"/>` +
      `<path d="M40 0q-30 30 0 50t-40 60" stroke="${c.dark}" stroke-width="2" fill="none"/><path d="M24 20l-10 6 10 6zM30 50l-12 4 10 8z" fill="${c.second}"/>` +
      `<circle cx="-60" cy="40" r="12" fill="#ffd8a8"/><path d="M-60 52v18M-60 56l60-40" stroke="${c.second}" stroke-width="8" stroke-linecap="round"/>`,
  },
  sun: {
    setting: 'outdoors',
    draw: (c) => {
      const rays = Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        const [x1, y1, x2, y2] = [
          Math.cos(a) * 62,
          Math.sin(a) * 62 - 50,
          Math.cos(a) * 86,
          Math.sin(a) * 86 - 50,
        ];
        return `M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}`;
      }).join('');
      return (
        `<path d="${rays}" stroke="${c.sun}" stroke-width="8" stroke-linecap="round"/><circle cx="0" cy="-50" r="50" fill="${c.sun}"/>` +
        `<circle cx="-16" cy="-58" r="5" fill="${c.dark}"/><circle cx="16" cy="-58" r="5" fill="${c.dark}"/><path d="M-20-36q20 18 40 0" stroke="${c.dark}" stroke-width="5" fill="none" stroke-linecap="round"/>`
      );
    },
  },
} satisfies Record<string, SubjectDrawing>;

export type Subject = keyof typeof SUBJECTS;

/** A five-pointed star of radius r at (x, y). */
export function star(x: number, y: number, r: number, fill: string): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const angle = (i * Math.PI) / 5 - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r * 0.45;
    return `${(x + Math.cos(angle) * radius).toFixed(1)},${(y + Math.sin(angle) * radius).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

/** A pine tree standing at (x, y). */
export function pine(x: number, y: number, scale: number): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})"><rect x="-4" y="-4" width="8" height="20" rx="3" fill="${WOOD}"/>` +
    '<path d="M0-62-26-14h52z" fill="#38a866"/><path d="M0-40-30 4h60z" fill="#2b7a52"/></g>'
  );
}
