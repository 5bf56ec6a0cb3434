export { sitemapRoutes } from './routes.ts';
