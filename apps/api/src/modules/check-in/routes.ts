import {
  checkInBody,
  checkInDayQuery,
  checkInEntryResponse,
  checkInSheetResponse,
  checkOutBody,
  pickupAdultBody,
  pickupAdultListResponse,
  pickupAdultResponse,
  pickupRefusalBody,
} from '@campwise/contract/check-in';
import { hostTodayResponse } from '@campwise/contract/host-today';
import { idParams } from '@campwise/contract/ids';
import { deletedResponse } from '@campwise/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { multipartBody, parseFields, readMultipart } from '../../platform/multipart.ts';
import { allergyBadgesForSession } from '../health-profiles/index.ts';
import { checkInSheet } from './check-in-sheet.ts';
import { hostToday } from './host-today.ts';
import {
  addPickupAdult,
  deletePickupAdult,
  deletePickupAdultPhoto,
  listPickupAdults,
  updatePickupAdult,
} from './pickup-adults.ts';
import { type AttendanceDeps, recordAttendance } from './record-attendance.ts';

/** The day of camp (docs/decisions/030): a parent's pickup adults and a host's check-in sheet. */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  const deps: AttendanceDeps = { db, storage, publicUrl: app.config.publicUrl };

  /** The adult's fields and optional `photo` of a multipart form. */
  const adultForm = async (request: Parameters<typeof readMultipart>[0]) => {
    const form = await readMultipart(request, ['photo']);
    return { data: parseFields(pickupAdultBody, form.fields), photo: form.files.photo };
  };

  app.get(
    '/host/today',
    {
      schema: {
        tags: ['check-in'],
        summary: "A host's home: the sessions meeting today and later this week, and the week's new places",
        response: { 200: hostTodayResponse },
      },
      config: { access: 'subscribedHost', acrossTeams: true },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send({ data: await hostToday(db, currentUser(request).id) }),
  );

  app.get(
    '/camper/campers/:id/pickup-adults',
    {
      schema: {
        tags: ['check-in'],
        summary: "The adults allowed to collect one of the parent's children",
        params: idParams,
        response: { 200: pickupAdultListResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await listPickupAdults(db, storage, currentUser(request).id, request.params.id),
    }),
  );

  app.post(
    '/camper/campers/:id/pickup-adults',
    {
      schema: {
        tags: ['check-in'],
        summary: 'Add a pickup adult (multipart: name, relationship, phone, optional photo), all or nothing',
        params: idParams,
        ...multipartBody,
        response: { 201: pickupAdultResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const { data, photo } = await adultForm(request);
      const adult = await addPickupAdult(
        db,
        storage,
        currentUser(request).id,
        request.params.id,
        data,
        photo,
      );
      return reply.status(201).send({ data: adult });
    },
  );

  app.put(
    '/camper/pickup-adults/:id',
    {
      schema: {
        tags: ['check-in'],
        summary: "Change a pickup adult's details (multipart); a photo sent replaces the one before",
        params: idParams,
        ...multipartBody,
        response: { 200: pickupAdultResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => {
      const { data, photo } = await adultForm(request);
      return {
        data: await updatePickupAdult(db, storage, currentUser(request).id, request.params.id, data, photo),
      };
    },
  );

  app.delete(
    '/camper/pickup-adults/:id/photo',
    {
      schema: {
        tags: ['check-in'],
        summary: "Remove a pickup adult's photo",
        params: idParams,
        response: { 200: pickupAdultResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await deletePickupAdultPhoto(db, storage, currentUser(request).id, request.params.id),
    }),
  );

  app.delete(
    '/camper/pickup-adults/:id',
    {
      schema: {
        tags: ['check-in'],
        summary: 'Remove a pickup adult',
        params: idParams,
        response: { 200: deletedResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => {
      await deletePickupAdult(db, storage, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    '/host/sessions/:id/check-in',
    {
      schema: {
        tags: ['check-in'],
        summary:
          "A session's check-in sheet for a day: children with confirmed places and their pickup adults",
        params: idParams,
        querystring: checkInDayQuery,
        response: { 200: checkInSheetResponse },
      },
      config: { access: 'subscribedHost', right: 'check-in' },
    },
    async (request, reply) => {
      const hostId = currentUser(request).id;
      const sheet = await checkInSheet(db, storage, hostId, request.params.id, request.query.day);
      // Staff at the gate see allergies; each such read is in the parent's access log.
      const allergies = await allergyBadgesForSession(
        { db, healthData: app.healthData },
        hostId,
        request.params.id,
        { recordViews: true },
      );
      const data = { ...sheet, allergies: allergies.map(({ childId, badges }) => ({ childId, badges })) };
      // Allergies are health data (decision 028): no browser or proxy keeps a copy.
      return reply.header('cache-control', 'no-store').send({ data });
    },
  );

  // Taps: each carries its own key, so a retry answers what the first attempt did.
  const tapSchema = <T>(summary: string, body: T) => ({
    schema: {
      tags: ['check-in'],
      summary,
      params: idParams,
      body,
      response: { 201: checkInEntryResponse },
    },
    config: { access: 'subscribedHost', right: 'check-in' } as const,
  });

  app.post(
    '/host/sessions/:id/check-ins',
    tapSchema('Check a child in for a day; the parent is e-mailed', checkInBody),
    async (request, reply) => {
      const tap = { kind: 'check_in' as const, ...request.body };
      const entry = await recordAttendance(deps, currentUser(request).id, request.params.id, tap);
      return reply.status(201).send({ data: entry });
    },
  );

  app.post(
    '/host/sessions/:id/check-outs',
    tapSchema(
      'Check a child out to one of their authorised pickup adults; the parent is e-mailed',
      checkOutBody,
    ),
    async (request, reply) => {
      const tap = { kind: 'check_out' as const, ...request.body };
      const entry = await recordAttendance(deps, currentUser(request).id, request.params.id, tap);
      return reply.status(201).send({ data: entry });
    },
  );

  app.post(
    '/host/sessions/:id/pickup-refusals',
    tapSchema(
      'Record someone not on the list who asked to collect a child; the parent is e-mailed',
      pickupRefusalBody,
    ),
    async (request, reply) => {
      const tap = { kind: 'refused' as const, ...request.body };
      const entry = await recordAttendance(deps, currentUser(request).id, request.params.id, tap);
      return reply.status(201).send({ data: entry });
    },
  );
};
