export {
  campAccess,
  holdsRightAnywhere,
  mayActOnCamp,
  onSubscribedTeam,
  orgAccess,
  sessionAccess,
} from './access.ts';
export { memberOf } from './member-of.ts';
