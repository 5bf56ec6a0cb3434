import { Anchor, Box, Card, Text, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './legal-document.module.css';

export interface LegalSection {
  /** The fragment the contents link to. */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  /** Shown above the first section, e.g. the effective date and a summary. */
  intro: ReactNode;
  sections: LegalSection[];
  /** Shown after the last section. */
  closing?: ReactNode;
}

/** A long policy text: a readable column of h2 sections beside a list of contents. */
export function LegalDocument({ intro, sections, closing }: LegalDocumentProps) {
  return (
    <Box className={classes.layout}>
      <Card component="nav" aria-label="Contents" padding="lg" className={classes.toc}>
        <Text fw={800} ff="heading" mb="xs">
          Contents
        </Text>
        <Box component="ol" className={classes.tocList}>
          {sections.map((section) => (
            <li key={section.id}>
              <Anchor href={`#${section.id}`} className={classes.tocLink}>
                {section.title}
              </Anchor>
            </li>
          ))}
        </Box>
      </Card>
      <Typography className={classes.article}>
        {intro}
        {sections.map((section, index) => (
          <section key={section.id}>
            <h2 id={section.id}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
        {closing}
      </Typography>
    </Box>
  );
}
