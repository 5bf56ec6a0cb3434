import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/platform/errors.ts';
import { enforceRouteAccess } from '../src/platform/route-access.ts';

/** The one hook behind every route's declared access (decision 059), on an app of its own. */
describe('the declared access of a route', () => {
  let app: FastifyInstance;
  const calls: string[] = [];
  const paymentRequired = () => {
    calls.push('subscription guard');
    throw new AppError(402, 'SUBSCRIPTION_REQUIRED', 'A subscription is needed');
  };

  function scopedApp(register: (scope: FastifyInstance) => void): FastifyInstance {
    app = Fastify();
    app.register(async (scope) => {
      enforceRouteAccess(scope, { subscribedHost: paymentRequired, ownSubscription: paymentRequired });
      register(scope);
    });
    return app;
  }

  afterEach(async () => {
    calls.length = 0;
    await app.close();
  });

  it('stops the app from starting when a route declares none', async () => {
    scopedApp((scope) => scope.get('/forgotten', async () => ({ ok: true })));
    await expect(app.ready()).rejects.toThrow('GET /forgotten declares no access (config.access)');
  });

  it('stops the start when a subscribedHost route declares no team right and does not act across teams', async () => {
    scopedApp((scope) => {
      scope.get('/camps', { config: { access: 'subscribedHost', acrossTeams: true } }, async () => []);
      scope.get('/camp/:id', { config: { access: 'subscribedHost' } }, async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(
      'GET /camp/:id declares no team right (config.right, or acrossTeams: true)',
    );
  });

  it('stops the start when a route that is not subscribedHost declares a team right', async () => {
    scopedApp((scope) =>
      scope.get('/me', { config: { access: 'user', right: 'org:view' } }, async () => 'x'),
    );
    await expect(app.ready()).rejects.toThrow(
      'GET /me declares a team right, which only a subscribedHost route has',
    );
  });

  it('runs the guard before the route’s own preHandlers, and none on a public route', async () => {
    const limiter = async () => {
      calls.push('limiter');
    };
    scopedApp((scope) => {
      scope.get('/mine', { config: { access: 'camper' }, preHandler: limiter }, async () => ({ ok: true }));
      scope.get(
        '/plan',
        { config: { access: 'subscribedHost', right: 'money' }, preHandler: [limiter] },
        async () => 'x',
      );
      scope.get('/open', { config: { access: 'public' }, preHandler: limiter }, async () => ({ ok: true }));
    });

    expect((await app.inject({ url: '/mine' })).statusCode).toBe(401);
    expect(calls).toEqual([]);
    expect((await app.inject({ url: '/plan' })).statusCode).toBe(402);
    expect(calls).toEqual(['subscription guard']);
    expect((await app.inject({ url: '/open' })).statusCode).toBe(200);
    expect(calls).toEqual(['subscription guard', 'limiter']);
  });

  it('leaves routes outside the scope alone (files served as they are)', async () => {
    scopedApp(() => undefined);
    app.get('/assets/app.js', async () => 'served');
    expect((await app.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
  });
});
