/** Camps (docs/product-spec.md, sections 5 and 8). */
export const campsMessages = {
  campRequiredFields: 'Please fill in all required(*) fields, Select at least one Camp Category',
  campCategoryRequired: 'Must select at least one category',
  minAgeOverMax: 'Minimum age cannot be greater than maximum age',
  endBeforeStart: 'The end date cannot be before the start date.',
  invalidDate: 'Please choose a valid date.',
  wholeNumberRequired: 'Please enter a whole number of at least 1.',
  duplicateCamp: 'A camp with this information already exists.',
  deleteCampConfirm: 'Are you sure you wish to delete this camp?',
  deleteCampImageConfirm: 'Are you sure you wish to delete this camp image?',
  deleteCampThumbnailConfirm: "Are you sure you wish to delete this camp's thumbnail?",
  campNotFound: 'We could not find that camp.',
  orgNotApproved: 'Camps can be added once the organization is approved.',
  campImageSlotTaken: 'That image slot already has a photo. Replace it, or choose an empty slot.',
  campImagesFull: 'A camp has at most three images. Replace or delete one first.',
} as const;
