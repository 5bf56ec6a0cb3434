/** Search (docs/product-spec.md, sections 2 and 5). */
export const searchMessages = {
  noResults: 'No Results Found',
  unknownZip: 'We do not know that ZIP code. Please check it, or search without it.',
  zipFormat: 'Please enter a 5-digit ZIP code.',
  searchAgeInvalid: 'Age must be a whole number from 1 to 99.',
  searchCostInvalid: 'Maximum cost must be a whole number of dollars.',
  searchMonthInvalid: 'Month must be from 1 to 12.',
  searchDatesInverted: 'The last day must be on or after the first day.',
  searchTermTooLong: 'Search words can be at most 200 characters long.',
  searchRadiusInvalid: 'The distance must be from 1 to 500 miles.',
  searchCategoriesTooMany: 'Choose at most 30 categories.',
  searchSortInvalid: 'Please choose how to sort the results.',
  searchSortNeedsZip: 'Enter a ZIP code to sort by distance.',
  searchCursorInvalid: 'This page of results is no longer available. Please search again.',
} as const;
