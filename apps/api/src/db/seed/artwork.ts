import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  deleteImageFiles,
  type ProcessedImage,
  processImage,
  type StoredImage,
} from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';

/**
 * Demo pictures in the site's flat illustration style (the palette of apps/web/public
 * illustrations): one scene per kind of activity, in a few times of day. Each design is drawn
 * and encoded once; every camp then gets its own copy of the files, so it owns its image rows
 * and deleting the camp deletes them.
 */
export const SCENES = [
  'lake',
  'field',
  'court',
  'tennis',
  'music',
  'arts',
  'stage',
  'lab',
  'robot',
  'laptop',
  'mountains',
  'barn',
  'chess',
  'kitchen',
  'camera',
  'gym',
  'books',
  'flag',
  'tent',
  'balloons',
] as const;
export type Scene = (typeof SCENES)[number];

const PALETTES = ['morning', 'golden', 'meadow'] as const;
type Palette = (typeof PALETTES)[number];

interface Colours {
  sky: string;
  far: string;
  near: string;
  ground: string;
  sun: string;
}

const colours: Record<Palette, Colours> = {
  morning: { sky: '#e3f4fb', far: '#a6dcbb', near: '#76ca97', ground: '#4fb979', sun: '#ffd43b' },
  golden: { sky: '#fff4e0', far: '#ffd08a', near: '#a6dcbb', ground: '#38a866', sun: '#f08c00' },
  meadow: { sky: '#fff3bf', far: '#d3eedd', near: '#a6dcbb', ground: '#76ca97', sun: '#ffa41f' },
};

const backdrop = (c: Colours) =>
  `<rect width="400" height="300" fill="${c.sky}"/><circle cx="328" cy="62" r="30" fill="${c.sun}"/>` +
  `<path d="M0 200q70-60 140-30t130-10 130 20v120H0z" fill="${c.far}"/>` +
  `<path d="M0 230q90-40 200-16t200-4v90H0z" fill="${c.near}"/>`;

const tree = (x: number, y: number, scale = 1) =>
  `<g transform="translate(${x} ${y}) scale(${scale})"><rect x="-4" y="0" width="8" height="34" rx="3" fill="#a0643a"/>` +
  '<path d="M0-62-26-14h52z" fill="#38a866"/><path d="M0-40-32 12h64z" fill="#2b7a52"/></g>';

const ground = (c: Colours) => `<rect y="250" width="400" height="50" fill="${c.ground}"/>`;

