import { Avatar, type MantineSize } from '@mantine/core';

/** A camper's initials in a soft circle, in the site's colours. */
export function ChildAvatar({
  firstName,
  lastName,
  size = 'lg',
}: {
  firstName: string;
  lastName: string;
  size?: MantineSize | number;
}) {
  return (
    <Avatar color="leaf" variant="light" size={size} aria-hidden>
      {`${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase()}
    </Avatar>
  );
}
