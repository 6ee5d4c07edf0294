/**
 * State and rules of the onboarding form: each field is checked on blur with the same zod rules the server applies
 * (so the messages match), phone and code as in the login modal, and the submit shows the server's message.
 */
import { Message } from '@arco-design/web-react';
import { SmsType, type applyApi, type EndpointBodyInput } from '@cc/contracts';
import { useState } from 'react';
import { isSuccess } from '../../../lib/api-error';
import { useUserInfo } from '../../../lib/session/get-user-info';
import { usePhoneCode } from '../../../lib/sms/use-phone-code';
import { text } from '../../../locales/zh-CN';
import { useSubmitApply } from '../api/submit-apply';
import { fieldError, PROFILE_KEYS, type ProfileFields, type ProfileKey } from './apply-rules';

const EMPTY: ProfileFields = {
  real_name: '',
  platform: undefined,
  channel_link: '',
  follower_range: undefined,
  experience: '',
};

export function useApplyForm(onSubmitted: () => void) {
  // What is known is not typed again: the logged-in creator's phone and verified real name.
  const user = useUserInfo().data;
  const phoneCode = usePhoneCode(SmsType.Apply, user?.phone ?? '');
  const [values, setValues] = useState<ProfileFields>(() => ({ ...EMPTY, real_name: user?.real_name ?? '' }));
  const [errors, setErrors] = useState<Partial<Record<ProfileKey, string | null>>>({});
  const submit = useSubmitApply();

  function check<K extends ProfileKey>(key: K, value: ProfileFields[K] = values[key]): boolean {
    const error = fieldError(key, value);
    setErrors((current) => ({ ...current, [key]: error }));
    return error === null;
  }

  /** Selects have no typing phase, so they are checked as soon as they change; a shown error follows the typing. */
  function change<K extends ProfileKey>(key: K, value: ProfileFields[K], checkNow = false) {
    setValues((current) => ({ ...current, [key]: value }));
    if (checkNow || errors[key]) check(key, value);
  }

  async function send() {
    const profileValid = PROFILE_KEYS.map((key) => check(key)).every(Boolean);
    const phoneCodeValid = phoneCode.validate();
    if (!profileValid || !phoneCodeValid || submit.isPending) return;
    const payload: EndpointBodyInput<typeof applyApi.submit> = {
      ...values,
      real_name: values.real_name.trim(),
      channel_link: values.channel_link.trim(),
      experience: values.experience.trim(),
      platform: values.platform!,
      follower_range: values.follower_range!,
      phone: phoneCode.phone,
      code: phoneCode.code,
    };
    const result = await submit.mutateAsync(payload);
    if (!isSuccess(result)) {
      // The server names the field or the reason ('您已提交过入驻申请，请等待审核结果'): show it as it is.
      Message.error(result.msg || text.user.form.submitFailed);
      return;
    }
    Message.success(text.user.form.submitted);
    onSubmitted();
  }

  return { phoneCode, values, errors, change, check, submitting: submit.isPending, send };
}
