import type { Child } from '@campwise/contract/children';
import {
  ActionIcon,
  type ActionIconProps,
  Anchor,
  Button,
  Checkbox,
  Popover,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useChildren } from '../../api/children.ts';
import { useMaybes, useRemoveMaybe, useSaveMaybe } from '../../api/maybes.ts';
import { useSession } from '../../app/session.ts';
import {
  maybeRemovedText,
  maybeSavedText,
  maybesOfSession,
  SAVED_PATH,
  savedMaybeLabel,
  saveMaybeLabel,
} from './maybe-text.ts';

interface SaveMaybeButtonProps {
  campId: number;
  sessionId: number;
  /** What the heart saves, in its name: the session's name, or the camp's for a single session. */
  name: string;
  /** The element naming the session, read after the heart's own name. */
  describedBy?: string;
  /** Where a guest comes back to after logging in; the camp's page unless said. */
  returnTo?: string;
}

/** The round heart's look: outlined until the session is saved for some child, then filled. */
export function heartLook(saved: boolean): ActionIconProps & { children: React.ReactNode } {
  return {
    size: 36,
    radius: 'xl',
    variant: saved ? 'light' : 'default',
    color: 'sun',
    c: saved ? 'sun.7' : 'gray.8',
    children: saved ? <IconHeartFilled size={20} aria-hidden /> : <IconHeart size={20} aria-hidden />,
  };
}

/**
 * "Save as maybe" on a session: a parent saves it for their child (choosing which, when there
 * are several); a guest goes to log in and comes back to the camp. Hosts and administrators
 * see nothing.
 */
export function SaveMaybeButton(props: SaveMaybeButtonProps) {
  const session = useSession();
  if (session === null) {
    return (
      <ActionIcon
        component={Link}
        to={`/camper/login?returnTo=${encodeURIComponent(props.returnTo ?? `/camps/${props.campId}`)}`}
        aria-label={saveMaybeLabel(props.name)}
        aria-describedby={props.describedBy}
        {...heartLook(false)}
      />
    );
  }
  if (session.userType !== 'camper') return null;
  return <ParentHeart {...props} />;
}

function ParentHeart({ sessionId, name, describedBy }: SaveMaybeButtonProps) {
  const children = useChildren();
  const maybes = useMaybes();
  const save = useSaveMaybe();
  const remove = useRemoveMaybe();
  const savedFor = maybesOfSession(maybes.data ?? [], sessionId);
  const kids = children.data ?? [];
  const savedNames = kids.filter((child) => savedFor.has(child.id)).map((child) => child.firstName);
  const saved = savedNames.length > 0;
  const label = saved ? savedMaybeLabel(savedNames) : saveMaybeLabel(name);
  const busy = save.isPending || remove.isPending;

  const toggle = (child: Child, callbacks: { onSuccess?: () => void; onError?: (error: Error) => void }) => {
    save.reset();
    remove.reset();
    const maybe = savedFor.get(child.id);
    if (maybe) remove.mutate(maybe, callbacks);
    else save.mutate({ childId: child.id, sessionId }, callbacks);
  };

  const [only] = kids;
  if (kids.length === 1 && only && maybes.isSuccess) {
    // One child: the heart itself saves and removes, and a toast says what it did.
    const toggleOnly = () =>
      toggle(only, {
        onSuccess: () =>
          notifications.show({
            color: 'leaf',
            message: (saved ? maybeRemovedText : maybeSavedText)(name, only.firstName),
          }),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      });
    return (
      <ActionIcon
        aria-label={label}
        aria-describedby={describedBy}
        aria-pressed={saved}
        loading={busy}
        onClick={toggleOnly}
        {...heartLook(saved)}
      />
    );
  }
  return (
    <ChildrenPopover
      name={name}
      label={label}
      saved={saved}
      describedBy={describedBy}
      loading={children.isPending || maybes.isPending}
      loadFailed={children.isError || maybes.isError}
      onRetry={() => Promise.all([children.refetch(), maybes.refetch()])}
      kids={kids}
      isChecked={(child) => {
        // While a change is on its way the box already shows what was asked for.
        if (save.isPending && save.variables?.childId === child.id) return true;
        if (remove.isPending && remove.variables?.childId === child.id) return false;
        return savedFor.has(child.id);
      }}
      busy={busy}
      error={save.error ?? remove.error}
      onToggle={(child) => toggle(child, {})}
    />
  );
}

interface ChildrenPopoverProps {
  name: string;
  label: string;
  saved: boolean;
  describedBy?: string;
  loading: boolean;
  loadFailed: boolean;
  onRetry: () => void;
  kids: Child[];
  isChecked: (child: Child) => boolean;
  busy: boolean;
  error: Error | null;
  onToggle: (child: Child) => void;
}

/**
 * With several children (or none yet) the heart opens a small dialog: a checkbox per child,
 * checked where the session is saved, and each one saves or removes at once.
 */
function ChildrenPopover({
  name,
  label,
  saved,
  describedBy,
  loading,
  loadFailed,
  onRetry,
  kids,
  isChecked,
  busy,
  error,
  onToggle,
}: ChildrenPopoverProps) {
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      width={260}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          aria-label={label}
          aria-describedby={describedBy}
          aria-pressed={saved}
          loading={loading}
          onClick={() => setOpened((open) => !open)}
          {...heartLook(saved)}
        />
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        {loadFailed ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="red.8" id={titleId} role="alert">
              We could not load your campers.
            </Text>
            <Button size="xs" variant="light" onClick={onRetry}>
              Try again
            </Button>
          </Stack>
        ) : kids.length === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" id={titleId}>
              Add your child first, then save sessions for them.
            </Text>
            <Button component={Link} to="/camper/campers" size="xs" variant="light">
              Add a camper
            </Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Stack gap="xs" role="group" aria-labelledby={titleId}>
              <Text size="sm" fw={700} id={titleId}>
                {saveMaybeLabel(name)} for
              </Text>
              {kids.map((child) => (
                <Checkbox
                  key={child.id}
                  label={child.firstName}
                  checked={isChecked(child)}
                  // Not disabled while a change is on its way: that would take the focus away.
                  onChange={() => {
                    if (!busy) onToggle(child);
                  }}
                />
              ))}
            </Stack>
            {error ? (
              <Text size="sm" c="red.8" role="alert">
                {error.message}
              </Text>
            ) : null}
            <Anchor component={Link} to={SAVED_PATH} size="sm" fw={700}>
              See saved sessions
            </Anchor>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
