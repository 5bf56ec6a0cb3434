export { orgRoutes } from './routes.ts';
export { createOrg, deleteOrg, detailsOf, getPublicOrg, orgDetailColumns } from './service.ts';
