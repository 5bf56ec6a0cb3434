import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

interface SiteReply {
  data: {
    planName: string;
    planPriceCents: number;
    planInterval: string;
    supportEmail: string;
    infoEmail: string;
    privacyEmail: string;
    socialLinks: { facebook: string; instagram: string };
    explainerVideos: { camp: string | null; camper: string | null };
    mapStyleUrl: string | null;
    payments: { provider: string; publishableKey: string | null };
  };
}

describe('GET /api/site', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  async function site(env: Record<string, string> = {}): Promise<SiteReply['data']> {
    const t = await buildTestApp(env);
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    return res.json<SiteReply>().data;
  }

  it('answers the defaults when nothing is configured', async () => {
    expect(await site()).toEqual({
      planName: 'Campwise Host',
      planPriceCents: 2900,
      planInterval: 'month',
      supportEmail: 'support@campwise.example',
      infoEmail: 'info@campwise.example',
      privacyEmail: 'privacy@campwise.example',
      socialLinks: {
        facebook: 'https://www.facebook.com/campwise',
        instagram: 'https://www.instagram.com/campwise',
      },
      explainerVideos: { camp: null, camper: null },
      mapStyleUrl: null,
      payments: { provider: 'test', publishableKey: null },
    });
  });

  it('answers the configured plan, contact addresses and videos', async () => {
    const data = await site({
      PLAN_NAME: 'Host Pro',
      PLAN_PRICE_CENTS: '4950',
      PLAN_INTERVAL: 'year',
      SUPPORT_EMAIL: 'help@camps.example',
      INFO_EMAIL: 'hello@camps.example',
      PRIVACY_EMAIL: 'dpo@camps.example',
      EXPLAINER_VIDEO_CAMP_URL: 'https://video.example/camp',
      MAP_STYLE_URL: 'https://tiles.example/styles/liberty.json',
    });
    expect(data).toMatchObject({
      planName: 'Host Pro',
      planPriceCents: 4950,
      planInterval: 'year',
      supportEmail: 'help@camps.example',
      infoEmail: 'hello@camps.example',
      privacyEmail: 'dpo@camps.example',
      explainerVideos: { camp: 'https://video.example/camp', camper: null },
      mapStyleUrl: 'https://tiles.example/styles/liberty.json',
    });
  });

  it('lets the page reach the map style’s host only when a map is configured', async () => {
    const csp = async (env: Record<string, string>) => {
      const t = await buildTestApp(env);
      apps.push(t);
      const res = await t.app.inject({ method: 'GET', url: '/api/site' });
      return String(res.headers['content-security-policy']);
    };
    expect(await csp({})).not.toContain('tiles.example');
    const withMap = await csp({ MAP_STYLE_URL: 'https://tiles.example/styles/liberty.json' });
    expect(withMap).toMatch(/connect-src [^;]*https:\/\/tiles\.example/);
    expect(withMap).toMatch(/img-src [^;]*https:\/\/tiles\.example/);
    expect(withMap).toContain("worker-src 'self' blob:");
  });
});
