import {
  camperRegisterBody,
  hostRegisterBody,
  loginBody,
  passwordResetBody,
  passwordResetRequestBody,
  passwordResetRequestResponse,
  passwordResetResponse,
  tokenResponse,
  type UserType,
} from '@campwise/contract/accounts';
import { loginResponse } from '@campwise/contract/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureLimit, perEmailAndIp, rateLimit } from '../../platform/rate-limit.ts';
import { logIn, registerUser, requestPasswordReset, resetPassword } from './service.ts';

const dashboards: Record<UserType, string> = {
  host: '/host/dashboard',
  camper: '/camper/dashboard',
  admin: '/admin',
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const register =
    (userType: 'host' | 'camper') => async (request: { body: Parameters<typeof registerUser>[3] }) => ({
      data: {
        token: await registerUser(
          app.db,
          app.tokens,
          userType,
          request.body,
          app.config.publicUrl + dashboards[userType],
        ),
      },
    });

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create a host account',
        body: hostRegisterBody,
        response: { 201: tokenResponse },
      },
      preHandler: rateLimit(...perEmailAndIp('register', { ipMax: app.config.authAttemptsPerIp })),
    },
    async (request, reply) => {
      const answer = await register('host')(request);
      app.jobs.kick('mail');
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/camper/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create a camper (parent) account',
        body: camperRegisterBody,
        response: { 201: tokenResponse },
      },
      preHandler: rateLimit(...perEmailAndIp('register', { ipMax: app.config.authAttemptsPerIp })),
    },
    async (request, reply) => {
      const answer = await register('camper')(request);
      app.jobs.kick('mail');
      return reply.status(201).send(answer);
    },
  );

  const loginRoutes: [string, UserType][] = [
    ['/auth/login', 'host'],
    ['/camper/auth/login', 'camper'],
    ['/admin/auth/login', 'admin'],
  ];
  for (const [url, userType] of loginRoutes) {
    app.post(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: `Log in as ${userType}`,
          body: loginBody,
          response: { 200: loginResponse },
        },
        // Only failed sign-ins count, so nobody is locked out by signing in (decision 044).
        ...failureLimit(...perEmailAndIp(`login-${userType}`, { ipMax: app.config.authAttemptsPerIp })),
      },
      async (request) => ({
        data: await logIn(
          app.db,
          app.tokens,
          app.loginTickets,
          userType,
          request.body.email,
          request.body.password,
        ),
      }),
    );
  }

  const resetRequestRoutes: [string, UserType][] = [
    ['/api/host/requestpasswordreset', 'host'],
    ['/api/camper/requestpasswordreset', 'camper'],
  ];
  for (const [url, userType] of resetRequestRoutes) {
    app.post(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: `Ask for a password reset link (${userType})`,
          body: passwordResetRequestBody,
          response: { 200: passwordResetRequestResponse },
        },
        preHandler: rateLimit(...perEmailAndIp(`reset-${userType}`, { ipMax: app.config.authAttemptsPerIp })),
      },
      async (request) => {
        await requestPasswordReset(app.db, userType, request.body.email, app.config.publicUrl);
        app.jobs.kick('mail');
        return { data: { requested: true as const } };
      },
    );
  }

  app.post(
    '/api/auth/resetpassword',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        body: passwordResetBody,
        response: { 200: passwordResetResponse },
      },
      preHandler: rateLimit({
        name: 'reset-ip',
        max: 100,
        windowMs: 15 * 60 * 1000,
        key: (request) => request.ip,
      }),
    },
    async (request) => {
      const userType = await resetPassword(app.db, request.body.token, request.body.password);
      app.jobs.kick('mail');
      return { data: { reset: true as const, userType } };
    },
  );
};
