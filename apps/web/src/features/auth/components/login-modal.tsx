/** The login modal: phone, SMS code, optional invite code, terms, 登录/注册. */
import { Button, Checkbox, Input } from '@arco-design/web-react';
import { PHONE_LENGTH } from '@cc/contracts';
import type { MouseEvent, ReactNode } from 'react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppModal } from '../../../components/app-modal';
import { HeaderTabs } from '../../../components/arco-a11y/header-tabs';
import { SmsCodeField } from '../../../components/sms-code-field';
import { fillText } from '../../../lib/fill-text';
import { paths } from '../../../lib/paths';
import { readReferral } from '../../../lib/referral';
import { cancelLoginModal, useLoginModalState } from '../../../lib/session/login-modal';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { text } from '../../../locales/zh-CN';
import styles from './login-modal.module.css';
import { QrLoginPanel } from './qr-login-panel';
import { useLoginForm } from './use-login-form';

const LOGIN_MODAL_WIDTH = 440;

function FieldError({ message }: { message: string | null }) {
  return (
    <div className={styles.error} role="alert">
      {message}
    </div>
  );
}

// Following a terms link must open it, not tick or untick the box around it.
function stopToggle(event: MouseEvent) {
  event.stopPropagation();
}

function TermsLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" onClick={stopToggle} className={styles.termsLink}>
      {children}
    </a>
  );
}

type LoginTab = 'code' | 'qr';

/** The modal itself; `LoginModalHost` loads it the first time it opens. */
export function LoginModal() {
  const [searchParams] = useSearchParams();
  const { visible, redirect } = useLoginModalState();
  const referral = readReferral(searchParams);
  const form = useLoginForm({
    lockedInviteCode: referral.inviteCode,
    channelFrom: referral.channelFrom,
    landing: referral.landing,
    redirect,
  });
  // Scanning is for a computer: a phone cannot scan its own screen, so phones only get the SMS form.
  const isMobile = useIsMobile();
  const [tab, setTab] = useState<LoginTab>('code');
  const showQr = !isMobile && tab === 'qr';

  return (
    <AppModal
      title={text.auth.title}
      visible={visible}
      onCancel={() => {
        // Reopened, the form must not greet the creator with the last attempt's errors.
        form.clearErrors();
        cancelLoginModal();
      }}
      width={LOGIN_MODAL_WIDTH}
    >
      {!isMobile && (
        <HeaderTabs
          label={text.auth.tabsLabel}
          activeTab={tab}
          onChange={(key) => setTab(key as LoginTab)}
          className={styles.tabs}
        >
          <HeaderTabs.TabPane key="code" title={text.auth.tabs.code} />
          <HeaderTabs.TabPane key="qr" title={text.auth.tabs.qr} />
        </HeaderTabs>
      )}
      {/* Mounted only while shown: a hidden tab must not keep creating and polling QR codes. */}
      {visible && showQr && <QrLoginPanel redirect={redirect} />}
      <form
        style={showQr ? { display: 'none' } : undefined}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
      >
        <div>
          <Input
            size="large"
            prefix={text.auth.phonePrefix}
            placeholder={text.auth.phonePlaceholder}
            value={form.phone}
            onChange={form.changePhone}
            onBlur={form.checkPhone}
            maxLength={PHONE_LENGTH}
            inputMode="numeric"
            autoComplete="tel"
            status={form.phoneError ? 'error' : undefined}
          />
          <FieldError message={form.phoneError} />
        </div>
        <div>
          <SmsCodeField sms={form} size="large" />
          <FieldError message={form.codeError} />
        </div>
        <Input
          size="large"
          className={styles.inviteCode}
          placeholder={text.auth.invitePlaceholder}
          value={form.inviteCode}
          onChange={form.changeInviteCode}
          readOnly={form.inviteCodeLocked}
          // Filled in by the link, the placeholder is gone: the field names itself, on screen as to screen readers.
          aria-label={text.auth.inviteLabel}
          prefix={form.inviteCodeLocked ? text.auth.inviteLabel : undefined}
          allowClear={!form.inviteCodeLocked}
          status={form.inviteCodeRefused && !form.inviteCode ? 'warning' : undefined}
        />
        {form.inviteCodeLocked && <p className={styles.inviteHint}>{text.auth.inviteFromLink}</p>}
        {form.inviteCodeRefused && (
          <FieldError message={fillText(text.auth.inviteRefusedHint, { code: form.inviteCodeRefused })} />
        )}
        <Checkbox className={styles.terms} checked={form.agreed} onChange={form.setAgreed}>
          {text.auth.termsPrefix}
          <TermsLink href={paths.userAgreement}>{text.auth.userAgreement}</TermsLink>
          {text.auth.termsJoin}
          <TermsLink href={paths.privacyPolicy}>{text.auth.privacyAgreement}</TermsLink>
        </Checkbox>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          long
          loading={form.submitting}
          className={form.canSubmit ? undefined : styles.dimmed}
        >
          {text.auth.submit}
        </Button>
      </form>
    </AppModal>
  );
}
