import { messages } from '@campwise/contract/messages';
import {
  type SearchForm,
  type SearchSort,
  searchFormFromParams,
  searchFormToParams,
} from '@campwise/contract/search-form';
import { Alert, Box, Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconAlertCircle } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useFriendsGoing } from '../../api/friends.ts';
import { rememberSearchZip, useCampSearch } from '../../api/search.ts';
import { useSiteInfo } from '../../api/site.ts';
import { friendLabels } from '../../components/friends/friend-labels.ts';
import { Illustration } from '../../components/illustration.tsx';
import { arrivalState } from '../../components/page/arrival-parent.ts';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError } from '../../components/page/page-state.tsx';
import { Split, SplitColumn } from '../../components/page/split.tsx';
import { SaveSearchButton } from '../../components/saved-searches/save-search-button.tsx';
import { resultCountText } from '../../components/search/result-count.ts';
import { ResultsOrder, type ResultsView } from '../../components/search/results-order.tsx';
import { SearchFilters } from '../../components/search/search-filters.tsx';
import { SearchResultCard, SearchResultCardSkeleton } from '../../components/search/search-result-card.tsx';
import { useShowResults } from '../../components/search/show-results.ts';
import classes from './search-results.module.css';

// MapLibre is large: it loads only when a parent asks for the map.
const ResultsMap = lazy(() => import('../../components/search/results-map.tsx'));

/** Results in the first screenful, whose pictures load at once. */
const EAGER_RESULTS = 2;

const resultElementId = (campId: number) => `result-${campId}`;

const isRefused = (error: Error | null) => error instanceof ApiError && error.status === 400;

/** Too many searches (429) and a search that ran out of time (503) say so; anything else is generic. */
const loadErrorText = (error: Error | null) =>
  error instanceof ApiError && (error.status === 429 || error.status === 503)
    ? error.message
    : 'We could not search camps just now.';

function ResultsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">Searching camps</VisuallyHidden>
      {['a', 'b', 'c'].map((key) => (
        <SearchResultCardSkeleton key={key} />
      ))}
    </Stack>
  );
}

function NoResults() {
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="binoculars" width={240} height={180} />
        <Title order={2}>{messages.noResults}</Title>
        <Text c="gray.7" maw={480}>
          No camp matches all of these filters. Try fewer filters, another month or a nearby ZIP code, or
          browse by category.
        </Text>
        <Button component={Link} to="/search" variant="light">
          Browse by category
        </Button>
      </Stack>
    </Card>
  );
}

/** A search the server refused (an unknown ZIP, say): its message, where the results would be. */
function RefusedSearch({ error }: { error: Error }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
      {error.message}
    </Alert>
  );
}

const filterCount = (form: SearchForm) =>
  (['term', 'zip', 'radius', 'age', 'cost', 'month'] as const).filter((key) => form[key]).length +
  (form.categories?.length ? 1 : 0);

/**
 * On a phone the filters would fill the first screen, so they fold away behind a button that
 * says how many are in use; they open by themselves when one of them needs fixing. The
 * stylesheet decides what a phone is, so a page rendered on the server does not jump.
 */
function FoldingFilters({ form, open, children }: { form: SearchForm; open: boolean; children: ReactNode }) {
  const [opened, { toggle, open: unfold }] = useDisclosure(open);
  useEffect(() => {
    if (open) unfold();
  }, [open, unfold]);
  const count = filterCount(form);
  return (
    <Stack gap="sm">
      <Button
        hiddenFrom="sm"
        variant="light"
        onClick={toggle}
        aria-expanded={opened}
        aria-controls="search-filters"
        leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        {opened ? 'Hide filters' : count > 0 ? `Filters (${count})` : 'Filters'}
      </Button>
      <Box id="search-filters" className={opened ? undefined : classes.foldedOnPhone}>
        {children}
      </Box>
    </Stack>
  );
}

