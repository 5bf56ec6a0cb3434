/** Host insights and session reminders (docs/decisions/032). */
export const insightsMessages = {
  insightsRangeInvalid: 'Choose a start date on or before the end date, at most a year apart.',
  insightsOrgRequired: 'Choose an organization.',
  reminderTextTooLong: 'Keep "what to bring" under {max} characters.',
  remindersSaved: 'Reminder settings saved.',
} as const;
