import { type BasketLineInput, promoCodeField } from '@campwise/contract/baskets';
import { messages } from '@campwise/contract/messages';
import { useCallback, useState } from 'react';
import { sortedLines, useTryPromoCode } from '../../api/baskets.ts';

/** The server's reasons for refusing a code: said beside the code's field. */
const promoRefusals = new Set<string>([
  messages.promoCodeUnknown,
  messages.promoCodeNotYet,
  messages.promoCodeExpired,
  messages.promoCodeUsedUp,
  messages.promoCodeFamilyLimit,
  messages.promoCodeInvalid,
]);

export const isPromoRefusal = (error: Error | null) => error !== null && promoRefusals.has(error.message);

/**
 * The promo code a parent types and applies. Applying prices the basket with the code first,
 * so a refused code is said beside its field and the price shown stays the one without it.
 */
export function usePromoCode(campId: number, lines: BasketLineInput[]) {
  const tryCode = useTryPromoCode(campId);
  const [draft, setDraft] = useState('');
  const [applied, setApplied] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  /** A later price refused the applied code (its last use taken): it is dropped, and why is said. */
  const refused = useCallback((message: string) => {
    setApplied(null);
    setProblem(message);
  }, []);

  const apply = async () => {
    if (checking) return;
    if (draft.trim() === '') {
      setProblem('Enter a promo code.');
      return;
    }
    const parsed = promoCodeField.safeParse(draft);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? messages.promoCodeInvalid);
      return;
    }
    const code = parsed.data;
    setProblem(null);
    // With nobody chosen yet there is nothing to price: the code is tried with the first price.
    if (lines.length > 0) {
      setChecking(true);
      try {
        await tryCode({ lines: sortedLines(lines), promoCode: code });
      } catch (error) {
        setProblem(error instanceof Error ? error.message : messages.tryAgain);
        return;
      } finally {
        setChecking(false);
      }
    }
    setApplied(code);
    setDraft(code);
  };

  return {
    draft,
    applied,
    problem,
    checking,
    apply,
    type: (text: string) => {
      setDraft(text);
      setProblem(null);
    },
    remove: () => {
      setApplied(null);
      setDraft('');
      setProblem(null);
    },
    refused,
  };
}

export type PromoCodeState = ReturnType<typeof usePromoCode>;
