/** Category ids the product gives meaning to (docs/product-spec.md, section 3). */
export const CATEGORY_AFTER_SCHOOL = 1;
export const CATEGORY_YEAR_ROUND = 22;
export const CATEGORY_VIRTUAL = 26;

/** The seeded category list (docs/design.md, section 5); the database is seeded from it. */
export const CATEGORIES = [
  { id: 1, text: 'After School' },
  { id: 2, text: 'Arts & Crafts' },
  { id: 3, text: 'Music' },
  { id: 4, text: 'Dance' },
  { id: 5, text: 'Theater' },
  { id: 6, text: 'Sports' },
  { id: 7, text: 'Soccer' },
  { id: 8, text: 'Basketball' },
  { id: 9, text: 'Swimming' },
  { id: 10, text: 'Tennis' },
  { id: 11, text: 'Horseback Riding' },
  { id: 12, text: 'STEM' },
  { id: 13, text: 'Coding' },
  { id: 14, text: 'Robotics' },
  { id: 15, text: 'Science' },
  { id: 16, text: 'Nature & Outdoors' },
  { id: 17, text: 'Adventure' },
  { id: 18, text: 'Academic' },
  { id: 19, text: 'Languages' },
  { id: 20, text: 'Cooking' },
  { id: 21, text: 'Day Camp' },
  { id: 22, text: 'Year Round' },
  { id: 23, text: 'Overnight' },
  { id: 24, text: 'Special Needs' },
  { id: 25, text: 'Leadership' },
  { id: 26, text: 'Virtual' },
  { id: 27, text: 'Chess' },
  { id: 28, text: 'Gymnastics' },
  { id: 29, text: 'Martial Arts' },
  { id: 30, text: 'Film & Photography' },
] as const;

export const categoryIds: ReadonlySet<number> = new Set<number>(CATEGORIES.map((category) => category.id));
