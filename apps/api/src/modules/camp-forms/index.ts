export { campFormRecords, eraseCampForms } from './export-forms.ts';
export { checkFormsComplete, formsStatus, placesMissingForms } from './forms-check.ts';
export { rosterForms, rosterFormsCsv } from './roster-forms.ts';
export { campFormRoutes } from './routes.ts';
export { waiverTextHash } from './waiver-hash.ts';
