import { describe, expect, it } from 'vitest';
import {
  CAMP_DESCRIPTION_MAX,
  type CampData,
  campKind,
  campUpdateBody,
  categoriesField,
  dateField,
  duplicateCampBody,
  newCampBody,
  VIRTUAL_ADDRESS,
} from '../src/camps.ts';
import { CATEGORY_VIRTUAL, CATEGORY_YEAR_ROUND } from '../src/categories.ts';
import { messages } from '../src/messages.ts';

/** Every field of the add-camp form as a multipart body sends it: all text. */
const form = {
  name: 'Lakeside Adventure Week',
  description: 'Canoeing, archery and campfire songs by the lake.',
  address: '1200 Lakeshore Dr',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '512-555-0142',
  email: 'camp@sunnypines.example',
  startDate: '2030-06-15',
  endDate: '2030-06-20',
  minAge: '8',
  maxAge: '12',
  cost: '150',
  spotsAvailable: '24',
  allowsWaitlist: 'true',
  categories: '[21,9]',
} satisfies Record<string, string>;

const parsedForm: CampData = {
  name: 'Lakeside Adventure Week',
  description: 'Canoeing, archery and campfire songs by the lake.',
  address: '1200 Lakeshore Dr',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '512-555-0142',
  email: 'camp@sunnypines.example',
  startDate: '2030-06-15',
  endDate: '2030-06-20',
  minAge: 8,
  maxAge: 12,
  cost: 150,
  spotsAvailable: 24,
  allowsWaitlist: true,
  categories: [21, 9],
};

type Schema = typeof newCampBody | typeof campUpdateBody;

/** Each field with a problem and its first message; empty when the input is valid. */
function problems(schema: Schema, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.') || 'body'] ??= issue.message;
  return found;
}

function parse(schema: Schema, input: unknown): CampData {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected a valid camp: ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

const REQUIRED_FIELDS = [
  'name',
  'description',
  'address',
  'city',
  'state',
  'zip',
  'phone',
  'startDate',
  'endDate',
  'minAge',
  'maxAge',
  'cost',
  'spotsAvailable',
] as const;

describe('campKind', () => {
  it('needs an address and dates when neither virtual nor year round is chosen', () => {
    expect(campKind([21, 9])).toEqual({
      isVirtual: false,
      isYearRound: false,
      needsAddress: true,
      needsDates: true,
    });
    expect(campKind([])).toEqual({
      isVirtual: false,
      isYearRound: false,
      needsAddress: true,
      needsDates: true,
    });
  });

  it('drops the address for virtual (26) only', () => {
    expect(campKind([CATEGORY_VIRTUAL])).toEqual({
      isVirtual: true,
      isYearRound: false,
      needsAddress: false,
      needsDates: true,
    });
  });

  it('drops the dates for year round (22) only', () => {
    expect(campKind([9, CATEGORY_YEAR_ROUND])).toEqual({
      isVirtual: false,
      isYearRound: true,
      needsAddress: true,
      needsDates: false,
    });
  });

  it('with both chosen requires the address and not the dates', () => {
    expect(campKind([CATEGORY_VIRTUAL, CATEGORY_YEAR_ROUND])).toEqual({
      isVirtual: true,
      isYearRound: true,
      needsAddress: true,
      needsDates: false,
    });
  });
});

describe('dateField', () => {
  it.each(['2030-06-15', '2028-02-29', '2027-12-31', '2027-01-01'])('accepts %s', (value) => {
    expect(dateField.parse(value)).toBe(value);
  });

  it.each([
    '2027-02-30',
    '2027-02-29',
    '2027-04-31',
    '2027-13-01',
    '2027-00-10',
    '2027-01-00',
    '2027-1-5',
    '27-01-05',
    '2027/01/05',
    '01-05-2027',
    '2027-01-05T00:00:00Z',
    ' 2027-01-05',
    'tomorrow',
    '',
  ])('refuses %j with the date message', (value) => {
    const result = dateField.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.invalidDate);
  });

  it('refuses a value that is not text', () => {
    for (const value of [20270105, null, undefined]) {
      expect(dateField.safeParse(value).error?.issues[0]?.message).toBe(messages.invalidDate);
    }
  });
});

