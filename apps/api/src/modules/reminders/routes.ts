import { idParams } from '@campwise/contract/ids';
import { reminderSettingsResponse, reminderSettingsSchema } from '@campwise/contract/reminders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { getReminderSettings, saveReminderSettings } from './reminder-settings.ts';

/** A host's reminder e-mails before each session of a camp (docs/decisions/032). */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reminders'];

  app.get(
    '/host/camp/:id/reminders',
    {
      schema: {
        tags,
        summary: 'Whether families are reminded before each session, and what to bring',
        params: idParams,
        response: { 200: reminderSettingsResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({
      data: await getReminderSettings(app.db, currentUser(request).id, request.params.id),
    }),
  );

  app.put(
    '/host/camp/:id/reminders',
    {
      schema: {
        tags,
        summary: "Turn the camp's reminders on or off and set what to bring",
        params: idParams,
        body: reminderSettingsSchema,
        response: { 200: reminderSettingsResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({
      data: await saveReminderSettings(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );
};
