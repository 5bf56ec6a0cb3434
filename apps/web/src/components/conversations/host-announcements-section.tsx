import { type AnnouncementAudience, announcementBody } from '@campwise/contract/conversations';
import { formatMoment } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCampAnnouncements, useSendAnnouncement } from '../../api/conversations.ts';
import { useHostSessions } from '../../api/sessions.ts';
import { checkFailed, useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { notify } from '../friends/notify.ts';
import { QueryState } from '../page/query-state.tsx';
import classes from './conversations.module.css';

type Errors = Partial<Record<'audience' | 'sessionId' | 'subject' | 'body', string>>;

const AUDIENCES: { value: AnnouncementAudience; label: string }[] = [
  { value: 'session', label: 'Families with a place in one session' },
  { value: 'camp', label: 'Families with a place in any session' },
  { value: 'waitlist', label: 'Families on the waitlist' },
];

function AnnouncementForm({ campId }: { campId: number }) {
  const sessions = useHostSessions(campId);
  const send = useSendAnnouncement(campId);
  const [audience, setAudience] = useState<AnnouncementAudience>('session');
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const { onSubmit, formRef } = useCheckedSubmit({
    check: () => {
      const parsed = announcementBody.safeParse({
        audience,
        sessionId: sessionId ? Number(sessionId) : null,
        subject,
        body,
      });
      if (parsed.success) return { body: parsed.data };
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      return checkFailed(found);
    },
    showErrors: setErrors,
    send: (announcement) => send.mutateAsync(announcement),
    // A refusal that names no field is said in a notification, as a sent announcement is.
    placeRefusal: (message, fields) => {
      if (!fields) notify('red', message);
      return { fields: fields ?? {}, banner: null };
    },
    onSent: (sent) => {
      notify('leaf', messages.announcementSent.replace('{count}', String(sent.recipients)));
      setSubject('');
      setBody('');
    },
  });

  const sessionChoices = (sessions.data ?? [])
    .filter((session) => session.status === 'scheduled')
    .map((session) => ({ value: String(session.id), label: session.name }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New announcement" ref={formRef}>
      <Stack gap="sm">
        <Group grow align="flex-start" gap="sm" preventGrowOverflow={false} wrap="wrap">
          <Select
            label="Send to"
            data={AUDIENCES}
            value={audience}
            allowDeselect={false}
            onChange={(value) => setAudience((value as AnnouncementAudience | null) ?? 'session')}
            error={errors.audience}
            style={{ flex: '1 1 16rem' }}
          />
          {audience === 'camp' ? null : (
            <Select
              label={audience === 'waitlist' ? 'Session (optional)' : 'Session'}
              placeholder={audience === 'waitlist' ? 'Every session' : 'Choose a session'}
              data={sessionChoices}
              value={sessionId}
              onChange={setSessionId}
              clearable={audience === 'waitlist'}
              error={errors.sessionId}
              style={{ flex: '1 1 12rem' }}
            />
          )}
        </Group>
        <TextInput
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          error={errors.subject}
        />
        <Textarea
          label="Message"
          description="Plain text; web addresses become links. Each family gets it by email and in their Messages."
          autosize
          minRows={4}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={errors.body}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            color="sun"
            loading={send.isPending}
            leftSection={<IconSpeakerphone size={18} aria-hidden />}
          >
            Send announcement
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const AUDIENCE_TEXT: Record<AnnouncementAudience, string> = {
  session: 'Session',
  camp: 'Whole camp',
  waitlist: 'Waitlist',
};

/** On the host's camp page: send an announcement, and see each one's reach and reads. */
export function HostAnnouncementsSection({ campId }: { campId: number }) {
  const sent = useCampAnnouncements(campId);
  return (
    <Card
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="announcements-heading"
      id="announcements"
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id="announcements-heading">
          Announcements
        </Title>
        <Text size="sm" c="gray.7">
          Tell the families of a session, the whole camp or its waitlist something at once. Only families with
          a place or a waitlist place receive it.
        </Text>
        <AnnouncementForm campId={campId} />
        <QueryState
          query={sent}
          skeleton={<Skeleton height={60} radius="md" />}
          errorMessage="We could not load the announcements."
          empty={null}
        >
          {(announcements) => (
            <Stack gap="xs" component="ul" className={classes.list} aria-label="Sent announcements">
              {announcements.map((announcement) => (
                <li key={announcement.id}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Anchor component={Link} to={`/host/announcements/${announcement.id}`} fw={700}>
                      {announcement.subject}
                    </Anchor>
                    <Text size="sm" c="gray.7">
                      {AUDIENCE_TEXT[announcement.audience]}
                      {announcement.sessionName ? ` · ${announcement.sessionName}` : ''} ·{' '}
                      {formatMoment(announcement.createdAt, { compact: true })} · read by {announcement.read}{' '}
                      of {announcement.recipients}
                    </Text>
                  </Group>
                </li>
              ))}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
