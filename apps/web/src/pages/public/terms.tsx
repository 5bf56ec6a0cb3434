import { Container, Title } from '@mantine/core';

export default function Page() {
  return (
    <Container py="xl">
      <Title order={1}>Terms of Use</Title>
    </Container>
  );
}
