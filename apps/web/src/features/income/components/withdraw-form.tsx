/**
 * The withdraw form: where to (bank card or Alipay, each added or changed in place), the contract when unsigned,
 * the amount with 全部提现 and a debounced tax preview, the SMS code (type 3 or 4 to match), and the submission.
 */
import { Alert, Button, Input, Message } from '@arco-design/web-react';
import { IconCheckCircleFill } from '@arco-design/web-react/icon';
import {
  CASH_OUT_TO_LABELS,
  CashOutTo,
  SignStatus,
  SmsType,
  type CashOutFirst,
  type WithdrawalRecord,
} from '@cc/contracts';
import { useState } from 'react';
import { isSuccess } from '../../../lib/api-error';
import { fillText } from '../../../lib/fill-text';
import { formatYuan } from '../../../lib/format';
import { useUserInfo } from '../../../lib/session/get-user-info';
import { useOwnPhoneCode } from '../../../lib/sms/use-own-phone-code';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { incomeText } from '../../../locales/zh-CN/income';
import { useApplyCashOut } from '../api/apply-cash-out';
import { useCashOutTax } from '../api/get-cash-out-tax';
import { allAmount, amountInput, checkWithdrawAmount } from '../withdraw-amount';
import styles from '../withdraw-page.module.css';
import { OwnCodeField, SubmitForm } from './form-parts';
import { ContractModal } from './contract-modal';
import { PayeeFormModal } from './payee-form-modal';
import { TaxPreview } from './tax-preview';

const t = incomeText.withdrawForm;
/** Typing pauses this long before the tax is asked for. */
const TAX_DEBOUNCE_MS = 400;

function accountOf(first: CashOutFirst, method: CashOutTo): string | null {
  if (method === CashOutTo.Bank) return first.bank ? `${first.bank.bank_name} ${first.bank.account_no}` : null;
  return first.alipay ? first.alipay.account_no : null;
}

function MethodPicker({
  first,
  method,
  onPick,
  onEdit,
}: {
  first: CashOutFirst;
  method: CashOutTo;
  onPick: (method: CashOutTo) => void;
  onEdit: (method: CashOutTo) => void;
}) {
  return (
    <div className={styles.methods} role="radiogroup" aria-label={t.method}>
      {[CashOutTo.Bank, CashOutTo.Alipay].map((option) => {
        const account = accountOf(first, option);
        // A kind without an account is never shown as chosen: picking it opens the form that adds one.
        const active = option === method && account !== null;
        const pick = () => (account ? onPick(option) : onEdit(option));
        const className = [styles.method, active && styles.methodActive, !account && styles.methodMissing]
          .filter(Boolean)
          .join(' ');
        // The whole card picks on a click, but the radio is only the kind and its account: the edit button beside
        // it must not sit inside another control.
        return (
          <div key={option} className={className} onClick={pick}>
            <div
              role="radio"
              aria-checked={active}
              tabIndex={0}
              className={styles.methodChoice}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') pick();
              }}
            >
              <div className={styles.methodName}>
                {CASH_OUT_TO_LABELS[option]}
                {active && <IconCheckCircleFill className={styles.methodCheck} />}
              </div>
              <div className={styles.methodAccount}>{account ?? t.noAccount}</div>
            </div>
            <Button
              type="text"
              size="mini"
              onClick={(event) => {
                event.stopPropagation();
                onEdit(option);
              }}
              // Both kinds have this button: its name says whose account it changes.
              aria-label={fillText(t.accountAction, {
                action: account ? t.changeAccount : t.addAccount,
                method: CASH_OUT_TO_LABELS[option],
              })}
            >
              {account ? t.changeAccount : t.addAccount}
            </Button>
          </div>
        );
      })}
    </div>
  );
}

interface WithdrawFormProps {
  first: CashOutFirst;
  onDone: (record: WithdrawalRecord) => void;
}

