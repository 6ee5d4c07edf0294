import { describe, expect, it } from 'vitest';
import { packagePrice, payableYuan } from './package-price';

describe('packagePrice', () => {
  it('shows the plain price of a package without a discount', () => {
    expect(packagePrice({ price: '10.00', discount: 100, discount_price: null })).toEqual({
      pay: '¥10.00',
      original: null,
      discount: null,
    });
  });

  it('shows the discount price, strikes the original and labels the discount', () => {
    expect(packagePrice({ price: '100.00', discount: 80, discount_price: '80.00' })).toEqual({
      pay: '¥80.00',
      original: '¥100.00',
      discount: '8折',
    });
    expect(packagePrice({ price: '300.00', discount: 85, discount_price: '255.00' }).discount).toBe('8.5折');
  });

  it('groups thousands and keeps two decimals', () => {
    expect(packagePrice({ price: '1999.9', discount: 100, discount_price: null }).pay).toBe('¥1,999.90');
  });

  it('strikes nothing when the discount price is not lower', () => {
    expect(packagePrice({ price: '30.00', discount: 100, discount_price: '30.00' })).toEqual({
      pay: '¥30.00',
      original: null,
      discount: null,
    });
  });

  it('charges the discount price when there is one', () => {
    expect(payableYuan({ price: '100.00', discount: 80, discount_price: '80.00' })).toBe('80.00');
    expect(payableYuan({ price: '10.00', discount: 100, discount_price: null })).toBe('10.00');
  });
});
