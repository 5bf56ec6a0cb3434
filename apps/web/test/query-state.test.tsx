// @vitest-environment happy-dom
import { MantineProvider, Skeleton } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingSkeleton } from '../src/components/page/page-state.tsx';
import { QueryState } from '../src/components/page/query-state.tsx';

// React's act() flushes renders and effects only where the test says it is its environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let client = new QueryClient();
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function render(element: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() => {
    root?.render(
      <MantineProvider>
        <QueryClientProvider client={client}>{element}</QueryClientProvider>
      </MantineProvider>,
    );
  });
  return container;
}

/** Waits for the query to finish, then a timer more: the query tells its observers on a timer. */
const settle = () =>
  act(async () => {
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

function Names({
  load,
  empty,
  isEmpty,
}: {
  load: () => Promise<string[]>;
  empty?: ReactNode;
  isEmpty?: (names: string[]) => boolean;
}) {
  const query = useQuery({ queryKey: ['names'], queryFn: load });
  return (
    <QueryState
      query={query}
      skeleton={
        <LoadingSkeleton label="Loading names">
          <Skeleton height={20} />
        </LoadingSkeleton>
      }
      errorMessage="We could not load the names."
      empty={empty}
      isEmpty={isEmpty}
    >
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the skeleton while the query loads, then the content from its data', async () => {
    let finish: (names: string[]) => void = () => undefined;
    const view = render(<Names load={() => new Promise((resolve) => (finish = resolve))} />);
    expect(view.querySelector('[aria-busy="true"] [role="status"]')?.textContent).toBe('Loading names');
    expect(view.querySelector('li')).toBeNull();

    await act(async () => finish(['Maya', 'Leo']));
    await settle();
    expect(view.querySelector('[aria-busy="true"]')).toBeNull();
    expect([...view.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Maya', 'Leo']);
  });

  it('says what failed with a Try again button that loads it again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Offline')).mockResolvedValueOnce(['Maya']);
    const view = render(<Names load={load} />);
    await settle();
    const alert = view.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('We could not load the names.');
    const retry = [...(alert?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent === 'Try again',
    );
    expect(retry).toBeDefined();

    await act(async () => retry?.click());
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(view.querySelector('[role="alert"]')).toBeNull();
    expect(view.querySelector('li')?.textContent).toBe('Maya');
  });

  it('shows the empty state for an empty list, and the content when none is given', async () => {
    const withEmpty = render(<Names load={async () => []} empty={<p>No names yet</p>} />);
    await settle();
    expect(withEmpty.querySelector('p')?.textContent).toBe('No names yet');
    expect(withEmpty.querySelector('ul')).toBeNull();
    act(() => root?.unmount());

    const withoutEmpty = render(<Names load={async () => []} />);
    await settle();
    expect(withoutEmpty.querySelector('ul')?.children).toHaveLength(0);
    expect(withoutEmpty.querySelector('p')).toBeNull();
  });

  it('asks isEmpty whether there is anything to show', async () => {
    const view = render(
      <Names
        load={async () => ['']}
        empty={<p>Only blanks</p>}
        isEmpty={(names) => names.every((name) => name === '')}
      />,
    );
    await settle();
    expect(view.querySelector('p')?.textContent).toBe('Only blanks');
  });
});

describe('LoadingSkeleton', () => {
  it('is busy and says once what is loading, stacked when given a gap', () => {
    const view = render(
      <LoadingSkeleton label="Loading sessions" gap="sm">
        <Skeleton height={96} />
        <Skeleton height={96} />
      </LoadingSkeleton>,
    );
    const busy = view.querySelector('[aria-busy="true"]');
    expect(busy?.className).toContain('mantine-Stack-root');
    expect(busy?.querySelectorAll('[role="status"]')).toHaveLength(1);
    expect(busy?.querySelector('[role="status"]')?.textContent).toBe('Loading sessions');
    expect(busy?.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(2);
  });

  it('leaves its placeholders as written without a gap', () => {
    const view = render(
      <LoadingSkeleton label="Loading reviews">
        <Skeleton height={24} />
      </LoadingSkeleton>,
    );
    expect(view.querySelector('[aria-busy="true"]')?.className).not.toContain('mantine-Stack-root');
  });
});
