export { readInsights } from './read-insights.ts';
export { insightsRoutes } from './routes.ts';
