/**
 * Jobs one module wakes and another runs, named below both so the one that wakes a job needs
 * nothing else of the module that runs it.
 */

/** Sends "registration is open" and "a place is free" notices; kicked when places free up. */
export const SESSION_NOTICES_JOB = 'session-notices';