describe('categoriesField', () => {
  it.each([
    ['[21,9]', [21, 9]],
    ['21,9', [21, 9]],
    [' 21 , 9 ', [21, 9]],
    ['26', [26]],
    ['[22, 22, 1]', [22, 1]],
    ['', []],
    ['[]', []],
  ])('reads %j from a form as %j', (value, expected) => {
    expect(categoriesField.parse(value)).toEqual(expected);
  });

  it('reads a missing field as no category', () => {
    expect(categoriesField.parse(undefined)).toEqual([]);
  });

  it('takes an array as it is, without repeats', () => {
    expect(categoriesField.parse([3, 30, 3])).toEqual([3, 30]);
  });

  it.each(['0', '31', 'x', '21,x', '21,,9', '1.5', '[0]', '[31]', '["21"]', '[21', '{"id":21}'])(
    'refuses %j with the category message',
    (value) => {
      const result = categoriesField.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(messages.unknownCategory);
    },
  );

  it('refuses more ids than there are categories, and values that are not a list', () => {
    const tooMany = Array.from({ length: 31 }, () => 1);
    for (const value of [tooMany, 21, null, { 0: 21 }]) {
      expect(categoriesField.safeParse(value).error?.issues[0]?.message).toBe(messages.unknownCategory);
    }
  });
});

