import {describe, it, expect} from 'vitest';
import {analyticsId} from '../../site-options';
import {brand} from '../../config/brand';

describe('analyticsId', () => {
  it('defaults to the brand module value', () => {
    expect(analyticsId({})).toBe(brand.analyticsId);
  });
  it('takes KESTREL_GTAG_ID from the environment', () => {
    expect(analyticsId({KESTREL_GTAG_ID: 'G-ABC1234'})).toBe('G-ABC1234');
  });
  it('fails naming the variable when the value is not a measurement id', () => {
    expect(() => analyticsId({KESTREL_GTAG_ID: 'UA-1234-1'})).toThrow(/KESTREL_GTAG_ID/);
    expect(() => analyticsId({KESTREL_GTAG_ID: '<script>'})).toThrow(/KESTREL_GTAG_ID/);
  });
});
