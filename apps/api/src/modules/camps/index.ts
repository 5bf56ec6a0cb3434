export { getPublicCamp, isPubliclyListed, isUpcomingCamp, listPublicOrgCamps } from './read-camps.ts';
export { listWidgetCamps, type WidgetCamp } from './read-widget-camps.ts';
export { campRoutes } from './routes.ts';
export { createCamp, deleteCampsRows, insertImage, orgCampIds } from './service.ts';