describe('newCampBody', () => {
  it('turns the form text into typed camp data', () => {
    expect(parse(newCampBody, form)).toEqual(parsedForm);
  });

  it('reads categories given as a comma list, and numbers sent as numbers', () => {
    expect(parse(newCampBody, { ...form, categories: '21,9', cost: 150, minAge: 8 })).toEqual(parsedForm);
  });

  it('trims text and leaves the optional e-mail and waitlist out', () => {
    const { email: _email, allowsWaitlist: _waitlist, ...rest } = form;
    expect(parse(newCampBody, { ...rest, name: '  Lakeside Adventure Week  ' })).toEqual({
      ...parsedForm,
      email: null,
      allowsWaitlist: false,
    });
    expect(parse(newCampBody, { ...form, email: '', allowsWaitlist: 'false' })).toMatchObject({
      email: null,
      allowsWaitlist: false,
    });
  });

  it('stores a virtual camp at the address "Virtual", without city, state or ZIP', () => {
    const virtual = { ...form, categories: '26', address: '', city: '', state: '', zip: '' };
    expect(parse(newCampBody, virtual)).toEqual({
      ...parsedForm,
      address: VIRTUAL_ADDRESS,
      city: null,
      state: null,
      zip: null,
      categories: [26],
    });
    // Whatever the form still held is dropped, as the form clears it.
    expect(parse(newCampBody, { ...form, categories: '26' })).toMatchObject({
      address: VIRTUAL_ADDRESS,
      city: null,
      state: null,
      zip: null,
    });
  });

  it('still needs dates for a virtual camp', () => {
    const virtual = { ...form, categories: '26', address: '', startDate: '', endDate: '' };
    expect(problems(newCampBody, virtual)).toEqual({
      startDate: messages.campRequiredFields,
      endDate: messages.campRequiredFields,
    });
  });

  it('stores a year-round camp without dates, but needs its address', () => {
    const yearRound = { ...form, categories: '22', startDate: '', endDate: '' };
    expect(parse(newCampBody, yearRound)).toEqual({
      ...parsedForm,
      startDate: null,
      endDate: null,
      categories: [22],
    });
    expect(parse(newCampBody, { ...form, categories: '22' })).toMatchObject({
      startDate: null,
      endDate: null,
    });
    expect(problems(newCampBody, { ...yearRound, address: '', zip: '' })).toEqual({
      address: messages.campRequiredFields,
      zip: messages.campRequiredFields,
    });
  });

  it('with virtual and year round needs the address and not the dates', () => {
    const both = { ...form, categories: '[26,22]', startDate: '', endDate: '' };
    expect(parse(newCampBody, both)).toEqual({
      ...parsedForm,
      startDate: null,
      endDate: null,
      categories: [26, 22],
    });
    expect(problems(newCampBody, { ...both, address: '', city: '', state: '', zip: '' })).toEqual({
      address: messages.campRequiredFields,
      city: messages.campRequiredFields,
      state: messages.campRequiredFields,
      zip: messages.campRequiredFields,
    });
  });

  it.each(['', '[]'])('asks for a category when the categories are %j', (categories) => {
    expect(problems(newCampBody, { ...form, categories })).toEqual({
      categories: messages.campRequiredFields,
    });
  });

  it('asks for a category when the form leaves the field out', () => {
    const { categories: _categories, ...rest } = form;
    expect(problems(newCampBody, rest)).toEqual({ categories: messages.campRequiredFields });
  });

  it.each(REQUIRED_FIELDS)('names %s when it is empty', (field) => {
    expect(problems(newCampBody, { ...form, [field]: '' })).toEqual({
      [field]: messages.campRequiredFields,
    });
  });

  it.each(REQUIRED_FIELDS)('names %s when it is only spaces or missing', (field) => {
    const { [field]: _dropped, ...rest } = form;
    expect(Object.keys(problems(newCampBody, { ...form, [field]: '   ' }))).toEqual([field]);
    expect(Object.keys(problems(newCampBody, rest))).toEqual([field]);
  });

  it('refuses a minimum age over the maximum, and accepts equal ages', () => {
    expect(problems(newCampBody, { ...form, minAge: '13', maxAge: '12' })).toEqual({
      minAge: messages.minAgeOverMax,
    });
    expect(parse(newCampBody, { ...form, minAge: '12', maxAge: '12' })).toMatchObject({
      minAge: 12,
      maxAge: 12,
    });
  });

  it('refuses an end before the start, and accepts a one-day camp', () => {
    expect(problems(newCampBody, { ...form, startDate: '2030-06-20', endDate: '2030-06-19' })).toEqual({
      endDate: messages.endBeforeStart,
    });
    expect(parse(newCampBody, { ...form, startDate: '2030-06-20', endDate: '2030-06-20' })).toMatchObject({
      startDate: '2030-06-20',
      endDate: '2030-06-20',
    });
  });

  it.each(['2027-02-30', '2030-6-15', '06/15/2030', 'soon'])('refuses the date %j', (value) => {
    expect(problems(newCampBody, { ...form, startDate: value })).toEqual({ startDate: messages.invalidDate });
    expect(problems(newCampBody, { ...form, endDate: value })).toEqual({ endDate: messages.invalidDate });
  });

  it.each(['cost', 'spotsAvailable', 'minAge', 'maxAge'] as const)(
    'asks for a whole number of at least 1 in %s',
    (field) => {
      for (const value of ['0', '-1', '1.5', 'abc', 0, -3, 2.5, '2000000']) {
        // Ages over the maximum would add the age-order problem; keep the other age high.
        const input = { ...form, maxAge: '99', [field]: value };
        expect(problems(newCampBody, input), `${field} = ${value}`).toEqual({
          [field]: messages.wholeNumberRequired,
        });
      }
    },
  );

  it.each(['0', '31', 'x', '[21,0]', '[21,31]'])('refuses the category ids %j', (categories) => {
    const found = problems(newCampBody, { ...form, categories });
    // Text that is not a number is reported on its place in the list (categories.0).
    expect(Object.keys(found).map((path) => path.split('.')[0])).toEqual(['categories']);
    expect(Object.values(found)).toEqual([messages.unknownCategory]);
  });

  it('checks the state, ZIP, phone and e-mail', () => {
    expect(problems(newCampBody, { ...form, state: 'XX' })).toEqual({ state: messages.invalidState });
    expect(problems(newCampBody, { ...form, state: 'GU' })).toEqual({ state: messages.invalidState });
    expect(problems(newCampBody, { ...form, zip: '7870' })).toEqual({ zip: messages.invalidZip });
    expect(problems(newCampBody, { ...form, zip: '78701-1234' })).toEqual({ zip: messages.invalidZip });
    expect(problems(newCampBody, { ...form, phone: '+44 20 7946 0958' })).toEqual({
      phone: messages.invalidPhone,
    });
    expect(problems(newCampBody, { ...form, phone: '112-555-0142' })).toEqual({
      phone: messages.invalidPhone,
    });
    expect(problems(newCampBody, { ...form, email: 'camp@' })).toEqual({ email: messages.invalidEmail });
    for (const state of ['DC', 'PR', 'AK']) expect(parse(newCampBody, { ...form, state }).state).toBe(state);
  });

  it('allows a description of 5,000 characters and no more', () => {
    const longest = 'a'.repeat(CAMP_DESCRIPTION_MAX);
    expect(parse(newCampBody, { ...form, description: longest }).description).toBe(longest);
    expect(problems(newCampBody, { ...form, description: `${longest}a` })).toEqual({
      description: messages.textTooLong,
    });
  });

  it.each(['name', 'address', 'city', 'description'] as const)(
    'refuses control characters in %s, which the database cannot store',
    (field) => {
      for (const value of ['Lake\u0000side', 'Lake\u0007side']) {
        expect(problems(newCampBody, { ...form, [field]: value })).toEqual({
          [field]: messages.invalidInput,
        });
      }
    },
  );

  it('keeps the line breaks and tabs of a description, stored as LF whatever the form sent', () => {
    const description = 'Week one: canoeing.\r\nWeek two:\tarchery.\nBring a hat.';
    expect(parse(newCampBody, { ...form, description }).description).toBe(
      'Week one: canoeing.\nWeek two:\tarchery.\nBring a hat.',
    );
  });

  it('reports every problem at once, each on its field', () => {
    const input = { ...form, name: '', zip: '1', cost: '0', startDate: '2027-02-30', minAge: '20' };
    expect(problems(newCampBody, input)).toEqual({
      name: messages.campRequiredFields,
      zip: messages.invalidZip,
      cost: messages.wholeNumberRequired,
      startDate: messages.invalidDate,
      minAge: messages.minAgeOverMax,
    });
  });
});

