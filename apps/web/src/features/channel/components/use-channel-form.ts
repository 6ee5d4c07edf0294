/**
 * The filing form's values and errors, judged by the contracts' own `channelCreateSchema` field by field (shown on
 * blur, then following the typing), plus the per-platform address rule: the page and the server refuse the same.
 */
import { channelCreateSchema, channelUrlProblem, IMAGE_URL_PREFIX, type Channel } from '@cc/contracts';
import { useState } from 'react';

export type ChannelField = 'platform' | 'channel_name' | 'channel_id' | 'channel_url' | 'cover';
const FIELDS: readonly ChannelField[] = ['platform', 'channel_name', 'channel_id', 'channel_url', 'cover'];

export interface ChannelFormValues {
  platform: number | undefined;
  channel_name: string;
  channel_id: string;
  channel_url: string;
  /** The uploaded cover's name, '' for none. */
  cover: string;
}

const EMPTY: ChannelFormValues = { platform: undefined, channel_name: '', channel_id: '', channel_url: '', cover: '' };

function problemOf(field: ChannelField, values: ChannelFormValues): string | null {
  const parsed = channelCreateSchema.shape[field].safeParse(values[field]);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? null;
  if (field === 'channel_url' && values.platform !== undefined)
    return channelUrlProblem(values.platform, values.channel_url);
  return null;
}

/** A rejected filing's values, to correct and send again; its cover is kept by its image name. */
export function valuesOf(filing: Channel): ChannelFormValues {
  return {
    platform: filing.platform,
    channel_name: filing.channel_name,
    channel_id: filing.channel_id,
    channel_url: filing.channel_url,
    cover: filing.cover.startsWith(IMAGE_URL_PREFIX) ? filing.cover.slice(IMAGE_URL_PREFIX.length) : '',
  };
}

export function useChannelForm(initial: ChannelFormValues = EMPTY) {
  const [values, setValues] = useState<ChannelFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<ChannelField, string | null>>>({});

  function change<F extends ChannelField>(field: F, value: ChannelFormValues[F]) {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((current) => {
      const updated = { ...current };
      if (current[field]) updated[field] = problemOf(field, next);
      // A new platform changes which addresses are right: judge a typed address again.
      if (field === 'platform' && next.channel_url) updated.channel_url = problemOf('channel_url', next);
      return updated;
    });
  }

  function check(field: ChannelField) {
    setErrors((current) => ({ ...current, [field]: problemOf(field, values) }));
  }

  /** Sets an error the server found (a channel already filed, a cover gone). */
  function fail(field: ChannelField, message: string) {
    setErrors((current) => ({ ...current, [field]: message }));
  }

  /** Shows every field's error; true when all are valid. */
  function validate(): boolean {
    const next = Object.fromEntries(FIELDS.map((field) => [field, problemOf(field, values)])) as Record<
      ChannelField,
      string | null
    >;
    setErrors(next);
    return FIELDS.every((field) => next[field] === null);
  }

  return { values, errors, change, check, fail, validate };
}
