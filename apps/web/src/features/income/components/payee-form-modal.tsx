/**
 * Add or change the bank card or Alipay account withdrawals are paid to: real name, 18-digit ID (the contracts'
 * validator), bank and card number with the reserve phone, or the Alipay login, and an SMS code (type 3 or 4).
 * A creator whose identity is on file sees it (name, masked ID) instead of typing it again.
 */
import { Button, Input, Message, Select } from '@arco-design/web-react';
import {
  BANKS,
  CashOutTo,
  PHONE_LENGTH,
  SmsType,
  digitsOnly,
  updateAlipayRequestSchema,
  updateBankRequestSchema,
} from '@cc/contracts';
import { useId, type ReactNode } from 'react';
import { AppModal } from '../../../components/app-modal';
import { isSuccess } from '../../../lib/api-error';
import { useOwnPhoneCode } from '../../../lib/sms/use-own-phone-code';
import { incomeText } from '../../../locales/zh-CN/income';
import { useUpdatePayee } from '../api/update-payee';
import styles from '../withdraw-page.module.css';
import { OwnCodeField, SubmitForm } from './form-parts';
import { useFieldRules } from './use-field-rules';

const t = incomeText.payee;
const IDENTITY_FIELDS = ['real_name', 'id_card_number'] as const;
const BANK_ACCOUNT_FIELDS = ['bank_name', 'account_no', 'reserve_phone'] as const;
const ALIPAY_ACCOUNT_FIELDS = ['account_no'] as const;
type PayeeField = (typeof IDENTITY_FIELDS)[number] | (typeof BANK_ACCOUNT_FIELDS)[number];

/** The verified identity on file: the real name and the masked ID number. */
interface KnownIdentity {
  realName: string;
  idCardMask: string;
}
const BANK_OPTIONS = BANKS.map((bank) => ({ value: bank.name, label: bank.name }));

/**
 * A labelled field: `children` gets the label's id, which names the control. Named by the label text alone, not by the
 * whole <label> around it, whose text would also hold the error and what was typed.
 */
function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | null;
  children: (labelId: string) => ReactNode;
}) {
  const labelId = useId();
  return (
    <label className={styles.field}>
      <span className={styles.fieldLabel} id={labelId}>
        {label}
      </span>
      {children(labelId)}
      <span className={styles.fieldError} role={error ? 'alert' : undefined}>
        {error}
      </span>
    </label>
  );
}

interface PayeeFormProps {
  type: CashOutTo;
  /** The identity on file, shown instead of asked for (the server uses it); null when not known here. */
  identity: KnownIdentity | null;
  /** The real name on file, prefilled when the rest of the identity is not known here. */
  realName: string;
  onSaved: () => void;
}

function IdentityOnFile({ identity }: { identity: KnownIdentity }) {
  return (
    // Values beside their labels, which no role is named by: tests find the block by test id.
    <dl className={styles.identity} data-testid="payee-identity">
      <div>
        <dt>{t.realName}</dt>
        <dd>{identity.realName}</dd>
      </div>
      <div>
        <dt>{t.idCard}</dt>
        <dd>{identity.idCardMask}</dd>
      </div>
      <p className={styles.hint}>{t.identityOnFile}</p>
    </dl>
  );
}

