/** What a place is called in e-mails and calendars: the camp, and its session when it has several. */
export const placeName = (camp: { name: string; sessionName: string; sessionCount: number }) =>
  camp.sessionCount > 1 ? `${camp.name} (${camp.sessionName})` : camp.name;
