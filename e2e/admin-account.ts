/**
 * The administrators every run starts with. Administrators cannot sign up; the web server
 * command (e2e/start-server.mjs) creates them in the run's fresh database. The suite's
 * administrator has a known authenticator secret, so the tests can make its codes; the
 * newcomer has none yet and sets one up at its first sign-in.
 */
export const adminAccount = {
  email: 'admin@e2e.campwise.test',
  password: 'e2e admin passphrase',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
} as const;

export const newcomerAdminAccount = {
  email: 'newcomer-admin@e2e.campwise.test',
  password: 'e2e newcomer passphrase',
} as const;
