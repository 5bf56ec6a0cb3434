import type { TransferOption } from '@campwise/contract/transfers';
import { describe, expect, it } from 'vitest';
import {
  adjustmentText,
  confirmLabel,
  consequenceText,
  differenceText,
  movedText,
  transferPlacesText,
} from '../src/components/registrations/transfer-text.ts';

const option = (differenceCents: number): TransferOption => ({
  sessionId: 2,
  name: 'Week 2',
  startDate: '2027-06-21',
  endDate: '2027-06-25',
  startTime: null,
  endTime: null,
  weekdays: null,
  priceCents: 50000,
  spotsLeft: 3,
  differenceCents,
  available: true,
  reason: null,
});
const outcome = (differenceCents: number, receiptNumber: string | null = null) => ({
  registrationId: 1,
  sessionId: 2,
  sessionName: 'Week 2',
  differenceCents,
  receiptNumber,
});
const maya = { childName: 'Maya Fielding' };
const mayaAtHost = { childName: 'Maya Fielding', parentName: 'Casey Fielding' };

describe('what a move costs, in words', () => {
  it('tells the parent what they pay or get back', () => {
    expect(differenceText('parent', 5000)).toBe('You pay $50 more');
    expect(differenceText('parent', -2050)).toBe('You get $20.50 back');
    expect(differenceText('parent', 0)).toBe('Same price');
  });

  it('tells the host only of refunds, since a host never charges', () => {
    expect(differenceText('host', -2000)).toBe('Family gets $20 back');
    expect(differenceText('host', 0)).toBe('No charge to the family');
  });

  it('says on the button what happens', () => {
    expect(confirmLabel('parent', 5000)).toBe('Move and pay $50');
    expect(confirmLabel('parent', -2000)).toBe('Move and get $20 back');
    expect(confirmLabel('parent', 0)).toBe('Move');
    expect(confirmLabel('host', -2000)).toBe('Move and refund $20');
    expect(confirmLabel('host', 0)).toBe('Move');
  });
});

describe('before and after a move', () => {
  it('says where the child goes and what happens to the money', () => {
    expect(consequenceText('parent', maya, option(5000))).toBe(
      'Maya Fielding moves to Week 2. We charge $50 to the card you choose.',
    );
    expect(consequenceText('parent', maya, option(-2000))).toBe(
      'Maya Fielding moves to Week 2. $20 goes back to your card.',
    );
    expect(consequenceText('host', mayaAtHost, option(-2000))).toBe(
      'Maya Fielding moves to Week 2. Casey Fielding is refunded $20 and told by e-mail.',
    );
    expect(consequenceText('host', mayaAtHost, option(0))).toBe(
      'Maya Fielding moves to Week 2. No charge to the family. Casey Fielding is told by e-mail.',
    );
  });

  it('names the new session and the charge with its receipt, or the refund', () => {
    expect(movedText('parent', maya, outcome(5000, 'CW-000123'))).toBe(
      'Maya Fielding moved to Week 2. We charged $50 to your card. Receipt number CW-000123.',
    );
    expect(movedText('parent', maya, outcome(-2000))).toBe(
      'Maya Fielding moved to Week 2. $20 is on its way back to your card.',
    );
    expect(movedText('parent', maya, outcome(0))).toBe(
      'Maya Fielding moved to Week 2. Nothing was charged or refunded.',
    );
    expect(movedText('host', mayaAtHost, outcome(-2000))).toBe(
      'Maya Fielding moved to Week 2. Casey Fielding is refunded $20 and told by e-mail.',
    );
  });
});

describe('places and discounts', () => {
  it('counts the spots left', () => {
    expect(transferPlacesText(3)).toBe('3 spots left');
    expect(transferPlacesText(1)).toBe('1 spot left');
    expect(transferPlacesText(0)).toBe('No spots left');
  });

  it('names a discount with what it took off', () => {
    expect(adjustmentText({ kind: 'sibling', amountCents: 3000 })).toBe('Sibling discount -$30');
    expect(adjustmentText({ kind: 'promo_code', amountCents: 1050 })).toBe('Promo code -$10.50');
  });
});
