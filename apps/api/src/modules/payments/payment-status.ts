import { paymentMoves } from '@campwise/contract/life-cycles';
import { payments } from '../../db/schema.ts';
import { lifeCycle } from '../../platform/life-cycle.ts';

/** The one writer of a payment's status. */
export const paymentStatus = lifeCycle('payment', payments, paymentMoves);
