import { BOOKED_VIA_WIDGET, textOn, WIDGET_FONTS, type WidgetQuery } from '@campwise/contract/booking-widget';
import { agesText, formatMoney } from '@campwise/contract/format';
import {
  sessionDatesText,
  sessionDaysText,
  sessionNotice,
  sessionTimesText,
  spotsLeftText,
} from '@campwise/contract/session-text';
import type { CampSession } from '@campwise/contract/sessions';
import { escapeHtml } from '../../platform/html.ts';
import type { WidgetCamp } from '../camps/index.ts';

export interface WidgetPage {
  /** Campwise's own address: every link opens there, in a new tab. */
  origin: string;
  org: { id: number; name: string };
  camps: WidgetCamp[];
  style: WidgetQuery;
  now: Date;
}

/** The checkout for one session, marked as booked through the widget (the host's insights count it). */
function checkoutUrl(origin: string, session: CampSession): string {
  const url = new URL(`/camps/${session.campId}/register`, origin);
  url.searchParams.set('session', String(session.id));
  url.searchParams.set('via', BOOKED_VIA_WIDGET);
  return url.toString();
}

/** A session's line: when it runs, its price and places, and what the family can do. */
function sessionItem(page: WidgetPage, camp: WidgetCamp, session: CampSession): string {
  const when = [sessionDatesText(session), sessionDaysText(session), sessionTimesText(session)]
    .filter((part): part is string => part !== null)
    .join(' · ');
  const notice = sessionNotice(camp, session, page.now);
  const full = session.spotsLeft === 0;
  const action = notice
    ? `<p class="notice">${escapeHtml(notice)}</p>`
    : full && !session.allowsWaitlist
      ? ''
      : `<a class="book" href="${escapeHtml(checkoutUrl(page.origin, session))}" target="_blank" rel="noopener">${
          full ? 'Join waitlist' : 'Book'
        }<span class="hidden"> ${escapeHtml(`${camp.name}, ${session.name}`)}</span></a>`;
  return `<li class="session">
<div class="what"><p class="name">${escapeHtml(session.name)}</p><p class="when">${escapeHtml(when)}</p></div>
<div class="deal"><p class="price">${escapeHtml(formatMoney(session.priceCents))}</p><p class="spots${full ? ' full' : ''}">${escapeHtml(spotsLeftText(session))}</p></div>
<div class="act">${action}</div>
</li>`;
}

function campBlock(page: WidgetPage, camp: WidgetCamp): string {
  const campUrl = new URL(`/camps/${camp.id}`, page.origin).toString();
  return `<section class="camp" aria-labelledby="camp-${camp.id}">
<h2 id="camp-${camp.id}"><a href="${escapeHtml(campUrl)}" target="_blank" rel="noopener">${escapeHtml(camp.name)}</a></h2>
<p class="ages">${escapeHtml(agesText(camp))}</p>
<ul>${camp.sessions.map((session) => sessionItem(page, camp, session)).join('')}</ul>
</section>`;
}

/** The widget's look: the host's colour on buttons and links, their font, no background of its own. */
function widgetStyle({ color, font }: WidgetQuery): string {
  return `:root{--accent:${color};--on-accent:${textOn(color)};font-family:${WIDGET_FONTS[font].stack};color:#1a1b1e;line-height:1.45}
*{box-sizing:border-box}body{margin:0;padding:4px;background:transparent;font-size:16px}
main{display:grid;gap:16px}h1{font-size:1.15rem;margin:0}h2{font-size:1.05rem;margin:0}
p{margin:0}ul{list-style:none;margin:8px 0 0;padding:0;display:grid;gap:8px}
a{color:inherit;text-decoration-color:var(--accent);text-underline-offset:2px}.camp{border:1px solid #dee2e6;border-radius:12px;padding:14px 16px;background:#fff}
.ages,.when,.foot{color:#495057;font-size:.9rem}
.session{display:grid;grid-template-columns:1fr auto auto;gap:8px 16px;align-items:center;padding-top:8px;border-top:1px solid #f1f3f5}
.name{font-weight:600}.deal{text-align:right}.price{font-weight:700}.spots{font-size:.85rem;color:#2b7a52}.spots.full{color:#c92a2a}
.book{display:inline-block;min-width:96px;text-align:center;padding:8px 14px;border-radius:8px;background:var(--accent);color:var(--on-accent);font-weight:600;text-decoration:none}
.book:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.notice{font-size:.85rem;color:#495057;max-width:180px}
.hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){.session{grid-template-columns:1fr auto}.act{grid-column:1/-1}.book{display:block}}`;
}

/**
 * The booking widget's page: plain HTML that works with no script at all (the one script only
 * tells an embedding page its height), so it sits on any site and any link opens the checkout.
 */
export function renderWidgetPage(page: WidgetPage): string {
  const title = `Book with ${page.org.name}`;
  const orgUrl = new URL(`/orgs/${page.org.id}`, page.origin).toString();
  const body =
    page.camps.length > 0
      ? page.camps.map((camp) => campBlock(page, camp)).join('\n')
      : `<p class="camp">${escapeHtml(page.org.name)} has no sessions open for booking right now.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${widgetStyle(page.style)}</style>
<script src="/widget/frame.js" defer></script>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p class="foot">Secure booking by <a href="${escapeHtml(orgUrl)}" target="_blank" rel="noopener">Campwise</a></p>
</main>
</body>
</html>
`;
}