/** The foreground of each scene, drawn over the shared backdrop. */
const foregrounds: Record<Scene, (c: Colours) => string> = {
  lake: (c) =>
    `${tree(48, 196, 0.9)}${tree(352, 200)}<ellipse cx="200" cy="262" rx="190" ry="40" fill="#4dabf7"/>` +
    '<path d="M120 258h40m40 12h50m-170 0h30m150-20h40" stroke="#d0ebff" stroke-width="4" stroke-linecap="round"/>' +
    '<path d="M150 246h100l-16 14h-68z" fill="#f08c00"/><path d="M200 246v-30" stroke="#7a4200" stroke-width="4"/>' +
    `<circle cx="186" cy="236" r="7" fill="#ffd08a"/><circle cx="216" cy="236" r="7" fill="#ffd08a"/><rect y="290" width="400" height="10" fill="${c.ground}"/>`,
  field: (c) =>
    `${ground(c)}<path d="M0 262h400M200 250v50" stroke="#fff" stroke-width="3" opacity=".8"/>` +
    '<path d="M300 180h70v70" fill="none" stroke="#fff" stroke-width="6"/><path d="M304 184h62v66h-62z" fill="#fff" opacity=".25"/>' +
    '<circle cx="160" cy="236" r="18" fill="#fff"/><path d="M160 224l10 7-4 12h-12l-4-12z" fill="#343a40"/>' +
    `${tree(40, 190, 0.8)}`,
  court: (c) =>
    `${ground(c)}<rect x="20" y="250" width="360" height="50" fill="#f08c00"/><path d="M200 250v50M20 272h360" stroke="#fff3bf" stroke-width="3"/>` +
    '<rect x="276" y="110" width="8" height="140" fill="#495057"/><rect x="240" y="96" width="80" height="56" rx="4" fill="#fff" stroke="#495057" stroke-width="4"/>' +
    '<path d="M262 150h36l-6 30h-24z" fill="none" stroke="#fff" stroke-width="3"/><path d="M258 150h44" stroke="#e03131" stroke-width="5"/>' +
    '<circle cx="160" cy="200" r="22" fill="#f76707"/><path d="M138 200h44M160 178v44" stroke="#7a4200" stroke-width="3"/>',
  tennis: (c) =>
    `${ground(c)}<rect x="30" y="250" width="340" height="50" fill="#4dabf7"/><path d="M30 262h340M200 250v50" stroke="#fff" stroke-width="3"/>` +
    '<path d="M40 236h320" stroke="#fff" stroke-width="2"/><path d="M40 226h320v24H40z" fill="none" stroke="#495057" stroke-width="2" stroke-dasharray="4 4"/>' +
    '<ellipse cx="150" cy="150" rx="36" ry="46" fill="none" stroke="#e03131" stroke-width="8"/><rect x="144" y="194" width="12" height="50" rx="5" fill="#7a4200"/>' +
    '<circle cx="250" cy="140" r="14" fill="#d8f5a2"/><path d="M238 134q12 8 24 0" stroke="#fff" stroke-width="2" fill="none"/>',
  music: (c) =>
    `${ground(c)}<ellipse cx="190" cy="214" rx="54" ry="44" fill="#f08c00"/><ellipse cx="190" cy="166" rx="40" ry="34" fill="#f08c00"/>` +
    '<circle cx="190" cy="196" r="14" fill="#7a4200"/><rect x="183" y="48" width="14" height="120" rx="4" fill="#7a4200"/>' +
    '<rect x="178" y="36" width="24" height="22" rx="5" fill="#a0643a"/>' +
    '<path d="M280 90v50m0-50 30-8v44" stroke="#2b7a52" stroke-width="6" fill="none"/><circle cx="272" cy="142" r="10" fill="#2b7a52"/><circle cx="302" cy="128" r="10" fill="#2b7a52"/>' +
    '<path d="M100 110v40" stroke="#2b7a52" stroke-width="6"/><circle cx="92" cy="152" r="10" fill="#2b7a52"/>',
  arts: (c) =>
    `${ground(c)}<path d="M120 120c60-50 170-30 170 40 0 40-40 40-60 30-20-10-30 20-60 20-60 0-90-50-50-90z" fill="#fff8ec"/>` +
    '<circle cx="160" cy="140" r="14" fill="#e03131"/><circle cx="200" cy="124" r="14" fill="#ffd43b"/><circle cx="244" cy="134" r="14" fill="#4dabf7"/>' +
    '<circle cx="160" cy="180" r="14" fill="#38a866"/><circle cx="262" cy="170" r="10" fill="#fff3bf"/>' +
    '<path d="M300 90 230 200" stroke="#a0643a" stroke-width="8" stroke-linecap="round"/><path d="M230 200l-10 18 16-8z" fill="#7a4200"/>' +
    '<rect x="60" y="170" width="50" height="70" rx="4" fill="#fff" stroke="#a0643a" stroke-width="4"/><path d="M70 220l14-20 12 14 8-8v20H70z" fill="#76ca97"/>',
  stage: () =>
    '<rect width="400" height="300" fill="#1c5236"/><path d="M0 0h400v40H0z" fill="#c92a2a"/>' +
    '<path d="M0 0h90c-10 80 0 180 20 260H0z" fill="#e03131"/><path d="M400 0h-90c10 80 0 180-20 260h110z" fill="#e03131"/>' +
    '<path d="M200 40 130 260h140z" fill="#fff3bf" opacity=".35"/><rect y="260" width="400" height="40" fill="#a0643a"/>' +
    '<path d="M200 120l10 22 24 2-18 16 6 24-22-13-22 13 6-24-18-16 24-2z" fill="#ffd43b"/>',
  lab: (c) =>
    `${ground(c)}<rect x="60" y="210" width="280" height="14" rx="4" fill="#a0643a"/>` +
    '<path d="M130 100h30v40l30 60a10 10 0 0 1-9 14h-72a10 10 0 0 1-9-14l30-60z" fill="#fff" stroke="#495057" stroke-width="4"/>' +
    '<path d="M112 180h66l12 22a8 8 0 0 1-7 12h-76a8 8 0 0 1-7-12z" fill="#76ca97"/>' +
    '<circle cx="260" cy="150" r="12" fill="#f08c00"/><ellipse cx="260" cy="150" rx="50" ry="18" fill="none" stroke="#4dabf7" stroke-width="4"/>' +
    '<ellipse cx="260" cy="150" rx="50" ry="18" fill="none" stroke="#e03131" stroke-width="4" transform="rotate(60 260 150)"/>' +
    '<ellipse cx="260" cy="150" rx="50" ry="18" fill="none" stroke="#2b7a52" stroke-width="4" transform="rotate(-60 260 150)"/>',
  robot: (c) =>
    `${ground(c)}<rect x="150" y="90" width="100" height="76" rx="14" fill="#adb5bd"/><circle cx="180" cy="126" r="12" fill="#fff"/><circle cx="220" cy="126" r="12" fill="#fff"/>` +
    '<circle cx="180" cy="126" r="5" fill="#1c5236"/><circle cx="220" cy="126" r="5" fill="#1c5236"/><path d="M200 90V66" stroke="#495057" stroke-width="4"/><circle cx="200" cy="62" r="7" fill="#e03131"/>' +
    '<rect x="160" y="172" width="80" height="64" rx="10" fill="#868e96"/><circle cx="200" cy="204" r="12" fill="#ffd43b"/>' +
    '<path d="M160 186l-30 24m110-24 30 24" stroke="#868e96" stroke-width="10" stroke-linecap="round"/><rect x="168" y="236" width="20" height="16" fill="#495057"/><rect x="212" y="236" width="20" height="16" fill="#495057"/>',
  laptop: (c) =>
    `${ground(c)}<rect x="110" y="100" width="180" height="120" rx="8" fill="#343a40"/><rect x="122" y="112" width="156" height="96" rx="3" fill="#1c5236"/>` +
    '<path d="M90 220h220l-14 20H104z" fill="#adb5bd"/>' +
    '<path d="M160 140l-16 20 16 20m80-40 16 20-16 20m-30-46-20 52" stroke="#76ca97" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
  mountains: (c) =>
    `<path d="M0 250 110 90l70 100 60-80 160 140z" fill="#868e96"/><path d="M110 90l-26 38 14 8 12-10 14 10 12-8zM240 110l-22 30 14 6 8-8 12 8 10-6z" fill="#fff"/>` +
    `${ground(c)}${tree(40, 216)}${tree(80, 224, 0.8)}${tree(356, 216, 0.9)}` +
    '<path d="M200 196 160 262h80z" fill="#f08c00"/><path d="M200 220l-14 42h28z" fill="#7a4200"/>',
  barn: (c) =>
    `${ground(c)}<path d="M120 130l60-46 60 46v120H120z" fill="#c92a2a"/><path d="M110 134l70-56 70 56" fill="none" stroke="#fff3bf" stroke-width="8"/>` +
    '<rect x="158" y="186" width="44" height="64" fill="#fff3bf"/><path d="M158 186l44 64m0-64-44 64" stroke="#c92a2a" stroke-width="4"/><rect x="166" y="120" width="28" height="24" fill="#fff3bf"/>' +
    '<path d="M250 220h150M250 240h150M270 206v50M310 206v50M350 206v50M390 206v50" stroke="#a0643a" stroke-width="6"/>' +
    `${tree(60, 210, 0.9)}`,
  chess: (c) => {
    const squares: string[] = [];
    for (let row = 0; row < 4; row += 1) {
      for (let col = 0; col < 8; col += 1) {
        if ((row + col) % 2 === 0)
          squares.push(
            `<rect x="${80 + col * 30}" y="${180 + row * 22}" width="30" height="22" fill="#7a4200"/>`,
          );
      }
    }
    return (
      `${ground(c)}<rect x="80" y="180" width="240" height="88" fill="#ffe8c2"/>${squares.join('')}` +
      '<circle cx="170" cy="120" r="16" fill="#343a40"/><path d="M156 136h28l8 44h-44z" fill="#343a40"/><rect x="146" y="176" width="48" height="10" rx="3" fill="#343a40"/>' +
      '<path d="M236 96l8-12 8 12 8-12 8 12v20h-32z" fill="#fff8ec"/><path d="M240 116h24l8 60h-40z" fill="#fff8ec"/><rect x="226" y="172" width="52" height="10" rx="3" fill="#fff8ec"/>'
    );
  },
  kitchen: (c) =>
    `${ground(c)}<rect x="60" y="214" width="280" height="14" rx="4" fill="#a0643a"/>` +
    '<path d="M130 150h140v44a20 20 0 0 1-20 20H150a20 20 0 0 1-20-20z" fill="#e03131"/><rect x="120" y="140" width="160" height="14" rx="6" fill="#c92a2a"/>' +
    '<path d="M170 120c-10-14 10-20 0-36m30 36c-10-14 10-20 0-36m30 36c-10-14 10-20 0-36" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>' +
    '<path d="M300 100l-40 70" stroke="#a0643a" stroke-width="7" stroke-linecap="round"/><ellipse cx="306" cy="92" rx="10" ry="16" fill="#a0643a" transform="rotate(30 306 92)"/>',
  camera: (c) =>
    `${ground(c)}<rect x="110" y="120" width="180" height="110" rx="16" fill="#343a40"/><rect x="140" y="104" width="50" height="22" rx="6" fill="#495057"/>` +
    '<circle cx="200" cy="175" r="40" fill="#adb5bd"/><circle cx="200" cy="175" r="28" fill="#1c5236"/><circle cx="190" cy="165" r="8" fill="#a6dcbb"/>' +
    '<circle cx="266" cy="140" r="7" fill="#ffd43b"/>',
  gym: (c) =>
    `${ground(c)}<rect x="60" y="236" width="280" height="16" rx="6" fill="#4dabf7"/>` +
    '<path d="M130 60v90m140-90v90" stroke="#868e96" stroke-width="4"/><circle cx="130" cy="162" r="14" fill="none" stroke="#a0643a" stroke-width="6"/><circle cx="270" cy="162" r="14" fill="none" stroke="#a0643a" stroke-width="6"/>' +
    '<path d="M100 60h200" stroke="#495057" stroke-width="8" stroke-linecap="round"/>' +
    '<path d="M176 214h48l-8 22h-32z" fill="#fff"/><path d="M172 214h56" stroke="#343a40" stroke-width="8"/><path d="M196 214l-12 22m20-22 12 22" stroke="#343a40" stroke-width="5"/>',
  books: (c) =>
    `${ground(c)}<rect x="110" y="210" width="180" height="26" rx="4" fill="#2b7a52"/><rect x="124" y="184" width="160" height="26" rx="4" fill="#f08c00"/><rect x="116" y="158" width="170" height="26" rx="4" fill="#4dabf7"/>` +
    '<path d="M124 164v14m150-14v14m-140 12v14m140-14v14" stroke="#fff" stroke-width="3"/>' +
    '<path d="M90 70h90a12 12 0 0 1 12 12v36a12 12 0 0 1-12 12h-56l-22 18v-18H90a12 12 0 0 1-12-12V82a12 12 0 0 1 12-12z" fill="#fff"/>' +
    '<path d="M226 86h86a12 12 0 0 1 12 12v30a12 12 0 0 1-12 12h-10v16l-20-16h-56a12 12 0 0 1-12-12V98a12 12 0 0 1 12-12z" fill="#ffd08a"/>' +
    '<path d="M100 92h66m-66 16h46m96-2h60m-60 14h40" stroke="#adb5bd" stroke-width="6" stroke-linecap="round"/>',
  flag: (c) =>
    `<path d="M60 250q140-130 280 0z" fill="${c.ground}"/>${ground(c)}<path d="M200 140V50" stroke="#495057" stroke-width="6" stroke-linecap="round"/>` +
    '<path d="M203 52h80l-18 22 18 22h-80z" fill="#f08c00"/><path d="M222 66l6 12 13 1-10 9 3 13-12-7-12 7 3-13-10-9 13-1z" fill="#fff3bf"/>' +
    '<circle cx="150" cy="200" r="10" fill="#7a4200"/><path d="M150 210v26m-12-18h24" stroke="#7a4200" stroke-width="6" stroke-linecap="round"/>' +
    '<circle cx="250" cy="200" r="10" fill="#7a4200"/><path d="M250 210v26m-12-18h24" stroke="#7a4200" stroke-width="6" stroke-linecap="round"/>',
  tent: (c) =>
    `${ground(c)}${tree(70, 214)}${tree(330, 218, 0.9)}<path d="M204 96 124 250h80z" fill="#ffa41f"/><path d="M204 96l80 154h-80z" fill="#f08c00"/>` +
    '<path d="M204 170l-24 80h48z" fill="#7a4200"/><path d="M204 96V70" stroke="#7a4200" stroke-width="4" stroke-linecap="round"/><path d="M204 70l22 8-22 8z" fill="#2b7a52"/>',
  balloons: (c) =>
    `${ground(c)}<path d="M50 260a150 150 0 0 1 300 0" fill="none" stroke="#e03131" stroke-width="10"/>` +
    '<path d="M64 260a136 136 0 0 1 272 0" fill="none" stroke="#ffa41f" stroke-width="10"/><path d="M78 260a122 122 0 0 1 244 0" fill="none" stroke="#ffd43b" stroke-width="10"/>' +
    '<path d="M92 260a108 108 0 0 1 216 0" fill="none" stroke="#38a866" stroke-width="10"/><path d="M106 260a94 94 0 0 1 188 0" fill="none" stroke="#4dabf7" stroke-width="10"/>' +
    '<ellipse cx="160" cy="150" rx="20" ry="24" fill="#e03131"/><ellipse cx="236" cy="136" rx="20" ry="24" fill="#f08c00"/>' +
    '<path d="M160 174q6 30-4 60m80-74q-6 34 4 74" stroke="#495057" stroke-width="2" fill="none"/>',
};

