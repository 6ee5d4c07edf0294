/** The SMS code input with its '获取验证码' button and `Ns后重新发送` countdown, used by every code form. */
import { Button, Input } from '@arco-design/web-react';
import { SMS_CODE_LENGTH } from '@cc/contracts';
import { IconSafe } from '@arco-design/web-react/icon';
import { fillText } from '../lib/fill-text';
import { formatDuration } from '../lib/format';
import { text } from '../locales/zh-CN';
import styles from './sms-code-field.module.css';

/** In place of the code field while a money session is open (ADR 0026): no code needed, and for how long. */
export function MoneySessionNotice({ secondsLeft }: { secondsLeft: number }) {
  return (
    <div className={styles.verified} role="status">
      <IconSafe />
      {fillText(text.auth.moneySessionOpen, { left: formatDuration(secondsLeft) })}
    </div>
  );
}

/** What a code field reads from its form's code state (`usePhoneCode`, `useOwnPhoneCode`, the wallet form). */
export interface SmsCodeState {
  code: string;
  codeError: string | null;
  changeCode: (value: string) => void;
  checkCode: () => void;
  /** Seconds until the code may be sent again; 0 shows the get-code button. */
  resendIn: number;
  sendingCode: boolean;
  requestCode: () => unknown;
}

interface SmsCodeFieldProps {
  sms: SmsCodeState;
  placeholder?: string;
  size?: 'default' | 'large';
}

export function SmsCodeField({ sms, placeholder = text.auth.codePlaceholder, size = 'default' }: SmsCodeFieldProps) {
  const { code, codeError: error, changeCode: onChange, checkCode: onBlur, resendIn, sendingCode: sending } = sms;
  const onRequest = () => void sms.requestCode();
  return (
    <div className={styles.row}>
      <Input
        // Named on its own: the forms put it under a heading or beside a label that also holds the get-code button.
        aria-label={text.auth.codeLabel}
        size={size}
        placeholder={placeholder}
        value={code}
        onChange={onChange}
        onBlur={onBlur}
        maxLength={SMS_CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        status={error ? 'error' : undefined}
      />
      <Button size={size} className={styles.button} disabled={resendIn > 0} loading={sending} onClick={onRequest}>
        {resendIn > 0 ? fillText(text.auth.resendIn, { n: resendIn }) : text.auth.getCode}
      </Button>
    </div>
  );
}
