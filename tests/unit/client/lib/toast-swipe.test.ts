import { describe, expect, it } from 'vitest';
import { swipeDismissPercent } from '../../../../src/client/lib/toast-swipe';

describe('swipeDismissPercent (swipe-dismiss 80 px)', () => {
  it('is 25 % of a 320 px toast on a wide screen', () => {
    expect(swipeDismissPercent(1280)).toBe(25);
  });
  it('uses the viewport width when the toast is narrower than its default', () => {
    expect(swipeDismissPercent(200)).toBe(40);
  });
  it('stays within 1–100', () => {
    expect(swipeDismissPercent(40)).toBe(100);
    expect(swipeDismissPercent(0)).toBe(100);
  });
});
