import { Alert, List } from '@mantine/core';

/** The problems above the form: each message once, the spec's texts word for word. */
export function ProblemSummary({ summary }: { summary: string[] }) {
  if (summary.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {summary.length === 1 ? (
        summary[0]
      ) : (
        <List size="sm" spacing={2}>
          {summary.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
