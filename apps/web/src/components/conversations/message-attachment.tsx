import type { MessageAttachment } from '@campwise/contract/conversations';
import { messages } from '@campwise/contract/messages';
import { Anchor, Box, Skeleton, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { attachmentDownload, useAttachmentPhoto } from '../../api/conversations.ts';
import { useDownload } from '../../api/registrations.ts';
import classes from './conversations.module.css';

/** A photo in a thread; it opens at full size in a new tab. */
function AttachmentPhoto({ attachment }: { attachment: MessageAttachment }) {
  const { address, failed } = useAttachmentPhoto(attachment);
  if (failed) {
    return (
      <Text size="sm" c="red.8" mt="xs">
        {messages.attachmentNotLoaded}
      </Text>
    );
  }
  if (!address) return <Skeleton className={classes.photoPlaceholder} />;
  return (
    <a href={address} target="_blank" rel="noopener noreferrer">
      <img src={address} alt={`Attached photo: ${attachment.name}`} className={classes.photo} />
    </a>
  );
}

/** A document in a thread: its name, which saves it through the browser's downloads. */
function AttachmentDocument({ attachment }: { attachment: MessageAttachment }) {
  const download = useDownload();
  return (
    <Box mt="xs">
      {/* Only the icon and the name are the link, not the rest of the line. */}
      <Anchor
        href={attachment.url}
        size="sm"
        className={classes.fileLink}
        onClick={(event) => {
          // The file needs the session, which following the link would not send.
          event.preventDefault();
          download.mutate(attachmentDownload(attachment));
        }}
      >
        <IconFileTypePdf size={18} aria-hidden />
        {attachment.name}
      </Anchor>
      {download.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {messages.attachmentNotLoaded}
        </Text>
      ) : null}
    </Box>
  );
}

/** A message's attachment, read from the conversation's private address (decision 044). */
export function MessageAttachmentView({ attachment }: { attachment: MessageAttachment }) {
  return attachment.kind === 'image' ? (
    <AttachmentPhoto attachment={attachment} />
  ) : (
    <AttachmentDocument attachment={attachment} />
  );
}
