export { auditRoutes } from './routes.ts';
export { AUDIT_ACTIONS, auditEventsAbout, recordAuditEvents, recordMedicalViews } from './service.ts';
