import { instalmentMoves } from '@campwise/contract/life-cycles';
import { instalments } from '../../db/schema.ts';
import { lifeCycle } from '../../platform/life-cycle.ts';

/** The one writer of an instalment's status. */
export const instalmentStatus = lifeCycle('instalment', instalments, instalmentMoves);
