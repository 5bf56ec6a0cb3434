import { healthProfileBody, healthProfileResponse } from '@campwise/contract/health-profiles';
import { idParams } from '@campwise/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { getHealthProfile, type HealthDeps, saveHealthProfile } from './parent-health-profile.ts';

/**
 * A child's health profile, kept once by the parent (docs/decisions/028). Hosts read it on
 * their roster; health data never leaves in a cached copy.
 */
export const healthProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: HealthDeps = { db: app.db, healthData: app.healthData };

  app.get(
    '/camper/campers/:id/health-profile',
    {
      schema: {
        tags: ['campers'],
        summary: "A child's health profile (null before it is first filled in)",
        params: idParams,
        response: { 200: healthProfileResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const profile = await getHealthProfile(deps, currentUser(request).id, request.params.id);
      return reply.header('cache-control', 'no-store').send({ data: profile });
    },
  );

  app.put(
    '/camper/campers/:id/health-profile',
    {
      schema: {
        tags: ['campers'],
        summary: "Save a child's health profile as a new version",
        params: idParams,
        body: healthProfileBody,
        response: { 200: healthProfileResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const profile = await saveHealthProfile(deps, currentUser(request).id, request.params.id, request.body);
      return reply.header('cache-control', 'no-store').send({ data: profile });
    },
  );
};
