export { perSignedInAccount, twoFactorRoutes } from './routes.ts';
export {
  assertPassword,
  assertSecondFactor,
  isTwoFactorEnabled,
  provisionSecret,
  removeTwoFactor,
  secondFactorStep,
  TOTP_ISSUER,
} from './service.ts';
