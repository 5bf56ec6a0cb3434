import { Fragment } from 'react';
import { addressPieces } from './breakable-address.ts';

/**
 * An e-mail address or web address that wraps only at sensible points (after "@", before a
 * dot or a slash). Only a piece wider than the whole line still breaks, as a last resort.
 */
export function BreakableText({ value }: { value: string }) {
  let offset = 0;
  const pieces = addressPieces(value).map((piece) => {
    const start = offset;
    offset += piece.length;
    return { piece, start };
  });
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {pieces.map(({ piece, start }) => (
        <Fragment key={start}>
          {start > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}

/** A message with an address in its `{email}` place, the address wrapping only where it should. */
export function MessageWithAddress({ message, address }: { message: string; address: string }) {
  const [before, after = ''] = message.split('{email}');
  return (
    <>
      {before}
      <BreakableText value={address} />
      {after}
    </>
  );
}
