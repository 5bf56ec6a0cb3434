import { refundMoves } from '@campwise/contract/life-cycles';
import { refunds } from '../../db/schema.ts';
import { lifeCycle } from '../../platform/life-cycle.ts';

/** The one writer of a refund's status. */
export const refundStatus = lifeCycle('refund', refunds, refundMoves);
