export { campAccess, mayActOnCamp, orgAccess, sessionAccess } from './access.ts';
export { memberOf } from './member-of.ts';
