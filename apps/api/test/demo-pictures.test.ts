import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoPicture, subjectsFor } from '../src/seed/artwork.ts';
import { THEMES } from '../src/seed/reference.ts';

const everyCamp = Object.values(THEMES).flatMap((theme) =>
  [...theme.camps, ...theme.yearRound, ...theme.online].map((name) => ({ name, theme })),
);

describe('demo pictures', () => {
  it('show what a camp’s name says, before what its kind shows', () => {
    expect(subjectsFor('Online Piano Basics', THEMES.music.subjects)[0]).toBe('piano');
    expect(subjectsFor('Guitar Starter Week', THEMES.music.subjects)[0]).toBe('guitar');
    expect(subjectsFor('Drum Circle Camp', THEMES.music.subjects)[0]).toBe('drum');
    expect(subjectsFor('Voyageur Canoe Trip', THEMES.overnight.subjects)[0]).toBe('canoe');
    expect(subjectsFor('Movie Makers', THEMES.film.subjects)[0]).toBe('clapper');
    expect(subjectsFor('Musical Theater Intensive', THEMES.theater.subjects)[0]).toBe('masks');
    expect(subjectsFor('Kitchen Chemistry', THEMES.science.subjects)[0]).toBe('flask');
    // A name that says nothing shows its kind.
    expect(subjectsFor('Summer Days at Hilltop', THEMES.tennis.subjects)[0]).toBe('tennis');
  });

  it('never show another instrument on a piano camp', () => {
    const subjects = subjectsFor('Online Piano Basics', THEMES.music.subjects);
    expect(subjects.slice(0, 2)).toEqual(['piano', 'notes']);
  });

  it('are the same for the same camp and picture, and differ between camps and between a camp’s pictures', () => {
    const thumbnails = new Set<string>();
    for (const { name, theme } of everyCamp) {
      const thumbnail = demoPicture(name, theme.subjects, 0);
      expect(demoPicture(name, theme.subjects, 0)).toBe(thumbnail);
      expect(demoPicture(name, theme.subjects, 1)).not.toBe(thumbnail);
      thumbnails.add(thumbnail);
    }
    expect(thumbnails.size).toBe(everyCamp.length);
    // The same name at another organisation is another picture.
    expect(demoPicture('Rock Band Camp', THEMES.music.subjects, 0, 'Sweet Auburn Music Works')).not.toBe(
      demoPicture('Rock Band Camp', THEMES.music.subjects, 0, 'Mile High Music Studio'),
    );
  });

  it('are small 4:3 drawings that render', async () => {
    for (const { name, theme } of everyCamp.filter((_, index) => index % 12 === 0)) {
      const svg = demoPicture(name, theme.subjects, 0);
      expect(Buffer.byteLength(svg)).toBeLessThan(8_000);
      const { width, height } = await sharp(Buffer.from(svg)).metadata();
      expect([width, height]).toEqual([1200, 900]);
    }
  });
});
