import { FIRST_STATEMENT_YEAR } from '@campwise/contract/tax-statements';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useChildren } from '../../api/children.ts';
import { useDownload } from '../../api/registrations.ts';
import { statementDownload } from '../../api/tax-statements.ts';

/** The statement's files, each with its button. */
const STATEMENT_FILES = [
  { format: 'pdf', label: 'Download PDF', icon: IconFileTypePdf, variant: 'light' },
  { format: 'csv', label: 'Download CSV', icon: IconFileSpreadsheet, variant: 'default' },
] as const;

/** Years a statement can be asked for, newest first: this year back to the first kept. */
function statementYears(now: Date): string[] {
  const years: string[] = [];
  for (let year = now.getFullYear(); year >= FIRST_STATEMENT_YEAR; year -= 1) years.push(String(year));
  return years;
}

/**
 * A child's year-end statement of care paid, for a dependent-care FSA claim or the care credit
 * (decision 077): each provider with its legal name, address and EIN, as PDF or CSV.
 */
export function YearEndStatements() {
  const children = useChildren();
  const download = useDownload();
  const years = statementYears(new Date());
  // Last year's by default in the first months, when families file; this year's after.
  const [year, setYear] = useState(() => (new Date().getMonth() < 4 ? years[1] : years[0]) ?? years[0] ?? '');
  const [childId, setChildId] = useState<string | null>(null);
  const kids = children.data ?? [];
  const chosen = childId ?? (kids[0] ? String(kids[0].id) : null);
  if (kids.length === 0) return null;

  const save = (format: 'pdf' | 'csv') => {
    if (!chosen) return;
    download.mutate(statementDownload(Number(chosen), Number(year), format), {
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  };

  return (
    <Card padding="lg" component="section" aria-labelledby="statements-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h3" id="statements-title">
            Year-end statements for taxes and FSA
          </Title>
          <Text c="gray.7" size="sm" mt={4}>
            What you paid for a child’s care in a year, less refunds, with each camp provider’s legal name,
            address and EIN: what a dependent-care FSA claim or IRS Form 2441 asks for.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Child"
            data={kids.map((kid) => ({ value: String(kid.id), label: `${kid.firstName} ${kid.lastName}` }))}
            value={chosen}
            onChange={setChildId}
            allowDeselect={false}
          />
          <Select
            label="Year"
            data={years}
            value={year}
            onChange={(value) => setYear(value ?? year)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Group gap="sm">
          {STATEMENT_FILES.map(({ format, label, icon: Icon, variant }) => (
            <Button
              key={format}
              variant={variant}
              leftSection={<Icon size={18} aria-hidden />}
              onClick={() => save(format)}
              loading={download.isPending && download.variables?.path.includes(`.${format}`)}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
