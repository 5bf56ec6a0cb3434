import { randomUUID } from 'node:crypto';
import type { StoredImage } from '../platform/images.ts';
import type { FileStorage } from '../platform/storage.ts';
import { type Colours, pine, SUBJECTS, type Subject, star } from './art-subjects.ts';
import { SeededRandom } from './random.ts';

/**
 * Demo pictures, one of its own for every camp and organisation: a scene drawn from a seed (the
 * camp's name and the picture's place), in the site's flat illustration style. The name picks
 * what the picture shows where it says (a piano for "Online Piano Basics", a canoe for
 * "Voyageur Canoe Trip"), otherwise one of the camp's kind; the seed picks the colours, the
 * backdrop, where the subject stands, its size, its direction and what is around it.
 *
 * The files are SVG, written as they are drawn: no encoder runs, so the demo loads as fast as
 * its rows are written. Only the seed writes SVG; an upload is always re-encoded to WebP.
 */

/** What a name says a picture should show, checked in order; the first match wins. */
const NAMED_SUBJECTS: [RegExp, Subject[]][] = [
  [/improv|comedy|shakespeare|broadway|players|theater|stage|stunt/, ['masks', 'microphone']],
  [/piano/, ['piano', 'notes']],
  [/guitar|ukulele|rock band/, ['guitar', 'notes']],
  [/drum/, ['drum', 'notes']],
  [/choir|song|harmony|sing/, ['microphone', 'notes']],
  [/jazz ensemble|music/, ['notes', 'microphone']],
  [/ballet|hip hop|tap|breakdance|dance/, ['dancer', 'notes']],
  [/costume|set design/, ['masks', 'easel']],
  [/chemist|slime|mad scientist|experiment|lab\b/, ['flask', 'magnifier']],
  [/italian kitchen|spanish|french|mandarin|japanese|language|conversation/, ['speech', 'globe']],
  [/cupcake|baking|bake/, ['cupcake', 'pot']],
  [/pizza|pasta/, ['pizza', 'pot']],
  [/chef|cook|kitchen|farm to table/, ['pot', 'cupcake']],
  [/rocket|space/, ['rocket', 'planet']],
  [/night sky|star/, ['moon', 'planet']],
  [/dino/, ['magnifier', 'pines']],
  [/marine|pond|creek/, ['magnifier', 'canoe']],
  [/weather/, ['sun', 'kite']],
  [/photo/, ['camera', 'easel']],
  [/movie|film|documentary|effects|youtube|animation|stop-motion/, ['clapper', 'camera']],
  [/drone/, ['drone', 'laptop']],
  [/robot|bots|lego|circuit|rover|maker/, ['robot', 'laptop']],
  [
    /python|javascript|scratch|website|web design|app |minecraft|game|coding|coders|\bai\b/,
    ['laptop', 'robot'],
  ],
  [/comic|drawing/, ['comic', 'palette']],
  [/clay|pottery|sculpture/, ['vase', 'palette']],
  [/paint|print|mixed media|art/, ['palette', 'easel']],
  [/chess|checkmate|knights/, ['chess', 'trophy']],
  [/soccer|kickers|goalkeeper|striker|world cup/, ['soccer', 'trophy']],
  [/hoop|basketball|point guard|shooting|summer league/, ['basketball', 'trophy']],
  [/tennis|pickleball|serve/, ['tennis', 'trophy']],
  [/swim|splash|lifeguard|snorkel|water/, ['swimRing', 'canoe']],
  [/horse|rid(ing|ers)|barn|ranch|jumping/, ['horseshoe', 'barn']],
  [/karate|taekwondo|jiu-jitsu|dragon|self-defense|black belt|martial/, ['belt', 'trophy']],
  [/tumbl|gymnast|trampoline|beam|cheer|ninja/, ['gymRings', 'trophy']],
  [/debate|speaking|model un/, ['podium', 'speech']],
  [/leader|entrepreneur|service|council/, ['flag', 'podium']],
  [/canoe|paddle|voyageur|lakeside/, ['canoe', 'tent']],
  [/climb|peak|summit|canyon|rope|backcountry|compass/, ['mountain', 'tent']],
  [/bug|bird|blossom|naturalist/, ['butterfly', 'binoculars']],
  [/trail|forest|wilderness|fort|nature|explorer/, ['pines', 'binoculars']],
  [/cabin|northwoods|pine|overnight|first-timers|counselor/, ['tent', 'campfire']],
  [/superhero|carnival|olympics|around the world/, ['balloons', 'trophy']],
  [/fun|classic|mini|workday|after-school|club/, ['balloons', 'kite']],
];

