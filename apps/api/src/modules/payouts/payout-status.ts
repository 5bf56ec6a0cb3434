import { payoutMoves } from '@campwise/contract/life-cycles';
import { hostPayouts } from '../../db/schema.ts';
import { lifeCycle } from '../../platform/life-cycle.ts';

/** The one writer of a payout's status, as the processor reports it. */
export const payoutStatus = lifeCycle('payout', hostPayouts, payoutMoves);
