import { campMoment } from '@campwise/contract/camp-clock';
import { formatTimeRange } from '@campwise/contract/format';
import type { CalendarLinks } from '@campwise/contract/registrations';
import { shiftDate } from '@campwise/contract/sessions';
import {
  compactDate,
  type EventPlace,
  firstMeeting,
  localStamp,
  placeEventText,
  recurrence,
} from './calendar.ts';

/**
 * "Add to Google Calendar" and "Add to Outlook.com" for one place: the same event the calendar
 * file holds, as each one's "new event" page takes it. Google takes the camp's zone and the
 * repetition, so a week of mornings is a week of timed events; Outlook's page takes neither, so
 * a session of several days is one block over its days with the hours said in its notes.
 */
export function placeCalendarLinks(place: EventPlace, publicUrl: string, now: Date): CalendarLinks {
  const { title, location, description } = placeEventText(place, now);
  const details = `${description}\n${publicUrl}/camps/${place.campId}`;
  const lastDay = place.endDate ?? place.startDate;
  const google = new URLSearchParams({ action: 'TEMPLATE', text: title, location, details });
  const outlook = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: title,
    location,
  });
  if (place.startTime === null || place.endTime === null) {
    google.set('dates', `${compactDate(place.startDate)}/${compactDate(shiftDate(lastDay, 1))}`);
    outlook.set('allday', 'true');
    outlook.set('startdt', place.startDate);
    outlook.set('enddt', shiftDate(lastDay, 1));
    outlook.set('body', details);
  } else {
    const first = firstMeeting(place.startDate, place.weekdays);
    google.set('dates', `${localStamp(first, place.startTime)}/${localStamp(first, place.endTime)}`);
    google.set('ctz', place.timeZone);
    const rule = recurrence({ ...place, startTime: place.startTime }, first);
    if (rule) {
      google.set('recur', rule);
      outlook.set('allday', 'true');
      outlook.set('startdt', first);
      outlook.set('enddt', shiftDate(lastDay, 1));
      outlook.set(
        'body',
        `${formatTimeRange(place.startTime, place.endTime)} each day it meets.\n${details}`,
      );
    } else {
      outlook.set('allday', 'false');
      outlook.set('startdt', campMoment(first, place.startTime, place.timeZone).toISOString());
      outlook.set('enddt', campMoment(first, place.endTime, place.timeZone).toISOString());
      outlook.set('body', details);
    }
  }
  return {
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: `https://outlook.live.com/calendar/0/action/compose?${outlook}`,
  };
}