interface Backdrop {
  sky: string;
  far: string;
  near: string;
  ground: string;
  sun: string;
  wall: string;
  floor: string;
}

const BACKDROPS: Backdrop[] = [
  {
    sky: '#e3f4fb',
    far: '#a6dcbb',
    near: '#76ca97',
    ground: '#4fb979',
    sun: '#ffd43b',
    wall: '#fff4e0',
    floor: '#e8c9a0',
  },
  {
    sky: '#fff4e0',
    far: '#ffd08a',
    near: '#a6dcbb',
    ground: '#38a866',
    sun: '#f08c00',
    wall: '#e3f4fb',
    floor: '#d9b48a',
  },
  {
    sky: '#fff3bf',
    far: '#d3eedd',
    near: '#a6dcbb',
    ground: '#76ca97',
    sun: '#ffa41f',
    wall: '#e6f4ea',
    floor: '#c99a6b',
  },
  {
    sky: '#d0ebff',
    far: '#b2dfc4',
    near: '#8fd1a9',
    ground: '#2f9e60',
    sun: '#fff3bf',
    wall: '#fdf0e6',
    floor: '#b98a5e',
  },
  {
    sky: '#ffe8d6',
    far: '#f7c59f',
    near: '#b5deb9',
    ground: '#5cb87f',
    sun: '#ff922b',
    wall: '#edf6ff',
    floor: '#dcb98f',
  },
];

const SUBJECT_COLOURS: Pick<Colours, 'main' | 'second' | 'dark' | 'light'>[] = [
  { main: '#f08c00', second: '#e03131', dark: '#1c5236', light: '#fff3bf' },
  { main: '#2f855a', second: '#ffa41f', dark: '#343a40', light: '#e6fcf5' },
  { main: '#1c7ed6', second: '#f08c00', dark: '#1c3d5a', light: '#e7f5ff' },
  { main: '#e8590c', second: '#2f855a', dark: '#5c2b0f', light: '#fff4e6' },
  { main: '#c2255c', second: '#fab005', dark: '#3b1f33', light: '#fff0f6' },
  { main: '#7048e8', second: '#20c997', dark: '#2b2150', light: '#f3f0ff' },
];

/** FNV-1a: a name's seed, the same on every machine. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** What the pictures of a name show, best first: what its name says, then its kind's. */
export function subjectsFor(name: string, kind: readonly Subject[]): Subject[] {
  const lower = name.toLowerCase();
  const named = NAMED_SUBJECTS.find(([pattern]) => pattern.test(lower))?.[1] ?? [];
  return [...new Set([...named, ...kind])];
}

function outdoors(c: Colours, random: SeededRandom, subjectX: number): string {
  const sunX = subjectX < 200 ? random.int(280, 350) : random.int(50, 120);
  const hill = () => random.int(-30, 30);
  const clouds = Array.from({ length: random.int(0, 2) }, () => {
    const [x, y] = [random.int(30, 370), random.int(30, 80)];
    return `<path d="M${x} ${y}h46a14 14 0 0 0-18-18 20 20 0 0 0-34 4 12 12 0 0 0 6 14z" fill="#fff" opacity=".9"/>`;
  }).join('');
  const trees = random.chance(0.6)
    ? subjectX < 200
      ? pine(random.int(330, 370), 250, 0.8 + random.next() * 0.3)
      : pine(random.int(30, 70), 250, 0.8 + random.next() * 0.3)
    : '';
  return (
    `<rect width="400" height="300" fill="${c.sky}"/><circle cx="${sunX}" cy="${random.int(50, 80)}" r="${random.int(22, 34)}" fill="${c.sun}"/>${clouds}` +
    `<path d="M0 ${200 + hill()}q${random.int(50, 90)} ${-40 + hill()} 140 -20t130 -10 130 20v120H0z" fill="${c.far}"/>` +
    `<path d="M0 ${232 + hill() / 3}q90 -40 200 -16t200 -4v90H0z" fill="${c.near}"/>` +
    `<rect y="266" width="400" height="34" fill="${c.ground}"/>${trees}`
  );
}