describe('campUpdateBody', () => {
  /** The spec's update payload: `spots` for the capacity, plus the ids the form sends along. */
  const update = {
    ...form,
    orgId: 4,
    campId: 7,
    spots: 24,
    minAge: 8,
    maxAge: 12,
    cost: 150,
    allowsWaitlist: true,
    categories: [21, 9],
  };
  const { spotsAvailable: _spotsAvailable, ...specUpdate } = update;

  it("reads the spec's payload, with spots as the capacity", () => {
    expect(parse(campUpdateBody, specUpdate)).toEqual(parsedForm);
  });

  it('also accepts spotsAvailable, which wins over spots', () => {
    expect(parse(campUpdateBody, { ...specUpdate, spots: undefined, spotsAvailable: 30 })).toMatchObject({
      spotsAvailable: 30,
    });
    expect(parse(campUpdateBody, { ...specUpdate, spots: 5, spotsAvailable: 30 })).toMatchObject({
      spotsAvailable: 30,
    });
  });

  it('asks for at least one category in the edit form words', () => {
    const { categories: _categories, ...withoutCategories } = specUpdate;
    for (const input of [{ ...specUpdate, categories: [] }, withoutCategories]) {
      expect(problems(campUpdateBody, input)).toEqual({ categories: messages.campCategoryRequired });
    }
  });

  it('names an empty field with the plain required-fields message', () => {
    expect(problems(campUpdateBody, { ...specUpdate, city: '' })).toEqual({ city: messages.requiredFields });
    expect(problems(campUpdateBody, { ...specUpdate, spots: '' })).toEqual({
      spotsAvailable: messages.requiredFields,
    });
  });

  it('applies the same category, age, date and number rules as a new camp', () => {
    expect(
      parse(campUpdateBody, { ...specUpdate, categories: [26], address: '', city: '', state: '', zip: '' }),
    ).toMatchObject({ address: VIRTUAL_ADDRESS, city: null, state: null, zip: null });
    expect(
      parse(campUpdateBody, { ...specUpdate, categories: [22], startDate: '', endDate: '' }),
    ).toMatchObject({ startDate: null, endDate: null });
    expect(problems(campUpdateBody, { ...specUpdate, minAge: 13 })).toEqual({
      minAge: messages.minAgeOverMax,
    });
    expect(problems(campUpdateBody, { ...specUpdate, endDate: '2030-06-01' })).toEqual({
      endDate: messages.endBeforeStart,
    });
    expect(problems(campUpdateBody, { ...specUpdate, spots: 0 })).toEqual({
      spotsAvailable: messages.wholeNumberRequired,
    });
    expect(problems(campUpdateBody, { ...specUpdate, categories: [31] })).toEqual({
      categories: messages.unknownCategory,
    });
  });
});

describe('duplicateCampBody', () => {
  it('takes a name and a phone, trimmed', () => {
    expect(duplicateCampBody.parse({ name: ' lakeside week ', phone: ' 512-555-0142 ' })).toEqual({
      name: 'lakeside week',
      phone: '512-555-0142',
    });
  });

  it('needs both, and no control characters in the name', () => {
    for (const input of [{ phone: '512-555-0142' }, { name: 'Camp' }, { name: ' ', phone: '512-555-0142' }]) {
      expect(duplicateCampBody.safeParse(input).success).toBe(false);
    }
    const result = duplicateCampBody.safeParse({ name: 'Lake\u0000side', phone: '512-555-0142' });
    expect(result.error?.issues[0]?.message).toBe(messages.invalidInput);
  });
});
