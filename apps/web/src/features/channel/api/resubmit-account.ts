/** A rejected filing, corrected, back in review; answers the filing. */
import { channelApi, type EndpointBodyInput } from '@cc/contracts';
import { call } from '../../../lib/api-client';
import { useFilingWrite } from './create-account';

export function resubmitAccount(payload: EndpointBodyInput<typeof channelApi.update>) {
  return call(channelApi.update, { body: payload });
}

export function useResubmitAccount() {
  return useFilingWrite(resubmitAccount);
}