function indoors(c: Colours, random: SeededRandom, subjectX: number): string {
  const sideX = subjectX < 200 ? random.int(290, 320) : random.int(30, 60);
  const decor = random.pick([
    // A window with the sky behind it.
    `<rect x="${sideX}" y="40" width="80" height="90" rx="6" fill="${c.sky}" stroke="#fff" stroke-width="8"/><path d="M${sideX + 40} 40v90M${sideX} 85h80" stroke="#fff" stroke-width="6"/><circle cx="${sideX + 58}" cy="66" r="12" fill="${c.sun}"/>`,
    // A framed picture.
    `<rect x="${sideX}" y="50" width="70" height="56" rx="4" fill="#fff" stroke="${c.dark}" stroke-width="5"/><path d="M${sideX + 6} 100l20-26 14 16 10-10 16 20z" fill="${c.second}"/>`,
    // Bunting across the wall.
    `<path d="M0 26q200 50 400 0" stroke="${c.dark}" stroke-width="2" fill="none"/>${Array.from(
      { length: 9 },
      (_, i) => {
        const x = 20 + i * 45;
        const y = 26 + Math.round(50 * (1 - ((x - 200) / 200) ** 2) * 0.5);
        return `<path d="M${x - 12} ${y}h24l-12 22z" fill="${i % 2 === 0 ? c.main : c.second}"/>`;
      },
    ).join('')}`,
    // Stars on the wall.
    `${star(sideX + 10, 60, 12, c.second)}${star(sideX + 50, 100, 9, c.main)}${star(sideX + 30, 150, 7, c.second)}`,
  ]);
  return (
    `<rect width="400" height="300" fill="${c.wall}"/><rect y="${random.int(200, 220)}" width="400" height="4" fill="${c.floor}" opacity=".6"/>` +
    `<rect y="262" width="400" height="38" fill="${c.floor}"/>${decor}`
  );
}

/**
 * The SVG picture `variant` of a camp or organisation called `name` (variant 0 is its thumbnail,
 * 1 to 3 its carousel): each variant shows the next subject of the name, so a camp's pictures
 * differ from one another. `owner` (the organisation, for a camp) joins the seed, so two camps
 * of the same name at different organisations differ too.
 */
export function demoPicture(name: string, kind: readonly Subject[], variant: number, owner = ''): string {
  const random = new SeededRandom(seedOf(`${owner}/${name}#${variant}`));
  const subjects = subjectsFor(name, kind);
  const subject = subjects[variant % subjects.length] ?? 'balloons';
  const { setting, draw } = SUBJECTS[subject];
  const colours: Colours = { ...random.pick(BACKDROPS), ...random.pick(SUBJECT_COLOURS) };
  const x = random.int(160, 240);
  const scale = 0.85 + random.next() * 0.25;
  const direction = random.chance(0.5) ? -1 : 1;
  const inside = setting === 'indoors' || (setting === 'either' && random.chance(0.5));
  const backdrop = inside ? indoors(colours, random, x) : outdoors(colours, random, x);
  const figure = `<g transform="translate(${x} 200) scale(${(direction * scale).toFixed(2)} ${scale.toFixed(2)})">${draw(colours)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="${DESIGN_WIDTH}" height="${(DESIGN_WIDTH * 3) / 4}">${backdrop}${figure}</svg>`;
}

/** The intrinsic size written in each file: 4:3, as every picture frame on the site is. */
const DESIGN_WIDTH = 1200;

/** Stores a picture under a new random name, as an upload would be stored. */
export async function storeDemoPicture(storage: FileStorage, svg: string): Promise<StoredImage> {
  const key = `${randomUUID()}.svg`;
  await storage.put(key, Buffer.from(svg), 'image/svg+xml');
  // One drawing is sharp at every size, so both of an image's files are the same file.
  return { largeKey: key, smallKey: key, width: DESIGN_WIDTH, height: (DESIGN_WIDTH * 3) / 4 };
}
