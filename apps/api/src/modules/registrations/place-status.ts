import { placeMoves } from '@campwise/contract/life-cycles';
import { registrations } from '../../db/schema.ts';
import { lifeCycle } from '../../platform/life-cycle.ts';

/** The one writer of a place's status (a registration's). */
export const placeStatus = lifeCycle('place', registrations, placeMoves);
