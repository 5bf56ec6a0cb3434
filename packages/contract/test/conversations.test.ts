import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { announcementBody, messagePieces, startConversationBody } from '../src/conversations.ts';
import { messages } from '../src/messages.ts';

describe('messagePieces', () => {
  it('makes http(s) and www. addresses links and leaves the rest text', () => {
    expect(messagePieces('See https://camp.example/faq. Or www.lake.example, thanks!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://camp.example/faq', href: 'https://camp.example/faq' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'www.lake.example', href: 'https://www.lake.example' },
      { kind: 'text', text: ', thanks!' },
    ]);
  });

  it('keeps markup and scripts as text', () => {
    expect(messagePieces('<script>alert(1)</script> <a href="javascript:x">hi</a>')).toEqual([
      { kind: 'text', text: '<script>alert(1)</script> <a href="javascript:x">hi</a>' },
    ]);
    expect(messagePieces('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });

  it('loses and adds nothing, and every link is http(s) without markup', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '.', '<', '"', 'https://', 'www.', '/', ')') }),
        (text) => {
          const pieces = messagePieces(text);
          expect(pieces.map((piece) => piece.text).join('')).toBe(text);
          for (const piece of pieces) {
            if (piece.kind !== 'link') continue;
            expect(piece.href).toMatch(/^https?:\/\//i);
            expect(piece.href).not.toMatch(/[<>"\s]/);
          }
        },
      ),
    );
  });
});

describe('message and announcement input', () => {
  it('trims a message and refuses an empty or over-long one', () => {
    expect(startConversationBody.parse({ body: '  Hello\r\nthere ' })).toEqual({ body: 'Hello\nthere' });
    expect(startConversationBody.safeParse({ body: '   ' }).error?.issues[0]?.message).toBe(
      messages.messageBodyRequired,
    );
    expect(startConversationBody.safeParse({ body: 'x'.repeat(5001) }).error?.issues[0]?.message).toBe(
      messages.messageBodyTooLong,
    );
  });

  it('needs a session for a session announcement only', () => {
    const base = { subject: 'Bring a hat', body: 'Sunny week ahead.' };
    expect(announcementBody.safeParse({ ...base, audience: 'session' }).error?.issues[0]?.message).toBe(
      messages.announcementSessionRequired,
    );
    expect(announcementBody.safeParse({ ...base, audience: 'camp' }).success).toBe(true);
    expect(announcementBody.safeParse({ ...base, audience: 'waitlist', sessionId: 3 }).success).toBe(true);
  });
});
