/**
 * A small RFC 5545 writer for the compliance feed (decision 094): all-day VEVENTs in one VCALENDAR.
 * Written here rather than taken from a library: the one well-kept writer on npm (ical-generator 11)
 * needs Node 22, and what the feed needs is four rules of the RFC, each kept below and checked by a
 * parser (ical.js) in the tests.
 */

export interface CalendarEvent {
  /** Stable across fetches, so a calendar updates the event instead of adding another. */
  uid: string;
  /** `YYYY-MM-DD`: an all-day event on that date. */
  date: string;
  summary: string;
  description?: string;
  url?: string;
}

export interface Calendar {
  /** PRODID: who made the calendar (RFC 5545 3.7.3). */
  productId: string;
  name: string;
  /** DTSTAMP of every event: when the feed was made, UTC. */
  stamp: Date;
  events: CalendarEvent[];
}

/** RFC 5545 3.3.11: backslash, semicolon, comma and newline are escaped in TEXT values. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * RFC 5545 3.1: lines longer than 75 octets are folded (CRLF and one space), never inside a UTF-8
 * character.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; the next ones 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** RFC 5545 3.3.5: a UTC date-time, `19980119T070000Z`. */
const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** RFC 5545 3.3.4: a DATE, `19970714`. */
const icsDate = (isoDate: string) => isoDate.replace(/-/g, '');
const nextDay = (isoDate: string) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** The calendar as text/calendar, lines ending in CRLF (RFC 5545 3.1). */
export function writeCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  const stamp = utcStamp(calendar.stamp);
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      // RFC 5545 3.6.1: an all-day event's DTEND is the next day (exclusive).
      `DTSTART;VALUE=DATE:${icsDate(event.date)}`,
      `DTEND;VALUE=DATE:${icsDate(nextDay(event.date))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
