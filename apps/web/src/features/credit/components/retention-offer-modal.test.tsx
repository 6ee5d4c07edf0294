// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import type { CreditPackage } from '@cc/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RetentionOfferModal } from './retention-offer-modal';

const offer: CreditPackage = {
  id: 6,
  name: '限时特惠包',
  type: 2,
  status: 1,
  price: '30.00',
  discount: 60,
  discount_price: '18.00',
  credit: 300,
  gift_credit: 0,
  start_at: null,
  end_at: null,
  description: '',
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
};

describe('RetentionOfferModal', () => {
  afterEach(cleanup);

  it('lets the creator decline in neutral words, without confirmshaming', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RetentionOfferModal retention={{ offer, endsAt: Date.now() + 3_599_000 }} visible onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const decline = await screen.findByRole('button', { name: '暂不需要' });
    expect(decline).toBeTruthy();
    const modal = screen.getByRole('dialog', { name: '为您保留一份限时特惠' });
    expect(modal.textContent).not.toMatch(/残忍|狠心|忍痛|别急着走|不想要优惠/);
  });
});
