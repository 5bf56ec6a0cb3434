/** Camps one "who is going" question may ask about: a page of search results. */
export const FRIENDS_GOING_MAX_CAMPS = 50;
