import { Accordion, Anchor, Box, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageCircleQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page/page-frame.tsx';
import classes from './faq.module.css';

interface Question {
  question: string;
  answer: ReactNode;
  /** The answers most people come for start open. */
  open?: boolean;
}

interface QuestionGroup {
  id: string;
  title: string;
  questions: Question[];
}

const groups: QuestionGroup[] = [
  {
    id: 'hosts',
    title: 'For hosts',
    questions: [
      {
        question: 'How do I list my camp on Campwise?',
        open: true,
        answer: (
          <>
            Create a host account, start your subscription and add your organization. A host profile must be
            approved before camps (dates, times, locations, open spots, cost) can be added. Once your
            organization is approved you can add as many camps as you run.
          </>
        ),
      },
      {
        question: 'How does the review of my organization work?',
        answer:
          'When you add an organization you give your consent to a background check, and our team reviews the details you entered. We e-mail you when it is approved. If we need something changed, we tell you why, and you can edit your organization and send it in again.',
      },
      {
        question: 'Can I edit my organization after it is approved?',
        answer:
          'Yes. Changes to an approved organization are reviewed before they are published. Until then, families keep seeing your approved details, so your camps stay live.',
      },
      {
        question: 'How do families register and pay?',
        answer:
          'Families register their children on your camp’s page and pay the camp’s cost by card through our payment processor. Each registration appears on your camp’s roster.',
      },
      {
        question: 'What happens when a camp is full?',
        answer:
          'If you allow a waitlist, families can join it once every spot is taken. When a spot frees up, the first family on the waitlist is offered it by e-mail and has 48 hours to claim it.',
      },
    ],
  },
  {
    id: 'families',
    title: 'For families',
    questions: [
      {
        question: 'How do I find a camp?',
        answer:
          'Use Search to look for camps near your ZIP code and filter by category, age, month and cost, or pick a category tile to see every camp of that kind. Each camp shows its dates, ages, cost and host.',
      },
      {
        question: 'How do I register my child?',
        answer:
          'Create a free camper account, add your children once and save a card. Then open a camp, choose Register, pick the children who are going and pay. You will find every booking under your registrations.',
      },
      {
        question: 'Can I cancel a registration?',
        answer:
          'Yes, you can cancel from your registrations. Any refund due goes back to the card you paid with, through our payment processor.',
      },
      {
        question: 'Can my kids go to camp with their friends?',
        answer:
          'That is what Campwise is for. Share a camp with other parents and sign up for the same weeks, so the kids go together and carpools are easy to plan.',
      },
    ],
  },
  {
    id: 'cost',
    title: 'Cost',
    questions: [
      {
        question: 'Is Campwise free for families?',
        open: true,
        answer:
          'Yes. Families use Campwise free: searching, adding children and registering cost nothing. You pay only each camp’s own price, with no booking fees on top.',
      },
      {
        question: 'What does it cost to host?',
        open: true,
        answer: (
          <>
            Hosts need a paid subscription to list organizations and camps and to take registrations. It
            includes every host tool, with no extra fee per camp. See{' '}
            <Anchor component={Link} to="/pricing" underline="always">
              Pricing
            </Anchor>{' '}
            for the current price.
          </>
        ),
      },
      {
        question: 'Can I cancel my host subscription?',
        answer:
          'Yes, at any time. Your subscription runs to the end of the period you have paid for. After that your camps no longer appear in search until you subscribe again.',
      },
    ],
  },
  {
    id: 'safety',
    title: 'Safety',
    questions: [
      {
        question: 'Are hosts checked?',
        open: true,
        answer:
          'Yes. Hosts go through a background check, and our team reviews every organization before its camps can be listed. Hosts are also responsible for the screening and supervision of their own staff.',
      },
      {
        question: 'How is my children’s information protected?',
        answer: (
          <>
            We collect your children’s details only from you, their parent or guardian. Medical notes are
            shared only with the host of a camp your child is registered for. Read more in our{' '}
            <Anchor component={Link} to="/privacypolicy" underline="always">
              Privacy Policy
            </Anchor>
            .
          </>
        ),
      },
      {
        question: 'Is paying on Campwise safe?',
        answer:
          'Card details go straight to our payment processor over an encrypted connection. Campwise never stores your full card number or security code, only the last four digits so you can recognize the card.',
      },
      {
        question: 'How do I report a concern about a camp?',
        answer: (
          <>
            Please{' '}
            <Anchor component={Link} to="/contact" underline="always">
              contact us
            </Anchor>{' '}
            right away. We look into every report. If a child is in danger, call 911 first.
          </>
        ),
      },
    ],
  },
];

/** Where to go when the answer is not here: beside the questions, or after them on a phone. */
function StillHaveAQuestion() {
  return (
    <Card padding="lg" className={classes.aside}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
          <IconMessageCircleQuestion size={22} />
        </ThemeIcon>
        <Stack gap="xs" align="flex-start">
          <Title order={2} size="h4">
            Still have a question?
          </Title>
          <Text c="gray.7" size="sm">
            We are happy to help hosts and families alike, and answer on weekdays.
          </Text>
          <Button component={Link} to="/contact" color="sun" size="sm">
            Contact us
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}

export default function Faq() {
  return (
    <PageFrame
      title="FAQ"
      description="Frequently asked questions from camp hosts and families: how Campwise works, what it costs and how we keep everyone safe."
      illustration="questions"
      width="form"
      aside={<StillHaveAQuestion />}
    >
      <Stack gap="xl">
        {groups.map((group) => (
          <Box component="section" key={group.id} id={group.id} className={classes.group}>
            <Title order={2} mb="md">
              {group.title}
            </Title>
            <Accordion
              multiple
              defaultValue={group.questions.flatMap((item, index) =>
                item.open ? [`${group.id}-${index}`] : [],
              )}
              order={3}
              variant="unstyled"
              chevronPosition="right"
              classNames={{ item: classes.item, label: classes.label }}
            >
              {group.questions.map((item, index) => (
                // Mantine builds element ids from the value, so it must be free of spaces.
                <Accordion.Item key={item.question} value={`${group.id}-${index}`}>
                  <Accordion.Control>{item.question}</Accordion.Control>
                  <Accordion.Panel>
                    <Text className={classes.answer}>{item.answer}</Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Box>
        ))}
        <Box hiddenFrom="md">
          <StillHaveAQuestion />
        </Box>
      </Stack>
    </PageFrame>
  );
}
