export { ANNOUNCEMENTS_JOB, deliverAnnouncements } from './deliver-announcements.ts';
export { conversationRecords, eraseConversations } from './export-conversations.ts';
export { ATTACHMENTS_JOB, moveStoredAttachments } from './move-stored-attachments.ts';
export { conversationRoutes } from './routes.ts';
