import { inviteFriendBody } from '@campwise/contract/friends';
import { messages } from '@campwise/contract/messages';
import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useInvitationLink, useInviteFriend } from '../../api/friends.ts';
import { checkFailed, refusalBeside, useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { notify } from './notify.ts';

/** Invite a family: by e-mail, or with a link the parent sends however they like. */
export function InviteForm() {
  const invite = useInviteFriend();
  const link = useInvitationLink();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const { onSubmit, formRef } = useCheckedSubmit({
    check: () => {
      const parsed = inviteFriendBody.safeParse({ email });
      return parsed.success
        ? { body: parsed.data.email }
        : checkFailed({ email: parsed.error.issues[0]?.message ?? messages.invalidEmail });
    },
    showErrors: (errors: { email?: string }) => setError(errors.email ?? null),
    send: (invited) => invite.mutateAsync(invited),
    placeRefusal: refusalBeside('email'),
    onSent: (_invitation, invited) => {
      notify('leaf', messages.friendInviteSent.replace('{email}', invited));
      setEmail('');
    },
  });

  const makeLink = () =>
    link.mutate(undefined, {
      onSuccess: async ({ url }) => {
        try {
          await navigator.clipboard.writeText(url);
          notify('leaf', messages.friendLinkCopied);
        } catch {
          // The link stays on the page to copy by hand.
        }
      },
      onError: (failure) => notify('red', failure.message),
    });

  return (
    <Card p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="invite-heading">
      <Stack gap="md">
        <Title order={2} fz="h3" id="invite-heading">
          Invite a family
        </Title>
        <Text size="sm" c="gray.7">
          Once they accept, each of you chooses, child by child, whether to share which sessions your children
          are going to. Nothing is shared until you say so.
        </Text>
        <form onSubmit={onSubmit} noValidate ref={formRef}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Their email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={error}
              style={{ flex: '1 1 16rem' }}
            />
            <Button
              type="submit"
              color="sun"
              mt={{ base: 0, xs: 25 }}
              loading={invite.isPending}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              Send invitation
            </Button>
          </Group>
        </form>
        <Stack gap="xs">
          <Text size="sm" fw={700}>
            Or send a link yourself
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={makeLink}
              loading={link.isPending}
              leftSection={<IconLink size={18} aria-hidden />}
            >
              Copy invitation link
            </Button>
          </Group>
          {link.data ? (
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Invitation link"
                description="It works once and expires in 14 days."
                value={link.data.url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
              />
              <CopyButton value={link.data.url}>
                {({ copied, copy }) => (
                  <Button
                    variant="default"
                    onClick={copy}
                    leftSection={
                      copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />
                    }
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}
