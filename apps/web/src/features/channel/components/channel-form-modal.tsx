/**
 * The filing form in a modal: platform, name, id, home page address (checked against the platform's known
 * hosts) and an optional cover. Errors read as the server's; a channel filed already is told under its id. Given a
 * rejected filing, the same form corrects it and sends it to review again.
 */
import { Button, Input, Message, Select } from '@arco-design/web-react';
import { CHANNEL_URL_HOSTS, ErrorCode, PLATFORM_LABELS, Platform } from '@cc/contracts';
import { useId, type FormEvent, type ReactNode } from 'react';
import { AppModal } from '../../../components/app-modal';
import type { Channel } from '@cc/contracts';
import { apiUrl } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { channel as channelText } from '../../../locales/zh-CN/channel';
import { useCreateAccount } from '../api/create-account';
import { useResubmitAccount } from '../api/resubmit-account';
import styles from '../channel-page.module.css';
import { CoverPicker } from './cover-picker';
import { useChannelForm, valuesOf, type ChannelField } from './use-channel-form';

const t = channelText.form;

const PLATFORM_OPTIONS = Object.values(Platform).map((value) => ({
  value,
  label: PLATFORM_LABELS[value],
  hint: CHANNEL_URL_HOSTS[value]?.examples,
}));

/** Server refusals that belong to one field. */
const FIELD_OF_ERROR: Partial<Record<number, ChannelField>> = {
  [ErrorCode.channelDuplicate]: 'channel_id',
  [ErrorCode.channelTaken]: 'channel_id',
  [ErrorCode.imageInvalid]: 'cover',
};

/** A labelled field: `children` gets the id of the label, which names the control. */
function Field({
  label,
  extra,
  error,
  children,
}: {
  label: string;
  extra?: string;
  error?: string | null;
  children: (labelId: string) => ReactNode;
}) {
  const labelId = useId();
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>
        <span id={labelId}>{label}</span>
        {extra && <span className={styles.fieldExtra}>{extra}</span>}
      </span>
      {children(labelId)}
      <span className={styles.fieldError} role={error ? 'alert' : undefined}>
        {error}
      </span>
    </div>
  );
}

function ChannelForm({ onDone, editing }: { onDone: () => void; editing: Channel | null }) {
  const form = useChannelForm(editing ? valuesOf(editing) : undefined);
  const create = useCreateAccount();
  const resubmit = useResubmitAccount();
  const pending = create.isPending || resubmit.isPending;
  const { values, errors } = form;
  const urlHint = values.platform ? CHANNEL_URL_HOSTS[values.platform as Platform]?.examples : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate() || pending || values.platform === undefined) return;
    const filing = {
      // Checked by the schema in `validate` above: one of the platforms.
      platform: values.platform as Platform,
      channel_name: values.channel_name,
      channel_id: values.channel_id,
      channel_url: values.channel_url,
      ...(values.cover && { cover: values.cover }),
    };
    const result = editing
      ? await resubmit.mutateAsync({ id: editing.id, ...filing })
      : await create.mutateAsync(filing);
    if (isSuccess(result)) {
      Message.success(editing ? t.resubmitted : t.created);
      onDone();
      return;
    }
    const field = FIELD_OF_ERROR[result.code];
    if (field) form.fail(field, result.msg || t.failed);
    else if (result.code !== ErrorCode.unauthorized) Message.error(result.msg || t.failed);
  }

  /** A text field's input, named by its field's label. */
  const input =
    (field: 'channel_name' | 'channel_id' | 'channel_url', placeholder: string, maxLength: number) =>
    (labelId: string) => (
      <Input
        aria-labelledby={labelId}
        placeholder={placeholder}
        value={values[field]}
        maxLength={maxLength}
        status={errors[field] ? 'error' : undefined}
        onChange={(value) => form.change(field, value)}
        onBlur={() => form.check(field)}
      />
    );

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {editing ? (
        <p className={styles.formIntro}>{t.resubmitIntro(editing.reason || channelText.noReason)}</p>
      ) : (
        <p className={styles.formIntro}>{t.intro}</p>
      )}
      <Field label={t.platform} error={errors.platform}>
        {(labelId) => (
          <Select
            aria-labelledby={labelId}
            placeholder={t.platformPlaceholder}
            value={values.platform}
            status={errors.platform ? 'error' : undefined}
            onChange={(value: number) => form.change('platform', value)}
            onBlur={() => form.check('platform')}
            getPopupContainer={(node) => node.parentElement ?? document.body}
          >
            {PLATFORM_OPTIONS.map((option) => (
              <Select.Option key={option.value} value={option.value}>
                <span className={styles.platformOption}>
                  {option.label}
                  {option.hint && <span className={styles.platformHint}>{t.platformHint(option.hint)}</span>}
                </span>
              </Select.Option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t.channelName} error={errors.channel_name}>
        {input('channel_name', t.channelNamePlaceholder, 32)}
      </Field>
      <Field label={t.channelId} error={errors.channel_id}>
        {input('channel_id', t.channelIdPlaceholder, 64)}
      </Field>
      <Field label={t.channelUrl} extra={urlHint && t.platformHint(urlHint)} error={errors.channel_url}>
        {input('channel_url', t.channelUrlPlaceholder, 500)}
      </Field>
      <Field label={t.cover} extra={t.coverOptional} error={errors.cover}>
        {() => (
          <CoverPicker
            current={editing?.cover ? apiUrl(editing.cover) : undefined}
            invalid={Boolean(errors.cover)}
            onChange={(image) => form.change('cover', image)}
            onError={(message) => form.fail('cover', message ?? '')}
          />
        )}
      </Field>
      <div className={styles.formActions}>
        <Button onClick={onDone}>{t.cancel}</Button>
        <Button type="primary" htmlType="submit" loading={pending}>
          {editing ? t.resubmit : t.submit}
        </Button>
      </div>
    </form>
  );
}

export function ChannelFormModal({
  visible,
  onClose,
  editing = null,
}: {
  visible: boolean;
  onClose: () => void;
  /** A rejected filing to correct and resubmit; none files a new channel. */
  editing?: Channel | null;
}) {
  return (
    <AppModal visible={visible} title={editing ? t.editTitle : t.title} onCancel={onClose} unmountOnExit>
      {visible && <ChannelForm key={editing?.id ?? 'new'} onDone={onClose} editing={editing} />}
    </AppModal>
  );
}
