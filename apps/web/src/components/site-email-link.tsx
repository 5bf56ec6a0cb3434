import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useSiteInfo } from '../api/site.ts';
import { BreakableText } from './breakable-text.tsx';

interface SiteEmailLinkProps {
  mailbox: 'supportEmail' | 'infoEmail' | 'privacyEmail';
}

/** A mailto link to one of our configured addresses, or to the Contact page until it is known. */
export function SiteEmailLink({ mailbox }: SiteEmailLinkProps) {
  const { data: site } = useSiteInfo();
  if (!site) {
    return (
      <Anchor component={Link} to="/contact" underline="always">
        our Contact page
      </Anchor>
    );
  }
  return (
    <Anchor href={`mailto:${site[mailbox]}`} underline="always">
      <BreakableText value={site[mailbox]} />
    </Anchor>
  );
}
