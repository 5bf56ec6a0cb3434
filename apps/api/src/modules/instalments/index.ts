export { devClockRoutes } from './clock-routes.ts';
export { instalmentRoutes } from './routes.ts';
export { chargeDueInstalments, INSTALMENTS_JOB } from './run-instalments.ts';
