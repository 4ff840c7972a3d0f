import { describe, expect, it } from 'vitest';
import { compareText } from '../../../../src/client/lib/compare-text';

describe('compareText', () => {
  const words = ['Yardi support', 'apple', 'Banana', 'cherry', 'Éclair', 'eclair', 'Ice removal', '504 request', 'AP', 'ap'];

  it("sorts as `localeCompare(…, 'en')` does", () => {
    expect([...words].sort(compareText)).toEqual([...words].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('ignores case first and puts letters in alphabetical, not code-point, order', () => {
    expect(['cherry', 'Banana', 'apple'].sort(compareText)).toEqual(['apple', 'Banana', 'cherry']);
    expect(compareText('same', 'same')).toBe(0);
  });
});
