/**
 * The title and description of each public page that is not about one camp or organisation:
 * the web app's document title and the server's head for crawlers and link previews read them.
 */
export interface PublicPageHead {
  title: string;
  description: string;
}

export const PUBLIC_PAGE_HEADS = {
  '/': {
    title: 'Find summer camps and kids’ activities',
    description:
      'Campwise helps families find, book and coordinate summer camps and kids’ activities, and helps camp hosts fill their spots.',
  },
  '/about': {
    title: 'About',
    description:
      'Why Campwise exists: one place for families to find camps and for camps to fill their sessions.',
  },
  '/how-it-works': {
    title: 'How it Works',
    description: 'Search camps near you, save a card, register your children and pay in one step.',
  },
  '/pricing': {
    title: 'Pricing',
    description:
      'Campwise is free for families; camp hosts pay one monthly subscription to list their camps.',
  },
  '/faq': {
    title: 'FAQ',
    description: 'Answers to common questions from parents and camp hosts about Campwise.',
  },
  '/contact': {
    title: 'Contact',
    description: 'How to reach the Campwise team.',
  },
  '/terms': {
    title: 'Terms of Use',
    description: 'The terms of using Campwise.',
  },
  '/privacypolicy': {
    title: 'Privacy Policy',
    description: 'What Campwise keeps about you and your children, why, and how to see or delete it.',
  },
  '/search': {
    title: 'Search camps',
    description:
      'Search summer camps and kids’ activities by name, ZIP code, age, dates, price and category.',
  },
  '/searchresults': {
    title: 'Search results',
    description: 'Summer camps and kids’ activities matching your search.',
  },
} as const satisfies Record<string, PublicPageHead>;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_HEADS;

export const isPublicPagePath = (path: string): path is PublicPagePath =>
  Object.hasOwn(PUBLIC_PAGE_HEADS, path);
