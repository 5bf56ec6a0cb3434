export { attendanceDays, placeKey } from './attendance-days.ts';
export { checkInRecords } from './export-check-in.ts';
export { deletePickupPhotos } from './pickup-adults.ts';
export type { AttendanceDeps } from './record-attendance.ts';
export { recordAttendance } from './record-attendance.ts';
export { checkInRoutes } from './routes.ts';
