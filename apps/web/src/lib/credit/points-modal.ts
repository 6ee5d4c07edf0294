/**
 * The points modal opened from anywhere: its '积分明细' (detail) or '积分充值' (list) view. The app shell
 * renders it once; the tool bar, the gift page, the landing page and the points check open it through here.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from '../create-store';
import { paths } from '../paths';
import { openLoginModal } from '../session/login-modal';
import { getToken } from '../session/token';

export type PointsView = 'detail' | 'list';

export interface PointsModalState {
  visible: boolean;
  view: PointsView;
  /** Set at the first opening and kept: the modal's code loads only once someone asks for it. */
  requested: boolean;
}

const modalStore = createStore<PointsModalState>({ visible: false, view: 'list', requested: false });

export function openPointsModal(view: PointsView): void {
  modalStore.set({ visible: true, view, requested: true });
}

export function showPointsView(view: PointsView): void {
  const state = modalStore.get();
  if (state.view !== view) modalStore.set({ ...state, view });
}

export function closePointsModal(): void {
  const state = modalStore.get();
  if (state.visible) modalStore.set({ ...state, visible: false });
}

export function usePointsModal(): PointsModalState {
  return useSyncExternalStore(modalStore.subscribe, modalStore.get);
}

/** `/tool?showCredit=1` opens the points modal once logged in; `creditView=detail` picks the detail view. */
export const ShowCreditQuery = { show: 'showCredit', view: 'creditView' } as const;

export function pointsAddress(view: PointsView): string {
  const query = new URLSearchParams({ [ShowCreditQuery.show]: '1' });
  if (view === 'detail') query.set(ShowCreditQuery.view, 'detail');
  return `${paths.tool}?${query.toString()}`;
}

/** The landing page's 价格: the modal opens on this page, once logged in when the visitor is not yet. */
export function openPointsModalAfterLogin(view: PointsView): void {
  if (getToken() !== null) openPointsModal(view);
  else openLoginModal(null, () => openPointsModal(view));
}

/** Points need login: a logged-out visitor logs in first and lands on the tool page with the modal open. */
export function openPointsModalOrLogin(view: PointsView): void {
  if (getToken() !== null) openPointsModal(view);
  else openLoginModal(pointsAddress(view));
}
