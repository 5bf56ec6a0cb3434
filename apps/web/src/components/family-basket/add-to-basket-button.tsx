import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBasketCheck, IconBasketPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useFamilyBasket, useSetBasketChildren } from '../../api/family-basket.ts';
import { useSession, useVisitorType } from '../../app/session.ts';
import { BASKET_PATH } from './basket-text.ts';

interface AddToBasketButtonProps {
  sessionId: number;
  /** The session's name (or the camp's, for a single session), said in the button's name. */
  name: string;
}

/**
 * "Add to basket" on a session, for a parent (decision 069): the session goes in the family
 * basket, where the children are chosen; once there, the button leads to the basket.
 */
export function AddToBasketButton({ sessionId, name }: AddToBasketButtonProps) {
  // Shown for the visitor the page was rendered for; the basket is asked for only by a parent
  // signed in now (a host signed in since the page's hint was written is no parent).
  const visitor = useVisitorType();
  const signedInParent = useSession()?.userType === 'camper';
  const parent = visitor === 'camper';
  const basket = useFamilyBasket(signedInParent);
  const add = useSetBasketChildren();
  if (!parent) return null;
  const inBasket =
    basket.data?.camps.some((camp) => camp.sessions.some((session) => session.sessionId === sessionId)) ??
    false;
  if (inBasket) {
    return (
      <Button
        component={Link}
        to={BASKET_PATH}
        variant="light"
        color="leaf"
        leftSection={<IconBasketCheck size={18} aria-hidden />}
        aria-label={`${name} is in your basket: go to the basket`}
      >
        In basket
      </Button>
    );
  }
  return (
    <Button
      variant="default"
      leftSection={<IconBasketPlus size={18} aria-hidden />}
      aria-label={`Add ${name} to basket`}
      loading={add.isPending}
      disabled={basket.isPending}
      onClick={() =>
        add.mutate(
          { sessionId, childIds: [] },
          {
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Not added to your basket', message: error.message }),
          },
        )
      }
    >
      Add to basket
    </Button>
  );
}
