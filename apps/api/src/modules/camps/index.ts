export { getPublicCamp, isPubliclyListed, isUpcomingCamp, listPublicOrgCamps } from './read-camps.ts';
export { campRoutes } from './routes.ts';
export { createCamp, deleteCampsRows, insertImage, orgCampIds } from './service.ts';
