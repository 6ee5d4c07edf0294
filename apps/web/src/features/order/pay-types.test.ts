import { describe, expect, it } from 'vitest';
import { payTypeAvailability, walletAvailableYuan } from './pay-types';

describe('payTypeAvailability', () => {
  it('allows the wallet alone when it covers the price and its tax, and no combo then', () => {
    expect(payTypeAvailability('30.00', '30.00')).toEqual({ wallet: true, combo: false });
    expect(payTypeAvailability('30.00', '120.50')).toEqual({ wallet: true, combo: false });
  });

  it('offers the combo instead when the wallet holds part of the price', () => {
    expect(payTypeAvailability('30.00', '12.34')).toEqual({ wallet: false, combo: true });
    expect(payTypeAvailability('30.00', '29.99')).toEqual({ wallet: false, combo: true });
  });

  it('counts the tax: a wallet holding the price but not price + tax gets the combo', () => {
    // 255.00 of points + 6.12 withheld = 261.12.
    expect(payTypeAvailability('261.12', '258.00')).toEqual({ wallet: false, combo: true });
    expect(payTypeAvailability('261.12', '261.12')).toEqual({ wallet: true, combo: false });
  });

  it('offers neither with an empty wallet', () => {
    expect(payTypeAvailability('30.00', '0.00')).toEqual({ wallet: false, combo: false });
  });

  it('compares in fen, free of float noise', () => {
    expect(payTypeAvailability('0.30', String(0.1 + 0.2))).toEqual({ wallet: true, combo: false });
  });
});

describe('walletAvailableYuan', () => {
  it('adds back what a combo order already holds', () => {
    // A combo holds its share and the tax on it.
    expect(walletAvailableYuan('0.00', { pay_type: 3, wallet_total: '100.00' })).toBe('100.00');
    expect(walletAvailableYuan('5.00', { pay_type: 1, wallet_total: '0.00' })).toBe('5.00');
    // A wallet order's wallet_total is its price and tax, not a hold.
    expect(walletAvailableYuan('40.00', { pay_type: 2, wallet_total: '30.00' })).toBe('40.00');
  });
});