function PayeeForm({ type, identity, realName, onSaved }: PayeeFormProps) {
  const isBank = type === CashOutTo.Bank;
  const accountFields = isBank ? BANK_ACCOUNT_FIELDS : ALIPAY_ACCOUNT_FIELDS;
  const form = useFieldRules<PayeeField>(
    isBank ? updateBankRequestSchema.shape : updateAlipayRequestSchema.shape,
    identity ? accountFields : [...IDENTITY_FIELDS, ...accountFields],
    { real_name: realName },
  );
  const sms = useOwnPhoneCode(isBank ? SmsType.Bank : SmsType.Alipay);
  const save = useUpdatePayee();

  async function submit() {
    const fieldsValid = form.validate();
    if (!sms.validate() || !fieldsValid || save.isPending) return;
    const { values } = form;
    const typed = identity ? {} : { real_name: values.real_name, id_card_number: values.id_card_number };
    const result = await save.mutateAsync(
      isBank
        ? {
            type: CashOutTo.Bank,
            account: {
              ...typed,
              bank_name: values.bank_name,
              account_no: values.account_no,
              reserve_phone: values.reserve_phone,
              code: sms.code,
            },
          }
        : {
            type: CashOutTo.Alipay,
            account: {
              ...typed,
              account_no: values.account_no,
              code: sms.code,
            },
          },
    );
    void sms.refreshMoneySession();
    if (isSuccess(result)) {
      Message.success(t.saved);
      onSaved();
    } else {
      Message.error(result.msg || t.failed);
    }
  }

  const input =
    (field: PayeeField, placeholder: string, extra: object = {}) =>
    (labelId: string) => (
      <Input
        aria-labelledby={labelId}
        placeholder={placeholder}
        value={form.values[field]}
        status={form.errors[field] ? 'error' : undefined}
        onChange={(value) => form.change(field, value)}
        onBlur={() => form.check(field)}
        {...extra}
      />
    );
  const errorOf = (field: PayeeField) => form.errors[field];

  return (
    <SubmitForm onSubmit={submit}>
      {identity ? (
        <IdentityOnFile identity={identity} />
      ) : (
        <>
          <p className={styles.hint}>{t.sameIdentity}</p>
          <Field label={t.realName} error={errorOf('real_name')}>
            {input('real_name', t.realNamePlaceholder, { maxLength: 30 })}
          </Field>
          <Field label={t.idCard} error={errorOf('id_card_number')}>
            {input('id_card_number', t.idCardPlaceholder, { maxLength: 18 })}
          </Field>
        </>
      )}
      {isBank && (
        <Field label={t.bankName} error={errorOf('bank_name')}>
          {(labelId) => (
            <Select
              aria-labelledby={labelId}
              placeholder={t.bankNamePlaceholder}
              options={BANK_OPTIONS}
              showSearch
              value={form.values.bank_name || undefined}
              status={errorOf('bank_name') ? 'error' : undefined}
              onChange={(value: string) => form.change('bank_name', value)}
              onBlur={() => form.check('bank_name')}
            />
          )}
        </Field>
      )}
      <Field label={isBank ? t.bankCard : t.alipayAccount} error={errorOf('account_no')}>
        {input('account_no', isBank ? t.bankCardPlaceholder : t.alipayAccountPlaceholder, {
          inputMode: isBank ? 'numeric' : 'text',
          maxLength: isBank ? 23 : 100,
        })}
      </Field>
      {isBank && (
        <Field label={t.reservePhone} error={errorOf('reserve_phone')}>
          {(labelId) => (
            <Input
              aria-labelledby={labelId}
              placeholder={t.reservePhonePlaceholder}
              inputMode="numeric"
              value={form.values.reserve_phone}
              status={errorOf('reserve_phone') ? 'error' : undefined}
              onChange={(value) => form.change('reserve_phone', digitsOnly(value, PHONE_LENGTH))}
              onBlur={() => form.check('reserve_phone')}
            />
          )}
        </Field>
      )}
      <Field label={t.code} error={sms.codeError}>
        {() => <OwnCodeField sms={sms} />}
      </Field>
      <Button type="primary" htmlType="submit" long size="large" loading={save.isPending}>
        {t.save}
      </Button>
    </SubmitForm>
  );
}

interface PayeeFormModalProps {
  /** The kind of account being edited, or null when closed. */
  type: CashOutTo | null;
  realName: string;
  /** The masked ID number on file ('' when unknown): with the real name, the identity is shown, not asked for. */
  idCardMask: string;
  onClose: () => void;
}

export function PayeeFormModal({ type, realName, idCardMask, onClose }: PayeeFormModalProps) {
  const identity = realName && idCardMask ? { realName, idCardMask } : null;
  return (
    <AppModal
      visible={type !== null}
      title={type === CashOutTo.Alipay ? t.alipayTitle : t.bankTitle}
      onCancel={onClose}
      unmountOnExit
    >
      {type !== null && <PayeeForm key={type} type={type} identity={identity} realName={realName} onSaved={onClose} />}
    </AppModal>
  );
}
