import { Box, Container, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Illustration, type IllustrationName } from '../illustration.tsx';
import classes from './page-frame.module.css';
import { ParentLink, type ParentScreen } from './parent-link.tsx';

export type PageWidth = 'wide' | 'form' | 'narrow';

interface PageFrameProps {
  /** The page's one h1 (upper case, one line; see docs/decisions/010). */
  title: string;
  /** The back link, to the logical parent screen; top-level screens have none. */
  parent?: ParentScreen;
  /** A line or two under the title. */
  description?: ReactNode;
  /** A status shown beside the title. */
  badge?: ReactNode;
  /** Buttons for the page: right of the title, or under it on a phone and in a band. */
  actions?: ReactNode;
  /** How wide the content runs from the shared left edge: 1200, 760 or 440 px at most. */
  width?: PageWidth;
  /** Content pages: the head sits in a tinted band with this drawing beside it on wider screens. */
  illustration?: IllustrationName;
  /** The home page's drawing is larger. */
  illustrationSize?: 'regular' | 'large';
  /** Beside a form or narrow column on wide screens only (a drawing, a note). */
  aside?: ReactNode;
  children?: ReactNode;
}

/**
 * Every screen's frame: the content width, the back link, the heading with its status and
 * actions, then the content, all from one left edge on every screen.
 */
export function PageFrame({
  title,
  parent,
  description,
  badge,
  actions,
  width = 'wide',
  illustration,
  illustrationSize = 'regular',
  aside,
  children,
}: PageFrameProps) {
  const heading = (
    <Box className={classes.titleLine}>
      <Title order={1} className={classes.title} title={title} textWrap="nowrap">
        {title}
      </Title>
      {badge ? <Box className={classes.badge}>{badge}</Box> : null}
    </Box>
  );
  const describedHeading = (
    <Box className={classes.titleBlock}>
      {heading}
      {description ? <Box className={classes.description}>{description}</Box> : null}
    </Box>
  );

  return (
    <Box data-page-frame>
      <Box className={illustration ? classes.band : undefined}>
        <Container pt="xl" pb={illustration ? 'xl' : 'lg'}>
          <Box className={classes.head}>
            <Box className={classes.headText}>
              {parent ? <ParentLink {...parent} /> : null}
              {illustration ? (
                <>
                  {describedHeading}
                  {actions ? (
                    <Box className={`${classes.actions} ${classes.bandActions}`}>{actions}</Box>
                  ) : null}
                </>
              ) : (
                <Box className={classes.titleRow} data-width={width}>
                  {describedHeading}
                  {actions ? <Box className={classes.actions}>{actions}</Box> : null}
                </Box>
              )}
            </Box>
            {illustration ? (
              <Box className={classes.art} data-size={illustrationSize}>
                <Illustration
                  name={illustration}
                  width={illustrationSize === 'large' ? 480 : 280}
                  height={illustrationSize === 'large' ? 360 : 210}
                  eager
                />
              </Box>
            ) : null}
          </Box>
        </Container>
      </Box>
      {children ? (
        <Container pb={64} pt={illustration ? 'lg' : 0} data-page-body>
          <Box className={classes.columns} data-width={width} data-with-aside={aside ? true : undefined}>
            <Box miw={0}>{children}</Box>
            {aside ? <Box className={classes.aside}>{aside}</Box> : null}
          </Box>
        </Container>
      ) : null}
    </Box>
  );
}
