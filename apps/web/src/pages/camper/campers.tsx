import { type Child, SHIRT_SIZE_LABELS } from '@campwise/contract/children';
import { formatBirthday } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { useChildren } from '../../api/children.ts';
import { ChildAvatar } from '../../components/children/child-avatar.tsx';

import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';
import classes from './camper.module.css';
import { NewCamperModal } from './new-camper-modal.tsx';

const gridCols = { base: 1, xs: 2, md: 3 };

const ageText = (age: number) => (age === 1 ? '1 year old' : `${age} years old`);

/** One camper; the whole card opens the camper's page. */
function ChildCard({ child }: { child: Child }) {
  return (
    <Card component="article" padding="lg" className={classes.card}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ChildAvatar firstName={child.firstName} lastName={child.lastName} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            <Anchor
              component={Link}
              to={`/camper/child/${child.id}`}
              className={classes.stretched}
              underline="hover"
              inherit
            >
              {child.firstName} {child.lastName}
            </Anchor>
          </Title>
          <Text size="sm" c="gray.7">
            {ageText(child.age)} · Born {formatBirthday(child.birthday)}
          </Text>
          <Group gap={6} mt={4}>
            <Badge variant="light" color="leaf">
              Shirt: {SHIRT_SIZE_LABELS[child.shirtSize]}
            </Badge>
            {child.medical ? (
              <Badge variant="light" color="sun">
                Medical notes
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

function ChildGridSkeleton() {
  return (
    <LoadingSkeleton label="Loading your campers">
      <SimpleGrid cols={gridCols} spacing="lg">
        {['a', 'b', 'c'].map((key) => (
          <Card key={key} padding="lg">
            <Group gap="md" wrap="nowrap">
              <Skeleton circle height={56} />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton height={18} width="70%" />
                <Skeleton height={12} width="50%" />
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </LoadingSkeleton>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="hero-family" width={260} height={195} />
        <Title order={2}>{messages.noCampers}</Title>
        <Text c="gray.7" maw={480}>
          Add each child you plan to sign up for camps: their name, birthday, shirt size and anything the camp
          should know about allergies or medical needs.
        </Text>
        <Button color="sun" onClick={onAdd}>
          Add your first camper
        </Button>
      </Stack>
    </Card>
  );
}

/** My Campers: a card per child and '+ New Camper' (docs/product-spec.md, section 2). */
export default function MyCampers() {
  const children = useChildren();
  const [adding, { open, close }] = useDisclosure(false);

  return (
    <PageFrame
      title="My Campers"
      parent={{ to: '/camper/dashboard', label: 'My Dashboard' }}
      description="The children you register for camps."
      actions={
        <Button color="sun" onClick={open}>
          + New Camper
        </Button>
      }
    >
      <QueryState
        query={children}
        skeleton={<ChildGridSkeleton />}
        errorMessage="We could not load your campers."
        empty={<EmptyState onAdd={open} />}
      >
        {(kids) => (
          <SimpleGrid cols={gridCols} spacing="lg">
            {kids.map((child) => (
              <ChildCard key={child.id} child={child} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <NewCamperModal opened={adding} onClose={close} />
    </PageFrame>
  );
}