export function WithdrawForm({ first, onDone }: WithdrawFormProps) {
  const [method, setMethod] = useState<CashOutTo>(first.bank || !first.alipay ? CashOutTo.Bank : CashOutTo.Alipay);
  const [editing, setEditing] = useState<CashOutTo | null>(null);
  const [signing, setSigning] = useState(false);
  const [amount, setAmount] = useState('');
  const [amountTouched, setAmountTouched] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const sms = useOwnPhoneCode(method === CashOutTo.Bank ? SmsType.Bank : SmsType.Alipay, { moneySession: true });
  const user = useUserInfo().data;
  const apply = useApplyCashOut();

  const checked = checkWithdrawAmount(amount, first);
  const taxAmount = useDebouncedValue(checked.amount, TAX_DEBOUNCE_MS);
  const tax = useCashOutTax(taxAmount);
  const hasAccount = accountOf(first, method) !== null;
  // Nothing to withdraw yet (no settled income, or all of it held): the form waits, saying why.
  const nothingToWithdraw = Number(first.can_out) <= 0;
  const signed = first.sign_status === SignStatus.Signed;
  const realName = first.bank?.real_name ?? first.alipay?.real_name ?? '';

  function changeAmount(value: string) {
    setAmount(amountInput(value));
    setSubmitError(null);
  }

  /** The first thing that stops this withdrawal, in the order the creator can fix them; null when none. */
  function blocker(): string | null {
    if (nothingToWithdraw) return t.nothingToWithdraw;
    if (!hasAccount) return fillText(t.needAccount, { method: CASH_OUT_TO_LABELS[method] });
    if (!signed) return first.has_real_name ? t.needSign : t.needPayeeBeforeSign;
    return checked.error;
  }

  async function submit() {
    setAmountTouched(true);
    const problem = blocker();
    const codeValid = hasAccount && signed && sms.validate();
    if (problem) {
      setSubmitError(problem);
      return;
    }
    if (!codeValid || checked.amount === null || apply.isPending) return;
    const result = await apply.mutateAsync({ amount: checked.amount, cash_out_to: method, code: sms.codeToSend });
    void sms.refreshMoneySession();
    if (isSuccess(result)) {
      onDone(result.body);
      return;
    }
    const message = result.msg || t.failed;
    setSubmitError(message);
    Message.error(message);
  }

  return (
    <SubmitForm onSubmit={submit}>
      <section className={styles.block}>
        <h2 className={styles.blockTitle}>{t.method}</h2>
        <MethodPicker first={first} method={method} onPick={setMethod} onEdit={setEditing} />
      </section>

      <section className={styles.block}>
        {signed ? (
          <div className={styles.signed}>
            <IconCheckCircleFill /> {t.signed}
          </div>
        ) : (
          <Alert
            type="warning"
            content={first.has_real_name ? t.needSign : t.needPayeeBeforeSign}
            action={
              first.has_real_name ? (
                <Button size="mini" type="primary" onClick={() => setSigning(true)}>
                  {t.sign}
                </Button>
              ) : (
                <Button size="mini" type="primary" onClick={() => setEditing(method)}>
                  {t.addPayee}
                </Button>
              )
            }
          />
        )}
      </section>

      <section className={styles.block}>
        <h2 className={styles.blockTitle}>{t.amount}</h2>
        {nothingToWithdraw && <Alert className={styles.nothing} type="info" content={t.nothingToWithdraw} />}
        <div className={styles.amountRow}>
          <span className={styles.yuan}>¥</span>
          <Input
            className={styles.amountInput}
            aria-label={t.amount}
            placeholder={t.amountPlaceholder}
            inputMode="decimal"
            value={amount}
            disabled={nothingToWithdraw}
            onChange={changeAmount}
            onBlur={() => setAmountTouched(true)}
            status={amountTouched && amount && checked.error ? 'error' : undefined}
          />
          <Button type="text" disabled={nothingToWithdraw} onClick={() => changeAmount(allAmount(first))}>
            {t.all}
          </Button>
        </div>
        <div className={styles.amountHint}>
          {t.canOut} {formatYuan(first.can_out)} ·{' '}
          {fillText(t.limits, { min: first.min_amount, max: first.max_amount })}
        </div>
        {amountTouched && amount && checked.error && (
          <div className={styles.fieldError} role="alert">
            {checked.error}
          </div>
        )}
        <TaxPreview tax={tax} />
      </section>

      {hasAccount && signed ? (
        <section className={styles.block}>
          <h2 className={styles.blockTitle}>{t.code}</h2>
          {sms.codeNeeded && <p className={styles.hint}>{t.codeHint}</p>}
          <OwnCodeField sms={sms} />
          <div className={styles.fieldError} role={sms.codeError || submitError ? 'alert' : undefined}>
            {sms.codeError ?? submitError}
          </div>
        </section>
      ) : (
        // No code is asked for before there is an account to pay and a signed agreement.
        <div className={styles.fieldError} role={submitError ? 'alert' : undefined}>
          {submitError}
        </div>
      )}

      <Button type="primary" htmlType="submit" long size="large" loading={apply.isPending} disabled={nothingToWithdraw}>
        {t.submit}
      </Button>

      <PayeeFormModal
        type={editing}
        realName={realName}
        idCardMask={(first.has_real_name && user?.id_card_number) || ''}
        onClose={() => setEditing(null)}
      />
      <ContractModal visible={signing} onClose={() => setSigning(false)} />
    </SubmitForm>
  );
}
