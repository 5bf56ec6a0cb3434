import { describe, expect, it } from 'vitest';
import { orgOptions } from '../src/components/insights/org-options.ts';

describe("the insights page's organisation picker", () => {
  it("offers the host's organisations by name, whatever order they come in", () => {
    const hostOrgs = [
      { id: 7, name: 'Sunny Pines Day Camp' },
      { id: 3, name: 'aardvark adventures' },
      { id: 9, name: 'Maple Hollow' },
    ];
    expect(orgOptions(hostOrgs)).toEqual([
      { value: '3', label: 'aardvark adventures' },
      { value: '9', label: 'Maple Hollow' },
      { value: '7', label: 'Sunny Pines Day Camp' },
    ]);
  });

  it('keeps organisations of the same name apart, the older first', () => {
    const options = orgOptions([
      { id: 12, name: 'Camp Kestrel' },
      { id: 4, name: 'Camp Kestrel' },
    ]);
    expect(options.map((option) => option.value)).toEqual(['4', '12']);
  });

  it('offers nothing to a host without organisations', () => {
    expect(orgOptions([])).toEqual([]);
  });
});
