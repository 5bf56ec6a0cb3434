export { eraseReminders, remindersSentTo } from './export-reminders.ts';
export { saveReminderSettings } from './reminder-settings.ts';
export { reminderRoutes } from './routes.ts';
export { SESSION_REMINDERS_JOB, sendSessionReminders } from './send-reminders.ts';
