import type { CampDetail } from '@campwise/contract/camps';
import { Box, NativeSelect, NavLink, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '../page/page-frame.tsx';
import classes from './camp-settings-frame.module.css';
import { CAMP_SETTINGS, type CampSettingsSlug, settingsPath } from './settings-sections.ts';

interface CampSettingsFrameProps {
  camp: CampDetail;
  section: (typeof CAMP_SETTINGS)[number];
  children: ReactNode;
}

/**
 * Edit camp: its sections in a side navigation on a wide screen (a choice of section on a
 * phone), and the one section chosen beside it.
 */
export function CampSettingsFrame({ camp, section, children }: CampSettingsFrameProps) {
  const navigate = useNavigate();
  return (
    <PageFrame
      title="Edit camp"
      parent={{ to: `/host/camp/${camp.id}`, label: camp.name }}
      description={camp.name}
    >
      <Box className={classes.layout}>
        <Box component="nav" aria-label="Camp settings" className={classes.nav} visibleFrom="md">
          <Stack gap={2}>
            {CAMP_SETTINGS.map((one) => (
              <NavLink
                key={one.slug}
                component={Link}
                to={settingsPath(camp.id, one.slug)}
                label={one.label}
                description={one.hint}
                active={one.slug === section.slug}
                aria-current={one.slug === section.slug ? 'page' : undefined}
                color={one.slug === 'delete' ? 'red' : undefined}
                // Darker than the theme's active colour, to read at 4.5:1 on its tint.
                c={one.slug === section.slug ? 'leaf.9' : undefined}
                classNames={{ root: classes.link, description: classes.description }}
              />
            ))}
          </Stack>
        </Box>
        <Stack gap="lg" miw={0}>
          <NativeSelect
            hiddenFrom="md"
            label="Section"
            value={section.slug}
            data={CAMP_SETTINGS.map((one) => ({ value: one.slug, label: one.label }))}
            onChange={(event) =>
              navigate(settingsPath(camp.id, event.currentTarget.value as CampSettingsSlug))
            }
          />
          <Text hiddenFrom="md" size="sm" c="gray.7" mt={-8}>
            {section.hint}
          </Text>
          {children}
        </Stack>
      </Box>
    </PageFrame>
  );
}
