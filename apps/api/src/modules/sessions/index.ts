export { finishCancelledSessions } from './cancel-session.ts';
export { sessionRoutes } from './routes.ts';
export { addSession, editSession } from './save-session.ts';
export { sendSessionNotices } from './session-notices.ts';
