/**
 * The service agreement to sign before a withdrawal: the text of `get_sign_contract` in a scrollable box, and the
 * signature with an SMS code of its own purpose (type 6) sent to the creator's own phone (`sign_contract`), or none
 * while the money session is open. The agreement names the creator, so the withdraw form offers it only after a
 * payee account with a real name exists.
 */
import { Button, Message } from '@arco-design/web-react';
import { SmsType, type SignContractInfo } from '@cc/contracts';
import { useId } from 'react';
import { AppModal } from '../../../components/app-modal';
import { isSuccess } from '../../../lib/api-error';
import { useOwnPhoneCode } from '../../../lib/sms/use-own-phone-code';
import { incomeText } from '../../../locales/zh-CN/income';
import { useSignContract, useSignContractInfo } from '../api/sign-contract';
import styles from '../withdraw-page.module.css';
import { OwnCodeField, SubmitForm } from './form-parts';
import { QueryView } from '../../../components/query-view';

const t = incomeText.contract;

function SignForm({ contract, onSigned }: { contract: SignContractInfo; onSigned: () => void }) {
  const sms = useOwnPhoneCode(SmsType.Contract, { moneySession: true });
  const sign = useSignContract();
  const titleId = useId();

  async function submit() {
    if (!sms.validate() || sign.isPending) return;
    const result = await sign.mutateAsync(sms.codeToSend);
    void sms.refreshMoneySession();
    if (isSuccess(result)) {
      Message.success(t.signed);
      onSigned();
    } else {
      Message.error(result.msg || t.failed);
    }
  }

  return (
    <SubmitForm onSubmit={submit}>
      <h3 className={styles.contractTitle} id={titleId}>
        {contract.title}
      </h3>
      {/* Scrolled by keyboard too: a region named by the agreement's title, so focus lands on something named. */}
      <div className={styles.contractText} tabIndex={0} role="region" aria-labelledby={titleId}>
        {contract.content}
      </div>
      <p className={styles.hint}>{sms.codeNeeded ? t.readHint : t.readHintVerified}</p>
      <OwnCodeField sms={sms} />
      <div className={styles.fieldError} role={sms.codeError ? 'alert' : undefined}>
        {sms.codeError}
      </div>
      <Button type="primary" htmlType="submit" long size="large" loading={sign.isPending}>
        {t.sign}
      </Button>
    </SubmitForm>
  );
}

/** Opened by the withdraw form only once a real name is on file (before that it offers a payee account). */
export function ContractModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const contract = useSignContractInfo({ enabled: visible });
  return (
    <AppModal visible={visible} title={t.title} onCancel={onClose} unmountOnExit>
      <QueryView query={contract}>{(info) => <SignForm contract={info} onSigned={onClose} />}</QueryView>
    </AppModal>
  );
}
