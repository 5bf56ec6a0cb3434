import { searchFormToParams } from '@campwise/contract/search';
import { Box, Card, SimpleGrid, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { useCategories } from '../../api/camps.ts';
import { LoadError } from '../page-state.tsx';
import { CATEGORY_ART_SIZE, categoryArtPath } from './category-art.ts';
import classes from './category-tiles.module.css';

const gridCols = { base: 2, xs: 3, sm: 4, md: 5, lg: 6 };

/** The results of one category: its tile goes straight there. */
export function categorySearchPath(categoryId: number): string {
  return `/searchresults?${searchFormToParams({ categories: [categoryId] })}`;
}

/** A tile per category, each with its picture; choosing one searches that category alone. */
export function CategoryTiles() {
  const categories = useCategories();

  if (categories.isPending) {
    return (
      <Box aria-busy="true">
        <VisuallyHidden role="status">Loading categories</VisuallyHidden>
        <SimpleGrid cols={gridCols} spacing="md">
          {Array.from({ length: 12 }, (_, index) => index).map((index) => (
            <Skeleton key={index} radius="lg" h={150} />
          ))}
        </SimpleGrid>
      </Box>
    );
  }
  if (categories.error) {
    return <LoadError message="We could not load the categories." onRetry={() => categories.refetch()} />;
  }

  return (
    <SimpleGrid component="ul" cols={gridCols} spacing="md" className={classes.list}>
      {categories.data.map((category) => (
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
    </SimpleGrid>
  );
}
