/**
 * The line over the results: "1 camp found", "23 camps found, showing 20"; past the count's cap
 * (the server stops counting at SEARCH_TOTAL_CAP), "More than 1,000 camps found, showing 20".
 */
export function resultCountText(total: number, capped: boolean, shown: number): string {
  const camps = capped
    ? `More than ${total.toLocaleString('en-US')} camps found`
    : `${total} ${total === 1 ? 'camp' : 'camps'} found`;
  return shown < total || capped ? `${camps}, showing ${shown}` : camps;
}
