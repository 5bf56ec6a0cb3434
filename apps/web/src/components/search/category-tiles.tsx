import { Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCategories } from '../../api/camps.ts';
import { Columns } from '../page/columns.tsx';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { CATEGORY_ART_SIZE, categoryArtPath } from './category-art.ts';
import classes from './category-tiles.module.css';
import { searchResultsPath } from './show-results.ts';

const gridCols = { base: 2, xs: 3, sm: 4, md: 5, lg: 6 };

/** Tiles a phone shows before "Show all": three rows, so the page does not become a wall of tiles. */
export const PHONE_TILES = 6;

/** The results of one category: its tile goes straight there. */
export function categorySearchPath(categoryId: number): string {
  return searchResultsPath({ categories: [categoryId] });
}

/**
 * A tile per category, each with its picture; choosing one searches that category alone. A
 * phone shows the first few and a button for the rest; wider screens show them all.
 */
export function CategoryTiles() {
  const categories = useCategories();
  const [showAll, { toggle }] = useDisclosure(false);

  return (
    <QueryState
      query={categories}
      skeleton={
        <LoadingSkeleton label="Loading categories">
          <Columns cols={gridCols} spacing="md">
            {Array.from({ length: 12 }, (_, index) => index).map((index) => (
              <Skeleton key={index} radius="lg" h={150} />
            ))}
          </Columns>
        </LoadingSkeleton>
      }
      errorMessage="We could not load the categories."
    >
      {(loaded) => {
        const hidden = loaded.length - PHONE_TILES;
        return (
          <Stack gap="md">
            <Columns
              component="ul"
              id="category-tiles"
              cols={gridCols}
              spacing="md"
              className={classes.list}
              data-folded={showAll ? undefined : true}
            >
              {loaded.map((category) => (
                <li key={category.id}>
                  <Card
                    component={Link}
                    to={categorySearchPath(category.id)}
                    state={{ search: { categories: [category.id] } }}
                    padding="xs"
                    className={classes.tile}
                  >
                    <img
                      src={categoryArtPath(category.text)}
                      alt=""
                      {...CATEGORY_ART_SIZE}
                      loading="lazy"
                      decoding="async"
                      className={classes.art}
                    />
                    <Text fw={700} ta="center" mt={6} mb={2} size="sm" className={classes.label}>
                      {category.text}
                    </Text>
                  </Card>
                </li>
              ))}
            </Columns>
            {hidden > 0 ? (
              <Button
                hiddenFrom="sm"
                variant="light"
                onClick={toggle}
                aria-expanded={showAll}
                aria-controls="category-tiles"
                rightSection={
                  showAll ? (
                    <IconChevronUp size={18} aria-hidden />
                  ) : (
                    <IconChevronDown size={18} aria-hidden />
                  )
                }
                style={{ alignSelf: 'center' }}
              >
                {showAll ? 'Show fewer categories' : `Show all ${loaded.length} categories`}
              </Button>
            ) : null}
          </Stack>
        );
      }}
    </QueryState>
  );
}
