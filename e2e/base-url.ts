/** Where the journeys' server listens: the browser's pages and the API helpers' calls alike. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4173);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
