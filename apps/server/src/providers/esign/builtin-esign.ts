/**
 * The built-in e-sign provider: the platform's own record of an SMS-verified signature. The reference is a hash
 * binding the creator, the version, the text's hash and the time, so a stored signature can be checked later.
 */
import { createHash } from 'node:crypto';
import type { ContractDocument, ESignProvider, SignRequest } from './esign-provider.js';
import { SERVICE_AGREEMENT_TEMPLATE, SERVICE_AGREEMENT_TITLE, SERVICE_AGREEMENT_VERSION } from './service-agreement.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export class BuiltinESignProvider implements ESignProvider {
  readonly name = 'builtin';
  private readonly document: ContractDocument = {
    version: SERVICE_AGREEMENT_VERSION,
    title: SERVICE_AGREEMENT_TITLE,
    template: SERVICE_AGREEMENT_TEMPLATE,
    contentHash: sha256(SERVICE_AGREEMENT_TEMPLATE),
  };

  current(): ContractDocument {
    return this.document;
  }

  async sign(request: SignRequest): Promise<{ reference: string }> {
    const { agentId, document, phone, signedAt } = request;
    return {
      reference: `builtin-${sha256(`${agentId}|${document.version}|${document.contentHash}|${phone}|${signedAt}`)}`,
    };
  }
}