/**
 * Drawn 1200 px wide, which is sharp on the widest place a picture is shown (the camp profile's
 * carousel on a high-density screen) and takes half the encoding time of the 1600 px maximum.
 */
const DESIGN_WIDTH = 1200;

function sceneSvg(scene: Scene, palette: Palette): string {
  const c = colours[palette];
  const background = scene === 'stage' ? '' : backdrop(c);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="${DESIGN_WIDTH}" height="${(DESIGN_WIDTH * 3) / 4}">${background}${foregrounds[scene](c)}</svg>`;
}

/** Draws each design once and keeps the encoded files; `copy` gives a caller its own files. */
export class Artwork {
  private readonly designs = new Map<Scene, Promise<ProcessedImage>>();

  constructor(private readonly storage: FileStorage) {}

  /**
   * Encoded through the same pipeline as an upload (a large and a 400 px WebP). Each scene has
   * its own time of day, so neighbouring cards in a list differ.
   */
  private design(scene: Scene): Promise<ProcessedImage> {
    let design = this.designs.get(scene);
    if (!design) {
      const palette = PALETTES[SCENES.indexOf(scene) % PALETTES.length] ?? 'morning';
      design = sharp(Buffer.from(sceneSvg(scene, palette)))
        // Uncompressed: it is decoded again at once, and compressing it only costs time.
        .png({ compressionLevel: 0 })
        .toBuffer()
        .then((png) => processImage(png));
      this.designs.set(scene, design);
    }
    return design;
  }

  /** Draws every design at once (the encoder works on several cores). */
  async prepare(): Promise<void> {
    await Promise.all(SCENES.map((scene) => this.design(scene)));
  }

  /** Stores a fresh copy of a design under new random names, as an upload would be stored. */
  async copy(scene: Scene): Promise<StoredImage> {
    const image = await this.design(scene);
    const id = randomUUID();
    const stored = {
      largeKey: `${id}-1600.webp`,
      smallKey: `${id}-400.webp`,
      width: image.width,
      height: image.height,
    };
    try {
      await this.storage.put(stored.largeKey, image.large, 'image/webp');
      await this.storage.put(stored.smallKey, image.small, 'image/webp');
    } catch (error) {
      await deleteImageFiles(this.storage, stored);
      throw error;
    }
    return stored;
  }
}
