export { authRoutes } from './routes.ts';
export { assertStrongPassword, isUniqueViolation, userByEmail } from './service.ts';
