import { messageText } from '@campwise/contract/conversations';
import { messages } from '@campwise/contract/messages';
import { Button, FileInput, Group, Progress, Stack, Textarea } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { type InboxSide, useReply } from '../../api/conversations.ts';
import { checkFailed, useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { notify } from '../friends/notify.ts';

const MAX_BYTES = 10 * 1024 * 1024;

/** Writing back: plain text and, if wanted, one photo or PDF, with the upload's progress. */
export function ReplyForm({ side, conversationId }: { side: InboxSide; conversationId: number }) {
  const reply = useReply(side, conversationId);
  const [body, setBody] = useState('');
  const [attachment, setAttachment] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ body?: string; attachment?: string }>({});

  const { onSubmit, formRef } = useCheckedSubmit({
    check: () => {
      const parsed = messageText.safeParse(body);
      const problems = {
        body: parsed.success ? undefined : parsed.error.issues[0]?.message,
        attachment:
          attachment && attachment.size > MAX_BYTES ? messages.messageAttachmentTooLarge : undefined,
      };
      if (!parsed.success || problems.attachment) return checkFailed(problems);
      return { body: { body: parsed.data, attachment } };
    },
    showErrors: setErrors,
    send: (message) => reply.mutateAsync(message),
    // A refusal that names no field is said in a notification, as the thread's other news are.
    placeRefusal: (message, fields = {}) => {
      if (Object.keys(fields).length === 0) notify('red', message);
      return { fields: { body: fields.body, attachment: fields.attachment }, banner: null };
    },
    onSent: () => {
      setBody('');
      setAttachment(null);
      notify('leaf', messages.messageSent);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reply" ref={formRef}>
      <Stack gap="sm">
        <Textarea
          label="Your reply"
          autosize
          minRows={3}
          maxRows={12}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={errors.body}
        />
        <Group align="flex-end" justify="space-between" gap="sm" wrap="wrap">
          <FileInput
            label="Attach a photo or PDF (optional)"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            clearable
            value={attachment}
            onChange={setAttachment}
            error={errors.attachment}
            leftSection={<IconPaperclip size={16} aria-hidden />}
            style={{ flex: '1 1 16rem' }}
          />
          <Button
            type="submit"
            color="sun"
            loading={reply.isPending}
            leftSection={<IconSend size={18} aria-hidden />}
          >
            Send
          </Button>
        </Group>
        {reply.progress !== null && attachment ? (
          <Progress value={reply.progress * 100} aria-label="Upload progress" size="sm" animated />
        ) : null}
      </Stack>
    </form>
  );
}
