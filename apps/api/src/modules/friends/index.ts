export { eraseFriends, friendRecords } from './export-friends.ts';
export { friendPair } from './friendships.ts';
export { friendPlacesIn } from './going.ts';
export { friendRoutes } from './routes.ts';
