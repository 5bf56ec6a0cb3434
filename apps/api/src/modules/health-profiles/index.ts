export { healthRecords } from './export-health.ts';
export { allergyBadgesForSession, rosterHealth } from './host-health.ts';
export { saveHealthProfile } from './parent-health-profile.ts';
export { checkHealthReviews, snapshotHealthProfiles } from './registration-health.ts';
export { resealHealthData } from './reseal-health-data.ts';
export { healthProfileRoutes } from './routes.ts';
