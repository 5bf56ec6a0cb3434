import {
  criteriaKey,
  criteriaToForm,
  DIGEST_MAX_SESSIONS,
  describeSearch,
  searchCriteria,
} from '@campwise/contract/saved-searches';
import { searchBodySchema } from '@campwise/contract/search';
import { searchFormToBody } from '@campwise/contract/search-form';
import { describe, expect, it } from 'vitest';
import {
  DIGEST_INTERVAL_MS,
  digestLines,
  isDigestDue,
  type NewSession,
  resultsUrl,
} from '../src/modules/saved-searches/digest-rules.ts';
import { UnsubscribeLinks } from '../src/modules/unsubscribe/unsubscribe-links.ts';

const criteriaOf = (body: object) => searchCriteria(searchBodySchema.parse(body));

describe('saved search criteria', () => {
  it('keeps what narrows the search, in one shape, and names it by its filters', () => {
    const criteria = criteriaOf({
      term: '  Soccer ',
      filters: { zip: '60614', age: '9', month: '7', cost: '500', radius: '', hasPlaces: 'false' },
      categories: [7, 6, 7],
      sort: '',
      limit: 20,
      cursor: null,
    });
    expect(criteria).toEqual({
      term: 'Soccer',
      filters: { zip: '60614', age: 9, month: 7, cost: 500 },
      categories: [6, 7],
    });
    expect(describeSearch(criteria)).toBe(
      'Soccer · within 25 miles of 60614 · age 9 · July · up to $500 · Sports, Soccer',
    );
    expect(describeSearch(criteriaOf({}))).toBe('All camps');
    expect(describeSearch(criteriaOf({ filters: { startsFrom: '2030-07-01', hasPlaces: true } }))).toBe(
      'from July 1, 2030 · places left',
    );
    expect(describeSearch(criteriaOf({ term: 'x'.repeat(150) }))).toHaveLength(80);
  });

  it('tells the same search apart from another, whatever the order or case', () => {
    const one = criteriaOf({ term: 'Swim', filters: { age: 9, zip: '60614' }, categories: [9, 21] });
    const same = criteriaOf({ term: 'swim ', filters: { zip: '60614', age: '9' }, categories: [21, 9] });
    const other = criteriaOf({ term: 'swim', filters: { zip: '60614', age: 10 }, categories: [21, 9] });
    expect(criteriaKey(one)).toBe(criteriaKey(same));
    expect(criteriaKey(one)).not.toBe(criteriaKey(other));
    const differentOrder = criteriaOf({
      term: 'Swim',
      filters: { age: 9, zip: '60614' },
      categories: [9, 21],
      sort: 'price',
    });
    expect(criteriaKey(one)).toBe(criteriaKey(differentOrder));
  });

  it('opens as the same search on the results page', () => {
    const criteria = criteriaOf({
      term: 'art',
      filters: { zip: '60614', radius: 10, endsBy: '2030-08-01' },
      categories: [2],
      sort: 'price',
    });
    expect(criteriaOf(searchFormToBody(criteriaToForm(criteria)))).toEqual(criteria);
    expect(resultsUrl('https://campwise.example', criteria)).toBe(
      'https://campwise.example/searchresults?term=art&zip=60614&radius=10&endsBy=2030-08-01&categories=2&sort=price',
    );
    expect(resultsUrl('https://campwise.example', criteriaOf({}))).toBe(
      'https://campwise.example/searchresults',
    );
  });
});

describe('the weekly digest', () => {
  const now = new Date('2030-03-10T12:00:00Z');

  it('is due a week after the last check, and only when on', () => {
    const weekAgo = new Date(now.getTime() - DIGEST_INTERVAL_MS);
    expect(isDigestDue({ digest: true, digestCheckedAt: weekAgo }, now)).toBe(true);
    expect(isDigestDue({ digest: true, digestCheckedAt: new Date(weekAgo.getTime() + 1) }, now)).toBe(false);
    expect(isDigestDue({ digest: false, digestCheckedAt: new Date(0) }, now)).toBe(false);
  });

  it('lists camp, session, dates, price and link, and counts what it leaves out', () => {
    const session = (id: number): NewSession => ({
      sessionId: id,
      sessionName: `Week ${id}`,
      campId: 7,
      campName: 'Lakeside',
      sessionCount: 3,
      startDate: '2030-06-15',
      endDate: '2030-06-19',
      isYearRound: false,
      weekdays: [1, 2, 3, 4, 5],
      priceCents: 17550,
    });
    const lines = digestLines([session(1)], 1, 'https://campwise.example', now);
    expect(lines).toEqual({
      sessions: [
        {
          campName: 'Lakeside (Week 1)',
          dates: 'June 15 – June 19 · Mon–Fri',
          price: '$175.50',
          url: 'https://campwise.example/camps/7',
        },
      ],
      moreCount: 0,
    });
    const many = Array.from({ length: DIGEST_MAX_SESSIONS }, (_, i) => session(i + 1));
    const capped = digestLines(many, DIGEST_MAX_SESSIONS + 5, 'https://campwise.example', now);
    expect(capped.sessions).toHaveLength(DIGEST_MAX_SESSIONS);
    expect(capped.moreCount).toBe(5);
  });
});

describe('unsubscribe tokens', () => {
  const links = new UnsubscribeLinks(
    'a-secret-of-at-least-thirty-two-characters',
    'https://campwise.example',
  );
  const subject = { kind: 'place' as const, id: 42, issuedAt: new Date('2030-03-10T12:00:00.123Z') };

  it('reads back what it signed, and nothing changed or signed with another secret', () => {
    const token = links.token(subject);
    expect(links.read(token)).toEqual(subject);
    expect(links.addresses(subject)).toEqual({
      oneClickUrl: `https://campwise.example/api/unsubscribe/${token}`,
      pageUrl: `https://campwise.example/unsubscribe/${token}`,
    });
    const [kind, id, issued] = token.split('-');
    const signature = token.split('-').slice(3).join('-');
    for (const forged of [
      `digest-${id}-${issued}-${signature}`,
      `${kind}-43-${issued}-${signature}`,
      `${kind}-${id}-${issued}0-${signature}`,
      `${kind}-${id}-${issued}-${signature.slice(1)}`,
      `${kind}-${id}-${issued}`,
      '',
      new UnsubscribeLinks('another-secret-of-thirty-two-characters!', 'x').token(subject),
    ]) {
      expect(links.read(forged), forged).toBeNull();
    }
  });
});
