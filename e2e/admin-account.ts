/**
 * The administrator every run starts with. Administrators cannot sign up; the web server
 * command (e2e/start-server.mjs) creates this one in the run's fresh database.
 */
export const adminAccount = {
  email: 'admin@e2e.campwise.test',
  password: 'e2e admin passphrase',
} as const;
