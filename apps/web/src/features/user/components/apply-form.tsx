/** The onboarding form of /apply: name, phone with an apply SMS code, main platform, channel link, followers, experience. */
import { Button, Form, Input, Select } from '@arco-design/web-react';
import { FOLLOWER_RANGE_LABELS, FOLLOWER_RANGES, PHONE_LENGTH, PLATFORM_LABELS, type Platform } from '@cc/contracts';
import { SmsCodeField } from '../../../components/sms-code-field';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { text } from '../../../locales/zh-CN';
import styles from '../apply-page.module.css';
import type { FollowerRange } from './apply-rules';
import { useApplyForm } from './use-apply-form';

const EXPERIENCE_MAX = 500;
const formText = text.user.form;
const platformOptions = Object.entries(PLATFORM_LABELS).map(([value, label]) => ({ value: Number(value), label }));
const followerOptions = FOLLOWER_RANGES.map((value) => ({ value, label: FOLLOWER_RANGE_LABELS[value] }));

function status(error: string | null | undefined) {
  return error ? ('error' as const) : undefined;
}

export function ApplyForm({ onSubmitted }: { onSubmitted: () => void }) {
  const isMobile = useIsMobile();
  const { phoneCode, values, errors, change, check, submitting, send } = useApplyForm(onSubmitted);

  return (
    <Form
      className={styles.form}
      layout={isMobile ? 'vertical' : 'horizontal'}
      labelCol={isMobile ? undefined : { span: 5 }}
      wrapperCol={isMobile ? undefined : { span: 17 }}
      onSubmit={() => void send()}
    >
      <Form.Item label={formText.realName} required validateStatus={status(errors.real_name)} help={errors.real_name}>
        <Input
          placeholder={formText.realNamePlaceholder}
          value={values.real_name}
          maxLength={20}
          onChange={(value) => change('real_name', value)}
          onBlur={() => check('real_name')}
          autoComplete="name"
        />
      </Form.Item>
      <Form.Item
        label={formText.phone}
        required
        validateStatus={status(phoneCode.phoneError)}
        help={phoneCode.phoneError}
      >
        <Input
          prefix={text.auth.phonePrefix}
          placeholder={text.auth.phonePlaceholder}
          value={phoneCode.phone}
          maxLength={PHONE_LENGTH}
          inputMode="numeric"
          autoComplete="tel"
          onChange={phoneCode.changePhone}
          onBlur={phoneCode.checkPhone}
        />
      </Form.Item>
      <Form.Item label={formText.code} required validateStatus={status(phoneCode.codeError)} help={phoneCode.codeError}>
        <SmsCodeField sms={phoneCode} />
      </Form.Item>
      <Form.Item label={formText.platform} required validateStatus={status(errors.platform)} help={errors.platform}>
        <Select
          placeholder={formText.platformPlaceholder}
          value={values.platform}
          options={platformOptions}
          onChange={(value: Platform) => change('platform', value, true)}
          onBlur={() => check('platform')}
        />
      </Form.Item>
      <Form.Item
        label={formText.channelLink}
        required
        validateStatus={status(errors.channel_link)}
        help={errors.channel_link}
      >
        <Input
          placeholder={formText.channelLinkPlaceholder}
          value={values.channel_link}
          maxLength={300}
          inputMode="url"
          onChange={(value) => change('channel_link', value)}
          onBlur={() => check('channel_link')}
        />
      </Form.Item>
      <Form.Item
        label={formText.followerRange}
        required
        validateStatus={status(errors.follower_range)}
        help={errors.follower_range}
      >
        <Select
          placeholder={formText.followerRangePlaceholder}
          value={values.follower_range}
          options={followerOptions}
          onChange={(value: FollowerRange) => change('follower_range', value, true)}
          onBlur={() => check('follower_range')}
        />
      </Form.Item>
      <Form.Item label={formText.experience} validateStatus={status(errors.experience)} help={errors.experience}>
        <Input.TextArea
          placeholder={formText.experiencePlaceholder}
          value={values.experience}
          maxLength={EXPERIENCE_MAX}
          showWordLimit
          autoSize={{ minRows: 3, maxRows: 6 }}
          onChange={(value) => change('experience', value)}
          onBlur={() => check('experience')}
        />
      </Form.Item>
      <Form.Item wrapperCol={isMobile ? undefined : { offset: 5, span: 17 }}>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          long={isMobile}
          loading={submitting}
          className={styles.submit}
        >
          {formText.submit}
        </Button>
      </Form.Item>
    </Form>
  );
}