/** Search Results (docs/product-spec.md, section 2): the search lives in the address, so a reload or a shared link keeps it. */
export default function SearchResults() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const form = useMemo(() => searchFormFromParams(new URLSearchParams(query)), [query]);
  const site = useSiteInfo();
  const mapStyleUrl = site.data?.mapStyleUrl ?? null;
  const view: ResultsView = params.get('view') === 'map' ? 'map' : 'list';
  const navigate = useNavigate();
  const resultsAddress = `/searchresults?${query}`;
  const openCamp = useCallback(
    (campId: number) =>
      navigate(`/camps/${campId}`, { state: arrivalState({ to: resultsAddress, label: 'Search Results' }) }),
    [navigate, resultsAddress],
  );

  /** The order and the view live in the address with the search, so a shared link keeps them. */
  const showWith = (sort: SearchSort | undefined, nextView: ResultsView) => {
    const next = searchFormToParams({ ...form, sort });
    if (nextView === 'map') next.set('view', 'map');
    setParams(next);
  };
  const search = useCampSearch(form);
  // The home page shows camps near the ZIP a family last searched from (decision 068).
  useEffect(() => {
    if (form.zip) rememberSearchZip(form.zip);
  }, [form.zip]);
  const showResults = useShowResults();
  /** The first result of the page being loaded, which takes the focus once it is shown. */
  const focusFrom = useRef<number | null>(null);

  const results = useMemo(() => search.data?.pages.flatMap((page) => page.data) ?? [], [search.data]);
  const total = search.data?.pages[0]?.total ?? 0;
  const totalCapped = search.data?.pages[0]?.totalCapped ?? false;
  const friendsGoing = useFriendsGoing(results.map((result) => result.id));

  // The Load more button goes away with the last page: focus moves to the first new result so
  // that a keyboard or screen-reader user carries on reading from there.
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || results.length <= index) return;
    focusFrom.current = null;
    const first = results[index];
    // The link to the camp itself, not the card's heart.
    if (first)
      document
        .getElementById(resultElementId(first.id))
        ?.querySelector<HTMLElement>(`a[href="/camps/${first.id}"]`)
        ?.focus();
  }, [results]);

  const loadMore = () => {
    focusFrom.current = results.length;
    void search.fetchNextPage();
  };

  return (
    <PageFrame
      title="Search Results"
      parent={{ to: '/search', label: 'Search' }}
      actions={isRefused(search.error) ? undefined : <SaveSearchButton form={form} />}
    >
      {/* The filters beside the results on a wide screen (decision 070), above them on a phone. */}
      <Split>
        <SplitColumn span={4}>
          <Box className={classes.sidebar}>
            {/* Keyed by the address: going back or forward shows that search's own filters. */}
            <FoldingFilters key={query} form={form} open={isRefused(search.error)}>
              <SearchFilters
                initial={form}
                onSearch={(next) => showResults({ ...next, sort: form.sort })}
                serverFields={search.error instanceof ApiError ? search.error.fields : undefined}
                layout="sidebar"
              />
            </FoldingFilters>
          </Box>
        </SplitColumn>

        <SplitColumn span={8} component="section" aria-label="Results">
          {search.isPending ? (
            <ResultsSkeleton />
          ) : search.isError && results.length === 0 ? (
            isRefused(search.error) ? (
              <RefusedSearch error={search.error} />
            ) : (
              <LoadError message={loadErrorText(search.error)} onRetry={() => search.refetch()} />
            )
          ) : results.length === 0 ? (
            <NoResults />
          ) : (
            <Stack gap="md">
              <ResultsOrder
                form={form}
                onSort={(sort) => showWith(sort, view)}
                view={{ value: view, onChange: (next) => showWith(form.sort, next) }}
              />
              <Text fw={700} c="gray.8" role="status">
                {resultCountText(total, totalCapped, results.length)}
              </Text>
              {view === 'map' ? (
                <Suspense fallback={<Skeleton h={480} radius="lg" />}>
                  {/* Drawn once the site says whether it has full tiles, not twice. */}
                  {site.isPending ? (
                    <Skeleton h={480} radius="lg" />
                  ) : (
                    <ResultsMap styleUrl={mapStyleUrl} results={results} onOpen={openCamp} />
                  )}
                </Suspense>
              ) : (
                <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                  {results.map((result, index) => (
                    <li key={result.id} id={resultElementId(result.id)}>
                      <SearchResultCard
                        result={result}
                        eager={index < EAGER_RESULTS}
                        friends={friendLabels(friendsGoing.data, result.id)}
                      />
                    </li>
                  ))}
                </Stack>
              )}
              {search.isFetchNextPageError ? (
                <LoadError message="We could not load more camps." onRetry={() => search.fetchNextPage()} />
              ) : search.hasNextPage ? (
                <Group justify="center">
                  <Button variant="outline" size="md" loading={search.isFetchingNextPage} onClick={loadMore}>
                    Load more
                  </Button>
                </Group>
              ) : null}
            </Stack>
          )}
        </SplitColumn>
      </Split>
    </PageFrame>
  );
}
