/** Pieces the income forms share: a form that submits without a page load, and the own-phone SMS code field. */
import type { ReactNode } from 'react';
import { MoneySessionNotice, SmsCodeField } from '../../../components/sms-code-field';
import type { useOwnPhoneCode } from '../../../lib/sms/use-own-phone-code';
import styles from '../withdraw-page.module.css';

export function SubmitForm({ onSubmit, children }: { onSubmit: () => Promise<void>; children: ReactNode }) {
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The payee and agreement dialogs render inside the withdraw form: React bubbles their submit through the
        // portal, and it must not submit the withdrawal too.
        event.stopPropagation();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * The code input and get-code button bound to `useOwnPhoneCode`. While the money session stands in for the code, a
 * notice instead.
 */
export function OwnCodeField({ sms }: { sms: ReturnType<typeof useOwnPhoneCode> }) {
  if (!sms.codeNeeded) return <MoneySessionNotice secondsLeft={sms.moneySessionLeft} />;
  return <SmsCodeField sms={sms} />;
}
