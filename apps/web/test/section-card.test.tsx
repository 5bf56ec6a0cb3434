import { Button, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SectionCard } from '../src/components/section-card.tsx';

const render = (card: ReactNode) =>
  renderToString(<MantineProvider>{card}</MantineProvider>).replace(/<style[\s\S]*?<\/style>/g, '');

describe('SectionCard', () => {
  it('is a page section named by its heading when given the heading’s id', () => {
    const html = render(
      <SectionCard
        title="Refund policy"
        headingId="refund-policy-heading"
        description="What a family gets back"
      >
        <p>Full refund until 14 days before</p>
      </SectionCard>,
    );
    expect(html).toMatch(/^<section[^>]*aria-labelledby="refund-policy-heading"/);
    expect(html).toMatch(/<h2[^>]*id="refund-policy-heading"[^>]*>Refund policy<\/h2>/);
    expect(html).toContain('What a family gets back');
    expect(html).toContain('<p>Full refund until 14 days before</p>');
  });

  it('stays a plain card without one, with no description line when none is given', () => {
    const html = render(
      <SectionCard title="Thumbnail">
        <p>Picture</p>
      </SectionCard>,
    );
    expect(html).toMatch(/^<div/);
    expect(html).not.toContain('aria-labelledby');
    expect(html).toMatch(/<h2[^>]*>Thumbnail<\/h2><\/div><p>Picture<\/p>/);
  });

  it('puts the section’s button beside the heading, and the card’s id on the card', () => {
    const html = render(
      <SectionCard
        title="Sessions"
        headingId="sessions-heading"
        id="sessions"
        action={<Button>Add session</Button>}
      >
        <p>Week 1</p>
      </SectionCard>,
    );
    expect(html).toMatch(/^<section[^>]*id="sessions"/);
    const heading = html.indexOf('>Sessions</h2>');
    const button = html.indexOf('Add session');
    const content = html.indexOf('Week 1');
    expect(heading).toBeGreaterThan(0);
    expect(button).toBeGreaterThan(heading);
    expect(content).toBeGreaterThan(button);
  });
});
