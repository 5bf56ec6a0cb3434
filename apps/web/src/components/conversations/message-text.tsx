import { messagePieces } from '@campwise/contract/conversations';
import { Anchor, Text } from '@mantine/core';

/**
 * A message as it was typed (decision 031): line breaks kept, addresses made links, and
 * nothing else interpreted — markup shows as the characters it is.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {messagePieces(text).map((piece, index) =>
        piece.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces are a fixed split of one text
          <Anchor key={index} href={piece.href} target="_blank" rel="noopener noreferrer nofollow">
            {piece.text}
          </Anchor>
        ) : (
          piece.text
        ),
      )}
    </Text>
  );
}
