import { ActionIcon, Badge, Box, Tooltip } from '@mantine/core';
import { IconBasket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useFamilyBasket } from '../../api/family-basket.ts';
import { BASKET_PATH, basketCountText } from './basket-text.ts';

/** The header's way to a parent's family basket, with how many sessions it holds. */
export function BasketLink() {
  const basket = useFamilyBasket();
  const count = basket.data?.sessionCount ?? 0;
  const label = basketCountText(count);
  return (
    <Tooltip label={label}>
      <Box pos="relative">
        <ActionIcon
          component={Link}
          to={BASKET_PATH}
          variant="subtle"
          color="dark"
          size="lg"
          aria-label={label}
        >
          <IconBasket size={22} aria-hidden />
        </ActionIcon>
        {count > 0 ? (
          <Badge
            component="span"
            color="sun.9"
            variant="filled"
            size="xs"
            circle={count < 10}
            pos="absolute"
            top={-4}
            right={-6}
            aria-hidden
            style={{ pointerEvents: 'none' }}
            data-testid="basket-count"
          >
            {count}
          </Badge>
        ) : null}
      </Box>
    </Tooltip>
  );
}
