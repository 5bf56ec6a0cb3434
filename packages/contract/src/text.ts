/** Text the database can store and people can read: no control characters (a NUL would be a 500). */
export const noControlCharacters = (value: string) => !/\p{Cc}/u.test(value);

/** Longer text keeps its tabs and line breaks, but no other control characters. */
export const onlyLineBreaks = (value: string) => !/[^\P{Cc}\t\n\r]/u.test(value);

/** Multipart forms send line breaks as CRLF and JSON as LF: stored text always uses LF. */
export const normalizeLineBreaks = (value: string) => value.replace(/\r\n?/g, '\n');
