import { Card, Center } from '@mantine/core';
import type { ReactNode } from 'react';
import { Illustration, type IllustrationName } from '../illustration.tsx';
import { PageFrame } from '../page/page-frame.tsx';
import type { ParentScreen } from '../page/parent-link.tsx';

/** The drawing beside each sign-in screen's form on a wide screen, by who signs in there. */
export const authArt: Record<'host' | 'camper' | 'admin', IllustrationName> = {
  host: 'hero-host',
  camper: 'hero-family',
  admin: 'lodge',
};

/** Every sign-in style screen: the page frame with its form in a card in the narrow column. */
export function AuthCard({
  title,
  subtitle,
  parent,
  art = 'tent',
  children,
}: {
  title: string;
  subtitle?: string;
  parent?: ParentScreen;
  art?: IllustrationName;
  children: ReactNode;
}) {
  return (
    <PageFrame
      title={title}
      description={subtitle}
      parent={parent}
      width="narrow"
      aside={
        <Center h="100%">
          <Illustration name={art} width={400} height={300} />
        </Center>
      }
    >
      <Card padding="xl">{children}</Card>
    </PageFrame>
  );
}
