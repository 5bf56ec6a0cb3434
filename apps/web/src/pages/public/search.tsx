import { Stack, Text, Title } from '@mantine/core';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { CategoryTiles } from '../../components/search/category-tiles.tsx';
import { SearchFilters } from '../../components/search/search-filters.tsx';
import { useShowResults } from '../../components/search/show-results.ts';

/** Search (docs/product-spec.md, section 2): the filters, and a tile per category. */
export default function Search() {
  const showResults = useShowResults();
  return (
    <PageFrame
      title="Search"
      description="Find day camps, overnight adventures and after-school activities by name, place, age, month and price, or start from a category."
      illustration="choices"
    >
      <Stack gap="xl">
        <SearchFilters initial={{}} onSearch={showResults} />
        <Stack gap="md" component="section" aria-labelledby="categories-heading">
          <div>
            <Title order={2} id="categories-heading">
              Browse by category
            </Title>
            <Text c="gray.7">Pick one to see every camp in it.</Text>
          </div>
          <CategoryTiles />
        </Stack>
      </Stack>
    </PageFrame>
  );
}
