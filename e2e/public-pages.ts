/** The site's own public pages, each with the heading it opens with. */
export const sitePages = [
  { path: '/', heading: 'Summer camps near you' },
  { path: '/about', heading: 'About Campwise' },
  { path: '/how-it-works', heading: 'How it Works' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/faq', heading: 'FAQ' },
  { path: '/contact', heading: 'Contact us' },
  { path: '/terms', heading: 'Terms of Use' },
  { path: '/privacypolicy', heading: 'Privacy Policy' },
] as const;
