export { renderHead } from './page-head.ts';
export { readPageHead } from './read-page-head.ts';
